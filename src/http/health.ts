import { Elysia } from "elysia";
import { isCorruptError } from "../../db/client";
import { sql } from "../api/prepared";
import type { AppDeps } from "../context";

const PROBE = sql<{ n: number }>("select count(*) as n from users");

/**
 * `GET /healthz`: public, and it reads the database, so "up" means the data is reachable. A
 * damaged file answers 503 with the reason, so a monitor (or systemd's watchdog) sees it.
 */
export function healthRoute({ db }: AppDeps) {
  return new Elysia({ name: "health" }).get("/healthz", ({ set }) => {
    try {
      PROBE.get(db);
    } catch (error) {
      if (!isCorruptError(error)) throw error;
      set.status = 503;
      return { ok: false, message: "Banco de dados corrompido: restaure a última cópia de segurança" };
    }
    return { ok: true };
  });
}
