// GET /receivables/export and /payables/export: the list's current view (its filters and sort)
// as a CSV for Excel pt-BR, through the list's own query and src/lib/csv.ts, as the reports do.
import { today } from "../../lib/clock";
import { installmentCells, type CsvCell } from "../../lib/csv";
import { iterateLedger, NO_LIMIT, parseLedgerQuery } from "./list";
import type { LedgerQuery, LedgerRowJson } from "./model";
import type { LedgerTable } from "./table";

type Row = LedgerRowJson & Record<string, unknown>;

/** The file's name, header and rows, read as it goes out (src/lib/csv.ts csvStreamResponse). */
export function ledgerCsv(databasePath: string, t: LedgerTable, raw: Record<string, string | undefined>): { fileName: string; header: string[]; rows: Iterable<CsvCell[]> } {
  // The view's filters and sort (parsed now: a value no one could mean is a 400 before any byte).
  const query = parseLedgerQuery(t, raw, { paged: true });
  const receivable = t.fees;
  const header = [receivable ? "Cliente" : "Fornecedor", "Parcela", "Descrição", "Vencimento", "Valor", "Situação", "Data de pagamento", receivable ? "Valor recebido" : "Valor pago"];
  return { fileName: `${receivable ? "contas-a-receber" : "contas-a-pagar"}-${today()}.csv`, header, rows: ledgerLines(databasePath, t, query) };
}

function* ledgerLines(databasePath: string, t: LedgerTable, query: LedgerQuery): Generator<CsvCell[]> {
  // Every row of the view, however many (no silent cap: issue 38 §5), read as the file goes out.
  for (const r of iterateLedger<Row>(databasePath, t, query, NO_LIMIT)) yield installmentCells(String(r[t.party.nameKey] ?? ""), r);
}
