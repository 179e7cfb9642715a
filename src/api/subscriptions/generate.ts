// The monthly cycle (DECISIONS §8): every active subscription's months now due become ordinary
// receivables ("Mensalidade MM/AAAA", 1/1, with their competência), each with its history event
// and the client's blocking re-evaluated, in the caller's transaction. Exactly once per
// (subscription, competência) is the database's rule: subscription_months' primary key — a
// second process, a restart mid-run or a person's click racing the daily job inserts nothing.
import type { Db } from "../../../db/client";
import { nowISO, today } from "../../lib/clock";
import { addDays, addMonthsToMonth, monthOf } from "../../lib/dates";
import { centsToDecimal, type Cents } from "../../lib/money";
import { monthsDue, type ScheduleTerms } from "../../lib/subscription-schedule";
import { applyAutomaticBlocking } from "../clients/blocking";
import type { DailyJob } from "../daily-jobs";
import { recordEvent, SYSTEM, type Actor } from "../history/record";
import { sql } from "../prepared";
import { getSettings } from "../settings/service";
import { monthlyDescription } from "./model";

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
// `fim` is the last month billed whatever the status (DECISIONS §8): `encerrada` bills up to it.
// (The plain cursor test lets the (status, proxima_competencia) index pick the rows.)
const DUE = sql<StoredSubscription, { lastMonth: string }>(
  `SELECT ${STORED_COLUMNS} FROM subscriptions s JOIN clients c ON c.id = s.client_id
      WHERE s.status IN ('ativa', 'encerrada') AND s.proxima_competencia <= $lastMonth AND ${CURSOR_SQL} <= $lastMonth AND (s.fim IS NULL OR ${CURSOR_SQL} <= s.fim)
      ORDER BY s.id`,
);
const PAST_FIM = sql<{ id: number; clientId: number; status: string; fim: string; nome: string }, { month: string }>(
  `SELECT s.id, s.client_id AS clientId, s.status, s.fim, c.nome FROM subscriptions s JOIN clients c ON c.id = s.client_id
      WHERE s.status IN ('ativa', 'pausada') AND s.fim IS NOT NULL AND s.fim < $month ORDER BY s.id`,
);
const END = sql<never, { on: string; now: string; id: number }>("UPDATE subscriptions SET status = 'encerrada', encerrada_em = $on, updated_at = $now WHERE id = $id");
const END_TRIALS = sql<{ id: number; nome: string; trialAte: string }, { day: string; now: string }>(
  `UPDATE clients SET is_trial = 0, updated_at = $now
      WHERE is_trial = 1 AND id IN (SELECT client_id FROM subscriptions WHERE status = 'ativa' AND trial_ate IS NOT NULL AND trial_ate <= $day)
      RETURNING id, nome, (SELECT trial_ate FROM subscriptions WHERE client_id = clients.id) AS trialAte`,
);

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
}

/**
 * Generates, for each of `subscriptions` (active ones), every month due by `until` from its
 * cursor on, and moves the cursor past them. Returns how many installments it wrote.
 */
export function generateDueMonths(db: Db, actor: Actor, subscriptions: StoredSubscription[], { settings, graceDays }: RunContext, until: string): number {
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
 * What the daily job and POST /api/subscriptions/run do: ends the trials whose date has come,
 * then generates every active subscription's months due by `until` (today, or up to 62 days
 * ahead when a person asks). Runs in the caller's transaction; running it twice writes nothing
 * the second time.
 */
export function runSubscriptions(db: Db, actor: Actor, graceDays: number, until = today()): RunResult {
  const day = today();
  const settings = getSettings(db);
  const trialEncerrado = endTrials(db, day);
  // A month can be due by `until` only if its first day minus the lead time has come.
  const lastMonth = monthOf(addDays(until, settings.antecedenciaDias));
  const due = DUE.all(db, { lastMonth });
  const geradas = generateDueMonths(db, actor, due, { settings, graceDays }, until);
  // After billing, so a run after days off bills the last months before ending the subscription.
  return { geradas, trialEncerrado, encerradas: endPastFim(db, day) };
}

/**
 * The day after its last month a subscription past its `fim` ends (DECISIONS §8): an `ativa` or
 * `pausada` one whose `fim` is before this month becomes `encerrada`, ended on the first day
 * after `fim` (that day by the rule, even when the server was off then), one event by "sistema".
 */
function endPastFim(db: Db, day: string): number {
  const rows = PAST_FIM.all(db, { month: monthOf(day) });
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

/** A trial client becomes a paying one on its subscription's `trialAte`, without anyone acting. */
function endTrials(db: Db, day: string): number {
  const ended = END_TRIALS.all(db, { day, now: nowISO() });
  for (const client of ended) {
    recordEvent(db, SYSTEM, { action: "trial_end", entity: "client", entityId: client.id, label: client.nome, details: { trialAte: client.trialAte }, clientId: client.id });
  }
  return ended.length;
}

/** The daily run (src/api/daily-jobs.ts): after start-up and each midnight in APP_TZ, back-filling what a stopped server missed. */
export function subscriptionsJob(graceDays: number): DailyJob {
  return {
    name: "Assinaturas",
    run(db, day) {
      const { geradas, trialEncerrado, encerradas } = runSubscriptions(db, SYSTEM, graceDays, day);
      const said = [
        geradas ? `${geradas} parcela(s) gerada(s)` : "",
        trialEncerrado ? `${trialEncerrado} trial(s) encerrado(s)` : "",
        encerradas ? `${encerradas} assinatura(s) encerrada(s) após o último mês` : "",
      ].filter(Boolean);
      return said.length ? said.join(", ") : null;
    },
  };
}
