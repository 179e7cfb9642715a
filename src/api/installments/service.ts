// Receivables: the ledger core (../ledger) over the receivables table, with the client's
// automatic blocking re-evaluated in the transaction of every change.
import type { Db } from "../../../db/client";
import { applyAutomaticBlocking } from "../clients/blocking";
import type { ListPage } from "../list";
import { listLedger, parseLedgerQuery } from "../ledger/list";
import type { DueDateBody, PayBody, PayWithFeesBody } from "../ledger/model";
import { CARD, ledgerCards } from "../ledger/summary";
import { RECEIVABLES } from "../ledger/table";
import { deleteLedgerRow, generateLedgerRows, payLedgerRow, redateLedgerRow, undoLedgerPayment, type OnLedgerChange } from "../ledger/write";
import type {
  GeneratedInstallmentsAnswer,
  GenerateInstallmentsInput,
  InstallmentAnswer,
  InstallmentFilters,
  InstallmentJson,
  InstallmentQuery,
  InstallmentSummary,
} from "./model";

type Raw = Record<string, string | undefined>;

/** The list's URL parameters; `paged` forces one page (page routes), else only when a parameter asks. */
export function parseInstallmentQuery(raw: Raw, options: { paged?: boolean } = {}): InstallmentQuery {
  const { partyId, ...query } = parseLedgerQuery(RECEIVABLES, raw, options);
  return { ...query, clientId: partyId } as InstallmentQuery;
}

/** Every matching row (or one page when `query.paged`) in the API's shape, and the total. */
export function listInstallments(db: Db, query: InstallmentQuery): ListPage<InstallmentJson> {
  const { clientId, ...rest } = query;
  return listLedger<InstallmentJson>(db, RECEIVABLES, { ...rest, partyId: clientId });
}

/** The three cards over the list's filters (SPEC §2 Contas a Receber), one statement. */
export function installmentSummary(db: Db, filters: InstallmentFilters): InstallmentSummary {
  const { figures } = ledgerCards(db, RECEIVABLES, { status: filters.status, mes: filters.mes, partyId: filters.clientId }, {
    emAberto: { when: CARD.unpaid, amount: "r.valor" },
    vencidas: { when: CARD.overdue, amount: "r.valor" },
    recebidoNoMes: { when: CARD.paidThisMonth, amount: CARD.paidAmount },
  });
  return figures;
}

const blocking =
  (graceDays: number): OnLedgerChange =>
  (db, clientId) =>
    applyAutomaticBlocking(db, { graceDays, clientIds: [clientId] });

export function generateInstallments(db: Db, input: GenerateInstallmentsInput, graceDays: number): GeneratedInstallmentsAnswer {
  const { clientId, ...plan } = input;
  const installments = generateLedgerRows<InstallmentJson>(db, RECEIVABLES, { ...plan, partyId: clientId }, blocking(graceDays));
  return { message: RECEIVABLES.messages.generated, installments };
}

/** PATCH …/pay: today (or dataPagamento) at face value (or valorPago), no fees. */
export function payInstallment(db: Db, id: number, body: PayBody, graceDays: number): InstallmentAnswer {
  return answer(payLedgerRow(db, RECEIVABLES, id, body, blocking(graceDays)), RECEIVABLES.messages.paid);
}

/** PATCH …/pay-with-fees: multa and juros as sent; valorPago = valorBaixa, else valor + multa + juros. */
export function payInstallmentWithFees(db: Db, id: number, body: PayWithFeesBody, graceDays: number): InstallmentAnswer {
  const payment = { dataPagamento: body.dataPagamento, valorPago: body.valorBaixa, multa: body.multa, juros: body.juros };
  return answer(payLedgerRow(db, RECEIVABLES, id, payment, blocking(graceDays)), RECEIVABLES.messages.paid);
}

export function undoInstallmentPayment(db: Db, id: number, graceDays: number): InstallmentAnswer {
  return answer(undoLedgerPayment(db, RECEIVABLES, id, blocking(graceDays)), RECEIVABLES.messages.undone);
}

export function changeInstallmentDueDate(db: Db, id: number, body: DueDateBody, graceDays: number): InstallmentAnswer {
  return answer(redateLedgerRow(db, RECEIVABLES, id, body.dataVencimento, blocking(graceDays)), RECEIVABLES.messages.redated);
}

export function deleteInstallment(db: Db, id: number, graceDays: number): { message: string } {
  deleteLedgerRow(db, RECEIVABLES, id, blocking(graceDays));
  return { message: RECEIVABLES.messages.deleted };
}

const answer = (installment: InstallmentJson, message: string): InstallmentAnswer => ({ message, installment });
