// The ledger's events (receivables and payables): what src/api/ledger/write.ts records inside
// each change's transaction. The row is read here, with its party's name, so the event carries
// a label that stays readable after the row or the party is gone.
import type { Db } from "../../../db/client";
import { installmentName } from "../../lib/installments";
import { centsToDecimal, type Cents } from "../../lib/money";
import type { HistoryAction } from "../../lib/history-text";
import type { GeneratePlan } from "./model";
import type { LedgerTable } from "./table";
import { sqlVariants } from "../prepared";
import { recordEvent, type Actor } from "../history/record";

/** What a ledger change hands to its party's rule: the blocking events name these installments. */
export interface LedgerCause {
  acao: HistoryAction;
  parcelas: { id: number; numerosParcela: string; dataVencimento: string; competencia?: string }[];
}

interface Subject {
  id: number;
  partyId: number;
  partyName: string;
  numerosParcela: string;
  descricao: string;
  dataVencimento: string;
  valor: Cents;
  status: string;
  dataPagamento: string | null;
  valorPago: Cents | null;
  multa?: Cents | null;
  juros?: Cents | null;
  /** A subscription's month (receivables only): its competência names it. */
  competencia?: string | null;
}

const entityOf = (t: LedgerTable) => (t.table === "receivables" ? "installment" : "payable");
const partyKey = (t: LedgerTable) => (t.table === "receivables" ? "clientId" : "supplierId");
const money = (c: Cents | null | undefined) => (c === null || c === undefined ? null : centsToDecimal(c));

const SUBJECT = sqlVariants<[t: LedgerTable], Subject, { id: number }>(
  (t) => `SELECT r.id, r.${t.party.column} AS partyId, p.nome AS partyName, r.numeros_parcela AS numerosParcela, r.descricao,
      r.data_vencimento AS dataVencimento, r.valor, r.status, r.data_pagamento AS dataPagamento, r.valor_pago AS valorPago${t.fees ? ", r.multa, r.juros" : ""}${t.recurring ? ", r.competencia" : ""}
      FROM ${t.table} r JOIN ${t.party.table} p ON p.id = r.${t.party.column} WHERE r.id = +$id`,
);

/** The row as it is now, with its party's name (its callers hold an id the change just checked). */
function subject(db: Db, t: LedgerTable, id: number): Subject {
  return SUBJECT(t).get(db, { id })!;
}

/**
 * Records a change of one row, reading it as it is now: call it after the UPDATE for a payment
 * (the event shows what was stored) and before it for an undo, a re-date or a delete (the
 * event keeps what was there). `extra` adds to the details (a re-date's new date).
 */
export function recordLedgerEvent(db: Db, actor: Actor, t: LedgerTable, action: HistoryAction, id: number, extra: Record<string, unknown> = {}): LedgerCause {
  const row = subject(db, t, id);
  const details: Record<string, unknown> =
    action === "pay" || action === "undo_payment"
      ? { dataPagamento: row.dataPagamento, valorPago: money(row.valorPago), ...(t.fees ? { multa: money(row.multa), juros: money(row.juros) } : {}), valor: money(row.valor) }
      : action === "redate"
        ? { de: row.dataVencimento }
        : { registro: snapshot(row, t) };
  recordEvent(db, actor, {
    action,
    entity: entityOf(t),
    entityId: id,
    label: `${row.partyName} — ${installmentName(row)}`,
    details: { ...details, ...extra },
    [partyKey(t)]: row.partyId,
  });
  return { acao: action, parcelas: [{ id, numerosParcela: row.numerosParcela, dataVencimento: row.dataVencimento, ...(row.competencia ? { competencia: row.competencia } : {}) }] };
}

/** Records a generated plan (n, total, first due date) as one event on its first installment. */
export function recordLedgerPlan(db: Db, actor: Actor, t: LedgerTable, partyId: number, plan: GeneratePlan, ids: number[]): LedgerCause {
  const first = subject(db, t, ids[0]!);
  recordEvent(db, actor, {
    action: "generate",
    entity: entityOf(t),
    entityId: ids[0]!,
    label: `${first.partyName} — ${plan.descricao}`,
    details: {
      numParcelas: plan.numParcelas,
      total: centsToDecimal(plan.valor),
      primeiroVencimento: plan.primeiroVencimento,
      descricao: plan.descricao,
      ultimaId: ids.at(-1),
      ...(plan.criadaDaLinha ? { criadaDaLinha: plan.criadaDaLinha } : {}),
    },
    [partyKey(t)]: partyId,
  });
  return { acao: "generate", parcelas: [] };
}

function snapshot(row: Subject, t: LedgerTable) {
  return {
    [partyKey(t)]: row.partyId,
    [t.party.nameKey]: row.partyName,
    numerosParcela: row.numerosParcela,
    descricao: row.descricao,
    dataVencimento: row.dataVencimento,
    valor: money(row.valor),
    status: row.status,
    dataPagamento: row.dataPagamento,
    valorPago: money(row.valorPago),
    ...(t.fees ? { multa: money(row.multa), juros: money(row.juros) } : {}),
  };
}
