// The Clients screen's pure logic: filters, status display, sort values, paging.
import type { ClientJson } from "../../src/api/clients/model";
import { parseMoney } from "../../src/lib/money";
import type { BadgeVariant } from "../../src/ui/Badge";
import type { SortValue } from "../../src/ui/Table";

/** Client-side pages keep the DOM small with thousands of clients; the server renders page 1. */
export const PAGE_SIZE = 50;

export type StatusFilter = "all" | "0" | "1";

export interface ClientFilters {
  nome: string;
  cnpj: string;
  status: StatusFilter;
}

export const NO_FILTERS: ClientFilters = { nome: "", cnpj: "", status: "all" };

export const STATUS_OPTIONS = [
  { value: "all", label: "Todos" },
  { value: "0", label: "Ativo" },
  { value: "1", label: "Bloqueado" },
] as const;

/** Lower case without accents: "Ótica" is found by "otica". */
export function fold(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

/** CNPJ letters and digits only, upper case: "11.222" and "11222" search alike. */
export function cnpjKey(text: string): string {
  return text.replace(/[^0-9a-z]/gi, "").toUpperCase();
}

// Folded names are computed once per row object (the list is replaced on refetch).
const foldedNames = new WeakMap<ClientJson, string>();
function foldedNome(client: ClientJson): string {
  let folded = foldedNames.get(client);
  if (folded === undefined) foldedNames.set(client, (folded = fold(client.nome)));
  return folded;
}

/** SPEC §2: filtering happens on the already loaded list. Keeps the given order. */
export function filterClients(rows: readonly ClientJson[], filters: ClientFilters): readonly ClientJson[] {
  const nome = fold(filters.nome.trim());
  const cnpj = cnpjKey(filters.cnpj);
  const status = filters.status === "all" ? null : Number(filters.status);
  if (!nome && !cnpj && status === null) return rows;
  return rows.filter(
    (client) =>
      (!nome || foldedNome(client).includes(nome)) &&
      (!cnpj || client.cnpj.toUpperCase().includes(cnpj)) &&
      (status === null || client.statusBloqueio === status),
  );
}

export function hasFilters(filters: ClientFilters): boolean {
  return filters.nome.trim() !== "" || filters.cnpj.trim() !== "" || filters.status !== "all";
}

/** SPEC §4 client status display: blocked wins over trial. */
export function clientStatus(client: ClientJson): { label: string; variant: BadgeVariant; rank: number } {
  if (client.statusBloqueio === 1) return { label: "Bloqueado", variant: "danger", rank: 2 };
  if (client.isTrial) return { label: "TRIAL", variant: "info", rank: 1 };
  return { label: "Ativo", variant: "success", rank: 0 };
}

/** What each sortable column sorts by. */
export function sortValue(client: ClientJson, key: string): SortValue {
  switch (key) {
    case "mensalidade":
      return parseMoney(client.valorMensalidade);
    case "status":
      return clientStatus(client).rank;
    case "cnpj":
      return client.cnpj;
    default:
      return client.nome;
  }
}

export interface PageSlice<T> {
  rows: readonly T[];
  /** The page actually shown (clamped, e.g. after the last row of the last page went away). */
  page: number;
  pageCount: number;
  /** 1-based positions of the first and last row shown; 0 when there are none. */
  from: number;
  to: number;
  total: number;
}

export function pageOf<T>(rows: readonly T[], page: number, size = PAGE_SIZE): PageSlice<T> {
  const total = rows.length;
  const pageCount = Math.max(1, Math.ceil(total / size));
  const current = Math.min(Math.max(1, page), pageCount);
  const start = (current - 1) * size;
  const shown = rows.slice(start, start + size);
  return { rows: shown, page: current, pageCount, from: total ? start + 1 : 0, to: start + shown.length, total };
}
