import type { z } from "zod/mini";
import type { Status } from "../../lib/status";
import { generateSchema, LEDGER_SORTS, payBodySchema, type Figure, type LedgerQuery } from "../ledger/model";

// Payables (Contas a Pagar, SPEC §3/§5/§7): the forms' schemas (shared with the islands) and
// the API's shapes. The field rules themselves live in ../ledger/model.ts, one per field.

/** POST /api/payables/generate: supplierId (digits as SPEC sends it, or an integer), numParcelas, valor, primeiroVencimento, descricao. */
export const generatePayablesSchema = generateSchema("supplierId", "Fornecedor é obrigatório", "Fornecedor inválido");
export type GeneratePayablesInput = z.output<typeof generatePayablesSchema>;

/** PATCH /api/payables/:id/pay: optional {dataPagamento, valorPago}, defaults today and the face value. */
export const payPayableSchema = payBodySchema;

/** A payable as the API sends it: money "1234.50", status derived, payment fields null when unpaid. */
export interface PayableJson {
  id: number;
  supplierId: number;
  supplierName: string;
  numerosParcela: string;
  descricao: string;
  dataVencimento: string;
  valor: string;
  status: Status;
  dataPagamento: string | null;
  valorPago: string | null;
}

export const PAYABLE_SORTS = ["fornecedor", ...LEDGER_SORTS] as const;
export type PayableSortKey = (typeof PAYABLE_SORTS)[number];
export const PAYABLE_FILTERS = ["status", "mes", "supplierId"] as const;

/** The Contas a Pagar view as it lives in the URL: ?status=&mes=&supplierId=&ordem=&pagina=&porPagina=. */
export interface PayableQuery extends Omit<LedgerQuery, "partyId" | "sort"> {
  supplierId: number | null;
  sort: { key: PayableSortKey; dir: "asc" | "desc" };
}
export type PayableFilters = Pick<PayableQuery, "status" | "mes" | "supplierId">;

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

export interface PayableAnswer {
  message: string;
  payable: PayableJson;
}
export interface GeneratedPayablesAnswer {
  message: string;
  payables: PayableJson[];
}
