import { Elysia } from "elysia";
import type { AppDeps } from "../../context";
import { parseId, parseWith } from "../../http/validate";
import { pageAnswer } from "../list";
import { dueDateInstallmentSchema, generateInstallmentsSchema, payInstallmentSchema, payWithFeesInstallmentSchema } from "./model";
import {
  changeInstallmentDueDate,
  deleteInstallment,
  generateInstallments,
  installmentSummary,
  listInstallments,
  parseInstallmentQuery,
  payInstallment,
  payInstallmentWithFees,
  undoInstallmentPayment,
} from "./service";

/** Receivables (SPEC §7 "Receivable installments"). */
export function installmentsApi(deps: AppDeps) {
  const { db } = deps;
  const grace = deps.config.blockGraceDays;
  return new Elysia({ name: "api.installments", prefix: "/api/installments" })
    .get("/", ({ query, set }) => {
      const view = parseInstallmentQuery(query);
      const page = listInstallments(db, view);
      return view.paged ? pageAnswer(set, page) : page.rows;
    })
    .get("/summary", ({ query }) => installmentSummary(db, parseInstallmentQuery(query)))
    .post("/generate", ({ body, set }) => {
      const answer = generateInstallments(db, parseWith(generateInstallmentsSchema, body), grace);
      set.status = 201;
      return answer;
    })
    .patch("/:id/pay", ({ params, body }) => payInstallment(db, parseId(params.id), parseWith(payInstallmentSchema, body), grace))
    .patch("/:id/pay-with-fees", ({ params, body }) =>
      payInstallmentWithFees(db, parseId(params.id), parseWith(payWithFeesInstallmentSchema, body), grace),
    )
    .patch("/:id/due-date", ({ params, body }) =>
      changeInstallmentDueDate(db, parseId(params.id), parseWith(dueDateInstallmentSchema, body), grace),
    )
    .post("/:id/undo-payment", ({ params }) => undoInstallmentPayment(db, parseId(params.id), grace))
    .delete("/:id", ({ params }) => deleteInstallment(db, parseId(params.id), grace));
}
