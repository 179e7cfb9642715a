// A list screen's contract with its URL (DECISIONS §5), declared once per list in its feature's
// model.ts and read by the three places that need it: the API's parse (src/api/list.ts), the page
// (which hands the island the view it rendered) and the island's useUrlList (what it leaves out of
// the address bar). Plain data and pure functions: the browser bundles it too.

/** A list view as it lives in the URL: parameter name → value ("" means absent). */
export type ListParams = Record<string, string>;

/** A filter's reading of its raw URL value: the value the list uses ("" for none), or throws ListViewError. */
type FilterRule = (raw: string) => string;

export interface ListSpec<F extends string = string> {
  /** The page ("/clients"). */
  path: string;
  /** The list API ("/api/clients"): one page with X-Total-Count, or the whole array without parameters. */
  endpoint: string;
  /** The filters, in the order the URL writes them, each with its reading. */
  filters: Record<F, FilterRule>;
  /** The sortable columns (`ordem=nome`, `ordem=-nome`); empty for a list with one fixed order. */
  sorts: readonly string[];
  /** The order when the URL says none ("" for a fixed order). */
  defaultSort: string;
  /** Rows per page when the URL says none. */
  perPage: number;
  /** "clientes": completes the pager's name and "…recarregar a lista de clientes". */
  listName: string;
}

/** A value of the URL no one could have meant; the API answers 400 with this message. */
export class ListViewError extends Error {}

/** The largest page a client may ask for (a bigger `porPagina` is capped, not refused). */
const MAX_PAGE_SIZE = 500;

/** The view with nothing in the URL: no filter, the default order, page 1. */
export function listDefaults(spec: ListSpec): ListParams {
  const defaults: ListParams = {};
  for (const key of Object.keys(spec.filters)) defaults[key] = "";
  if (spec.sorts.length) defaults.ordem = spec.defaultSort;
  defaults.pagina = "1";
  defaults.porPagina = String(spec.perPage);
  return defaults;
}

const positive = (raw: string, max: number, message: string) => {
  if (!/^[1-9]\d{0,6}$/.test(raw)) throw new ListViewError(message);
  return String(Math.min(Number(raw), max));
};

/**
 * The view a URL asks for, every parameter read by its rule and the rest at its default: what the
 * page hands its island and what the API's parse types. Unknown parameters are ignored.
 */
export function readListView(spec: ListSpec, raw: Record<string, string | undefined>): ListParams {
  const view = listDefaults(spec);
  for (const [key, rule] of Object.entries<FilterRule>(spec.filters)) view[key] = rule(raw[key] ?? "");
  if (spec.sorts.length && raw.ordem) {
    const key = raw.ordem.replace(/^-/, "");
    if (!spec.sorts.includes(key)) throw new ListViewError(`Ordenação inválida: use ${spec.sorts.join(", ")}`);
    view.ordem = raw.ordem;
  }
  if (raw.pagina) view.pagina = positive(raw.pagina, 1_000_000, "Página inválida");
  if (raw.porPagina) view.porPagina = positive(raw.porPagina, MAX_PAGE_SIZE, "Tamanho de página inválido");
  return view;
}

/** `ordem` as a column and a direction: "-valor" → {key: "valor", dir: "desc"}. */
export function sortOf<K extends string>(ordem: string): { key: K; dir: "asc" | "desc" } {
  return { key: ordem.replace(/^-/, "") as K, dir: ordem.startsWith("-") ? "desc" : "asc" };
}

/** "?q=padaria&pagina=2": only the parameters that differ from the defaults. */
export function searchOf(params: ListParams, defaults: ListParams = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== "" && value !== defaults[key]) search.set(key, value);
  const text = search.toString();
  return text ? `?${text}` : "";
}

/** True when the request asked for a page (SPEC §7: without parameters a list is the whole array). */
export const wantsPage = (spec: ListSpec, raw: Record<string, string | undefined>) =>
  ["pagina", "porPagina", "ordem", ...Object.keys(spec.filters)].some((key) => raw[key] !== undefined && raw[key] !== "");

// Filter rules the lists share.

/** Free text, trimmed. */
export const text: FilterRule = (raw) => raw.trim();

/** One of `values`, else the message. */
export const oneOf =
  (values: readonly string[], message: string): FilterRule =>
  (raw) => {
    if (raw !== "" && !values.includes(raw)) throw new ListViewError(message);
    return raw;
  };

/** A record id (positive integer), else the message. */
export const recordId =
  (message: string): FilterRule =>
  (raw) => {
    if (raw !== "" && !/^[1-9]\d{0,14}$/.test(raw)) throw new ListViewError(message);
    return raw;
  };

/** A value matching `accepts`, else the message. */
export const matching =
  (accepts: (raw: string) => boolean, message: string): FilterRule =>
  (raw) => {
    if (raw !== "" && !accepts(raw)) throw new ListViewError(message);
    return raw;
  };
