import { Elysia } from "elysia";
import type { AppDeps } from "../../context";
import { parseId } from "../../http/validate";
import { balanceJson, balancesJson, parseBalanceDay } from "./balance";

/**
 * Bank accounts' balances (issue 34 §3): every account's at the end of a day (`data`, default
 * today) with the consolidated sum of the active ones, or one account's. The register itself
 * (GET/POST /api/accounts, PATCH /api/accounts/:id) is another plugin.
 */
export function accountBalancesApi(deps: AppDeps) {
  const { db } = deps;
  return new Elysia({ name: "api.accounts.balances", prefix: "/api/accounts" })
    .get("/balances", ({ query }) => balancesJson(db, parseBalanceDay(query.data)))
    .get("/:id/balance", ({ params, query }) => balanceJson(db, parseId(params.id), parseBalanceDay(query.data)));
}
