// The ledger's changes, each one immediate transaction: generation (DECISIONS §2 split, all n
// rows or none) and the row transitions pay / undo / re-date / delete with their 409s.
// `onChange` runs inside the same transaction (receivables re-evaluate the client's blocking).
import type { Db } from "../../../db/client";
import { badRequest, conflict, notFound } from "../../http/errors";
import { nowISO, today } from "../../lib/clock";
import { splitInstallments } from "../../lib/installments";
import { cents, type Cents } from "../../lib/money";
import { sqlVariants } from "../prepared";
import { dropSuggestionsOf, releaseBankLine } from "./bank-lines";
import { recordLedgerEvent, recordLedgerPlan, type LedgerCause } from "./events";
import type { Actor } from "../history/record";
import { getLedgerRow, getLedgerRows } from "./list";
import type { GeneratePlan } from "./model";
import type { LedgerTable } from "./table";
import { categoryKindOf } from "./edit";
import { checkLedgerCategory, checkLedgerCostCentre } from "../categories/service";

/**
 * Called inside the change's transaction with the party whose rows changed and what changed
 * (blocking events name it): bun:sqlite has one connection, so what it runs on `db` there
 * commits or rolls back with the change.
 */
export type OnLedgerChange = (db: Db, partyId: number, cause: LedgerCause) => void;

export interface Payment {
  /** null: today (APP_TZ). */
  dataPagamento: string | null;
  /** null: valor + multa + juros. */
  valorPago: Cents | null;
  multa?: Cents;
  juros?: Cents;
  /** Where the payment came from, kept in its history event (a bank reconciliation: statement and FITID). */
  origem?: Record<string, unknown>;
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
}

// One kept statement per side (`t`): the tables and columns are the descriptor's.
const PARTY_EXISTS = sqlVariants<[t: LedgerTable], { found: 1 }, { id: number }>((t) => `SELECT 1 AS found FROM ${t.party.table} WHERE id = $id`);
const INSERT = sqlVariants<
  [t: LedgerTable],
  { id: number },
  { partyId: number; numerosParcela: string; descricao: string; dataVencimento: string; valor: Cents; createdAt: string; categoriaId: number | null; centroCustoId: number | null }
>(
  // A null categoria_id gets the side's default from the insert trigger (migration 0022).
  (t) =>
    `INSERT INTO ${t.table} (${t.party.column}, numeros_parcela, descricao, data_vencimento, valor, created_at, categoria_id, centro_custo_id) ` +
    "VALUES ($partyId, $numerosParcela, $descricao, $dataVencimento, $valor, $createdAt, $categoriaId, $centroCustoId) RETURNING id",
);
const PAY = sqlVariants<[t: LedgerTable], never, { id: number; dataPagamento: string; valorPago: Cents; multa?: Cents; juros?: Cents }>(
  (t) => `UPDATE ${t.table} SET status = 'pago', data_pagamento = $dataPagamento, valor_pago = $valorPago${t.fees ? ", multa = $multa, juros = $juros" : ""} WHERE id = $id`,
);
const UNDO = sqlVariants<[t: LedgerTable], never, { id: number }>(
  (t) => `UPDATE ${t.table} SET status = 'em_aberto', data_pagamento = NULL, valor_pago = NULL${t.fees ? ", multa = NULL, juros = NULL" : ""} WHERE id = $id`,
);
const REDATE = sqlVariants<[t: LedgerTable], never, { id: number; dataVencimento: string }>((t) => `UPDATE ${t.table} SET data_vencimento = $dataVencimento WHERE id = $id`);
const DELETE = sqlVariants<[t: LedgerTable], never, { id: number }>((t) => `DELETE FROM ${t.table} WHERE id = $id`);
const STORED = sqlVariants<[t: LedgerTable], Stored, { id: number }>(
  (t) => `SELECT ${t.party.column} AS partyId, status, valor, data_vencimento AS dataVencimento FROM ${t.table} WHERE id = $id`,
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

/** An unpaid row becomes paid (a paid one: 409; a payment date after today: 400). */
export function payLedgerRow<Row>(db: Db, actor: Actor, t: LedgerTable, id: number, payment: Payment, onChange?: OnLedgerChange): Row {
  return write(db, () => {
    const row = stored(db, t, id);
    if (row.status === "pago") throw conflict(t.messages.alreadyPaid);
    const now = today();
    const dataPagamento = payment.dataPagamento ?? now;
    if (dataPagamento > now) throw badRequest(FUTURE_PAYMENT, { dataPagamento: FUTURE_PAYMENT });
    const multa = payment.multa ?? cents(0);
    const juros = payment.juros ?? cents(0);
    const valorPago = payment.valorPago ?? cents(row.valor + multa + juros);
    PAY(t).run(db, t.fees ? { id, dataPagamento, valorPago, multa, juros } : { id, dataPagamento, valorPago });
    // A statement line still suggesting this row can no longer settle it (DECISIONS §9).
    dropSuggestionsOf(db, t, id, settlingLineOf(payment));
    // Recorded after the UPDATE: the event shows the payment as stored.
    const cause = recordLedgerEvent(db, actor, t, "pay", id, payment.origem ?? {});
    onChange?.(db, row.partyId, cause);
    return getLedgerRow<Row>(db, t, id, now)!;
  });
}

/**
 * A paid row returns to em_aberto (vencido by date), its payment fields cleared; unpaid: 409.
 * A payment that came from Conciliação gives its bank line back to `pendente` (DECISIONS §2, §9).
 */
export function undoLedgerPayment<Row>(db: Db, actor: Actor, t: LedgerTable, id: number, onChange?: OnLedgerChange, origem: Record<string, unknown> = {}): Row {
  return write(db, () => {
    const row = stored(db, t, id);
    if (row.status !== "pago") throw conflict(t.messages.notPaid);
    const linha = releaseBankLine(db, t, id);
    // Recorded before the UPDATE: the event keeps the payment it undid (and the line it freed).
    const cause = recordLedgerEvent(db, actor, t, "undo_payment", id, linha ? { ...origem, linhaExtrato: linha } : origem);
    UNDO(t).run(db, { id });
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
    if (row.status === "pago" && !t.deletePaid) throw conflict(t.messages.deletePaid);
    const linha = releaseBankLine(db, t, id);
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
