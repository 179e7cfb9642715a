import { generateSchema, payBodySchema, type Figure, type LedgerAnswer, type LedgerRowJson } from "../ledger/model";
import { PAYABLE_LIST } from "./list-spec";

// Payables (Contas a Pagar, SPEC §3/§5/§7): the forms' schemas (shared with the islands) and
// the API's shapes. The field rules themselves live in ../ledger/model.ts, one per field.

/** POST /api/payables/generate: supplierId (digits as SPEC sends it, or an integer), numParcelas, valor, primeiroVencimento, descricao. */
export const generatePayablesSchema = generateSchema("supplierId", "Fornecedor é obrigatório", "Fornecedor inválido");

/** PATCH /api/payables/:id/pay: optional {dataPagamento, valorPago}, defaults today and the face value. */
export const payPayableSchema = payBodySchema;

/** A payable as the API sends it. */
export interface PayableJson extends LedgerRowJson {
  supplierId: number;
  supplierName: string;
}

export type PayableAnswer = LedgerAnswer<"payable", PayableJson>;
export type GeneratedPayablesAnswer = LedgerAnswer<"payables", PayableJson[]>;

/** GET /api/payables/summary: the four cards (SPEC §2). */
export interface PayableSummary {
  /** Unpaid (em_aberto + vencido). */
  totalAPagar: Figure;
  /** Paid, at valorPago (valor where absent). */
  totalPago: Figure;
  vencidas: Figure;
  /** Percentage of the matching payables that are paid, rounded; 0 with none ('Taxa de pagamento'). */
  performance: number;
}

export { PAYABLE_LIST };
