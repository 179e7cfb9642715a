import { Elysia } from "elysia";
import type { AppDeps } from "../../context";
import { signedIn } from "../auth/plugin";
import { mrrMovementInTurns, parseMrrRange } from "./mrr";

/** GET /api/subscriptions/mrr?de=YYYY-MM&ate=YYYY-MM: the MRR and its movement, month by month (default: the last 12). */
export function subscriptionsMrrApi(deps: AppDeps) {
  return new Elysia({ name: "api.subscriptions.mrr" })
    .use(signedIn)
    .get("/api/subscriptions/mrr", ({ query }) => {
      const { from, to } = parseMrrRange(query.de, query.ate);
      return mrrMovementInTurns(deps.config.databasePath, from, to);
    });
}
