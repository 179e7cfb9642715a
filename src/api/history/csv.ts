// GET /history/export: the /history view as a CSV for Excel pt-BR (src/lib/csv.ts, as the reports).
import type { Db } from "../../../db/client";
import { today } from "../../lib/clock";
import { CSV_ROW_LIMIT, CsvValue, toCsv } from "../../lib/csv";
import { actionLabel, ENTITY_LABELS, type HistoryEntity } from "../../lib/history-text";
import type { HistoryQuery } from "./model";
import { historyForExport } from "./service";

const HEADER = ["Data/hora", "Usuário", "Tipo de registro", "Registro", "Ação", "O que aconteceu"];

export function historyCsv(db: Db, query: HistoryQuery): { fileName: string; csv: string } {
  const rows = historyForExport(db, query, CSV_ROW_LIMIT).map((e) => [
    // Written by us ("12/03/2026 14:05"): never treated as a formula.
    new CsvValue(e.quando),
    e.usuario,
    ENTITY_LABELS[e.entidade as HistoryEntity] ?? e.entidade,
    e.rotulo,
    actionLabel(e.acao, e.entidade),
    e.texto,
  ]);
  return { fileName: `historico-${today()}.csv`, csv: toCsv(HEADER, rows) };
}
