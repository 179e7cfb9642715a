// The automatic blocking rule's SQL (DECISIONS §2), apart from the verbs that run it
// (blocking.ts), so the clients list can read a blocked client's reason without importing them.
import { sql } from "drizzle-orm";
import { clients } from "../../../db/schema";
import { today } from "../../lib/clock";
import { addDays } from "../../lib/dates";
import { overdueWhereSql } from "../status-sql";

// An unpaid receivable overdue by more than the grace days (vencido as of $limit = today −
// grace), unless a manual unblock forgave it: its desbloqueio_perdoadas row lives only while it
// stays as it was (migration 0006's trigger drops it when the installment is paid or re-dated).
// Served by receivables_client_idx.
export const OVERDUE = overdueWhereSql("r", "$limit");
const NOT_FORGIVEN = `NOT EXISTS (SELECT 1 FROM desbloqueio_perdoadas p WHERE p.receivable_id = r.id)`;
const BLOCKING = `r.client_id = clients.id AND ${OVERDUE} AND ${NOT_FORGIVEN}`;
export const HAS_BLOCKING_INSTALLMENT = `EXISTS (SELECT 1 FROM receivables r WHERE ${BLOCKING})`;
// Why a client is blocked automatically, as JSON {parcelas, total}: its first 3 blocking
// installments (oldest first) and how many; NULL when none. What an automatic block's event
// records and what the clients list shows in the status tooltip (a correlated subquery: the
// page stays one statement).
// A subscription's month carries its competência too (named "Mensalidade 12/2026", not "1/1").
export const BLOCKING_REASON = `(SELECT CASE WHEN count(*) THEN json_object('parcelas', json_group_array(CASE WHEN b.competencia IS NULL
  THEN json_object('id', b.id, 'numerosParcela', b.numerosParcela, 'dataVencimento', b.dataVencimento)
  ELSE json_object('id', b.id, 'numerosParcela', b.numerosParcela, 'dataVencimento', b.dataVencimento, 'competencia', b.competencia) END), 'total', max(b.total)) END
  FROM (SELECT r.id, r.numeros_parcela AS numerosParcela, r.data_vencimento AS dataVencimento, r.competencia, count(*) OVER () AS total
    FROM receivables r WHERE ${BLOCKING} ORDER BY r.data_vencimento, r.id LIMIT 3) b)`;
// The same text with $limit bound by Drizzle (it appears once: in OVERDUE).
const [REASON_BEFORE_LIMIT = "", REASON_AFTER_LIMIT = ""] = BLOCKING_REASON.split("$limit");
/**
 * The clients list's column `bloqueioParcelas`: for a client blocked automatically, why (JSON
 * BlockingReason: the installments blocking it now); NULL for any other client.
 */
export function blockingReasonColumn(graceDays: number) {
  return sql<string | null>`(CASE WHEN ${clients.bloqueioOrigem} = 'automatico' THEN ${sql.raw(REASON_BEFORE_LIMIT)}${addDays(today(), -graceDays)}${sql.raw(REASON_AFTER_LIMIT)} END)`.as("bloqueio_parcelas");
}
