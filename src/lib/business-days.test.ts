import { expect, test } from "bun:test";
import { getHolidays } from "@brazilian-utils/brazilian-utils";
import { bankHolidays, isBusinessDay, nextBusinessDay } from "./business-days";
import { addDays, weekday } from "./dates";

// Written out by hand from the calendar (Easter 2026-04-05 and 2027-03-28), not from the library.
const EXPECTED: Record<number, string[]> = {
  2026: [
    "2026-01-01", "2026-02-16", "2026-02-17", "2026-04-03", "2026-04-21", "2026-05-01", "2026-06-04",
    "2026-09-07", "2026-10-12", "2026-11-02", "2026-11-15", "2026-11-20", "2026-12-25", "2026-12-31",
  ],
  2027: [
    "2027-01-01", "2027-02-08", "2027-02-09", "2027-03-26", "2027-04-21", "2027-05-01", "2027-05-27",
    "2027-09-07", "2027-10-12", "2027-11-02", "2027-11-15", "2027-11-20", "2027-12-25", "2027-12-31",
  ],
};

test("the banks' holidays of 2026 and 2027: national ones, Carnaval Monday and Tuesday, Good Friday, Corpus Christi", () => {
  for (const year of [2026, 2027]) expect([...bankHolidays(year)].sort()).toEqual(EXPECTED[year]!);
});

test("the library lists only Carnaval's Tuesday; the Monday is added here", () => {
  const carnaval = getHolidays(2026).filter((h) => h.name.toLowerCase().startsWith("carnaval"));
  expect(carnaval.length).toBe(1);
  expect(weekday("2026-02-17")).toBe(2);
  expect(isBusinessDay("2026-02-16")).toBe(false);
  expect(isBusinessDay("2026-02-17")).toBe(false);
  // Ash Wednesday is a business day.
  expect(isBusinessDay("2026-02-18")).toBe(true);
});

test("every day of 2026 and 2027 is a business day exactly when it is a weekday and not a holiday", () => {
  const holidays = new Set([...EXPECTED[2026]!, ...EXPECTED[2027]!]);
  const wrong: string[] = [];
  for (let day = "2026-01-01"; day <= "2027-12-31"; day = addDays(day, 1)) {
    const expected = weekday(day) !== 0 && weekday(day) !== 6 && !holidays.has(day);
    if (isBusinessDay(day) !== expected) wrong.push(day);
  }
  expect(wrong).toEqual([]);
});

test("a date moves to the next business day over weekends and holidays, and stays when it is one", () => {
  expect(nextBusinessDay("2026-02-14")).toBe("2026-02-18"); // Saturday, Sunday, Carnaval Monday and Tuesday
  expect(nextBusinessDay("2026-04-03")).toBe("2026-04-06"); // Good Friday, then the weekend
  expect(nextBusinessDay("2026-11-20")).toBe("2026-11-23"); // Consciência Negra, a Friday
  expect(nextBusinessDay("2026-12-25")).toBe("2026-12-28");
  expect(nextBusinessDay("2027-01-01")).toBe("2027-01-04");
  expect(nextBusinessDay("2027-05-27")).toBe("2027-05-28"); // Corpus Christi, a Thursday
  expect(nextBusinessDay("2026-11-24")).toBe("2026-11-24");
});

test("31 December is not a business day for due dates (FEBRABAN: no public banking on the year's last day)", () => {
  expect(weekday("2026-12-31")).toBe(4); // a Thursday
  expect(isBusinessDay("2026-12-31")).toBe(false);
  expect(nextBusinessDay("2026-12-31")).toBe("2027-01-04"); // 1 January, then the weekend
  expect(nextBusinessDay("2027-12-31")).toBe("2028-01-03"); // a Friday: 1 January is a Saturday
  expect(isBusinessDay("2026-12-30")).toBe(true);
  expect(isBusinessDay("2150-12-31")).toBe(false); // a bank rule, outside the library's years too
});

test("outside the library's years only weekends and 31 December move a date", () => {
  expect([...bankHolidays(2150)]).toEqual(["2150-12-31"]);
  expect(nextBusinessDay("2150-01-03")).toBe("2150-01-05"); // a Saturday
});
