// The ledger's bulk actions (issue 35 §3), one plugin for both sides: POST /api/installments/bulk
// (the client's blocking once per client; Cobrar through the régua's messages,
// src/api/dunning/charge-now.ts) and POST /api/payables/bulk. Beside the folders, as it names
// both sides; src/server.ts uses it once (one more chained plugin per side tips the app's
// route types over the checker's limit, TS2590).
import { Elysia } from "elysia";
import type { AppDeps } from "../context";
import { chargeSelection } from "./dunning/charge-now";
import { clientBlockingRule } from "./installments/service";
import { RECEIVABLES } from "./installments/table";
import { ledgerBulkRoutes } from "./ledger/bulk";
import { PAYABLES } from "./payables/table";

export const bulkApi = (deps: AppDeps): Elysia =>
  new Elysia({ name: "api.bulk" }).use(ledgerBulkRoutes(deps, RECEIVABLES, clientBlockingRule, chargeSelection)).use(ledgerBulkRoutes(deps, PAYABLES)) as unknown as Elysia;
