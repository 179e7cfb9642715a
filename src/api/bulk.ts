// The ledger's bulk actions (issue 35 §3), one plugin for both sides: POST /api/installments/bulk
// (the client's blocking once per client; Cobrar through the régua's messages,
// src/api/dunning/charge-now.ts) and POST /api/payables/bulk. Beside the folders, as it names
// both sides; src/server.ts uses it once (one more chained plugin per side tips the app's
// route types over the checker's limit, TS2590).
import { Elysia } from "elysia";
import type { Db } from "../../db/client";
import type { AppDeps } from "../context";
import { linkOrigin } from "./client-page/links";
import { chargeSelection } from "./dunning/charge-now";
import { withIdempotencyKey } from "./idempotency";
import { clientBlockingRule } from "./installments/service";
import { RECEIVABLES } from "./installments/table";
import type { BulkAnswer } from "./ledger/bulk-model";
import { ledgerBulkRoutes, runLedgerBulk, type LedgerBulkJob } from "./ledger/bulk";
import { PAYABLES } from "./payables/table";

export const bulkApi = (deps: AppDeps): Elysia =>
  new Elysia({ name: "api.bulk" }).use(ledgerBulkRoutes(deps, RECEIVABLES, "receivables", () => linkOrigin.value)).use(ledgerBulkRoutes(deps, PAYABLES, "payables")) as unknown as Elysia;

/**
 * One bulk action with its Idempotency-Key, as the writer thread runs it (src/workers/jobs.ts):
 * each side's table and rule (receivables: the client's automatic blocking).
 */
export function bulkJob(db: Db, { side, actor, userId, key, body, graceDays, origin }: LedgerBulkJob): BulkAnswer {
  // The régua's {link} needs the public address, which the thread has only from the job.
  linkOrigin.value = origin;
  const [t, rule, charge] = side === "receivables" ? [RECEIVABLES, clientBlockingRule, chargeSelection] : [PAYABLES, undefined, undefined];
  return withIdempotencyKey(db, key, userId, `${t.api}/bulk`, () => runLedgerBulk(db, actor, t, body, graceDays, rule, charge));
}

export type { LedgerBulkJob };
