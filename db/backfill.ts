// Completes migrations that added computed columns: rows written before them get their values
// once, at open; later starts find none (an empty partial index or an empty WHERE) in no time.
import type { Database } from "bun:sqlite";
import { sortKey } from "../src/lib/text";
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
        `SELECT id, nome, ${fields.map((f) => `${snakeCase(f)} AS ${f}`).join(", ")} FROM ${register} WHERE ${missing}`,
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

/** Migration 0004: the folded search text of history events written before it. */
export function foldUnsearchedEvents(sqlite: Database): void {
  const rows = sqlite.query<{ id: number; label: string; user_email: string }, []>("SELECT id, label, user_email FROM history_events WHERE busca = ''").all();
  if (!rows.length) return;
  const update = sqlite.prepare("UPDATE history_events SET busca = ? WHERE id = ?");
  sqlite.transaction(() => {
    for (const row of rows) update.run(eventSearchText(row.label, row.user_email), row.id);
  })();
}
