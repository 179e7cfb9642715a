// The ledger's bulk actions (issue 35 §3), one plugin for both sides: POST /api/installments/bulk
// (the client's blocking once per client) and POST /api/payables/bulk. Beside the folders, as it
// names both sides; src/server.ts uses it once (one more chained plugin per side tips the app's
// route types over the checker's limit, TS2590).
import { Elysia } from "elysia";
import type { Db } from "../../db/client";
import type { AppDeps } from "../context";
import { withIdempotencyKey } from "./idempotency";
import { clientBlockingRule } from "./installments/service";
import { RECEIVABLES } from "./installments/table";
import type { BulkAnswer } from "./ledger/bulk-model";
import { ledgerBulkRoutes, runLedgerBulk, type LedgerBulkJob } from "./ledger/bulk";
import { PAYABLES } from "./payables/table";

export const bulkApi = (deps: AppDeps): Elysia =>
  new Elysia({ name: "api.bulk" }).use(ledgerBulkRoutes(deps, RECEIVABLES, "receivables")).use(ledgerBulkRoutes(deps, PAYABLES, "payables")) as unknown as Elysia;

/**
 * One bulk action with its Idempotency-Key, as the writer thread runs it (src/workers/jobs.ts):
 * each side's table and rule (receivables: the client's automatic blocking).
 */
export function bulkJob(db: Db, { side, actor, userId, key, body, graceDays }: LedgerBulkJob): BulkAnswer {
  const [t, rule] = side === "receivables" ? [RECEIVABLES, clientBlockingRule] : [PAYABLES, undefined];
  return withIdempotencyKey(db, key, userId, `${t.api}/bulk`, () => runLedgerBulk(db, actor, t, body, graceDays, rule));
}

export type { LedgerBulkJob };
