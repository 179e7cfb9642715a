// The ledger's changes, each one immediate transaction: generation (DECISIONS §2 split, all n
// rows or none) and the row transitions pay / undo / re-date / delete with their 409s.
// `onChange` runs inside the same transaction (receivables re-evaluate the client's blocking).
import type { Db } from "../../../db/client";
import { badRequest, conflict, notFound } from "../../http/errors";
import { nowISO, today } from "../../lib/clock";
import { splitInstallments } from "../../lib/installments";
import { cents, centsToDecimal, formatBRL, type Cents } from "../../lib/money";
import { sqlVariants } from "../prepared";
import { feeRates } from "../company-rules";
import { dropSuggestionsOf, releaseBankLine } from "./bank-lines";
import { recordLedgerEvent, recordLedgerPlan, type LedgerCause } from "./events";
import { SYSTEM, type Actor } from "../history/record";
import { getLedgerRow, getLedgerRows } from "./list";
import type { GeneratePlan } from "./model";
import type { LedgerTable } from "./table";
import { categoryKindOf } from "./edit";
import { checkLedgerCategory, checkLedgerCostCentre } from "../categories/service";
import { accountNameOf, accountOfLine, paymentAccount } from "../accounts/service";

/**
 * Called inside the change's transaction with the party whose rows changed and what changed
 * (blocking events name it): bun:sqlite has one connection, so what it runs on `db` there
 * commits or rolls back with the change.
 */
export type OnLedgerChange = (db: Db, partyId: number, cause: LedgerCause) => void;

export interface Payment {
  /** null: today (APP_TZ). */
  dataPagamento: string | null;
  /** What was received. null: the balance + multa + juros. */
  valorPago: Cents | null;
  multa?: Cents;
  juros?: Cents;
  /**
   * When what was received is less than the balance (+ fees): `parcial` leaves the rest open,
   * `desconto` (or nothing: never silently, DECISIONS §2) records it as an explicit discount.
   */
  tipo?: "parcial" | "desconto" | null;
  /** The field a refused amount is reported on (the route's name for it). */
  campo?: "valorPago" | "valorBaixa";
  /** Where the payment came from, kept in its history event (a bank reconciliation: statement and FITID). */
  origem?: Record<string, unknown>;
  /**
   * The bank account it went into or out of (issue 34 §3): a manual payment's chosen one (an
   * active account, else 422), absent or null the default account; a reconciled payment always
   * takes its statement's account, whatever is sent.
   */
  contaId?: number | null;
}

const FUTURE_PAYMENT = "Data de pagamento não pode ser futura";

/** The statement line a reconciliation pays with (its origin's `conciliacao.transacao`), if any. */
function settlingLineOf(payment: Payment): number | undefined {
  const line = (payment.origem?.conciliacao as { transacao?: unknown } | undefined)?.transacao;
  return typeof line === "number" ? line : undefined;
}

interface Stored {
  partyId: number;
  status: "em_aberto" | "pago";
  valor: Cents;
  dataVencimento: string;
  principalPago: Cents;
  desconto: Cents;
}

/** A payment as stored (payments table), read for an undo. */
interface StoredPayment {
  id: number;
  dataPagamento: string;
  principal: Cents;
  multa: Cents;
  juros: Cents;
  desconto: Cents;
  valorPago: Cents;
  origem: "manual" | "conciliacao";
  bankTransactionId: number | null;
}

const sideColumn = (t: LedgerTable) => (t.table === "receivables" ? "receivable_id" : "payable_id");

// One kept statement per side (`t`): the tables and columns are the descriptor's.
const PARTY_EXISTS = sqlVariants<[t: LedgerTable], { found: 1 }, { id: number }>((t) => `SELECT 1 AS found FROM ${t.party.table} WHERE id = $id`);
const INSERT = sqlVariants<
  [t: LedgerTable],
  { id: number },
  { partyId: number; numerosParcela: string; descricao: string; dataVencimento: string; valor: Cents; createdAt: string; categoriaId: number | null; centroCustoId: number | null }
>(
  // A null categoria_id gets the side's default from the insert trigger (migration 0025).
  (t) =>
    `INSERT INTO ${t.table} (${t.party.column}, numeros_parcela, descricao, data_vencimento, valor, created_at, categoria_id, centro_custo_id) ` +
    "VALUES ($partyId, $numerosParcela, $descricao, $dataVencimento, $valor, $createdAt, $categoriaId, $centroCustoId) RETURNING id",
);
const INSERT_PAYMENT = sqlVariants<
  [t: LedgerTable],
  { id: number },
  {
    id: number;
    dataPagamento: string;
    principal: Cents;
    multa: Cents;
    juros: Cents;
    desconto: Cents;
    valorPago: Cents;
    origem: string;
    line: number | null;
    multaRate: number;
    jurosRate: number;
    userId: number | null;
    userEmail: string;
    createdAt: string;
    contaId: number | null;
  }
>(
  (t) =>
    `INSERT INTO payments (${sideColumn(t)}, data_pagamento, principal, multa, juros, desconto, valor_pago, origem, bank_transaction_id,
       multa_centesimos, juros_mensal_centesimos, user_id, user_email, created_at, conta_id)
     VALUES ($id, $dataPagamento, $principal, $multa, $juros, $desconto, $valorPago, $origem, $line, $multaRate, $jurosRate, $userId, $userEmail, $createdAt, $contaId) RETURNING id`,
);
// The row's denormalised fields from its payments, in the payment's transaction (issue 34 §1):
// lists, cards and indexes keep reading the row. valorPago, dataPagamento (the last payment's),
// multa and juros are NULL again when no payment is left; status is pago once the balance is 0.
const REFRESH = sqlVariants<[t: LedgerTable], never, { id: number }>(
  (t) => `UPDATE ${t.table} AS r SET (principal_pago, desconto, valor_pago, data_pagamento${t.fees ? ", multa, juros" : ""}, status) =
      (SELECT coalesce(sum(p.principal), 0), coalesce(sum(p.desconto), 0), sum(p.valor_pago), max(p.data_pagamento)${t.fees ? ", sum(p.multa), sum(p.juros)" : ""},
              CASE WHEN count(*) > 0 AND coalesce(sum(p.principal + p.desconto), 0) >= r.valor THEN 'pago' ELSE 'em_aberto' END
         FROM payments p WHERE p.${sideColumn(t)} = $id)
    WHERE r.id = $id`,
);
const PAYMENT_COLUMNS = `id, data_pagamento AS dataPagamento, principal, multa, juros, desconto, valor_pago AS valorPago, origem, bank_transaction_id AS bankTransactionId`;
// The bank lines a row's payments came from (a paid payable deleted gives each back).
const PAYMENT_LINES = sqlVariants<[t: LedgerTable], { id: number; line: number }, { id: number }>(
  (t) => `SELECT id, bank_transaction_id AS line FROM payments WHERE ${sideColumn(t)} = $id AND bank_transaction_id IS NOT NULL ORDER BY id`,
);
const LAST_PAYMENT = sqlVariants<[t: LedgerTable], StoredPayment, { id: number }>(
  (t) => `SELECT ${PAYMENT_COLUMNS} FROM payments WHERE ${sideColumn(t)} = $id ORDER BY id DESC LIMIT 1`,
);
const ONE_PAYMENT = sqlVariants<[t: LedgerTable], StoredPayment, { id: number; payment: number }>(
  (t) => `SELECT ${PAYMENT_COLUMNS} FROM payments WHERE id = $payment AND ${sideColumn(t)} = $id`,
);
const LINE_PAYMENT = sqlVariants<[t: LedgerTable], StoredPayment, { id: number; line: number }>(
  (t) => `SELECT ${PAYMENT_COLUMNS} FROM payments WHERE ${sideColumn(t)} = $id AND bank_transaction_id = $line ORDER BY id DESC LIMIT 1`,
);
const DELETE_PAYMENT = sqlVariants<[t: LedgerTable], never, { payment: number }>(() => `DELETE FROM payments WHERE id = $payment`);
const REDATE = sqlVariants<[t: LedgerTable], never, { id: number; dataVencimento: string }>((t) => `UPDATE ${t.table} SET data_vencimento = $dataVencimento WHERE id = $id`);
const DELETE = sqlVariants<[t: LedgerTable], never, { id: number }>((t) => `DELETE FROM ${t.table} WHERE id = $id`);
const STORED = sqlVariants<[t: LedgerTable], Stored, { id: number }>(
  (t) =>
    `SELECT ${t.party.column} AS partyId, status, valor, data_vencimento AS dataVencimento, principal_pago AS principalPago, desconto FROM ${t.table} WHERE id = $id`,
);

/** Writes the n installments of a plan for one party (unknown party: 404, nothing written); returns them. */
export function generateLedgerRows<Row>(db: Db, actor: Actor, t: LedgerTable, input: GeneratePlan, partyId: number, onChange?: OnLedgerChange): Row[] {
  let plan;
  try {
    plan = splitInstallments(input.valor, input.numParcelas, input.primeiroVencimento);
  } catch (error) {
    // Only a due date pushed past year 9999 gets here: the schema checked everything else.
    if (error instanceof RangeError) throw badRequest("Data inválida", { primeiroVencimento: "Data inválida" });
    throw error;
  }
  return write(db, () => {
    if (!PARTY_EXISTS(t).get(db, { id: partyId })) throw notFound(t.party.notFound);
    const categoriaId = checkLedgerCategory(db, input.categoriaId ?? null, categoryKindOf(t));
    const centroCustoId = checkLedgerCostCentre(db, input.centroCustoId ?? null);
    const insert = INSERT(t);
    const createdAt = nowISO();
    const ids = plan.map((p) => insert.get(db, { ...p, partyId: partyId, descricao: input.descricao, createdAt, categoriaId, centroCustoId })!.id);
    const cause = recordLedgerPlan(db, actor, t, partyId, input, ids);
    onChange?.(db, partyId, cause);
    return getLedgerRows<Row>(db, t, partyId, ids[0]!, ids[ids.length - 1]!);
  });
}

/**
 * A payment on a row with a balance (paid: 409; a payment date after today: 400). What was
 * received, less multa and juros, is the principal it applies (DECISIONS §2): the balance or more
 * settles the row (more than due is kept as received, as fees, as before payments existed); less
 * is a partial payment (`tipo: "parcial"`) or settles with the difference as an explicit
 * discount (`desconto`, or no tipo). The payment row, the row's denormalised fields, the history
 * event and the party's rule commit together.
 */
export function payLedgerRow<Row>(db: Db, actor: Actor, t: LedgerTable, id: number, payment: Payment, onChange?: OnLedgerChange): Row {
  return write(db, () => {
    const row = stored(db, t, id);
    if (row.status === "pago") throw conflict(t.messages.alreadyPaid);
    const now = today();
    const dataPagamento = payment.dataPagamento ?? now;
    if (dataPagamento > now) throw badRequest(FUTURE_PAYMENT, { dataPagamento: FUTURE_PAYMENT });
    const multa = payment.multa ?? cents(0);
    const juros = payment.juros ?? cents(0);
    const saldo = row.valor - row.principalPago - row.desconto;
    const valorPago = payment.valorPago ?? cents(saldo + multa + juros);
    const { principal, desconto } = applied(payment, saldo, valorPago - multa - juros);
    const rates = feeRates(db);
    const line = settlingLineOf(payment) ?? null;
    // A reconciled payment is in its statement's account; a manual one in the chosen or default account.
    const contaId = line !== null ? accountOfLine(db, line) : paymentAccount(db, payment.contaId);
    const pagamento = INSERT_PAYMENT(t).get(db, {
      id,
      dataPagamento,
      principal: cents(principal),
      multa,
      juros,
      desconto: cents(desconto),
      valorPago,
      origem: line === null ? "manual" : "conciliacao",
      line,
      multaRate: rates.multaCentesimos,
      jurosRate: rates.jurosMensalCentesimos,
      userId: actor === SYSTEM ? null : actor.userId,
      userEmail: actor === SYSTEM ? SYSTEM : actor.email,
      createdAt: nowISO(),
      contaId,
    })!.id;
    REFRESH(t).run(db, { id });
    // A statement line still suggesting this row can no longer settle it (DECISIONS §9).
    dropSuggestionsOf(db, t, id, settlingLineOf(payment));
    // Recorded after the UPDATE: the event shows the payment as stored.
    const restante = saldo - principal - desconto;
    const details = {
      ...(payment.origem ?? {}),
      pagamento: {
        id: pagamento,
        principal: centsToDecimal(cents(principal)),
        multa: centsToDecimal(multa),
        juros: centsToDecimal(juros),
        desconto: centsToDecimal(cents(desconto)),
        valorRecebido: centsToDecimal(valorPago),
        ...(contaId !== null ? { conta: accountNameOf(db, contaId) } : {}),
      },
      tipo: restante > 0 ? "parcial" : desconto > 0 ? "desconto" : "quitacao",
      saldo: centsToDecimal(cents(restante)),
    };
    const cause = recordLedgerEvent(db, actor, t, "pay", id, details);
    onChange?.(db, row.partyId, cause);
    return getLedgerRow<Row>(db, t, id, now)!;
  });
}

/** The principal a payment applies and the discount it grants, or the 400/409 that refuses it. */
function applied(payment: Payment, saldo: number, offered: number): { principal: number; desconto: number } {
  const campo = payment.campo ?? "valorPago";
  if (offered < 0) {
    const message = "O valor recebido não cobre a multa e os juros";
    throw badRequest(message, { [campo]: message });
  }
  if (offered >= saldo) {
    // A partial payment asked for on a balance already smaller (another payment came first).
    if (payment.tipo === "parcial" && offered > saldo) throw conflict(`O valor excede o saldo de ${formatBRL(cents(saldo))}`);
    return { principal: saldo, desconto: 0 };
  }
  if (payment.tipo === "parcial") {
    if (offered === 0) {
      const message = "Informe um valor maior que a multa e os juros";
      throw badRequest(message, { [campo]: message });
    }
    return { principal: offered, desconto: 0 };
  }
  return { principal: offered, desconto: saldo - offered };
}

/**
 * Cancels one payment: the last one, or `pagamentoId` (no payment: 409; an unknown one: 404),
 * and the row becomes what the remaining payments make it (DECISIONS §2). A payment that came
 * from Conciliação gives its bank line back to `pendente` (§9). A statement's own undo names its
 * line (`origem.conciliacao.transacao`): the payment that line made is the one cancelled.
 */
export function undoLedgerPayment<Row>(
  db: Db,
  actor: Actor,
  t: LedgerTable,
  id: number,
  onChange?: OnLedgerChange,
  origem: Record<string, unknown> = {},
  pagamentoId?: number,
): Row {
  return write(db, () => {
    const row = stored(db, t, id);
    const line = settlingLineOf({ dataPagamento: null, valorPago: null, origem });
    const payment =
      pagamentoId !== undefined
        ? ONE_PAYMENT(t).get(db, { id, payment: pagamentoId })
        : ((line !== undefined ? LINE_PAYMENT(t).get(db, { id, line }) : null) ?? LAST_PAYMENT(t).get(db, { id }));
    if (!payment) {
      if (pagamentoId !== undefined) throw notFound("Pagamento não encontrado");
      throw conflict(t.messages.notPaid);
    }
    const linha = payment.bankTransactionId !== null ? releaseBankLine(db, t, id, { line: payment.bankTransactionId, payment: payment.id }) : null;
    const pagamento = {
      id: payment.id,
      dataPagamento: payment.dataPagamento,
      principal: centsToDecimal(payment.principal),
      multa: centsToDecimal(payment.multa),
      juros: centsToDecimal(payment.juros),
      desconto: centsToDecimal(payment.desconto),
      valorRecebido: centsToDecimal(payment.valorPago),
      origem: payment.origem,
    };
    // Recorded before the change: the event keeps the row as paid (and the line it freed).
    const cause = recordLedgerEvent(db, actor, t, "undo_payment", id, { ...origem, pagamento, ...(linha ? { linhaExtrato: linha } : {}) });
    DELETE_PAYMENT(t).run(db, { payment: payment.id });
    REFRESH(t).run(db, { id });
    onChange?.(db, row.partyId, cause);
    return getLedgerRow<Row>(db, t, id)!;
  });
}

/** A new due date for an unpaid row; paid: 409. */
export function redateLedgerRow<Row>(db: Db, actor: Actor, t: LedgerTable, id: number, dataVencimento: string, onChange?: OnLedgerChange): Row {
  return write(db, () => {
    const row = stored(db, t, id);
    if (row.status === "pago") throw conflict(t.messages.redatePaid);
    // The same date is no change: nothing written, nothing recorded.
    if (row.dataVencimento === dataVencimento) return getLedgerRow<Row>(db, t, id)!;
    const cause = recordLedgerEvent(db, actor, t, "redate", id, { para: dataVencimento });
    REDATE(t).run(db, { id, dataVencimento });
    onChange?.(db, row.partyId, cause);
    return getLedgerRow<Row>(db, t, id)!;
  });
}

/**
 * Deletes a row for good (a paid receivable: 409, undo the payment first). A paid payable that
 * came from Conciliação gives its bank line back to `pendente`; suggestions of the row go.
 */
export function deleteLedgerRow(db: Db, actor: Actor, t: LedgerTable, id: number, onChange?: OnLedgerChange): void {
  write(db, () => {
    const row = stored(db, t, id);
    // A receivable with any payment (paid, or a partial one) is undone first: money received is never deleted with it.
    if ((row.status === "pago" || row.principalPago + row.desconto > 0) && !t.deletePaid) throw conflict(t.messages.deletePaid);
    // Every line that paid it (partials: several; a line that paid other rows too stays settled by them).
    const lines = PAYMENT_LINES(t).all(db, { id });
    let linha = null;
    for (const payment of lines) {
      const freed = releaseBankLine(db, t, id, { line: payment.line, payment: payment.id });
      linha ??= freed;
    }
    if (lines.length === 0) linha = releaseBankLine(db, t, id);
    dropSuggestionsOf(db, t, id);
    // Recorded before the DELETE: the event keeps a snapshot of the row (and the line it freed).
    const cause = recordLedgerEvent(db, actor, t, "delete", id, linha ? { linhaExtrato: linha } : {});
    DELETE(t).run(db, { id });
    onChange?.(db, row.partyId, cause);
  });
}

// Immediate: the check (status, party) and the write see the same data. Inside an outer
// transaction (seed-demo's batches) bun:sqlite makes it a savepoint.
const write = <T>(db: Db, change: () => T): T => db.transaction(change, { behavior: "immediate" });

function stored(db: Db, t: LedgerTable, id: number): Stored {
  const row = STORED(t).get(db, { id });
  if (!row) throw notFound(t.messages.notFound);
  return row;
}
