import { Elysia } from "elysia";
import type { AppDeps } from "../../context";
import { signedIn } from "../auth/plugin";
import { jobRecords } from "../daily-jobs";
import { outboxCounts } from "../outbox/outbox";

/**
 * `GET /api/health` (administrators): the detail `/healthz` does not give the public — each daily
 * job's last completed day and its last failure (one pt-BR line, until the next success), and
 * how many outbox rows are in each state (`incerta` and `falhou` wait for a person).
 */
export function healthApi({ db }: AppDeps) {
  return new Elysia({ name: "api.health" }).use(signedIn).get("/api/health", () => ({ ok: true, jobs: jobRecords(db), outbox: outboxCounts(db) }));
}
