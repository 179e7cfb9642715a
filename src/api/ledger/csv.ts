// GET /receivables/export and /payables/export: the list's current view (its filters and sort,
// due month or payment date alike) as a CSV for Excel pt-BR, through the list's own query and
// src/lib/csv.ts, as the reports do. The columns are the accountant's (issue 35 §4): who (with
// the CNPJ and, for a client, its código), competência, the amounts and when it was paid.
import { today } from "../../lib/clock";
import { formatCnpj } from "../../lib/brazil";
import { csvDate, csvMoneyText, csvMonth, csvParcela, type CsvCell } from "../../lib/csv";
import { STATUS_LABEL } from "../../lib/status";
import { iterateLedger, NO_LIMIT, parseLedgerQuery } from "./list";
import { readerRows } from "../../../db/client";
import { bankLabel } from "../../lib/banks";
import { accountName } from "../accounts/names";

type AccountNumbers = { id: number; banco: string; agencia: string; conta: string; apelido: string };
import type { LedgerQuery, LedgerRowJson } from "./model";
import type { LedgerTable } from "./table";

type Row = LedgerRowJson & {
  partyCnpj: string | null;
  partyCode?: string;
  competencia?: string | null;
  multa?: string | null;
  juros?: string | null;
  /** The last payment's bank account (issue 34 §5). */
  contaId?: number | null;
} & Record<string, unknown>;

/** The file's name, header and rows, read as it goes out (src/lib/csv.ts csvStreamResponse). */
export function ledgerCsv(databasePath: string, t: LedgerTable, raw: Record<string, string | undefined>): { fileName: string; header: string[]; rows: Iterable<CsvCell[]> } {
  // The view's filters and sort (parsed now: a value no one could mean is a 400 before any byte).
  const query = parseLedgerQuery(t, raw, { paged: true });
  const receivable = t.party.table === "clients";
  // The accountant's columns (issue 35 §4) and what the payments were made of and what is left
  // (issue 34 §5). Payables take no fees when paid (SPEC §7's body has none), so their file has
  // Desconto and Saldo only. Conta (issue 34 §3, §5): the bank account of the last payment, by its
  // name; last, so the columns an accountant's sheet already reads keep their places.
  const header = receivable
    ? ["Cliente", "CNPJ", "Código", "Parcela", "Descrição", "Competência", "Vencimento", "Valor", "Situação", "Data de pagamento", "Multa", "Juros", "Desconto", "Valor recebido", "Saldo", "Categoria", "Centro de custo", "Conta"]
    : ["Fornecedor", "CNPJ", "Parcela", "Descrição", "Vencimento", "Valor", "Situação", "Data de pagamento", "Desconto", "Valor pago", "Saldo", "Categoria", "Centro de custo", "Conta"];
  return { fileName: `${receivable ? "contas-a-receber" : "contas-a-pagar"}-${today()}.csv`, header, rows: ledgerLines(databasePath, t, query, receivable) };
}

const money = (text: string | null | undefined) => (text === null || text === undefined ? null : csvMoneyText(text));

function* ledgerLines(databasePath: string, t: LedgerTable, query: LedgerQuery, receivable: boolean): Generator<CsvCell[]> {
  // The accounts' names, read once (a company has a few): "Itaú Unibanco (341) · Ag. 1234 · Conta 56789-0" or the apelido.
  const contas = new Map<number, string>();
  for (const a of readerRows<AccountNumbers>(databasePath, "SELECT id, banco, agencia, conta, apelido FROM bank_accounts", {}))
    contas.set(a.id, accountName({ ...a, bancoNome: bankLabel(a.banco) }));
  const conta = (r: Row) => (r.contaId == null ? null : (contas.get(r.contaId) ?? null));
  // Every row of the view, however many (no silent cap: issue 38 §5), read as the file goes out.
  for (const r of iterateLedger<Row>(databasePath, t, query, NO_LIMIT, { partyIds: true })) {
    // Punctuated, the CNPJ is text in every spreadsheet: its leading zeros stay.
    const cnpj = r.partyCnpj ? formatCnpj(r.partyCnpj) : null;
    const common = [csvParcela(r.numerosParcela), r.descricao];
    const due = [csvDate(r.dataVencimento), csvMoneyText(r.valor), STATUS_LABEL[r.status], csvDate(r.dataPagamento)];
    yield receivable
      ? [String(r[t.party.nameKey] ?? ""), cnpj, r.partyCode ?? null, ...common, r.competencia ? csvMonth(r.competencia) : null, ...due, money(r.multa), money(r.juros), money(r.desconto), money(r.valorPago), money(r.saldo), r.categoriaNome, r.centroCustoNome, conta(r)]
      : [String(r[t.party.nameKey] ?? ""), cnpj, ...common, ...due, money(r.desconto), money(r.valorPago), money(r.saldo), r.categoriaNome, r.centroCustoNome, conta(r)];
  }
}
