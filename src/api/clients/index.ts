import { Elysia } from "elysia";
import type { AppDeps } from "../../context";
import { parseId, parseWith } from "../../http/validate";
import { pageAnswer, wantsPage } from "../list";
import { CLIENT_FILTERS, clientSchema } from "./model";
import {
  createClient,
  deleteClient,
  findClients,
  getClient,
  listClients,
  parseClientQuery,
  updateClient,
} from "./service";
import { toggleClientBlock } from "./blocking";

export function clientsApi(deps: AppDeps) {
  const { db } = deps;
  return new Elysia({ name: "api.clients", prefix: "/api/clients" })
    .get("/", ({ query, set }) =>
      wantsPage(query, CLIENT_FILTERS) ? pageAnswer(set, findClients(db, parseClientQuery(query))) : listClients(db),
    )
    .get("/:id", ({ params }) => getClient(db, parseId(params.id)))
    .post("/", ({ body, set }) => {
      const client = createClient(db, parseWith(clientSchema, body));
      set.status = 201;
      return client;
    })
    .put("/:id", ({ params, body }) => {
      const id = parseId(params.id);
      return updateClient(db, id, parseWith(clientSchema, body));
    })
    .delete("/:id", ({ params }) => {
      deleteClient(db, parseId(params.id));
      return { message: "Cliente excluído" };
    })
    .patch("/:id/toggle-block", ({ params }) => toggleClientBlock(db, parseId(params.id), deps.config.blockGraceDays));
}
