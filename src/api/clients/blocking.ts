// Client blocking (DECISIONS §2), the one module that writes statusBloqueio: the manual toggle
// and the automatic rule. The rule runs in the transaction of every change that can affect it
// (generate, pay, undo, re-date, delete, the toggle), and as a daily job (src/api/daily-jobs.ts)
// at start-up and after each midnight in APP_TZ.
import { eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { clients } from "../../../db/schema";
import { nowISO, today } from "../../lib/clock";
import { addDays } from "../../lib/dates";
import type { BlockingInstallment } from "../../lib/history-text";
import type { DailyJob } from "../daily-jobs";
import type { LedgerCause } from "../ledger/events";
import { recordEvent, SYSTEM, type Actor } from "../history/record";
import { sql } from "../prepared";
import { BLOCKING_REASON, HAS_BLOCKING_INSTALLMENT, OVERDUE } from "./blocking-sql";
import type { BlockingReason, ClientBlockAnswer } from "./model";
import { getClient } from "./service";
import { graceDays } from "../company-rules";

export interface BlockingOptions {
  /** BLOCK_GRACE_DAYS: days an installment may be overdue before it blocks. */
  graceDays: number;
  /** Only these clients (the ones a change touched); all clients when left out. */
  clientIds?: readonly number[];
  /** The ledger change that triggered the check: an automatic unblock's event names it. */
  cause?: LedgerCause;
}

export interface BlockingChanges {
  blocked: number[];
  unblocked: number[];
}

const BLOCKED_CLIENT = sql<{ nome: string; reason: string | null }, { id: number; limit: string }>(
  `SELECT clients.nome, ${BLOCKING_REASON} AS reason FROM clients WHERE clients.id = $id`,
);
const CLIENT_NAME = sql<{ nome: string }, { id: number }>("SELECT nome FROM clients WHERE id = $id");
// One statement for any list of ids: the ids travel as a JSON array.
const ONLY = " AND clients.id IN (SELECT value FROM json_each($ids))";
type RuleParams = { limit: string; now: string; ids?: string };
const blockSql = (only: string) =>
  sql<{ id: number }, RuleParams>(`UPDATE clients SET status_bloqueio = 1, bloqueio_origem = 'automatico', updated_at = $now
  WHERE status_bloqueio = 0${only} AND ${HAS_BLOCKING_INSTALLMENT} RETURNING id`);
const liftSql = (only: string) =>
  sql<{ id: number }, RuleParams>(`UPDATE clients SET status_bloqueio = 0, bloqueio_origem = NULL, updated_at = $now
  WHERE status_bloqueio = 1 AND bloqueio_origem = 'automatico'${only} AND NOT ${HAS_BLOCKING_INSTALLMENT} RETURNING id`);
/** The rule over every client, and over the clients a change touched (`$ids`). */
const RULE = {
  all: { block: blockSql(""), lift: liftSql("") },
  only: { block: blockSql(ONLY), lift: liftSql(ONLY) },
};

/**
 * Blocks (automatically) every active client with an unpaid receivable overdue by more than the
 * grace days, and lifts the automatic block of every client with none. A manual block is never
 * lifted here; a manual unblock forgives the installments overdue at that moment (while they
 * stay as they were), so any other overdue one — generated later with a past due date, re-dated
 * into the past, or paid and then undone — blocks again in the change's own transaction.
 *
 * Call it inside the transaction of the change that can affect it: bun:sqlite has one
 * connection, so its writes on `db` commit or roll back with that change.
 */
export function applyAutomaticBlocking(db: Db, options: BlockingOptions): BlockingChanges {
  const { graceDays, clientIds } = options;
  if (clientIds && clientIds.length === 0) return { blocked: [], unblocked: [] };
  const rule = clientIds ? RULE.only : RULE.all;
  const params = { limit: addDays(today(), -graceDays), now: nowISO(), ...(clientIds ? { ids: JSON.stringify(clientIds) } : {}) };
  const ids = (statement: typeof rule.block) => statement.all(db, params).map((row) => row.id);
  const changes = { blocked: ids(rule.block), unblocked: ids(rule.lift) };
  recordAutomaticBlocking(db, changes, params.limit, options.cause);
  return changes;
}

/** One "sistema" event per client the rule blocked (naming its overdue installments) or released. */
function recordAutomaticBlocking(db: Db, { blocked, unblocked }: BlockingChanges, limit: string, cause: LedgerCause | undefined): void {
  for (const id of blocked) {
    const { nome, reason } = BLOCKED_CLIENT.get(db, { id, limit })!;
    const details: BlockingReason = reason ? JSON.parse(reason) : { parcelas: [], total: 0 };
    recordEvent(db, SYSTEM, { action: "auto_block", entity: "client", entityId: id, clientId: id, label: nome, details: { ...details } });
  }
  for (const id of unblocked) {
    const { nome } = CLIENT_NAME.get(db, { id })!;
    recordEvent(db, SYSTEM, { action: "auto_unblock", entity: "client", entityId: id, clientId: id, label: nome, details: { causa: cause ?? null } });
  }
}

// A manual unblock forgives what is blocking now: the client's earlier forgiveness is replaced.
const FORGIVE_NOW = sql<{ id: number }, { id: number; limit: string; now: string }>(`INSERT INTO desbloqueio_perdoadas (receivable_id, client_id, data_vencimento, perdoada_em)
  SELECT r.id, r.client_id, r.data_vencimento, $now FROM receivables r WHERE r.client_id = $id AND ${OVERDUE}
  ORDER BY r.data_vencimento, r.id RETURNING receivable_id AS id`);
const FORGIVEN_NAMES = sql<BlockingInstallment & { competencia: string | null }, { ids: string }>(`SELECT r.id, r.numeros_parcela AS numerosParcela, r.data_vencimento AS dataVencimento, r.competencia
  FROM receivables r WHERE r.id IN (SELECT value FROM json_each($ids)) ORDER BY r.data_vencimento, r.id LIMIT 3`);
const FORGET_FORGIVEN = sql<never, { id: number }>("DELETE FROM desbloqueio_perdoadas WHERE client_id = $id");

/** The installments a manual unblock forgives (named in its history event: the first 3 and how many). */
function forgiveOverdue(db: Db, clientId: number, graceDays: number): BlockingReason {
  FORGET_FORGIVEN.run(db, { id: clientId });
  const ids = FORGIVE_NOW.all(db, { id: clientId, limit: addDays(today(), -graceDays), now: nowISO() }).map((r) => r.id);
  const named = ids.length ? FORGIVEN_NAMES.all(db, { ids: JSON.stringify(ids) }) : [];
  // Only a subscription's month carries its competência (its name): the others stay as they were.
  const parcelas = named.map(({ competencia, ...p }): BlockingInstallment => (competencia ? { ...p, competencia } : p));
  return { parcelas, total: ids.length };
}

/**
 * Blocks an active client or unblocks a blocked one (PATCH /api/clients/:id/toggle-block). A
 * manual block is remembered as such; a manual unblock forgives the installments overdue then
 * (see above), and its history event names them.
 */
export function toggleClientBlock(db: Db, actor: Actor, id: number, graceDays: number): ClientBlockAnswer {
  return db.transaction(
    (tx) => {
      const client = getClient(tx, id);
      const blocking = client.statusBloqueio === 0;
      const changes = blocking ? { statusBloqueio: 1, bloqueioOrigem: "manual" as const } : { statusBloqueio: 0, bloqueioOrigem: null };
      tx.update(clients)
        .set({ ...changes, updatedAt: nowISO() })
        .where(eq(clients.id, id))
        .run();
      const details = blocking ? undefined : { perdoadas: forgiveOverdue(db, id, graceDays) };
      recordEvent(db, actor, { action: blocking ? "block" : "unblock", entity: "client", entityId: id, clientId: id, label: client.nome, details });
      applyAutomaticBlocking(db, { graceDays, clientIds: [id] });
      return {
        message: blocking ? "Cliente bloqueado com sucesso" : "Cliente desbloqueado com sucesso",
        client: getClient(tx, id),
      };
    },
    { behavior: "immediate" },
  );
}

/** Clients the daily run looks at per step, and the loop time after which a slice ends. */
const CLIENTS_PER_STEP = 50;
const SLICE_MS = 8;

const NEXT_CLIENTS = sql<{ id: number }, { after: number; n: number }>("SELECT id FROM clients WHERE id > $after ORDER BY id LIMIT $n");

/**
 * The daily run (src/api/daily-jobs.ts): the rule over every client, after each midnight in
 * APP_TZ, in slices — fifty clients at a time by id, for about 8 ms, then the event loop's
 * turn (a day after a month away blocks hundreds, each with its history event: 65 ms in one
 * go at --scale 50). A slice lost to a failure is redone: the rule writes nothing twice.
 */
/** `initialGrace`: BLOCK_GRACE_DAYS; the days in force are the setting's, read at each slice (company-rules.ts graceDays). */
export function automaticBlockingJob(initialGrace: number, { sliceMs = SLICE_MS } = {}): DailyJob {
  let run = { day: "", after: 0, blocked: 0, unblocked: 0 };
  return {
    name: "Bloqueio automático",
    run(db, day, first) {
      // A run starts over on its first slice: after a failure, `after` had moved past the rolled-back slice.
      if (first || run.day !== day) run = { day, after: 0, blocked: 0, unblocked: 0 };
      const until = performance.now() + sliceMs;
      do {
        const clientIds = NEXT_CLIENTS.all(db, { after: run.after, n: CLIENTS_PER_STEP }).map((row) => row.id);
        if (clientIds.length === 0) {
          const { blocked, unblocked } = run;
          run = { day: "", after: 0, blocked: 0, unblocked: 0 };
          return blocked || unblocked ? `${blocked} cliente(s) bloqueado(s), ${unblocked} desbloqueado(s)` : null;
        }
        const changes = applyAutomaticBlocking(db, { graceDays: graceDays(db, initialGrace), clientIds });
        run.after = clientIds.at(-1)!;
        run.blocked += changes.blocked.length;
        run.unblocked += changes.unblocked.length;
      } while (performance.now() < until);
      return { more: true };
    },
  };
}
