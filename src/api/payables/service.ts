// Payables: the ledger's verbs (../ledger) over the payables table. No blocking rule: suppliers
// are never blocked automatically (DECISIONS §2 blocks clients). The list functions
// (parsePayableQuery, listPayables, payableSummary) serve the API and the page.
import type { Db } from "../../../db/client";
import { ledgerServices } from "../ledger/service";
import { CARD, ledgerCards } from "../ledger/summary";
import { PAYABLES } from "./table";
import type { LedgerFilters } from "../ledger/model";
import type { GeneratedPayablesAnswer, PayableAnswer, PayableJson, PayableSummary } from "./model";

export const payables = ledgerServices<PayableJson, PayableAnswer, GeneratedPayablesAnswer>(PAYABLES);

export const { parse: parsePayableQuery, list: listPayables, generate: generatePayables, pay: payPayable, remove: deletePayable } = payables;

/** The four cards over the list's filters (SPEC §2 Contas a Pagar): one small statement per card (ledgerCards). */
export async function payableSummary(db: Db, databasePath: string, filters: LedgerFilters): Promise<PayableSummary> {
  const { figures, count } = await ledgerCards(db, databasePath, PAYABLES, filters, {
    totalAPagar: { when: CARD.unpaid, amount: CARD.balance },
    totalPago: { when: CARD.paid, amount: CARD.paidAmount },
    vencidas: { when: CARD.overdue, amount: CARD.balance },
  });
  // Integer counts: the rounding is exact (half up), no float sums involved.
  const performance = count === 0 ? 0 : Math.round((figures.totalPago.quantidade * 100) / count);
  return { ...figures, performance };
}
