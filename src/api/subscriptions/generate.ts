// The monthly cycle (DECISIONS §8): every active subscription's months now due become ordinary
// receivables ("Mensalidade MM/AAAA", 1/1, with their competência), each with its history event
// and the client's blocking re-evaluated, in the same transaction. Exactly once per
// (subscription, competência) is the database's rule: subscription_months' primary key — a
// second process, a restart mid-run or a person's click racing the daily job inserts nothing.
// A run goes in slices (issue 38 §3): each step does ~8 ms of work in its caller's transaction
// and says whether more is left, so the daily job, the button and the CLI commit slice by slice
// and the event loop is never held long (a day after a month away: ~1,400 installments).
import type { Db } from "../../../db/client";
import { nowISO, today } from "../../lib/clock";
import { addDays, addMonthsToMonth, monthOf } from "../../lib/dates";
import { centsToDecimal, type Cents } from "../../lib/money";
import { monthsDue, type ScheduleTerms } from "../../lib/subscription-schedule";
import { applyAutomaticBlocking } from "../clients/blocking";
import { runInSlices, type DailyJob } from "../daily-jobs";
import { recordEvent, SYSTEM, type Actor } from "../history/record";
import { sql } from "../prepared";
import { subscriptionRules } from "../settings/service";
import { monthlyDescription } from "./model";
import { graceDays as graceDaysInForce } from "../company-rules";

/** A subscription row as stored, with its client's fee and name. */
export interface StoredSubscription {
  id: number;
  clientId: number;
  clientName: string;
  status: "ativa" | "pausada" | "encerrada";
  valor: Cents;
  diaVencimento: number;
  inicio: string;
  fim: string | null;
  trialAte: string | null;
  reajusteMes: number | null;
  reajustePercentual: number | null;
  ultimoReajuste: string | null;
  proximaCompetencia: string;
}

// An `encerrada` subscription bills what is left up to its `fim` (DECISIONS §8) from the month it
// was ended on at the earliest: one ended while paused never back-fills its paused months.
const CURSOR_SQL = "CASE WHEN s.status = 'encerrada' THEN max(s.proxima_competencia, coalesce(substr(s.encerrada_em, 1, 7), '')) ELSE s.proxima_competencia END";

export const STORED_COLUMNS = `s.id, s.client_id AS clientId, c.nome AS clientName, s.status, c.valor_mensalidade AS valor,
  s.dia_vencimento AS diaVencimento, s.inicio, s.fim, s.trial_ate AS trialAte, s.reajuste_mes AS reajusteMes,
  s.reajuste_percentual AS reajustePercentual, s.ultimo_reajuste AS ultimoReajuste, ${CURSOR_SQL} AS proximaCompetencia`;

export const termsOf = (s: Pick<StoredSubscription, "diaVencimento" | "inicio" | "fim" | "trialAte">): ScheduleTerms => ({
  diaVencimento: s.diaVencimento,
  inicio: s.inicio,
  fim: s.fim,
  trialAte: s.trialAte,
});

export interface RunContext {
  settings: { antecedenciaDias: number; vencimentoEmDiaUtil: boolean };
  /** BLOCK_GRACE_DAYS: the generated months pass through the blocking rule. */
  graceDays: number;
  /** When given, the id of every installment written is appended (the CLI lists them). */
  written?: number[];
}

const GUARD = sql<{ competencia: string }, { id: number; competencia: string; now: string }>(
  "INSERT INTO subscription_months (subscription_id, competencia, gerada_em) VALUES ($id, $competencia, $now) ON CONFLICT DO NOTHING RETURNING competencia",
);
const INSERT = sql<{ id: number }, { clientId: number; descricao: string; vencimento: string; valor: Cents; id: number; competencia: string; now: string }>(
  `INSERT INTO receivables (client_id, numeros_parcela, descricao, data_vencimento, valor, subscription_id, competencia, created_at)
     VALUES ($clientId, '1/1', $descricao, $vencimento, $valor, $id, $competencia, $now) RETURNING id`,
);
const LINK = sql<never, { receivableId: number; id: number; competencia: string }>(
  "UPDATE subscription_months SET receivable_id = $receivableId WHERE subscription_id = $id AND competencia = $competencia",
);
const ADVANCE = sql<never, { next: string; id: number }>("UPDATE subscriptions SET proxima_competencia = $next WHERE id = $id AND proxima_competencia < $next");

/**
 * Generates, for each of `subscriptions` (active ones), every month due by `until` from its
 * cursor on, and moves the cursor past them. Returns how many installments it wrote.
 */
export function generateDueMonths(db: Db, actor: Actor, subscriptions: StoredSubscription[], { settings, graceDays, written: ids }: RunContext, until: string): number {
  const now = nowISO();
  let written = 0;
  for (const s of subscriptions) {
    const { due, next } = monthsDue(termsOf(s), settings, s.proximaCompetencia, until);
    const parcelas: { id: number; numerosParcela: string; dataVencimento: string; competencia: string }[] = [];
    for (const month of due) {
      // Another run already billed it (or the person confirmed a month made by hand): nothing to do.
      if (!GUARD.get(db, { id: s.id, competencia: month.competencia, now })) continue;
      if (s.valor <= 0) continue; // a fee of zero bills nothing (the month still counts as looked at)
      const descricao = monthlyDescription(month.competencia);
      const { id } = INSERT.get(db, { clientId: s.clientId, descricao, vencimento: month.vencimento, valor: s.valor, id: s.id, competencia: month.competencia, now })!;
      LINK.run(db, { receivableId: id, id: s.id, competencia: month.competencia });
      recordEvent(db, actor, {
        action: "subscription_generate",
        entity: "installment",
        entityId: id,
        label: `${s.clientName} — ${descricao}`,
        details: { competencia: month.competencia, dataVencimento: month.vencimento, valor: centsToDecimal(s.valor), assinatura: s.id },
        clientId: s.clientId,
      });
      parcelas.push({ id, numerosParcela: "1/1", dataVencimento: month.vencimento, competencia: month.competencia });
      ids?.push(id);
      written++;
    }
    if (next !== s.proximaCompetencia) ADVANCE.run(db, { next, id: s.id });
    s.proximaCompetencia = next > s.proximaCompetencia ? next : s.proximaCompetencia;
    if (parcelas.length) applyAutomaticBlocking(db, { graceDays, clientIds: [s.clientId], cause: { acao: "subscription_generate", parcelas } });
  }
  return written;
}

export interface RunResult {
  geradas: number;
  /** Clients whose trial ended in this run. */
  trialEncerrado: number;
  /** Subscriptions ended in this run because their `fim` had passed. */
  encerradas: number;
}

/**
 * The lowest day the cursor month of `s` can fall due: its due day clamped to 28, before any move
 * to a business day (dueDateOf in src/lib/subscription-schedule.ts is later or the same). A month
 * is due by `until` only if its due day minus the lead time has come, so a subscription whose
 * cursor gives a day after `until` + lead time has nothing due. The same expression as
 * subscriptions_due_idx (db/schema.ts), so the "anything due?" reads the index alone.
 */
const DUE_FROM_SQL = "(s.proxima_competencia || '-' || CASE WHEN s.dia_vencimento < 10 THEN '0' || s.dia_vencimento WHEN s.dia_vencimento > 28 THEN '28' ELSE s.dia_vencimento END)";
/** The index's own condition: past its fim nothing is left (an `encerrada` one's cursor, CURSOR_SQL, is this or later). */
const NOT_PAST_FIM = "(s.fim IS NULL OR s.proxima_competencia <= s.fim)";
const MAY_BE_DUE = `s.status IN ('ativa', 'encerrada') AND ${NOT_PAST_FIM} AND ${DUE_FROM_SQL} <= $dueBy`;

/** Whether any subscription may have a month due (exported for the test that it reads the index alone). */
export const ANY_DUE = sql<{ id: number }, { dueBy: string }>(`SELECT s.id FROM subscriptions s WHERE ${MAY_BE_DUE} LIMIT 1`);

// The next subscriptions after `after` by id (the keyset that makes a run progress: one looked at
// with nothing due after all — a due day moved to a business day — is passed, not read again),
// among the ids up to `upTo`. `fim` is the last month billed whatever the status (DECISIONS §8):
// `encerrada` bills up to it. Read by id, a window at a time (NOT INDEXED: the rowid range
// still serves): through subscriptions_due_idx every statement sorted every subscription due
// to hand back 20 of them (3.8 ms each at 8,000 subscriptions, 1.5 s of a month's run), and
// without the window one that found few due read every subscription after `after`.
export const NEXT_DUE = sql<StoredSubscription, { after: number; upTo: number; dueBy: string; lastMonth: string; n: number }>(
  `SELECT ${STORED_COLUMNS} FROM subscriptions s NOT INDEXED JOIN clients c ON c.id = s.client_id
    WHERE s.id > +$after AND s.id <= +$upTo AND ${MAY_BE_DUE.replace("$dueBy", "+$dueBy")} AND ${CURSOR_SQL} <= +$lastMonth AND (s.fim IS NULL OR ${CURSOR_SQL} <= s.fim)
    ORDER BY s.id LIMIT $n`,
);
const LAST_ID = sql<{ id: number | null }>("SELECT max(id) AS id FROM subscriptions");

/** Subscriptions read per step, ids looked at per statement, trials and ends per statement, and the loop time a slice may take. */
const SUBSCRIPTIONS_PER_STEP = 20;
const IDS_PER_STEP = 500;
const ROWS_PER_STEP = 50;
const SLICE_MS = 8;

/** Where one run of the cycle is, from one slice to the next. */
export interface SubscriptionRun {
  readonly actor: Actor;
  readonly graceDays: number;
  /** Months due by this day are generated (today, or up to 62 days ahead when a person asks). */
  readonly until: string;
  /** The day the run started: trials end and subscriptions past fim end as of it. */
  readonly day: string;
  /** Trials ending, then the months (subscriptions after `after`, by id), then the ends past fim. */
  phase: "trials" | "months" | "fim" | "done";
  after: number;
  readonly result: RunResult;
  /** The installments written, when asked for (the CLI lists them). */
  readonly written: number[] | undefined;
}

export function startSubscriptionRun(actor: Actor, graceDays: number, until = today(), { listWritten = false } = {}): SubscriptionRun {
  return {
    actor,
    graceDays,
    until,
    day: today(),
    phase: "trials",
    after: 0,
    result: { geradas: 0, trialEncerrado: 0, encerradas: 0 },
    written: listWritten ? [] : undefined,
  };
}

/**
 * One slice of `run`, in the caller's transaction: work for about `sliceMs` (between two
 * subscriptions, or two statements of 50 trials or ends), then true when more is left. Each
 * subscription's months, their history and the client's blocking go in one slice. Exactly-once
 * is the keys' (subscription_months), so a slice lost to a failure is done again by the next
 * run, and `run` must then be a new one (it moved on as if the lost slice had committed).
 */
export function runSubscriptionStep(db: Db, run: SubscriptionRun, sliceMs = SLICE_MS): boolean {
  const deadline = performance.now() + sliceMs;
  while (run.phase !== "done") {
    if (run.phase === "trials") {
      const ended = endTrials(db, run.day, ROWS_PER_STEP);
      run.result.trialEncerrado += ended;
      if (ended < ROWS_PER_STEP) run.phase = "months";
    } else if (run.phase === "months") {
      if (!generateSome(db, run, deadline)) run.phase = "fim";
    } else {
      // After billing, so a run after days off bills the last months before ending the subscription.
      const ended = endPastFim(db, run.day, ROWS_PER_STEP);
      run.result.encerradas += ended;
      if (ended < ROWS_PER_STEP) run.phase = "done";
    }
    if (run.phase !== "done" && performance.now() >= deadline) return true;
  }
  return false;
}

/** The months of the subscriptions after `run.after`, one subscription at a time until `deadline`; false when none is left. */
function generateSome(db: Db, run: SubscriptionRun, deadline: number): boolean {
  const settings = subscriptionRules(db);
  // A month can be due by `until` only if its due day minus the lead time has come.
  const dueBy = addDays(run.until, settings.antecedenciaDias);
  // Nothing due (most runs): one look at subscriptions_due_idx, no subscription read.
  if (run.after === 0 && !ANY_DUE.get(db, { dueBy })) return false;
  const context: RunContext = { settings, graceDays: run.graceDays, written: run.written };
  const lastId = LAST_ID.get(db)?.id ?? 0;
  while (run.after < lastId) {
    const upTo = run.after + IDS_PER_STEP;
    const batch = NEXT_DUE.all(db, { after: run.after, upTo, dueBy, lastMonth: monthOf(dueBy), n: SUBSCRIPTIONS_PER_STEP });
    for (const s of batch) {
      run.result.geradas += generateDueMonths(db, run.actor, [s], context, run.until);
      run.after = s.id;
      if (performance.now() >= deadline) return true;
    }
    // Fewer than asked: nothing else is due up to `upTo`.
    if (batch.length < SUBSCRIPTIONS_PER_STEP) run.after = upTo;
    if (performance.now() >= deadline) return run.after < lastId;
  }
  return false;
}

/**
 * A whole run in the caller's one transaction: ends the trials whose date has come, generates
 * every active subscription's months due by `until`, then ends the subscriptions past their fim;
 * running it twice writes nothing the second time. The same steps as the sliced runs without the
 * pauses: for `cofre subscriptions run --dry-run` (a preview rolled back whole), the bench's
 * baseline and the tests that compare the two. The server never holds the loop with it.
 */
export function runSubscriptions(db: Db, actor: Actor, graceDays: number, until = today()): RunResult {
  const run = startSubscriptionRun(actor, graceDays, until);
  while (runSubscriptionStep(db, run, Number.POSITIVE_INFINITY));
  return run.result;
}

/**
 * A whole run, a slice per immediate transaction with a turn of the event loop between two
 * (POST /api/subscriptions/run, `cofre subscriptions run`): a failure leaves the slices before it
 * committed, and running again finishes the rest exactly once.
 */
export async function runSubscriptionsInSlices(db: Db, run: SubscriptionRun, { sliceMs = SLICE_MS, onLastSlice }: { sliceMs?: number; onLastSlice?: () => void } = {}): Promise<RunResult> {
  await runInSlices(db, () => {
    if (runSubscriptionStep(db, run, sliceMs)) return true;
    onLastSlice?.(); // in the last slice's transaction (the CLI records the daily job's day there)
    return false;
  });
  return run.result;
}

const PAST_FIM = sql<{ id: number; clientId: number; status: string; fim: string; nome: string }, { month: string; n: number }>(
  `SELECT s.id, s.client_id AS clientId, s.status, s.fim, c.nome FROM subscriptions s JOIN clients c ON c.id = s.client_id
    WHERE s.status IN ('ativa', 'pausada') AND s.fim IS NOT NULL AND s.fim < $month ORDER BY s.id LIMIT $n`,
);
const END = sql<never, { on: string; now: string; id: number }>("UPDATE subscriptions SET status = 'encerrada', encerrada_em = $on, updated_at = $now WHERE id = $id");

/**
 * The day after its last month a subscription past its `fim` ends (DECISIONS §8): an `ativa` or
 * `pausada` one whose `fim` is before this month becomes `encerrada`, ended on the first day
 * after `fim` (that day by the rule, even when the server was off then), one event by "sistema".
 * At most `limit` of them; the ones ended are no longer found, so the next call goes on.
 */
function endPastFim(db: Db, day: string, limit: number): number {
  const rows = PAST_FIM.all(db, { month: monthOf(day), n: limit });
  const now = nowISO();
  for (const s of rows) {
    END.run(db, { on: `${addMonthsToMonth(s.fim, 1)}-01`, now, id: s.id });
    recordEvent(db, SYSTEM, {
      action: "update",
      entity: "subscription",
      entityId: s.id,
      label: s.nome,
      details: { alteracoes: { status: [s.status, "encerrada"] }, motivo: "passou o último mês cobrado (fim)", fim: s.fim },
      clientId: s.clientId,
    });
  }
  return rows.length;
}

const END_TRIALS = sql<{ id: number; nome: string; trialAte: string }, { day: string; now: string; n: number }>(
  `UPDATE clients SET is_trial = 0, updated_at = $now
    WHERE id IN (SELECT c.id FROM subscriptions s JOIN clients c ON c.id = s.client_id
                  WHERE c.is_trial = 1 AND s.status = 'ativa' AND s.trial_ate IS NOT NULL AND s.trial_ate <= $day ORDER BY c.id LIMIT $n)
    RETURNING id, nome, (SELECT trial_ate FROM subscriptions WHERE client_id = clients.id) AS trialAte`,
);

/**
 * A trial client becomes a paying one on its subscription's `trialAte`, without anyone acting.
 * At most `limit` clients; the ones ended are no longer found, so the next call goes on.
 */
function endTrials(db: Db, day: string, limit: number): number {
  const ended = END_TRIALS.all(db, { day, now: nowISO(), n: limit });
  for (const client of ended) {
    recordEvent(db, SYSTEM, { action: "trial_end", entity: "client", entityId: client.id, label: client.nome, details: { trialAte: client.trialAte }, clientId: client.id });
  }
  return ended.length;
}

/** The daily job's name (its key in the `jobs` table): `cofre subscriptions run` records it too. */
export const SUBSCRIPTIONS_JOB = "Assinaturas";

/** What a run did, for the log: null when nothing. */
function runSummary({ geradas, trialEncerrado, encerradas }: RunResult): string | null {
  const said = [
    geradas ? `${geradas} parcela(s) gerada(s)` : "",
    trialEncerrado ? `${trialEncerrado} trial(s) encerrado(s)` : "",
    encerradas ? `${encerradas} assinatura(s) encerrada(s) após o último mês` : "",
  ].filter(Boolean);
  return said.length ? said.join(", ") : null;
}

/**
 * The daily run (src/api/daily-jobs.ts): after start-up and each midnight in APP_TZ, back-filling
 * what a stopped server missed, a slice per call. A run starts over on the runner's first slice
 * (after a failure too: where the failed slice had got to was rolled back with it).
 */
/** `initialGrace`: BLOCK_GRACE_DAYS; each run reads the grace days in force (company-rules.ts graceDays). */
export function subscriptionsJob(initialGrace: number, { sliceMs = SLICE_MS } = {}): DailyJob {
  let run: SubscriptionRun | null = null;
  return {
    name: SUBSCRIPTIONS_JOB,
    run(db, day, first) {
      if (first || run === null || run.until !== day) run = startSubscriptionRun(SYSTEM, graceDaysInForce(db, initialGrace), day);
      if (runSubscriptionStep(db, run, sliceMs)) return { more: true };
      const said = runSummary(run.result);
      run = null;
      return said;
    },
  };
}
