// When a subscription bills (DECISIONS §8): each month ("competência", YYYY-MM) from `inicio`
// to `fim` has one due date — `diaVencimento` clamped to the month's last day, then moved to the
// next business day when the setting says so. Months whose due date falls before `trialAte` are
// not billed. Pure and client-safe: the server's daily run and the form's preview share it.
import { nextBusinessDay } from "./business-days";
import { addDays, addMonthsToMonth, daysInMonth } from "./dates";

export interface ScheduleTerms {
  diaVencimento: number;
  /** First month billed, YYYY-MM. */
  inicio: string;
  /** Last month billed, YYYY-MM, or null. */
  fim: string | null;
  /** Months due before this date are the trial's, not billed. */
  trialAte: string | null;
}

export interface ScheduleSettings {
  /** Move a due date on a weekend or bank holiday to the next business day. */
  vencimentoEmDiaUtil: boolean;
  /** Generate a month this many days before its due date. */
  antecedenciaDias: number;
}

export interface BilledMonth {
  competencia: string;
  vencimento: string;
}

/** The due date of one month: the day clamped to the month, then the next business day if asked. */
export function dueDateOf(competencia: string, diaVencimento: number, vencimentoEmDiaUtil: boolean): string {
  const year = Number(competencia.slice(0, 4));
  const month = Number(competencia.slice(5, 7));
  const day = Math.min(diaVencimento, daysInMonth(year, month));
  const clamped = `${competencia}-${String(day).padStart(2, "0")}`;
  return vencimentoEmDiaUtil ? nextBusinessDay(clamped) : clamped;
}

/** Whether a month is billed at all: inside inicio–fim and not in the trial. */
function billed(terms: ScheduleTerms, month: BilledMonth): boolean {
  if (month.competencia < terms.inicio) return false;
  if (terms.fim !== null && month.competencia > terms.fim) return false;
  return terms.trialAte === null || month.vencimento >= terms.trialAte;
}

/**
 * The months to generate now: from `from` (the first month not yet looked at) on, every billed
 * month whose due date minus the lead time has come by `today`, in order. Months skipped for
 * the trial are passed over, so the caller can move `from` past them too.
 */
export function monthsDue(terms: ScheduleTerms, settings: ScheduleSettings, from: string, today: string): { due: BilledMonth[]; next: string } {
  const due: BilledMonth[] = [];
  let month = from < terms.inicio ? terms.inicio : from;
  for (;;) {
    if (terms.fim !== null && month > terms.fim) break;
    const vencimento = dueDateOf(month, terms.diaVencimento, settings.vencimentoEmDiaUtil);
    if (addDays(vencimento, -settings.antecedenciaDias) > today) break;
    const candidate = { competencia: month, vencimento };
    if (billed(terms, candidate)) due.push(candidate);
    month = addMonthsToMonth(month, 1);
  }
  return { due, next: month };
}

/** The next `count` billed months from `from` on (for the form's preview), whatever the lead time. */
export function upcomingMonths(terms: ScheduleTerms, vencimentoEmDiaUtil: boolean, from: string, count: number): BilledMonth[] {
  const out: BilledMonth[] = [];
  let month = from < terms.inicio ? terms.inicio : from;
  // A trial can skip months; 600 bounds the walk (50 years) whatever the terms.
  for (let i = 0; out.length < count && i < 600; i++, month = addMonthsToMonth(month, 1)) {
    if (terms.fim !== null && month > terms.fim) break;
    const candidate = { competencia: month, vencimento: dueDateOf(month, terms.diaVencimento, vencimentoEmDiaUtil) };
    if (billed(terms, candidate)) out.push(candidate);
  }
  return out;
}

/**
 * The first month whose due date (clamped, then moved to a business day when asked) is `today`
 * or later: a new subscription's default start (nothing overdue is billed on saving it) and where
 * a resumed one picks up. The lead time (`antecedenciaDias`) only says when that month is
 * generated, never which month comes first. Starts a month back: a due date moved past the
 * month's end (31/01 on a Saturday → 02/02) may still be ahead.
 */
export function firstMonthNotPast(today: string, diaVencimento: number, vencimentoEmDiaUtil: boolean): string {
  let month = addMonthsToMonth(today.slice(0, 7), -1);
  while (dueDateOf(month, diaVencimento, vencimentoEmDiaUtil) < today) month = addMonthsToMonth(month, 1);
  return month;
}

/**
 * What saving these terms as a new start bills at once (every month due by `today`, the lead time
 * counted, as the save's own run generates them) and which of those are already overdue: the
 * dialog says both before it is saved (DECISIONS §8).
 */
export function billedOnStart(terms: ScheduleTerms, settings: ScheduleSettings, today: string): { now: BilledMonth[]; overdue: BilledMonth[] } {
  const { due } = monthsDue(terms, settings, terms.inicio, today);
  return { now: due, overdue: due.filter((m) => m.vencimento < today) };
}
