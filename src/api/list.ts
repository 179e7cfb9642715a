// Lists in the URL (DECISIONS §5): one parser for pagina/porPagina/ordem shared by every list
// route and page, one answer shape. Sorting is always a whitelist of columns.
import { badRequest } from "../http/errors";

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 500;

export interface Sort<K extends string = string> {
  key: K;
  dir: "asc" | "desc";
}

export interface Paging {
  page: number;
  perPage: number;
}

/** One page of a list and how many rows match in all. */
export interface ListPage<T> {
  rows: T[];
  total: number;
}

type Query = Record<string, string | undefined>;

const positive = (raw: string, max: number, message: string) => {
  if (!/^[1-9]\d{0,6}$/.test(raw)) throw badRequest(message);
  return Math.min(Number(raw), max);
};

/** `pagina` / `porPagina`, each a positive integer; page size capped at MAX_PAGE_SIZE. */
export function parsePaging(query: Query): Paging {
  const page = query.pagina ? positive(query.pagina, 1_000_000, "Página inválida") : 1;
  const perPage = query.porPagina ? positive(query.porPagina, MAX_PAGE_SIZE, "Tamanho de página inválido") : DEFAULT_PAGE_SIZE;
  return { page, perPage };
}

/** `ordem=campo` (ascending) or `ordem=-campo` (descending), campo one of `keys`. */
export function parseSort<K extends string>(raw: string | undefined, keys: readonly K[], fallback: Sort<K>): Sort<K> {
  if (!raw) return fallback;
  const dir = raw.startsWith("-") ? "desc" : "asc";
  const key = raw.replace(/^-/, "") as K;
  if (!keys.includes(key)) throw badRequest(`Ordenação inválida: use ${keys.join(", ")}`);
  return { key, dir };
}

export const sortParam = (sort: Sort) => (sort.dir === "desc" ? `-${sort.key}` : sort.key);

/** True when the request asked for a page (SPEC §7: without parameters a list is the whole array). */
export const wantsPage = (query: Query, filterKeys: readonly string[]) =>
  ["pagina", "porPagina", "ordem", ...filterKeys].some((key) => query[key] !== undefined && query[key] !== "");

/** LIMIT/OFFSET for a paging. */
export const limitOffset = ({ page, perPage }: Paging) => ({ limit: perPage, offset: (page - 1) * perPage });

/** SQL direction keyword for a sort. */
export const dirSql = (sort: Sort) => (sort.dir === "desc" ? "DESC" : "ASC");

/** A list page as the API sends it: the rows as an array, the total in X-Total-Count. */
export function pageAnswer<T>(set: { headers: Record<string, string | number> }, page: ListPage<T>): T[] {
  set.headers["x-total-count"] = String(page.total);
  return page.rows;
}
