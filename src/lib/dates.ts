// Date-only "YYYY-MM-DD" and month "YYYY-MM" strings. Calendar math is done on integers, so no
// time zone or DST can shift a day; "today" itself comes from clock.ts. Month names are in
// months.ts (small on its own: the chart islands need only them).
import { isYearMonth } from "./months";

export { isYearMonth };

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isISODate(s: unknown): s is string {
  if (typeof s !== "string") return false;
  const m = ISO_DATE.exec(s);
  if (!m) return false;
  const month = Number(m[2]);
  const day = Number(m[3]);
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(Number(m[1]), month);
}

/**
 * The years a date or month typed, stored or filtered may have (DECISIONS §2): a bookmark with
 * 9999-12 or a due date in year 0000 is a mistake, and date math beyond them would throw.
 */
export const MIN_YEAR = 1900;
export const MAX_YEAR = 2199;
const inYears = (s: string) => Number(s.slice(0, 4)) >= MIN_YEAR && Number(s.slice(0, 4)) <= MAX_YEAR;

/** A YYYY-MM-DD date within MIN_YEAR–MAX_YEAR: what every input and filter accepts. */
export const isAcceptedDate = (s: unknown): s is string => isISODate(s) && inYears(s);

/** A YYYY-MM month within MIN_YEAR–MAX_YEAR. */
export const isAcceptedMonth = (s: unknown): s is string => isYearMonth(s) && inYears(s);

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** "2026-01-31" → "31/01/2026"; anything else is shown unchanged, null/undefined as "". */
export function formatDateBR(iso: string | null | undefined): string {
  if (iso == null) return "";
  if (!isISODate(iso)) return iso;
  return `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
}

/**
 * iso + k calendar months, keeping the original day where the target month has it and its
 * last day otherwise: 31 Jan + 1 → 28 Feb, 31 Jan + 2 → 31 Mar.
 */
export function addMonthsClamped(iso: string, k: number): string {
  const { year, month, day } = parseDate(iso);
  const target = shiftMonth(year, month, k);
  return toISODate(target.year, target.month, Math.min(day, daysInMonth(target.year, target.month)));
}

/** "2026-01" + (-5) → "2025-08". */
export function addMonthsToMonth(ym: string, k: number): string {
  const { year, month } = parseYearMonth(ym);
  const target = shiftMonth(year, month, k);
  return `${pad(target.year, 4)}-${pad(target.month, 2)}`;
}

/** iso + n days (negative allowed). */
export function addDays(iso: string, n: number): string {
  parseDate(iso);
  if (!Number.isSafeInteger(n)) throw new RangeError(`Not a whole number of days: ${n}`);
  return fromDayNumber(toDayNumber(iso) + n);
}

/** "2026-03-15" → "2026-03". */
export function monthOf(iso: string): string {
  parseDate(iso);
  return iso.slice(0, 7);
}

/** Whole calendar days from `from` to `to`; negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  parseDate(from);
  parseDate(to);
  return toDayNumber(to) - toDayNumber(from);
}

/** Day of the week, 0 = Sunday … 6 = Saturday (1970-01-01 was a Thursday). */
export function weekday(iso: string): number {
  return (((toDayNumber(iso) + 4) % 7) + 7) % 7;
}

/** Every month from `from` to `to`, both included; empty when from is after to. */
export function monthRange(from: string, to: string): string[] {
  const start = parseYearMonth(from);
  const end = parseYearMonth(to);
  const count = end.year * 12 + end.month - (start.year * 12 + start.month) + 1;
  return Array.from({ length: Math.max(0, count) }, (_, i) => addMonthsToMonth(from, i));
}

function parseDate(iso: string): { year: number; month: number; day: number } {
  if (!isISODate(iso)) throw new RangeError(`Not a YYYY-MM-DD date: ${String(iso)}`);
  return { year: Number(iso.slice(0, 4)), month: Number(iso.slice(5, 7)), day: Number(iso.slice(8, 10)) };
}

function parseYearMonth(ym: string): { year: number; month: number } {
  if (!isYearMonth(ym)) throw new RangeError(`Not a YYYY-MM month: ${String(ym)}`);
  return { year: Number(ym.slice(0, 4)), month: Number(ym.slice(5, 7)) };
}

function shiftMonth(year: number, month: number, k: number): { year: number; month: number } {
  if (!Number.isSafeInteger(k)) throw new RangeError(`Not a whole number of months: ${k}`);
  const index = year * 12 + (month - 1) + k;
  const targetYear = Math.floor(index / 12);
  if (targetYear < 0 || targetYear > 9999) throw new RangeError(`Year out of range: ${targetYear}`);
  return { year: targetYear, month: index - targetYear * 12 + 1 };
}

// Days since 1970-01-01 in the proleptic Gregorian calendar (H. Hinnant's days_from_civil).
function toDayNumber(iso: string): number {
  const { year, month, day } = parseDate(iso);
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const mp = (month + 9) % 12;
  const doy = Math.floor((153 * mp + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

function fromDayNumber(n: number): string {
  const z = n + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  const year = yoe + era * 400 + (month <= 2 ? 1 : 0);
  if (year < 0 || year > 9999) throw new RangeError(`Year out of range: ${year}`);
  return toISODate(year, month, day);
}


function toISODate(year: number, month: number, day: number): string {
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
}

function pad(n: number, width: number): string {
  return String(n).padStart(width, "0");
}
