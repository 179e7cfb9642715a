// The ledger forms' schemas, by side: the same zod schemas the API routes parse with.
import { dueDateSchema, generateSchema, payBodySchema, payWithFeesSchema } from "../../src/api/ledger/model";
import type { LedgerKind } from "./kinds";

export { dueDateSchema };

export const generateSchemas = {
  receber: generateSchema("clientId", "Cliente é obrigatório", "Cliente inválido"),
  pagar: generateSchema("supplierId", "Fornecedor é obrigatório", "Fornecedor inválido"),
} satisfies Record<LedgerKind, unknown>;

export const paymentSchemas = { receber: payWithFeesSchema, pagar: payBodySchema } satisfies Record<LedgerKind, unknown>;
