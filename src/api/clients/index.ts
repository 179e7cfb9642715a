import { Elysia } from "elysia";
import type { AppDeps } from "../../context";
import { signedIn } from "../auth/plugin";
import { parseId, parseWith } from "../../http/validate";
import { actorOf } from "../history/record";
import { pageAnswer, wantsPage } from "../list";
import { jsonArrayResponse } from "../../http/stream";
import { CLIENT_LIST, clientSchema } from "./model";
import {
  createClient,
  deleteClient,
  findClients,
  getClient,
  iterateClients,
  parseClientQuery,
  updateClient,
} from "./service";
import { toggleClientBlock } from "./blocking";
import { graceDays } from "../company-rules";

export function clientsApi(deps: AppDeps) {
  const { db } = deps;
  return new Elysia({ name: "api.clients", prefix: "/api/clients" })
    .use(signedIn)
    // The whole register (no page asked) streams like the ledgers' whole lists (src/api/ledger/routes.ts).
    .get("/", ({ query, set, request }) =>
      wantsPage(CLIENT_LIST, query)
        ? pageAnswer(set, findClients(db, parseClientQuery(query), graceDays(db, deps.config.blockGraceDays)))
        : jsonArrayResponse(request, iterateClients(deps.config.databasePath)),
    )
    .get("/:id", ({ params }) => getClient(db, parseId(params.id)))
    .post("/", ({ body, set, user }) => {
      const client = createClient(db, actorOf(user), parseWith(clientSchema, body));
      set.status = 201;
      return client;
    })
    .put("/:id", ({ params, body, user }) => {
      const id = parseId(params.id);
      return updateClient(db, actorOf(user), id, parseWith(clientSchema, body));
    })
    .delete("/:id", ({ params, user }) => {
      deleteClient(db, actorOf(user), parseId(params.id));
      return { message: "Cliente excluído" };
    })
    .patch("/:id/toggle-block", ({ params, user }) => toggleClientBlock(db, actorOf(user), parseId(params.id), graceDays(db, deps.config.blockGraceDays)));
}
