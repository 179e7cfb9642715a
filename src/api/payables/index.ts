import type { AppDeps } from "../../context";
import { ledgerRoutes } from "../ledger/routes";
import { PAYABLES } from "./table";
import { generatePayablesSchema, payPayableSchema } from "./model";
import { payableSummary, payables } from "./service";

/** Payables (SPEC §7 "Payables"): the ledger's routes (list, summary, generate, pay, delete). */
export const payablesApi = (deps: AppDeps) =>
  ledgerRoutes(deps, PAYABLES, payables, { generateSchema: generatePayablesSchema, paySchema: payPayableSchema, summary: payableSummary });
