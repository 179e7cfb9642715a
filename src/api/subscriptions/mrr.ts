// MRR, defined once (DECISIONS §8; docs/decisions.md "MRR"): on a day, the sum of the monthly
// fees of the subscriptions in effect that day and out of trial — `ativa`, or `encerrada` with
// its `fim` not passed yet ("Encerra após"), from `inicio` to `fim`. A month's figure is its
// last day's; the current month's is today's. The dashboard card, the chart and Relatórios ›
// Assinaturas all read `mrrMovement` (the card its current month), so they agree.
//   - The current month (and later ones, a projection of today's statuses) is read from the
//     subscriptions as they stand: today's fee; trials counted apart (`emTrial`, `trial`).
//   - A closed month is read from what the subscriptions billed for that competência: Cofre keeps
//     no dated record of pauses, and a subscription bills a month exactly when it was ativa and
//     out of trial then (the fee it billed is that month's).
// Per subscription, M against M-1: counted in M only → novas (+fee in M); in both with another
// fee → reajustes (fee M − fee M-1, may be negative); in M-1 only → encerradas (fee of M-1). So
// mrr(M) = mrr(M-1) + novas + reajustes − encerradas.
import { withReadDb, type Db } from "../../../db/client";
import { badRequest } from "../../http/errors";
import { inSlices } from "../../http/slices";
import { stepsToEnd } from "../../lib/steps";
import { currentMonth, today } from "../../lib/clock";
import { addMonthsToMonth, daysInMonth, monthRange } from "../../lib/dates";
import { cents, centsToDecimal, type Cents } from "../../lib/money";
import { sqlValues } from "../prepared";
import { parseMonth, type MonthRange } from "../reports/period";

export interface MrrMonth {
  mes: string;
  /** Where the figure comes from: a closed month's billing, today's subscriptions, or a projection of them to a month ahead. */
  base: "cobranca" | "hoje" | "previsao";
  mrr: string;
  novas: string;
  reajustes: string;
  encerradas: string;
  /** Subscriptions counted in the month's MRR. */
  assinaturas: number;
  /** How many subscriptions make up `novas` and `encerradas`. */
  novasQtd: number;
  encerradasQtd: number;
  /** In effect but in trial on the month's day (not in the MRR); null for a closed month (not kept). */
  emTrial: number | null;
  /** Their fees. */
  trial: string | null;
}

const MRR_DEFAULT_MONTHS = 12;
export const MRR_MAX_MONTHS = 120;

/**
 * The subscriptions' billed months of the range and the month before it, read from the covering
 * (competencia, subscription_id, valor) index alone. The movement is summed in JavaScript over
 * these rows (integer cents): one pass, where the SQL pairing of each month with the next cost
 * ~50 ms at --scale 50 (2,000 subscriptions) in its GROUP BY.
 */
export const MRR_SQL = `SELECT subscription_id AS s, competencia AS m, valor AS v FROM receivables
  WHERE subscription_id IS NOT NULL AND competencia >= $before AND competencia <= $to`;

/**
 * The subscriptions that may be in effect from `month` on: `ativa` or `encerrada` (a person's
 * `encerrada` with `fim` ahead bills up to it), not ended before it. `pausada` ones bill nothing.
 */
const MRR_STATE_SQL = `SELECT s.id AS s, c.valor_mensalidade AS v, s.inicio AS i, s.fim AS f, s.trial_ate AS t
  FROM subscriptions s JOIN clients c ON c.id = s.client_id
  WHERE s.status IN ('ativa', 'encerrada') AND (s.fim IS NULL OR s.fim >= $month) AND (s.status = 'ativa' OR s.fim IS NOT NULL)`;

type StateRow = [id: number, valor: number, inicio: string, fim: string | null, trialAte: string | null];
const BILLED = sqlValues<[subscription: number, competencia: string, valor: number], { before: string; to: string }>(MRR_SQL);
const STATE = sqlValues<StateRow, { month: string }>(MRR_STATE_SQL);

/** Whether a subscription (a MRR_STATE_SQL row) is in effect in `month`, and in trial on `day`. */
const inEffect = (row: StateRow, month: string) => row[2] <= month && (row[3] === null || row[3] >= month);
const inTrial = (row: StateRow, day: string) => row[4] !== null && row[4] > day;

const lastDayOf = (month: string) => `${month}-${String(daysInMonth(Number(month.slice(0, 4)), Number(month.slice(5, 7)))).padStart(2, "0")}`;

/** One entry per month from `from` to `to` (both "YYYY-MM", from ≤ to), months without MRR as zeros. */
export function mrrMovement(db: Db, from: string, to: string, day = today()): MrrMonth[] {
  return stepsToEnd(mrrSteps(db, from, to, day));
}

/**
 * mrrMovement without holding the event loop (issue 38 §3): on a reader of its own, in one read
 * transaction, a closed month's billing per step, a turn of the loop between slices of ~5 ms.
 * The dashboard's 12 months read 93,000 billed rows at --scale 200 (12.5 ms, then 8 ms of
 * arithmetic), 21 ms in one go; Relatórios › Assinaturas may ask for 120 months.
 */
export function mrrMovementInTurns(databasePath: string, from: string, to: string, day = today()): Promise<MrrMonth[]> {
  return withReadDb(databasePath, (db) => inSlices(mrrSteps(db, from, to, day)));
}

/** mrrMovement's work, yielding after each closed month's billing, the subscriptions' state and the grid (mrrMovementInTurns slices there). */
export function* mrrSteps(db: Db, from: string, to: string, day = today()): Generator<void, MrrMonth[]> {
  const current = day.slice(0, 7);
  const before = addMonthsToMonth(from, -1);
  const months = monthRange(before, to);
  const n = months.length;
  const index = new Map(months.map((m, i) => [m, i]));
  // Closed months from their billing; the current month and later ones from the subscriptions.
  const lastClosed = addMonthsToMonth(current, -1);
  // (subscription slot, month index, fee) per counted row: the billed ones, then each state
  // month's. A grid of subscription × month (NaN: not counted) instead of a Map keyed by
  // "sub|month" strings: building 25,000 strings was most of this function's ~20 ms at --scale 50.
  const slotOf: number[] = [];
  const monthOf: number[] = [];
  const fees: number[] = [];
  const slots = new Map<number, number>();
  const slot = (sub: number) => {
    let found = slots.get(sub);
    if (found === undefined) slots.set(sub, (found = slots.size));
    return found * n;
  };
  // A closed month's billing per step (mrrMovementInTurns slices there), in month order.
  for (const month of before <= lastClosed ? monthRange(before, to < lastClosed ? to : lastClosed) : []) {
    const i = index.get(month)!;
    for (const [subscription, , valor] of BILLED.values(db, { before: month, to: month })) {
      slotOf.push(slot(subscription));
      monthOf.push(i);
      fees.push(valor);
    }
    yield;
  }
  const stateRows = to >= current ? STATE.values(db, { month: before > current ? before : current }) : [];
  yield;
  const emTrial = new Array<number | null>(n).fill(null);
  const trial = new Array<number>(n).fill(0);
  const firstState = Math.max(0, index.get(current) ?? (before > current ? 0 : n));
  for (let k = firstState; k < n; k++) {
    const m = months[k]!;
    const on = m === current ? day : lastDayOf(m);
    let trials = 0;
    for (const row of stateRows) {
      if (!inEffect(row, m)) continue;
      if (inTrial(row, on)) {
        trials++;
        trial[k]! += row[1];
      } else {
        slotOf.push(slot(row[0]));
        monthOf.push(k);
        fees.push(row[1]);
      }
    }
    emTrial[k] = trials;
  }
  const count = fees.length;
  const counted = new Float64Array(slots.size * n).fill(Number.NaN);
  for (let r = 0; r < count; r++) counted[slotOf[r]! + monthOf[r]!] = fees[r]!;
  yield;
  const mrr = new Array<number>(n).fill(0);
  const novas = new Array<number>(n).fill(0);
  const reajustes = new Array<number>(n).fill(0);
  const encerradas = new Array<number>(n).fill(0);
  const assinaturas = new Array<number>(n).fill(0);
  const novasQtd = new Array<number>(n).fill(0);
  const encerradasQtd = new Array<number>(n).fill(0);
  for (let r = 0; r < count; r++) {
    const valor = fees[r]!;
    const i = monthOf[r]!;
    const row = slotOf[r]!;
    if (i > 0) {
      mrr[i]! += valor;
      assinaturas[i]!++;
      const previous = counted[row + i - 1]!;
      if (Number.isNaN(previous)) {
        novas[i]! += valor;
        novasQtd[i]!++;
      } else if (previous !== valor) reajustes[i]! += valor - previous;
    }
    if (i < n - 1 && Number.isNaN(counted[row + i + 1]!)) {
      encerradas[i + 1]! += valor;
      encerradasQtd[i + 1]!++;
    }
  }
  // Index 0 is the month before the range: it only tells the first month what it moved from.
  return months.slice(1).map((mes, k) => ({
    mes,
    base: mes < current ? "cobranca" : mes === current ? "hoje" : "previsao",
    mrr: centsToDecimal(mrr[k + 1]! as Cents),
    novas: centsToDecimal(novas[k + 1]! as Cents),
    reajustes: centsToDecimal(reajustes[k + 1]! as Cents),
    encerradas: centsToDecimal(encerradas[k + 1]! as Cents),
    assinaturas: assinaturas[k + 1]!,
    novasQtd: novasQtd[k + 1]!,
    encerradasQtd: encerradasQtd[k + 1]!,
    emTrial: emTrial[k + 1]!,
    trial: emTrial[k + 1] === null ? null : centsToDecimal(trial[k + 1]! as Cents),
  }));
}

/**
 * One subscription's share of today's MRR, in cents: its fee when MRR_STATE_SQL would read it
 * (ativa, or encerrada with a fim not passed), in effect this month and out of trial today;
 * else 0. The Assinaturas export's "MRR" column: its rows add up to `currentMrr`.
 */
export function mrrTodayOf(s: { status: string; inicio: string | null; fim: string | null; trialAte: string | null }, valor: Cents, day = today()): Cents {
  const month = day.slice(0, 7);
  const counted = (s.status === "ativa" || (s.status === "encerrada" && s.fim !== null)) && s.inicio !== null;
  if (!counted || !inEffect([0, valor, s.inicio!, s.fim, s.trialAte], month) || inTrial([0, valor, s.inicio!, s.fim, s.trialAte], day)) return cents(0);
  return valor;
}

/** Today's MRR with its movement against last month (the dashboard's and /subscriptions' cards). */
export function currentMrr(db: Db): MrrMonth {
  const month = currentMonth();
  return mrrMovement(db, month, month)[0]!;
}

/** The last 12 months, ending with the current one (APP_TZ). */
export function defaultMrrRange(): MonthRange {
  const to = currentMonth();
  return { from: addMonthsToMonth(to, -(MRR_DEFAULT_MONTHS - 1)), to };
}

/**
 * `de`/`ate` from a URL: both missing is the default window, one missing is 12 months counted
 * from the other; de ≤ ate and at most 120 months, else a 400 in pt-BR.
 */
export function parseMrrRange(de: string | undefined, ate: string | undefined): MonthRange {
  const hasFrom = de !== undefined && de !== "";
  const hasTo = ate !== undefined && ate !== "";
  if (!hasFrom && !hasTo) return defaultMrrRange();
  const from = hasFrom ? parseMonth(de, "Mês inicial") : addMonthsToMonth(parseMonth(ate, "Mês final"), -(MRR_DEFAULT_MONTHS - 1));
  const to = hasTo ? parseMonth(ate, "Mês final") : addMonthsToMonth(from, MRR_DEFAULT_MONTHS - 1);
  if (from > to) throw badRequest("O mês inicial deve ser anterior ou igual ao mês final");
  if (monthRange(from, to).length > MRR_MAX_MONTHS) throw badRequest(`O período pode ter no máximo ${MRR_MAX_MONTHS} meses`);
  return { from, to };
}
