// The client's page link API (DECISIONS §12): GET/POST/DELETE /api/clients/:id/link (staff;
// writes for administrador and financeiro). The public page and the receipts are pages:
// src/pages/public/routes.tsx.
import { Elysia } from "elysia";
import type { AppDeps } from "../../context";
import { parseId } from "../../http/validate";
import { signedIn } from "../auth/plugin";
import { actorOf } from "../history/record";
import { clientLinkState, createClientLink, publicOrigin, revokeClientLink } from "./links";

export function clientLinksApi(deps: AppDeps) {
  const { db, config } = deps;
  return new Elysia({ name: "api.client-links", prefix: "/api/clients" })
    .use(signedIn)
    .get("/:id/link", ({ params }) => clientLinkState(db, parseId(params.id)))
    .post("/:id/link", ({ params, user, request, set }) => {
      const link = createClientLink(db, actorOf(user), parseId(params.id), publicOrigin(config, request));
      set.status = 201;
      return link;
    })
    .delete("/:id/link", ({ params, user }) => revokeClientLink(db, actorOf(user), parseId(params.id)));
}

