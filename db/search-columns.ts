// The sort and search columns the registers and the history keep beside their fields
// (migrations 0001 and 0004): how each is computed lives here once, used by every save and by
// the back-fill of rows written before the columns existed (db/backfill.ts).
import { searchText, sortKey } from "../src/lib/text";

/** Each register's searchable fields besides its name (`busca` = the name and these, folded). */
export const REGISTER_SEARCH_FIELDS = {
  clients: ["contato", "codigoCliente", "email"],
  suppliers: ["email"],
  partners: ["empresa", "email"],
} as const;

export type Register = keyof typeof REGISTER_SEARCH_FIELDS;
type SearchSource<R extends Register> = { nome: string } & { [K in (typeof REGISTER_SEARCH_FIELDS)[R][number]]?: string | null };

/** The nome_ordem / busca pair of a register's row: written beside the fields on every insert and update. */
export function registerSearchColumns<R extends Register>(register: R, row: SearchSource<R>): { nomeOrdem: string; busca: string } {
  const fields = REGISTER_SEARCH_FIELDS[register] as readonly string[];
  return { nomeOrdem: sortKey(row.nome), busca: searchText(row.nome, ...fields.map((field) => (row as Record<string, string | null | undefined>)[field])) };
}

/** What `q` on /history searches: the event's label and who, folded like the registers' search. */
export const eventSearchText = (label: string, userEmail: string): string => searchText(label, userEmail);
