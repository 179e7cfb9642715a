// GET /history/export: the /history view as a CSV for Excel pt-BR (src/lib/csv.ts, as the reports).
import { today } from "../../lib/clock";
import { CsvValue, type CsvCell } from "../../lib/csv";
import { actionLabel, ENTITY_LABELS, trailRow, type HistoryEntity } from "../../lib/history-text";
import type { HistoryQuery } from "./model";
import { PAUSE } from "../../http/stream";
import { historyForExport } from "./service";

const HEADER = ["Data/hora", "Usuário", "Tipo de registro", "Registro", "Ação", "O que aconteceu"];

/** The file's name, header and rows, read as it goes out (src/lib/csv.ts csvStreamResponse). */
export function historyCsv(databasePath: string, query: HistoryQuery): { fileName: string; header: string[]; rows: Iterable<CsvCell[] | typeof PAUSE> } {
  return { fileName: `historico-${today()}.csv`, header: HEADER, rows: historyLines(databasePath, query) };
}

function* historyLines(databasePath: string, query: HistoryQuery): Generator<CsvCell[] | typeof PAUSE> {
  // Every event of the view, however many (no silent cap: issue 38 §5).
  for (const e of historyForExport(databasePath, query, Number.MAX_SAFE_INTEGER)) {
    if (e === PAUSE) {
      yield PAUSE;
      continue;
    }
    const row = trailRow(e);
    yield [
      // Written by us ("12/03/2026 14:05"): never treated as a formula.
      new CsvValue(e.quando),
      e.usuario,
      ENTITY_LABELS[e.entidade as HistoryEntity] ?? e.entidade,
      row.registro,
      actionLabel(e.acao, e.entidade),
      row.texto,
    ];
  }
}
