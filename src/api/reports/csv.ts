// The four reports as CSV files (src/lib/csv.ts writes the format); the figures are the API's.
import type { Db } from "../../../db/client";
import { csvDate, csvMoneyText, csvMonth, installmentCells, toCsv, type CsvCell } from "../../lib/csv";
import { fold } from "../../lib/text";
import { getCashFlow } from "./cash-flow";
import { getProjection, type ProjectionDays } from "./projection";
import { listClientInstallments } from "./party-installments";
import { getClientReportTotals } from "./client-report";
import { getMonthlyReport } from "./monthly-report";
import type { MonthRange } from "./period";
import { listSupplierInstallments } from "./party-installments";
import { getSupplierReportTotals } from "./supplier-report";

interface CsvFile {
  fileName: string;
  csv: string;
}


const ALL = -1;
const slug = (text: string) =>
  fold(text)
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 40) || "sem-nome";

/** Every installment of the client, one per line, with the client's name on each. */
export function clientReportCsv(db: Db, clientId: number): CsvFile {
  const totals = getClientReportTotals(db, clientId);
  const rows = listClientInstallments(db, clientId, ALL).map((r): CsvCell[] => [
    ...installmentCells(totals.clientName, r),
    r.multa === null ? null : csvMoneyText(r.multa),
    r.juros === null ? null : csvMoneyText(r.juros),
  ]);
  const header = ["Cliente", "Parcela", "Descrição", "Vencimento", "Valor", "Situação", "Data de pagamento", "Valor recebido", "Multa", "Juros"];
  return { fileName: `relatorio-cliente-${clientId}-${slug(totals.clientName)}.csv`, csv: toCsv(header, rows) };
}

/** Every payable of the supplier, one per line, with the supplier's name on each. */
export function supplierReportCsv(db: Db, supplierId: number): CsvFile {
  const totals = getSupplierReportTotals(db, supplierId);
  const rows = listSupplierInstallments(db, supplierId, ALL).map((p) => installmentCells(totals.supplierName, p));
  const header = ["Fornecedor", "Parcela", "Descrição", "Vencimento", "Valor", "Situação", "Data de pagamento", "Valor pago"];
  return { fileName: `relatorio-fornecedor-${supplierId}-${slug(totals.supplierName)}.csv`, csv: toCsv(header, rows) };
}

/** The month's figures as label / value / count lines. */
export function monthlyReportCsv(db: Db, month: string): CsvFile {
  const r = getMonthlyReport(db, month);
  const mes = csvMonth(month);
  const rows: CsvCell[][] = [
    [mes, "Recebido no mês", csvMoneyText(r.totalRecebido), r.quantidadeRecebidas],
    [mes, "Pago no mês", csvMoneyText(r.totalPago), r.quantidadePagas],
    [mes, "Saldo realizado", csvMoneyText(r.saldoRealizado), null],
    [mes, "A receber pendente", csvMoneyText(r.totalReceberPendente), r.quantidadeReceberPendentes],
    [mes, "A pagar pendente", csvMoneyText(r.totalPagarPendente), r.quantidadePagarPendentes],
    [mes, "Saldo previsto", csvMoneyText(r.saldoPrevisto), null],
  ];
  return { fileName: `relatorio-mensal-${month}.csv`, csv: toCsv(["Mês", "Indicador", "Valor", "Quantidade"], rows) };
}

const SITUACAO_LABEL = { realizado: "Realizado", em_atraso: "Em atraso", previsto: "Previsto" } as const;

/** One line per month of the range: what was settled and what fell due and is still open, on each side. */
export function cashFlowCsv(db: Db, range: MonthRange, contaId: number | null = null): CsvFile {
  const { rows, conta } = getCashFlow(db, range, contaId);
  const lines = rows.map((m): CsvCell[] => [
    csvMonth(m.month),
    SITUACAO_LABEL[m.situacao],
    csvMoneyText(m.recebido),
    csvMoneyText(m.receberEmAberto),
    m.parcelasReceber,
    csvMoneyText(m.pago),
    csvMoneyText(m.pagarEmAberto),
    m.parcelasPagar,
    csvMoneyText(m.saldo),
    csvMoneyText(m.saldoAcumulado),
  ]);
  const header = ["Mês", "Situação", "Recebido", "A receber em aberto", "Parcelas a receber", "Pago", "A pagar em aberto", "Parcelas a pagar", "Saldo", "Saldo acumulado"];
  const suffix = conta ? `-conta-${conta.id}` : "";
  return { fileName: `fluxo-de-caixa-${range.from}-a-${range.to}${suffix}.csv`, csv: toCsv(header, lines) };
}

/** Saldo projetado: every day of the period, what falls due and the balance at its end. */
export function projectionCsv(db: Db, dias: ProjectionDays, contaId: number | null): CsvFile {
  const p = getProjection(db, dias, contaId);
  const lines = p.serie.map((d): CsvCell[] => [csvDate(d.data), csvMoneyText(d.entradas), d.parcelasReceber, csvMoneyText(d.saidas), d.parcelasPagar, csvMoneyText(d.saldo)]);
  const header = ["Data", "Entradas", "Parcelas a receber", "Saídas", "Parcelas a pagar", "Saldo"];
  const suffix = p.conta ? `-conta-${p.conta.id}` : "";
  return { fileName: `saldo-projetado-${dias}-dias-${p.de}${suffix}.csv`, csv: toCsv(header, lines) };
}
