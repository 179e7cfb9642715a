// Months as people read them: "YYYY-MM" checked, and named in pt-BR ("jan. de 2026"). Apart
// from dates.ts so that an island showing months (the charts) does not ship the calendar math.

const YEAR_MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

export function isYearMonth(s: unknown): s is string {
  return typeof s === "string" && YEAR_MONTH.test(s);
}

/**
 * "janeiro" … "dezembro" and "jan." … "dez.", as pt-BR writes them (lower case): a table, not
 * Intl, so server and browser agree to the letter and start-up does not load ICU's calendar
 * data for them (a test checks the table against Intl).
 */
export const MONTH_NAMES: readonly string[] = Object.freeze(
  ["janeiro", "fevereiro", "março", "abril", "maio", "junho", "julho", "agosto", "setembro", "outubro", "novembro", "dezembro"],
);
const SHORT_MONTH_NAMES: readonly string[] = Object.freeze(
  ["jan.", "fev.", "mar.", "abr.", "mai.", "jun.", "jul.", "ago.", "set.", "out.", "nov.", "dez."],
);

/** "2026-01" → "jan. de 2026"; anything else unchanged, null/undefined as "". */
export function formatMonthBR(ym: string | null | undefined): string {
  if (ym == null) return "";
  if (!isYearMonth(ym)) return ym;
  return `${shortMonthBR(ym)} de ${ym.slice(0, 4)}`;
}

/** "2026-01" → "jan."; anything else unchanged, null/undefined as "". */
export function shortMonthBR(ym: string | null | undefined): string {
  if (ym == null) return "";
  if (!isYearMonth(ym)) return ym;
  return SHORT_MONTH_NAMES[Number(ym.slice(5, 7)) - 1]!;
}

/** "2026-11" → "nov/2026": a month in a short line (a card's note). */
export function monthSlashBR(ym: string | null | undefined): string {
  if (ym == null) return "";
  if (!isYearMonth(ym)) return ym;
  return `${shortMonthBR(ym).replace(".", "")}/${ym.slice(0, 4)}`;
}
