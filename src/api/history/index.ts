import { Elysia } from "elysia";
import type { AppDeps } from "../../context";
import { parseId } from "../../http/validate";
import { pageAnswer, parsePaging } from "../list";
import { findHistory, historyOf, parseHistoryQuery, type HistorySubject } from "./service";

/** The trail (newest first, one page, X-Total-Count) and each record's timeline (the side panel). */
export function historyApi(deps: AppDeps) {
  const { db } = deps;
  const timeline =
    (subject: HistorySubject) =>
    ({ params, query, set }: { params: { id: string }; query: Record<string, string | undefined>; set: { headers: Record<string, string | number> } }) =>
      pageAnswer(set, historyOf(db, subject, parseId(params.id), parsePaging(query)));
  return new Elysia({ name: "api.history" })
    .get("/api/history", async ({ query, set }) => pageAnswer(set, await findHistory(db, parseHistoryQuery(query))))
    .get("/api/clients/:id/history", timeline("client"))
    .get("/api/suppliers/:id/history", timeline("supplier"))
    .get("/api/installments/:id/history", timeline("installment"))
    .get("/api/payables/:id/history", timeline("payable"));
}
