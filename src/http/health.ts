import { Elysia } from "elysia";
import { isCorruptError } from "../../db/client";
import type { AppDeps } from "../context";

/**
 * `GET /healthz`: public, and it reads the database, so "up" means the data is reachable. A
 * damaged file answers 503 with the reason, so a monitor (or systemd's watchdog) sees it.
 */
export function healthRoute({ db }: AppDeps) {
  const probe = db.$client.query("select count(*) as n from users");
  return new Elysia({ name: "health" }).get("/healthz", ({ set }) => {
    try {
      probe.get();
    } catch (error) {
      if (!isCorruptError(error)) throw error;
      set.status = 503;
      return { ok: false, message: "Banco de dados corrompido: restaure a última cópia de segurança" };
    }
    return { ok: true };
  });
}
