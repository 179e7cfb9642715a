// Lists in the URL (DECISIONS §5): each list's spec (its feature's model.ts, src/lib/list-spec.ts)
// read the same way by every list route and page; one answer shape. Sorting is always a
// whitelist of columns.
import { badRequest } from "../http/errors";
import { ListViewError, readListView, sortOf, type ListParams, type ListSpec } from "../lib/list-spec";

export { wantsPage } from "../lib/list-spec";

export const DEFAULT_PAGE_SIZE = 50;

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

type Raw = Record<string, string | undefined>;

/** The view a URL asks for (every value read by the spec's rules); a value no one could mean is a 400 in pt-BR. */
export function parseListView(spec: ListSpec, raw: Raw): ListParams {
  try {
    return readListView(spec, raw);
  } catch (error) {
    if (error instanceof ListViewError) throw badRequest(error.message);
    throw error;
  }
}

/** A view's order and page, typed: what every list's query carries besides its filters. */
export function viewPaging<K extends string>(view: ListParams): { sort: Sort<K> } & Paging {
  return { sort: sortOf<K>(view.ordem ?? ""), page: Number(view.pagina), perPage: Number(view.porPagina) };
}

/** `pagina` / `porPagina` alone (a list without filters or sorts, e.g. a record's timeline). */
export function parsePaging(raw: Raw, perPage = DEFAULT_PAGE_SIZE): Paging {
  const spec: ListSpec = { path: "", endpoint: "", filters: {}, sorts: [], defaultSort: "", perPage, listName: "" };
  const view = parseListView(spec, raw);
  return { page: Number(view.pagina), perPage: Number(view.porPagina) };
}

/** LIMIT/OFFSET for a paging. */
export const limitOffset = ({ page, perPage }: Paging) => ({ limit: perPage, offset: (page - 1) * perPage });

/**
 * Where a page's rows are cheapest to count to: OFFSET steps over every row before the page, so
 * a page nearer the end is read as the same rows counted from the end in the reversed order
 * (`fromEnd`: flip every ORDER BY term, then reverse the rows). Every list's order ends in the
 * id, so reversed it is exactly the reverse; no page then steps over more than half the list,
 * and the last page costs what the first does (issue 21 §1). Null past the last page.
 */
export function pageWindow({ page, perPage }: Paging, total: number): { limit: number; offset: number; fromEnd: boolean } | null {
  const offset = (page - 1) * perPage;
  if (offset >= total) return null;
  const end = Math.min(offset + perPage, total);
  const fromEnd = total - end < offset;
  return { limit: end - offset, offset: fromEnd ? total - end : offset, fromEnd };
}

/**
 * A page of a list made of consecutive parts whose sizes are counted (a status code's range, a
 * slice of the history): only the parts the page falls in are read, each with its own
 * LIMIT/OFFSET (`read(part, limit, offset)`).
 */
export function pageAcrossParts<P, Id>(parts: { part: P; count: number }[], { limit, offset }: { limit: number; offset: number }, read: (part: P, limit: number, offset: number) => Id[]): Id[] {
  const ids: Id[] = [];
  let skip = offset;
  for (const { part, count } of parts) {
    if (ids.length === limit) break;
    if (skip >= count) {
      skip -= count;
      continue;
    }
    ids.push(...read(part, limit - ids.length, skip));
    skip = 0;
  }
  return ids;
}

/** The other direction of a sort (a page read from the end, see pageWindow). */
export const reversed = <S extends Sort>(sort: S): S => ({ ...sort, dir: sort.dir === "desc" ? "asc" : "desc" });

/** SQL direction keyword for a sort. */
export const dirSql = (sort: Sort) => (sort.dir === "desc" ? "DESC" : "ASC");

/** A list page as the API sends it: the rows as an array, the total in X-Total-Count. */
export function pageAnswer<T>(set: { headers: Record<string, string | number> }, page: ListPage<T>): T[] {
  set.headers["x-total-count"] = String(page.total);
  return page.rows;
}
