import type { z } from "zod/mini";
import type { Status } from "../../lib/status";
import { dueDateSchema, generateSchema, LEDGER_SORTS, payBodySchema, payWithFeesSchema, type Figure, type LedgerQuery } from "../ledger/model";

// Receivables (Contas a Receber, SPEC §3/§5/§7): the forms' schemas (shared with the islands)
// and the API's shapes. The field rules themselves live in ../ledger/model.ts, one per field.

/** POST /api/installments/generate: clientId (integer, or digits), numParcelas, valor, primeiroVencimento, descricao. */
export const generateInstallmentsSchema = generateSchema("clientId", "Cliente é obrigatório", "Cliente inválido");
export type GenerateInstallmentsInput = z.output<typeof generateInstallmentsSchema>;

/** PATCH /api/installments/:id/pay: no body pays today at face value. */
export const payInstallmentSchema = payBodySchema;
/** PATCH /api/installments/:id/pay-with-fees: dataPagamento, valorBaixa, multa, juros. */
export const payWithFeesInstallmentSchema = payWithFeesSchema;
/** PATCH /api/installments/:id/due-date: dataVencimento. */
export const dueDateInstallmentSchema = dueDateSchema;

/** A receivable as the API sends it: money "1234.50", status derived, payment fields null when unpaid. */
export interface InstallmentJson {
  id: number;
  clientId: number;
  clientName: string;
  numerosParcela: string;
  descricao: string;
  dataVencimento: string;
  valor: string;
  status: Status;
  dataPagamento: string | null;
  valorPago: string | null;
  multa: string | null;
  juros: string | null;
}

export const INSTALLMENT_SORTS = ["cliente", ...LEDGER_SORTS] as const;
export type InstallmentSortKey = (typeof INSTALLMENT_SORTS)[number];
export const INSTALLMENT_FILTERS = ["status", "mes", "clientId"] as const;

/** The Contas a Receber view as it lives in the URL: ?status=&mes=&clientId=&ordem=&pagina=&porPagina=. */
export interface InstallmentQuery extends Omit<LedgerQuery, "partyId" | "sort"> {
  clientId: number | null;
  sort: { key: InstallmentSortKey; dir: "asc" | "desc" };
}
export type InstallmentFilters = Pick<InstallmentQuery, "status" | "mes" | "clientId">;

/** GET /api/installments/summary: the three cards (SPEC §2). */
export interface InstallmentSummary {
  /** Unpaid (em_aberto + vencido). */
  emAberto: Figure;
  vencidas: Figure;
  /** Paid with dataPagamento in the current APP_TZ month, at the amount received (valorPago). */
  recebidoNoMes: Figure;
}

export interface InstallmentAnswer {
  message: string;
  installment: InstallmentJson;
}
export interface GeneratedInstallmentsAnswer {
  message: string;
  installments: InstallmentJson[];
}
