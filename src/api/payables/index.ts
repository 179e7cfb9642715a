import { Elysia } from "elysia";
import type { AppDeps } from "../../context";
import { parseId, parseWith } from "../../http/validate";
import { pageAnswer } from "../list";
import { generatePayablesSchema, payPayableSchema } from "./model";
import { deletePayable, generatePayables, listPayables, parsePayableQuery, payableSummary, payPayable } from "./service";

/** Payables (SPEC §7 "Payables"). */
export function payablesApi(deps: AppDeps) {
  const { db } = deps;
  return new Elysia({ name: "api.payables", prefix: "/api/payables" })
    .get("/", ({ query, set }) => {
      const view = parsePayableQuery(query);
      const page = listPayables(db, view);
      return view.paged ? pageAnswer(set, page) : page.rows;
    })
    .get("/summary", ({ query }) => payableSummary(db, parsePayableQuery(query)))
    .post("/generate", ({ body, set }) => {
      const answer = generatePayables(db, parseWith(generatePayablesSchema, body));
      set.status = 201;
      return answer;
    })
    .patch("/:id/pay", ({ params, body }) => payPayable(db, parseId(params.id), parseWith(payPayableSchema, body)))
    .delete("/:id", ({ params }) => deletePayable(db, parseId(params.id)));
}
