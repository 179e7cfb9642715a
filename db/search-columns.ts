// The sort and search columns the registers and the history keep beside their fields
// (migrations 0001 and 0004; the history's recomputed by 0020): how each is computed lives here once, used by every save and by
// the back-fill of rows written before the columns existed (db/backfill.ts).
import { describeEvent, who } from "../src/lib/history-text";
import { fold, searchText, sortKey } from "../src/lib/text";

/** Each register's searchable fields besides its name (`busca` = the name and these, folded). */
export const REGISTER_SEARCH_FIELDS = {
  clients: ["contato", "codigoCliente", "email"],
  suppliers: ["email"],
  partners: ["empresa", "email"],
  categories: [],
  cost_centres: [],
} as const;

export type Register = keyof typeof REGISTER_SEARCH_FIELDS;
type SearchSource<R extends Register> = { nome: string } & { [K in (typeof REGISTER_SEARCH_FIELDS)[R][number]]?: string | null };

/** The nome_ordem / busca pair of a register's row: written beside the fields on every insert and update. */
export function registerSearchColumns<R extends Register>(register: R, row: SearchSource<R>): { nomeOrdem: string; busca: string } {
  const fields = REGISTER_SEARCH_FIELDS[register] as readonly string[];
  return { nomeOrdem: sortKey(row.nome), busca: searchText(row.nome, ...fields.map((field) => (row as Record<string, string | null | undefined>)[field])) };
}

/** An event as it is written (src/api/history/record.ts) and stored. */
interface SearchableEvent {
  label: string;
  userEmail: string;
  action: string;
  entity: string;
  details: Record<string, unknown>;
}

/** Folded, and a no-break space a space: Intl writes "R$ 1,00" with one, people type a space. */
const searchable = (text: string) => fold(text).replace(/[\u00a0\u202f]/g, " ");

/**
 * What `q` on /history searches: the words the trail shows of an event (issue 31 §18) — its
 * sentence (src/lib/history-text.ts: the changed fields' before → after, a payment's amount and
 * date, as written), the record's label and who — folded like the registers' search. The label
 * and who are added only when the sentence does not already hold them (most do): the search
 * reads this column for every event, so it carries each word once. Folded in one go: every
 * event written, and every one at the back-fill of migration 0020, pays for it.
 */
export function eventSearchText(event: SearchableEvent): string {
  let text = describeEvent({ usuario: event.userEmail, acao: event.action, entidade: event.entity, rotulo: event.label, detalhes: event.details });
  if (event.label && !text.includes(event.label)) text += ` ${event.label}`;
  if (!text.includes(who(event.userEmail))) text += ` ${event.userEmail}`;
  return searchable(text);
}

/** What a person typed in the trail's search, folded as eventSearchText folds the events. */
export const eventSearchQuery = (q: string): string => searchable(q);
