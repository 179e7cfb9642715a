import {
  dueDateSchema,
  generateSchema,
  payBodySchema,
  payWithFeesSchema,
  type Figure,
  type LedgerAnswer,
  ledgerListSpec,
  type LedgerRowJson,
} from "../ledger/model";

// Receivables (Contas a Receber, SPEC §3/§5/§7): the forms' schemas (shared with the islands)
// and the API's shapes. The field rules themselves live in ../ledger/model.ts, one per field.

/** POST /api/installments/generate: clientId (integer, or digits), numParcelas, valor, primeiroVencimento, descricao. */
export const generateInstallmentsSchema = generateSchema("clientId", "Cliente é obrigatório", "Cliente inválido");

/** PATCH /api/installments/:id/pay: no body pays today at face value. */
export const payInstallmentSchema = payBodySchema;
/** PATCH /api/installments/:id/pay-with-fees: dataPagamento, valorBaixa, multa, juros. */
export const payWithFeesInstallmentSchema = payWithFeesSchema;
/** PATCH /api/installments/:id/due-date: dataVencimento. */
export const dueDateInstallmentSchema = dueDateSchema;

/** A receivable as the API sends it (multa and juros null when unpaid). */
export interface InstallmentJson extends LedgerRowJson {
  clientId: number;
  clientName: string;
  multa: string | null;
  juros: string | null;
}

/** Contas a Receber in the URL: ?status=&mes=&clientId=&ordem=&pagina=&porPagina=. */
export const RECEIVABLE_LIST = ledgerListSpec({
  path: "/receivables",
  endpoint: "/api/installments",
  partyKey: "clientId",
  partySort: "cliente",
  partyInvalid: "Cliente inválido",
  listName: "parcelas",
});

/** GET /api/installments/summary: the three cards (SPEC §2). */
export interface InstallmentSummary {
  /** Unpaid (em_aberto + vencido). */
  emAberto: Figure;
  vencidas: Figure;
  /** Paid with dataPagamento in the current APP_TZ month, at the amount received (valorPago). */
  recebidoNoMes: Figure;
}

export type InstallmentAnswer = LedgerAnswer<"installment", InstallmentJson>;
export type GeneratedInstallmentsAnswer = LedgerAnswer<"installments", InstallmentJson[]>;
