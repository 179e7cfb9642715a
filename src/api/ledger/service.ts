// The ledger's verbs for one side, built once from its descriptor: the list functions the
// API and page routes share, generation and the transitions with their answers (SPEC §8 toasts).
import type { Db } from "../../../db/client";
import type { LedgerCause } from "./events";
import type { Actor } from "../history/record";
import { listLedger, listPayments, parseLedgerQuery } from "./list";
import type { DueDateBody, GeneratePlan, LedgerQuery, PayBody, PayWithFeesBody } from "./model";
import type { LedgerTable } from "./table";
import { deleteLedgerRow, generateLedgerRows, payLedgerRow, redateLedgerRow, undoLedgerPayment, type OnLedgerChange, type Payment } from "./write";

const PARTIAL_PAID = "Pagamento parcial registrado";

/** What a side re-evaluates, inside the change's transaction, when a party's rows change (`cause`: what changed). */
export type PartyRule = (db: Db, partyId: number, graceDays: number, cause: LedgerCause) => void;

/**
 * `Q` the side's view, `Row` its API row, `One`/`Many` its answers ({message, installment} …).
 * Every write takes who does it (recorded in the history) after the database, and
 * BLOCK_GRACE_DAYS last (ignored by a side without a rule).
 */
export function ledgerServices<Row extends { status: string }, One, Many>(t: LedgerTable, rule?: PartyRule) {
  const onChange = (graceDays: number): OnLedgerChange | undefined => rule && ((db, partyId, cause) => rule(db, partyId, graceDays, cause));
  const answer = (row: Row, message: string) => ({ message, [t.rowKey]: row }) as One;
  // A payment that leaves a balance says so (issue 34); one that settles says SPEC's words.
  const paidAnswer = (row: Row) => answer(row, row.status === "pago" ? t.messages.paid : PARTIAL_PAID);
  return {
    parse: (raw: Record<string, string | undefined>, options: { paged?: boolean } = {}) => parseLedgerQuery(t, raw, options),
    list: (db: Db, query: LedgerQuery) => listLedger<Row>(db, t, query),
    /** `input` is the side's parsed form: the plan and its party's id under the API's name (clientId / supplierId). */
    generate(db: Db, actor: Actor, input: GeneratePlan & Partial<Record<"clientId" | "supplierId", number>>, graceDays = 0): Many {
      const rows = generateLedgerRows<Row>(db, actor, t, input, input[t.party.idKey]!, onChange(graceDays));
      return { message: t.messages.generated, [t.rowsKey]: rows } as Many;
    },
    /** Today (or dataPagamento) at face value (or valorPago), no fees. */
    pay: (db: Db, actor: Actor, id: number, body: PayBody, graceDays = 0) =>
      paidAnswer(payLedgerRow<Row>(db, actor, t, id, body, onChange(graceDays))),
    /** multa and juros as sent; valorPago = valorBaixa, else valor + multa + juros. */
    payWithFees(db: Db, actor: Actor, id: number, body: PayWithFeesBody, graceDays = 0) {
      const payment = { dataPagamento: body.dataPagamento, valorPago: body.valorBaixa, multa: body.multa, juros: body.juros, tipo: body.tipo, contaId: body.contaId, campo: "valorBaixa" as const };
      return paidAnswer(payLedgerRow<Row>(db, actor, t, id, payment, onChange(graceDays)));
    },
    /** A payment as given (date, amount, fees, where it came from): what a bank reconciliation writes. */
    settle: (db: Db, actor: Actor, id: number, payment: Payment, graceDays = 0) => payLedgerRow<Row>(db, actor, t, id, payment, onChange(graceDays)),
    /** Cancels the last payment, or `pagamentoId`; a statement's undo names its line in `origem`. */
    undo: (db: Db, actor: Actor, id: number, graceDays = 0, origem: Record<string, unknown> = {}, pagamentoId?: number) =>
      answer(undoLedgerPayment<Row>(db, actor, t, id, onChange(graceDays), origem, pagamentoId), t.messages.undone),
    /** GET …/payments: the row's payments, oldest first (unknown row: 404). */
    payments: (db: Db, id: number) => listPayments(db, t, id),
    redate: (db: Db, actor: Actor, id: number, body: DueDateBody, graceDays = 0) =>
      answer(redateLedgerRow<Row>(db, actor, t, id, body.dataVencimento, onChange(graceDays)), t.messages.redated),
    remove(db: Db, actor: Actor, id: number, graceDays = 0): { message: string } {
      deleteLedgerRow(db, actor, t, id, onChange(graceDays));
      return { message: t.messages.deleted };
    },
  };
}
