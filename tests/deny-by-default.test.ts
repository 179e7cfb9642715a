// The role table's deny-by-default branch (src/api/auth/permissions.ts): a route the table does
// not name is refused to everyone, the administrator included, before its handler runs. The
// permissions test proves every real route is in the table; this one runs the branch itself.
import { expect, test } from "bun:test";
import { Elysia } from "elysia";
import { sessionGate } from "../src/api/auth/plugin";
import { allows, authorization, PERMISSIONS } from "../src/api/auth/permissions";
import { errorHandling } from "../src/http/errors";
import { ORIGIN, useTestApp } from "./support";

const t = useTestApp();
const ROUTE = "/api/fora-da-tabela";

/** The app's own session gate and role check in front of one route the table does not know (a forgotten feature's). */
function appWith(checked: boolean) {
  const runs = { n: 0 };
  const base = new Elysia().use(errorHandling).use(sessionGate({ db: t.db, config: t.config }));
  const app = (checked ? base.use(authorization) : base).get(ROUTE, () => {
    runs.n++;
    return { message: "chegou" };
  });
  const request = () => app.handle(new Request(`${ORIGIN}${ROUTE}`, { headers: { host: "cofre.test", cookie: t.cookie } }));
  return { runs, request };
}

test("a route absent from the table is a 403 for the administrator, and its handler never runs", async () => {
  expect(PERMISSIONS[`GET ${ROUTE}`]).toBeUndefined();
  expect(allows("administrador", "GET", ROUTE)).toBeNull();
  const { runs, request } = appWith(true);
  const response = await request();
  expect({ status: response.status, body: await response.json(), runs: runs.n }).toEqual({ status: 403, body: { message: "Acesso negado" }, runs: 0 });
});

test("without the role check the same signed-in request reaches the handler (the refusal is the table's)", async () => {
  const { runs, request } = appWith(false);
  const response = await request();
  expect({ status: response.status, runs: runs.n }).toEqual({ status: 200, runs: 1 });
});
