import type { AppDeps } from "../../context";
import { parseId, parseWith } from "../../http/validate";
import { actorOf } from "../history/record";
import { ledgerRoutes } from "../ledger/routes";
import { RECEIVABLES } from "./table";
import { dueDateInstallmentSchema, generateInstallmentsSchema, payInstallmentSchema, payWithFeesInstallmentSchema } from "./model";
import { changeInstallmentDueDate, installmentSummary, payInstallmentWithFees, receivables } from "./service";
import { graceDays } from "../company-rules";

/** Receivables (SPEC §7 "Receivable installments"): the ledger's routes plus fees and due date (pay, undo and payments are the ledger's). */
export function installmentsApi(deps: AppDeps) {
  const { db } = deps;
  const grace = () => graceDays(db, deps.config.blockGraceDays);
  return ledgerRoutes(deps, RECEIVABLES, receivables, {
    generateSchema: generateInstallmentsSchema,
    paySchema: payInstallmentSchema,
    summary: installmentSummary,
  })
    .patch("/:id/pay-with-fees", ({ params, body, user }) =>
      payInstallmentWithFees(db, actorOf(user), parseId(params.id), parseWith(payWithFeesInstallmentSchema, body), grace()),
    )
    .patch("/:id/due-date", ({ params, body, user }) =>
      changeInstallmentDueDate(db, actorOf(user), parseId(params.id), parseWith(dueDateInstallmentSchema, body), grace()),
    );
}
