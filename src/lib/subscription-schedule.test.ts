import { describe, expect, test } from "bun:test";
import { billedOnStart, dueDateOf, firstMonthNotPast, monthsDue, upcomingMonths, type ScheduleTerms } from "./subscription-schedule";

const terms = (over: Partial<ScheduleTerms> = {}): ScheduleTerms => ({ diaVencimento: 10, inicio: "2026-01", fim: null, trialAte: null, ...over });
const BUSINESS = { vencimentoEmDiaUtil: true, antecedenciaDias: 10 };
const CALENDAR = { vencimentoEmDiaUtil: false, antecedenciaDias: 10 };

describe("dueDateOf", () => {
  test("clamps the day to the month's last day, leap years included", () => {
    expect(dueDateOf("2026-02", 31, false)).toBe("2026-02-28");
    expect(dueDateOf("2028-02", 31, false)).toBe("2028-02-29");
    expect(dueDateOf("2026-04", 31, false)).toBe("2026-04-30");
    expect(dueDateOf("2026-01", 31, false)).toBe("2026-01-31");
  });

  test("moves to the next business day when asked: weekend, Carnaval, Good Friday, year end", () => {
    expect(dueDateOf("2026-01", 31, true)).toBe("2026-02-02"); // Saturday 31/01
    expect(dueDateOf("2026-02", 16, true)).toBe("2026-02-18"); // Carnaval Monday → Ash Wednesday
    expect(dueDateOf("2026-04", 3, true)).toBe("2026-04-06"); // Good Friday
    expect(dueDateOf("2026-12", 25, true)).toBe("2026-12-28");
    expect(dueDateOf("2026-10", 31, true)).toBe("2026-11-03"); // Saturday, Sunday, Finados on Monday
    expect(dueDateOf("2026-03", 10, true)).toBe("2026-03-10"); // already a business day
  });
});

describe("monthsDue", () => {
  test("a month is due lead-time days before its due date, not a day earlier", () => {
    expect(monthsDue(terms(), CALENDAR, "2026-01", "2025-12-30").due).toEqual([]);
    expect(monthsDue(terms(), CALENDAR, "2026-01", "2025-12-31").due).toEqual([{ competencia: "2026-01", vencimento: "2026-01-10" }]);
  });

  test("after months off, every missed month up to today comes at once, in order", () => {
    const { due, next } = monthsDue(terms(), BUSINESS, "2026-01", "2026-05-01");
    expect(due.map((m) => m.competencia)).toEqual(["2026-01", "2026-02", "2026-03", "2026-04", "2026-05"]);
    expect(next).toBe("2026-06");
    expect(due.map((m) => m.vencimento)).toEqual(["2026-01-12", "2026-02-10", "2026-03-10", "2026-04-10", "2026-05-11"]);
  });

  test("starts at inicio and stops after fim", () => {
    expect(monthsDue(terms({ inicio: "2026-03", fim: "2026-04" }), CALENDAR, "2026-01", "2026-12-31").due.map((m) => m.competencia)).toEqual(["2026-03", "2026-04"]);
  });

  test("months due before trialAte are not billed; the first after it is, without anyone acting", () => {
    const trial = terms({ trialAte: "2026-03-15" });
    const { due, next } = monthsDue(trial, CALENDAR, "2026-01", "2026-04-01");
    expect(due.map((m) => m.competencia)).toEqual(["2026-04"]);
    expect(next).toBe("2026-05");
    // A due date on the trial's last day is billed.
    expect(monthsDue(terms({ trialAte: "2026-02-10" }), CALENDAR, "2026-01", "2026-02-01").due.map((m) => m.competencia)).toEqual(["2026-02"]);
  });
});

test("upcomingMonths: the next due dates the form shows, trial months skipped", () => {
  expect(upcomingMonths(terms({ diaVencimento: 31, trialAte: "2026-02-03" }), true, "2026-01", 3)).toEqual([
    { competencia: "2026-02", vencimento: "2026-03-02" },
    { competencia: "2026-03", vencimento: "2026-03-31" },
    { competencia: "2026-04", vencimento: "2026-04-30" },
  ]);
  expect(upcomingMonths(terms({ fim: "2026-02" }), false, "2026-01", 5).length).toBe(2);
  // 31/01/2026 is a Saturday: its moved due date (02/02) is what the trial is compared with.
  expect(upcomingMonths(terms({ diaVencimento: 31, trialAte: "2026-02-01" }), true, "2026-01", 1)).toEqual([{ competencia: "2026-01", vencimento: "2026-02-02" }]);
});

describe("firstMonthNotPast (a new subscription's default start)", () => {
  test("this month while its due date is today or ahead, else the next", () => {
    expect(firstMonthNotPast("2026-11-27", 10, true)).toBe("2026-12");
    expect(firstMonthNotPast("2026-11-10", 10, true)).toBe("2026-11"); // due today is not overdue
    expect(firstMonthNotPast("2026-11-27", 30, true)).toBe("2026-11");
  });

  test("the business-day move counts: a due date moved into the next month is still ahead", () => {
    // 31/01/2026 is a Saturday: January's due date is Monday 02/02.
    expect(firstMonthNotPast("2026-02-01", 31, true)).toBe("2026-01");
    expect(firstMonthNotPast("2026-02-01", 31, false)).toBe("2026-02");
    // 08/11/2026 is a Sunday: November is due Monday 09/11.
    expect(firstMonthNotPast("2026-11-09", 8, true)).toBe("2026-11");
    expect(firstMonthNotPast("2026-11-09", 8, false)).toBe("2026-12");
  });
});

describe("billedOnStart", () => {
  test("the default start bills nothing overdue; an earlier one lists the overdue months the save would bill", () => {
    const start = firstMonthNotPast("2026-11-27", 10, true);
    expect(billedOnStart(terms({ inicio: start }), BUSINESS, "2026-11-27").overdue).toEqual([]);
    const early = billedOnStart(terms({ inicio: "2026-09" }), BUSINESS, "2026-11-27");
    expect(early.overdue).toEqual([
      { competencia: "2026-09", vencimento: "2026-09-10" },
      { competencia: "2026-10", vencimento: "2026-10-13" }, // Saturday 10, Monday 12 Aparecida
      { competencia: "2026-11", vencimento: "2026-11-10" },
    ]);
    // December (due 10/12, generated from 30/11) is not billed yet; three days later it is, not overdue.
    expect(early.now.map((m) => m.competencia)).toEqual(["2026-09", "2026-10", "2026-11"]);
    const later = billedOnStart(terms({ inicio: "2026-09" }), BUSINESS, "2026-11-30");
    expect(later.now.map((m) => m.competencia)).toEqual(["2026-09", "2026-10", "2026-11", "2026-12"]);
    expect(later.overdue.map((m) => m.competencia)).toEqual(["2026-09", "2026-10", "2026-11"]);
  });

  test("months in the trial are not billed, so not overdue either", () => {
    expect(billedOnStart(terms({ inicio: "2026-09", trialAte: "2026-11-01" }), BUSINESS, "2026-11-27").overdue).toEqual([{ competencia: "2026-11", vencimento: "2026-11-10" }]);
  });
});
