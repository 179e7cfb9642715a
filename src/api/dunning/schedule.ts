// When each step of the régua falls (DECISIONS §11): steps count business days (§8's calendar)
// from the due date — moved to the next business day when it is not one, as the bank moves it —
// and which step an installment reaches on a day. Pure, over src/lib/business-days.ts.
import { isBusinessDay } from "../../lib/business-days";
import { addDays, daysBetween } from "../../lib/dates";
import { BLOCK_WARNING_KEY, BLOCK_WARNING_LABEL, stepKey, stepLabel, type Channel, type DunningSettings } from "./model";

/** A step as the run uses it: the configured ones plus the repeats after the last. */
export interface ScheduledStep {
  key: string;
  label: string;
  dias: number;
  canal: Channel;
  assunto: string;
  texto: string;
}

/**
 * A step whose day passed while nothing ran (the server was down, the window closed early) is
 * still sent within this many calendar days: a long weekend plus a day. Older ones are not sent
 * late — the next step will come.
 */
const CATCH_UP_DAYS = 4;

/**
 * The configured steps in order, then "every N business days while unpaid" after the last one,
 * at most `maxAposVencimento` after the due date in all (the repeats use the last step's text).
 */
export function scheduledSteps(settings: Pick<DunningSettings, "etapas" | "repetirCadaDias" | "maxAposVencimento">): ScheduledStep[] {
  const sorted = [...settings.etapas].sort((a, b) => a.dias - b.dias);
  const out: ScheduledStep[] = [];
  let after = 0;
  for (const step of sorted) {
    if (step.dias > 0) {
      if (after >= settings.maxAposVencimento) break;
      after++;
    }
    out.push({ ...step, key: stepKey(step.dias), label: stepLabel(step.dias) });
  }
  const last = out.at(-1);
  if (last && settings.repetirCadaDias > 0) {
    let dias = Math.max(last.dias, 0);
    while (after < settings.maxAposVencimento) {
      dias += settings.repetirCadaDias;
      after++;
      out.push({ ...last, dias, key: stepKey(dias), label: stepLabel(dias) });
    }
  }
  return out;
}

/**
 * The business days around a run's day, numbered: a step's day is a lookup, not a walk. Covers
 * `from`..`to`; dates outside answer null.
 */
class BusinessCalendar {
  readonly days: string[] = [];
  private readonly ceil = new Map<string, number>();
  constructor(
    readonly from: string,
    readonly to: string,
  ) {
    const total = daysBetween(from, to);
    // Each date → how many business days come before it: the index of the first on or after it.
    for (let i = 0; i <= total; i++) {
      const day = addDays(from, i);
      this.ceil.set(day, this.days.length);
      if (isBusinessDay(day)) this.days.push(day);
    }
  }
  /** Index of the first business day on or after `day`. */
  ceilIndex(day: string): number | null {
    const i = this.ceil.get(day);
    return i === undefined || i >= this.days.length ? null : i;
  }
  /** Index of the last business day on or before `day`. */
  floorIndex(day: string): number | null {
    const i = this.ceil.get(day);
    if (i === undefined) return null;
    return this.days[i] === day ? i : i - 1 >= 0 ? i - 1 : null;
  }
  at(index: number): string | null {
    return this.days[index] ?? null;
  }
}

/** The calendar a run on `day` needs: far enough back for the last repeat, ahead for D−N. */
export function calendarFor(day: string): BusinessCalendar {
  return new BusinessCalendar(addDays(day, -LOOK_BACK_DAYS), addDays(day, LOOK_AHEAD_DAYS));
}
/** Calendar days a run looks back for due dates (90 business days ≈ 130 calendar days, and room). */
export const LOOK_BACK_DAYS = 200;
/** And ahead (30 business days before the due date at most, ≈ 45 calendar days). */
export const LOOK_AHEAD_DAYS = 60;

/**
 * The step an installment reaches on `day`: the latest step whose date is on or before it, when
 * that date is at most CATCH_UP_DAYS back. Null when none.
 */
export function reachedStep(calendar: BusinessCalendar, steps: readonly ScheduledStep[], dueDate: string, day: string): { step: ScheduledStep; date: string } | null {
  const base = calendar.ceilIndex(dueDate);
  const todayIndex = calendar.floorIndex(day);
  if (base === null || todayIndex === null) return null;
  const offset = todayIndex - base;
  let found: ScheduledStep | null = null;
  for (const step of steps) if (step.dias <= offset) found = step;
  if (!found) return null;
  const date = calendar.at(base + found.dias);
  if (!date || date > day || daysBetween(date, day) > CATCH_UP_DAYS) return null;
  return { step: found, date };
}

/**
 * The "aviso de bloqueio" (DECISIONS §2's grace): the client is blocked the day after
 * due + graceDays; the warning goes `diasAntes` business days before that day, and not once the
 * block day came. Null when it does not fall (or catch up) on `day`.
 */
export function blockWarningReached(calendar: BusinessCalendar, dueDate: string, graceDays: number, diasAntes: number, day: string): { key: string; label: string; date: string } | null {
  const blockDay = addDays(dueDate, graceDays + 1);
  if (day >= blockDay) return null;
  const blockIndex = calendar.ceilIndex(blockDay);
  if (blockIndex === null) return null;
  const date = calendar.at(blockIndex - diasAntes);
  if (!date || date > day || daysBetween(date, day) > CATCH_UP_DAYS) return null;
  return { key: BLOCK_WARNING_KEY, label: BLOCK_WARNING_LABEL, date };
}

/**
 * The step whose text speaks for an installment charged by hand on `day` (the bulk Cobrar): the
 * latest step whose day has come, however long ago (no catch-up limit: a person asked now), or
 * the first step when none has (a reminder before the due date). Null only without steps.
 */
export function stepInForce(calendar: BusinessCalendar, steps: readonly ScheduledStep[], dueDate: string, day: string): ScheduledStep | null {
  if (steps.length === 0) return null;
  // Beyond the calendar: long overdue (the last step) or far ahead (the first).
  if (dueDate < calendar.from) return steps.at(-1)!;
  const base = calendar.ceilIndex(dueDate);
  const todayIndex = calendar.floorIndex(day);
  if (base === null || todayIndex === null) return steps[0]!;
  const offset = todayIndex - base;
  let found = steps[0]!;
  for (const step of steps) if (step.dias <= offset) found = step;
  return found;
}
