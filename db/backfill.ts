// Completes migrations that added computed columns: rows written before them get their values
// once, at open; later starts find none (an empty partial index or an empty WHERE) in no time.
import type { Database } from "bun:sqlite";
import { searchText, sortKey } from "../src/lib/text";
import { eventSearchText, REGISTER_SEARCH_FIELDS, registerSearchColumns, type Register } from "./search-columns";

const snakeCase = (field: string) => field.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/** Migration 0001: the sort and search keys of register rows (and the partners' empresa_ordem). */
export function backfillSearchColumns(sqlite: Database): void {
  for (const register of Object.keys(REGISTER_SEARCH_FIELDS) as Register[]) {
    const fields = REGISTER_SEARCH_FIELDS[register] as readonly string[];
    const empresa = register === "partners";
    const missing = empresa ? "nome_ordem = '' OR empresa_ordem = ''" : "nome_ordem = ''";
    const rows = sqlite
      .query<{ id: number; nome: string } & Record<string, string | null>, []>(
        `SELECT ${["id", "nome", ...fields.map((f) => `${snakeCase(f)} AS ${f}`)].join(", ")} FROM ${register} WHERE ${missing}`,
      )
      .all();
    if (!rows.length) continue;
    const update = sqlite.prepare(`UPDATE ${register} SET nome_ordem = ?, busca = ?${empresa ? ", empresa_ordem = ?" : ""} WHERE id = ?`);
    sqlite.transaction(() => {
      for (const row of rows) {
        const keys = registerSearchColumns(register, row);
        update.run(keys.nomeOrdem, keys.busca, ...(empresa ? [sortKey(String(row.empresa))] : []), row.id);
      }
    })();
  }
}

/** Events one back-fill statement folds: one short transaction, then the next. */
const FOLD_BATCH = 5_000;

/**
 * Migrations 0004 and 0020: the search text (db/search-columns.ts) of events written before it
 * existed, or before it held the event's sentence (0020 empties it). A statement at a time, each
 * folding the next FOLD_BATCH along the partial index of empty ones, the text computed by
 * eventSearchText called from SQL (registered here, directOnly: no schema object may call it):
 * the rows never travel to JavaScript and back (593,000 events in ~5 s, against ~7.6 s read
 * and written a row at a time; docs/decisions.md).
 */
export function foldUnsearchedEvents(sqlite: Database): void {
  if (!sqlite.query("SELECT 1 FROM history_events INDEXED BY history_unfolded_idx WHERE busca = '' LIMIT 1").get()) return;
  sqlite.function("cofre_event_search", { deterministic: true, directOnly: true }, (label: string, userEmail: string, action: string, entity: string, details: string) => {
    try {
      return eventSearchText({ label, userEmail, action, entity, details: parseDetails(details) });
    } catch {
      // Details of a shape no sentence reads (edited by hand): searched by label and who, as
      // before 0020, rather than a start-up that fails. Never '' (the loop below would not end).
      return searchText(label, userEmail) || " ";
    }
  });
  const fold = sqlite.prepare(`UPDATE history_events SET busca = cofre_event_search(label, user_email, action, entity, details)
    WHERE id IN (SELECT id FROM history_events INDEXED BY history_unfolded_idx WHERE busca = '' ORDER BY id LIMIT ${FOLD_BATCH})`);
  while (fold.run().changes > 0);
}

/** An event's details; a text that is not a JSON object (written by hand) reads as none. */
function parseDetails(text: string): Record<string, unknown> {
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === "object" ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
