// Receivables: the ledger's verbs (../ledger) over the receivables table, with the client's
// automatic blocking re-evaluated in the transaction of every change. The list functions
// (parseInstallmentQuery, listInstallments, installmentSummary) serve the API and the page.
import type { Db } from "../../../db/client";
import { applyAutomaticBlocking } from "../clients/blocking";
import { ledgerServices, type PartyRule } from "../ledger/service";
import { CARD, ledgerCards } from "../ledger/summary";
import { RECEIVABLES } from "./table";
import type { LedgerFilters } from "../ledger/model";
import type { GeneratedInstallmentsAnswer, InstallmentAnswer, InstallmentJson, InstallmentSummary } from "./model";

/** A change of a client's receivables re-evaluates that client's automatic blocking (DECISIONS §2). */
export const clientBlockingRule: PartyRule = (db, clientId, graceDays, cause) => applyAutomaticBlocking(db, { graceDays, clientIds: [clientId], cause });

export const receivables = ledgerServices<InstallmentJson, InstallmentAnswer, GeneratedInstallmentsAnswer>(RECEIVABLES, clientBlockingRule);

export const {
  parse: parseInstallmentQuery,
  list: listInstallments,
  generate: generateInstallments,
  pay: payInstallment,
  payWithFees: payInstallmentWithFees,
  undo: undoInstallmentPayment,
  redate: changeInstallmentDueDate,
  remove: deleteInstallment,
} = receivables;

/** The three cards over the list's filters (SPEC §2 Contas a Receber): one small statement per card (ledgerCards). */
export async function installmentSummary(db: Db, databasePath: string, filters: LedgerFilters): Promise<InstallmentSummary> {
  const { figures } = await ledgerCards(db, databasePath, RECEIVABLES, filters, {
    emAberto: { when: CARD.unpaid, amount: CARD.balance },
    vencidas: { when: CARD.overdue, amount: CARD.balance },
    recebidoNoMes: { when: CARD.paidThisMonth, amount: CARD.paidThisMonthAmount, anyStatus: true },
  });
  return figures;
}
