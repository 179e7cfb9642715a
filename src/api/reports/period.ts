// The months and ranges a report accepts (DECISIONS §3): YYYY-MM, at most 36 months, from ≤ to.
import { badRequest } from "../../http/errors";
import { currentMonth } from "../../lib/clock";
import { addMonthsToMonth, isAcceptedMonth, monthRange } from "../../lib/dates";

export const MAX_RANGE_MONTHS = 36;
/** Default cash-flow window, as the dashboard's: 5 months ago to 6 months ahead. */
const DEFAULT_MONTHS_BACK = 5;
const DEFAULT_MONTHS_AHEAD = 6;

export interface MonthRange {
  from: string;
  to: string;
}

/** "2026-11" as given, or a 400 naming what was wrong. */
export function parseMonth(raw: string | undefined, label = "Mês"): string {
  if (!isAcceptedMonth(raw)) throw badRequest(`${label} inválido: use o formato AAAA-MM (ex.: 2026-11), entre 1900 e 2199`);
  return raw;
}

/**
 * A cash-flow range from optional `from`/`to`: both missing is the default window; one missing
 * is 12 months counted from the other.
 */
export function parseRange(from: string | undefined, to: string | undefined): MonthRange {
  const hasFrom = from !== undefined && from !== "";
  const hasTo = to !== undefined && to !== "";
  if (!hasFrom && !hasTo) return defaultRange();
  const start = hasFrom ? parseMonth(from, "Mês inicial") : addMonthsToMonth(parseMonth(to, "Mês final"), -11);
  const end = hasTo ? parseMonth(to, "Mês final") : addMonthsToMonth(start, 11);
  if (start > end) throw badRequest("O mês inicial deve ser anterior ou igual ao mês final");
  if (monthsIn({ from: start, to: end }) > MAX_RANGE_MONTHS) {
    throw badRequest(`O período pode ter no máximo ${MAX_RANGE_MONTHS} meses`);
  }
  return { from: start, to: end };
}

export function defaultRange(): MonthRange {
  const month = currentMonth();
  return { from: addMonthsToMonth(month, -DEFAULT_MONTHS_BACK), to: addMonthsToMonth(month, DEFAULT_MONTHS_AHEAD) };
}

const monthsIn = (range: MonthRange) => monthRange(range.from, range.to).length;

/** [first day, first day of the next month): the half-open date range of a month span. */
export function dateBounds(range: MonthRange): { start: string; until: string } {
  return { start: `${range.from}-01`, until: `${addMonthsToMonth(range.to, 1)}-01` };
}
