// Payables: the ledger core (../ledger) over the payables table. No blocking: a supplier is
// never blocked automatically (DECISIONS §2 blocks clients only).
import type { Db } from "../../../db/client";
import type { ListPage } from "../list";
import { listLedger, parseLedgerQuery } from "../ledger/list";
import type { PayBody } from "../ledger/model";
import { CARD, ledgerCards } from "../ledger/summary";
import { PAYABLES } from "../ledger/table";
import { deleteLedgerRow, generateLedgerRows, payLedgerRow } from "../ledger/write";
import type { GeneratedPayablesAnswer, GeneratePayablesInput, PayableAnswer, PayableFilters, PayableJson, PayableQuery, PayableSummary } from "./model";

type Raw = Record<string, string | undefined>;

/** The list's URL parameters; `paged` forces one page (page routes), else only when a parameter asks. */
export function parsePayableQuery(raw: Raw, options: { paged?: boolean } = {}): PayableQuery {
  const { partyId, ...query } = parseLedgerQuery(PAYABLES, raw, options);
  return { ...query, supplierId: partyId } as PayableQuery;
}

/** Every matching row (or one page when `query.paged`) in the API's shape, and the total. */
export function listPayables(db: Db, query: PayableQuery): ListPage<PayableJson> {
  const { supplierId, ...rest } = query;
  return listLedger<PayableJson>(db, PAYABLES, { ...rest, partyId: supplierId });
}

/** The four cards over the list's filters (SPEC §2 Contas a Pagar), one statement. */
export function payableSummary(db: Db, filters: PayableFilters): PayableSummary {
  const { figures, count } = ledgerCards(db, PAYABLES, { status: filters.status, mes: filters.mes, partyId: filters.supplierId }, {
    totalAPagar: { when: CARD.unpaid, amount: "r.valor" },
    totalPago: { when: CARD.paid, amount: CARD.paidAmount },
    vencidas: { when: CARD.overdue, amount: "r.valor" },
  });
  // Integer counts: the rounding is exact (half up), no float sums involved.
  const performance = count === 0 ? 0 : Math.round((figures.totalPago.quantidade * 100) / count);
  return { ...figures, performance };
}

export function generatePayables(db: Db, input: GeneratePayablesInput): GeneratedPayablesAnswer {
  const { supplierId, ...plan } = input;
  const payables = generateLedgerRows<PayableJson>(db, PAYABLES, { ...plan, partyId: supplierId });
  return { message: PAYABLES.messages.generated, payables };
}

/** PATCH …/pay: today (or dataPagamento) at face value (or valorPago). */
export function payPayable(db: Db, id: number, body: PayBody): PayableAnswer {
  return { message: PAYABLES.messages.paid, payable: payLedgerRow<PayableJson>(db, PAYABLES, id, body) };
}

/** Any payable, paid or not (SPEC §4). */
export function deletePayable(db: Db, id: number): { message: string } {
  deleteLedgerRow(db, PAYABLES, id);
  return { message: PAYABLES.messages.deleted };
}
