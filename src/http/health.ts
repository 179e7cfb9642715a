import { Elysia } from "elysia";
import type { AppDeps } from "../context";

/** `GET /healthz`: public, and it reads the database, so "up" means the data is reachable. */
export function healthRoute({ db }: AppDeps) {
  const probe = db.$client.query("select count(*) as n from users");
  return new Elysia({ name: "health" }).get("/healthz", () => {
    probe.get();
    return { ok: true };
  });
}
