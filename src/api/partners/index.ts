import { Elysia } from "elysia";
import type { AppDeps } from "../../context";
import { signedIn } from "../auth/plugin";
import { parseId, parseWith } from "../../http/validate";
import { actorOf } from "../history/record";
import { pageAnswer, wantsPage } from "../list";
import { PARTNER_LIST, partnerSchema } from "./model";
import { createPartner, deletePartner, findPartners, listPartners, parsePartnerQuery, partnerSummary, updatePartner } from "./service";

export function partnersApi(deps: AppDeps) {
  const { db } = deps;
  return new Elysia({ name: "api.partners", prefix: "/api/partners" })
    .use(signedIn)
    .get("/", ({ query, set }) =>
      wantsPage(PARTNER_LIST, query) ? pageAnswer(set, findPartners(db, parsePartnerQuery(query))) : listPartners(db),
    )
    // The Parceiros summary (SPEC §2), refetched by the list after a change.
    .get("/summary", () => partnerSummary(db))
    .post("/", ({ body, set, user }) => {
      const partner = createPartner(db, actorOf(user), parseWith(partnerSchema, body));
      set.status = 201;
      return partner;
    })
    .patch("/:id", ({ params, body, user }) => {
      const id = parseId(params.id);
      return updatePartner(db, actorOf(user), id, parseWith(partnerSchema, body));
    })
    .delete("/:id", ({ params, user }) => {
      deletePartner(db, actorOf(user), parseId(params.id));
      return { message: "Parceiro excluído com sucesso!" };
    });
}
