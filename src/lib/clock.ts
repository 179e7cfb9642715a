import { isISODate } from "./dates.ts";

// The one owner of "now" and "today". Everything date-sensitive asks this module, so config
// sets the zone once (APP_TZ) and tests pin the instant once.

export interface Clock {
  timeZone: string;
  now: () => Date;
}

/** APP_TZ when unset: the company is in Brazil's official time. */
export const DEFAULT_TIME_ZONE = "America/Sao_Paulo";

export const clock: Clock = { timeZone: DEFAULT_TIME_ZONE, now: () => new Date() };

// The last answer of today() and the UTC minute it holds for: a request asks many times (its
// list, the status of each row, blocking, the history), and Intl's formatToParts is the cost.
let lastDay = { timeZone: "", minute: Number.NaN, day: "" };

/** YYYY-MM-DD of clock.now() in clock.timeZone. */
export function today(): string {
  const now = clock.now();
  const minute = Math.floor(now.getTime() / 60_000);
  if (minute === lastDay.minute && clock.timeZone === lastDay.timeZone) return lastDay.day;
  const p = zonedParts(now, clock.timeZone);
  const day = `${pad(p.year, 4)}-${pad(p.month, 2)}-${pad(p.day, 2)}`;
  // A zone whose offset is whole minutes (every one today; only old local mean times have
  // seconds) changes date on a UTC minute's edge, so the whole minute has this date.
  if (p.second === now.getUTCSeconds()) lastDay = { timeZone: clock.timeZone, minute, day };
  return day;
}

/** YYYY-MM of today(). */
export function currentMonth(): string {
  return today().slice(0, 7);
}

/** ISO 8601 timestamp in UTC, e.g. "2026-03-15T12:00:00.000Z". */
export function nowISO(): string {
  return clock.now().toISOString();
}

/**
 * Pins clock.now() for a test and returns the function that restores the previous one.
 * An instant with Z or an offset is taken as is. A date-time without offset is wall time in
 * clock.timeZone, and a bare date is noon there: new Date("2026-03-15") would be UTC
 * midnight, which is still the 14th in São Paulo.
 */
export function pinClock(isoInstant: string): () => void {
  const ms = instantFor(isoInstant, clock.timeZone);
  const previous = clock.now;
  clock.now = () => new Date(ms);
  return () => {
    clock.now = previous;
  };
}

/** The instant a day (YYYY-MM-DD) starts in clock.timeZone, as an ISO timestamp in UTC. */
export function dayStartISO(day: string): string {
  return new Date(instantFor(`${day}T00:00`, clock.timeZone)).toISOString();
}

let knownZones: ReadonlySet<string> | null = null;

export function isValidTimeZone(tz: string): boolean {
  if (typeof tz !== "string" || tz === "") return false;
  // Start-up checks APP_TZ: the default needs no look-up, other canonical names a cheap one;
  // a DateTimeFormat would load ICU's calendar data (~8 ms), which the first page after a
  // restart does not need. Aliases ("Etc/UTC") take that slow path.
  if (tz === DEFAULT_TIME_ZONE) return true;
  knownZones ??= new Set(Intl.supportedValuesOf("timeZone"));
  if (knownZones.has(tz)) return true;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

interface Parts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function zonedParts(date: Date, timeZone: string): Parts {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-CA", {
      timeZone,
      calendar: "gregory",
      numberingSystem: "latn",
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(timeZone, f);
  }
  const parts = f.formatToParts(date);
  const get = (type: Intl.DateTimeFormatPartTypes): number =>
    Number(parts.find((p) => p.type === type)?.value ?? Number.NaN);
  return {
    year: get("year"),
    month: get("month"),
    day: get("day"),
    hour: get("hour"),
    minute: get("minute"),
    second: get("second"),
  };
}

const WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})$/i;
const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?)?$/;

function instantFor(text: string, timeZone: string): number {
  if (WITH_OFFSET.test(text) && isISODate(text.slice(0, 10))) {
    const ms = Date.parse(text);
    if (!Number.isNaN(ms)) return ms;
  }
  const m = WALL_TIME.exec(text);
  if (m && isISODate(text.slice(0, 10))) {
    const [, y, mo, d, h = "12", mi = "00", s = "00", frac = "0"] = m;
    const wall = new Date(0);
    wall.setUTCFullYear(Number(y), Number(mo) - 1, Number(d));
    wall.setUTCHours(Number(h), Number(mi), Number(s), Number(frac.padEnd(3, "0")));
    const ms = wallTimeToInstant(wall.getTime(), timeZone);
    if (Number(h) < 24 && Number(mi) < 60 && Number(s) < 60 && !Number.isNaN(ms)) return ms;
  }
  throw new RangeError(`pinClock needs an ISO 8601 instant, got "${text}"`);
}

// Wall-clock time (written as if it were UTC) → the real instant in `timeZone`.
function wallTimeToInstant(wallMs: number, timeZone: string): number {
  const offsetAt = (ms: number): number => {
    const p = zonedParts(new Date(ms), timeZone);
    const asUTC = new Date(0);
    asUTC.setUTCFullYear(p.year, p.month - 1, p.day);
    asUTC.setUTCHours(p.hour, p.minute, p.second, 0);
    return asUTC.getTime() - (ms - (((ms % 1000) + 1000) % 1000));
  };
  const first = wallMs - offsetAt(wallMs);
  return wallMs - offsetAt(first);
}

function pad(n: number, width: number): string {
  return String(n).padStart(width, "0");
}
