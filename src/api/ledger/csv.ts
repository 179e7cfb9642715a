// GET /receivables/export and /payables/export: the list's current view (its filters and sort)
// as a CSV for Excel pt-BR, through the list's own query and src/lib/csv.ts, as the reports do.
import type { Db } from "../../../db/client";
import { today } from "../../lib/clock";
import { CSV_ROW_LIMIT, installmentCells, toCsv } from "../../lib/csv";
import { listLedger, parseLedgerQuery } from "./list";
import type { LedgerRowJson } from "./model";
import type { LedgerTable } from "./table";

type Row = LedgerRowJson & Record<string, unknown>;

export function ledgerCsv(db: Db, t: LedgerTable, raw: Record<string, string | undefined>): { fileName: string; csv: string } {
  // The view's filters and sort, every page of it (up to the bound).
  const query = { ...parseLedgerQuery(t, raw, { paged: true }), page: 1, perPage: CSV_ROW_LIMIT };
  const { rows } = listLedger<Row>(db, t, query);
  const receivable = t.fees;
  const lines = rows.map((r) => installmentCells(String(r[t.party.nameKey] ?? ""), r));
  const header = [receivable ? "Cliente" : "Fornecedor", "Parcela", "Descrição", "Vencimento", "Valor", "Situação", "Data de pagamento", receivable ? "Valor recebido" : "Valor pago"];
  return { fileName: `${receivable ? "contas-a-receber" : "contas-a-pagar"}-${today()}.csv`, csv: toCsv(header, lines) };
}
