// The ledger forms' schemas, by side: the very schemas the API routes parse with.
import { dueDateInstallmentSchema, generateInstallmentsSchema, payWithFeesInstallmentSchema } from "../../src/api/installments/model";
import { generatePayablesSchema, payPayableSchema } from "../../src/api/payables/model";
import type { LedgerKind } from "./kinds";

export const dueDateSchema = dueDateInstallmentSchema;

export const generateSchemas = {
  receber: generateInstallmentsSchema,
  pagar: generatePayablesSchema,
} satisfies Record<LedgerKind, unknown>;

export const paymentSchemas = { receber: payWithFeesInstallmentSchema, pagar: payPayableSchema } satisfies Record<LedgerKind, unknown>;
