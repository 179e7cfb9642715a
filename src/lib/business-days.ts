// The banks' business days (DECISIONS §8): a due date on a Saturday, Sunday or bank holiday moves
// to the next business day, without fees (Código Civil art. 132). Bank holidays are the national
// ones plus Carnaval Monday and Tuesday, Good Friday and Corpus Christi; Ash Wednesday is a
// business day. 31 December is not one either: banks give no public service on the year's last
// day (FEBRABAN), so a bill due then is paid on the next business day without fees. Client-safe: the subscription preview in the browser uses this same rule.
// The deep import keeps the rest of the library (the PIX key rules…) out of the browser bundles that preview due dates.
import { getHolidays } from "@brazilian-utils/brazilian-utils/get-holidays";
import { addDays, weekday } from "./dates";

// getHolidays covers 1900–2099; outside it only weekends and 31 December move a date.
const FIRST_YEAR = 1900;
const LAST_YEAR = 2099;

const byYear = new Map<number, ReadonlySet<string>>();

/** The year's bank holidays as YYYY-MM-DD. */
export function bankHolidays(year: number): ReadonlySet<string> {
  let days = byYear.get(year);
  if (days) return days;
  const found = new Set<string>();
  // A rule of the banks, not a holiday: it holds whatever years the library covers.
  found.add(`${String(year).padStart(4, "0")}-12-31`);
  if (year >= FIRST_YEAR && year <= LAST_YEAR) {
    for (const holiday of getHolidays(year)) {
      const name = holiday.name.toLowerCase();
      const carnaval = name.startsWith("carnaval");
      // The library types Carnaval and Corpus Christi "optional" (ponto facultativo); banks close.
      if (holiday.type !== "national" && !carnaval && name !== "corpus christi") continue;
      const iso = localDate(holiday.date);
      found.add(iso);
      // The library lists only Carnaval's Tuesday; banks close on the Monday as well.
      if (carnaval) found.add(addDays(iso, -1));
    }
  }
  days = found;
  byYear.set(year, days);
  return days;
}

export function isBusinessDay(iso: string): boolean {
  const day = weekday(iso);
  return day !== 0 && day !== 6 && !bankHolidays(Number(iso.slice(0, 4))).has(iso);
}

/** The date itself when it is a business day, else the next one. */
export function nextBusinessDay(iso: string): string {
  let day = iso;
  while (!isBusinessDay(day)) day = addDays(day, 1);
  return day;
}

// The library's dates are local midnights of the year asked for.
function localDate(date: Date): string {
  return `${String(date.getFullYear()).padStart(4, "0")}-${String(date.getMonth() + 1).padStart(2, "0")}-${String(date.getDate()).padStart(2, "0")}`;
}
