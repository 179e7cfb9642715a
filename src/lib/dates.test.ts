import { describe, expect, test } from "bun:test";
import { formatMonthBR, MONTH_NAMES, shortMonthBR } from "./months";
import {
  addDays,
  weekday,
  addMonthsClamped,
  addMonthsToMonth,
  daysBetween,
  daysInMonth,
  formatDateBR,
  isISODate,
  isYearMonth,
  monthOf,
  monthRange,
} from "./dates.ts";

describe("isISODate", () => {
  test.each(["2026-01-31", "2026-02-28", "2028-02-29", "2000-02-29", "2026-12-31", "1999-04-30", "0001-01-01"])(
    "accepts %p",
    (s) => {
      expect(isISODate(s)).toBe(true);
    },
  );

  test.each<unknown>([
    "2026-02-29",
    "1900-02-29",
    "2026-04-31",
    "2026-13-01",
    "2026-00-10",
    "2026-01-00",
    "2026-01-32",
    "2026-1-31",
    "26-01-31",
    "2026/01/31",
    "31/01/2026",
    "2026-01-31T00:00:00Z",
    " 2026-01-31",
    "2026-01-31 ",
    "",
    "２０２６-01-31",
    null,
    undefined,
    20260131,
    new Date("2026-01-31"),
  ])("rejects %p", (s) => {
    expect(isISODate(s)).toBe(false);
  });
});

describe("isYearMonth", () => {
  test.each(["2026-01", "2026-12", "1999-09"])("accepts %p", (s) => {
    expect(isYearMonth(s)).toBe(true);
  });

  test.each<unknown>(["2026-00", "2026-13", "2026-1", "2026-01-01", "202601", "26-01", "", " 2026-01", null, 202601])(
    "rejects %p",
    (s) => {
      expect(isYearMonth(s)).toBe(false);
    },
  );
});

describe("daysInMonth", () => {
  test("knows February in common, leap and century years", () => {
    expect(daysInMonth(2026, 2)).toBe(28);
    expect(daysInMonth(2028, 2)).toBe(29);
    expect(daysInMonth(1900, 2)).toBe(28);
    expect(daysInMonth(2000, 2)).toBe(29);
    expect([1, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map((m) => daysInMonth(2026, m))).toEqual([
      31, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31,
    ]);
  });
});

describe("formatDateBR", () => {
  test("writes dd/mm/aaaa", () => {
    expect(formatDateBR("2026-01-31")).toBe("31/01/2026");
    expect(formatDateBR("2028-02-29")).toBe("29/02/2028");
  });

  test("shows anything that is not an ISO date unchanged", () => {
    expect(formatDateBR("31/01/2026")).toBe("31/01/2026");
    expect(formatDateBR("2026-02-30")).toBe("2026-02-30");
    expect(formatDateBR("2026-01-31T10:00:00Z")).toBe("2026-01-31T10:00:00Z");
    expect(formatDateBR("")).toBe("");
  });

  test("shows null and undefined as empty", () => {
    expect(formatDateBR(null)).toBe("");
    expect(formatDateBR(undefined)).toBe("");
  });
});

describe("month names in pt-BR", () => {
  // As Intl (ICU) pt-BR writes them: short months all end in a dot, even "mai." for the
  // 4-letter "maio", and month+year reads "jan. de 2026" with plain spaces around "de".
  test("the tables say what Intl pt-BR says", () => {
    const intl = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat("pt-BR", { ...options, timeZone: "UTC" });
    for (let i = 0; i < 12; i++) {
      const ym = `2026-${String(i + 1).padStart(2, "0")}`;
      const first = Date.UTC(2026, i, 1);
      expect([formatMonthBR(ym), shortMonthBR(ym), MONTH_NAMES[i]]).toEqual([
        intl({ month: "short", year: "numeric" }).format(first),
        intl({ month: "short" }).format(first),
        intl({ month: "long" }).format(first),
      ]);
    }
  });

  test("formatMonthBR", () => {
    expect(formatMonthBR("2026-01")).toBe("jan. de 2026");
    expect(formatMonthBR("2026-05")).toBe("mai. de 2026");
    expect(formatMonthBR("2025-12")).toBe("dez. de 2025");
    expect(formatMonthBR("2026-1")).toBe("2026-1");
    expect(formatMonthBR(null)).toBe("");
    expect(formatMonthBR(undefined)).toBe("");
  });

  test("shortMonthBR", () => {
    const months = Array.from({ length: 12 }, (_, i) => shortMonthBR(`2026-${String(i + 1).padStart(2, "0")}`));
    expect(months).toEqual(["jan.", "fev.", "mar.", "abr.", "mai.", "jun.", "jul.", "ago.", "set.", "out.", "nov.", "dez."]);
    expect(shortMonthBR("nope")).toBe("nope");
    expect(shortMonthBR(null)).toBe("");
  });

  test("is not shifted by a time zone: the first of the month stays in its month", () => {
    expect(shortMonthBR("2026-03")).toBe("mar.");
    expect(formatMonthBR("2027-01")).toBe("jan. de 2027");
  });

  test("MONTH_NAMES lists the 12 lower-case names", () => {
    expect(MONTH_NAMES).toEqual([
      "janeiro",
      "fevereiro",
      "março",
      "abril",
      "maio",
      "junho",
      "julho",
      "agosto",
      "setembro",
      "outubro",
      "novembro",
      "dezembro",
    ]);
    expect(Object.isFrozen(MONTH_NAMES)).toBe(true);
  });
});

describe("addMonthsClamped", () => {
  test("keeps the original day where the month has it and clamps to the month end otherwise", () => {
    expect(addMonthsClamped("2026-01-31", 0)).toBe("2026-01-31");
    expect(addMonthsClamped("2026-01-31", 1)).toBe("2026-02-28");
    expect(addMonthsClamped("2026-01-31", 2)).toBe("2026-03-31");
    expect(addMonthsClamped("2026-01-31", 3)).toBe("2026-04-30");
    expect(addMonthsClamped("2026-01-30", 1)).toBe("2026-02-28");
    expect(addMonthsClamped("2026-01-29", 1)).toBe("2026-02-28");
    expect(addMonthsClamped("2026-01-28", 1)).toBe("2026-02-28");
    expect(addMonthsClamped("2026-01-15", 1)).toBe("2026-02-15");
  });

  test("gives 29 February in leap years", () => {
    expect(addMonthsClamped("2028-01-31", 1)).toBe("2028-02-29");
    expect(addMonthsClamped("2027-12-31", 2)).toBe("2028-02-29");
    expect(addMonthsClamped("2099-12-31", 2)).toBe("2100-02-28");
    expect(addMonthsClamped("1999-12-31", 2)).toBe("2000-02-29");
    expect(addMonthsClamped("2028-02-29", 12)).toBe("2029-02-28");
    expect(addMonthsClamped("2028-02-29", 48)).toBe("2032-02-29");
  });

  test("crosses year ends", () => {
    expect(addMonthsClamped("2026-11-30", 1)).toBe("2026-12-30");
    expect(addMonthsClamped("2026-12-31", 1)).toBe("2027-01-31");
    expect(addMonthsClamped("2026-10-31", 4)).toBe("2027-02-28");
  });

  test("the 24-installment schedule from 31 January", () => {
    const dates = Array.from({ length: 24 }, (_, k) => addMonthsClamped("2026-01-31", k));
    expect(dates.slice(0, 4)).toEqual(["2026-01-31", "2026-02-28", "2026-03-31", "2026-04-30"]);
    expect(dates[13]).toBe("2027-02-28");
    expect(dates[23]).toBe("2027-12-31");
  });

  test("goes up to 240 months ahead", () => {
    expect(addMonthsClamped("2026-01-31", 240)).toBe("2046-01-31");
    expect(addMonthsClamped("2026-01-31", 241)).toBe("2046-02-28");
    expect(addMonthsClamped("2028-01-31", 241)).toBe("2048-02-29");
  });

  test("goes backwards too", () => {
    expect(addMonthsClamped("2026-03-31", -1)).toBe("2026-02-28");
    expect(addMonthsClamped("2026-01-31", -1)).toBe("2025-12-31");
    expect(addMonthsClamped("2026-01-15", -13)).toBe("2024-12-15");
    expect(addMonthsClamped("2028-03-31", -1)).toBe("2028-02-29");
    expect(addMonthsClamped("2026-01-31", -240)).toBe("2006-01-31");
  });

  test("throws for bad input", () => {
    expect(() => addMonthsClamped("2026-02-30", 1)).toThrow(RangeError);
    expect(() => addMonthsClamped("31/01/2026", 1)).toThrow(RangeError);
    expect(() => addMonthsClamped("2026-01-31", 1.5)).toThrow(RangeError);
    expect(() => addMonthsClamped("2026-01-31", Number.NaN)).toThrow(RangeError);
    expect(() => addMonthsClamped("9999-12-31", 1)).toThrow(RangeError);
  });
});

describe("addMonthsToMonth", () => {
  test("moves whole months across years", () => {
    expect(addMonthsToMonth("2026-01", -5)).toBe("2025-08");
    expect(addMonthsToMonth("2026-01", 6)).toBe("2026-07");
    expect(addMonthsToMonth("2026-12", 1)).toBe("2027-01");
    expect(addMonthsToMonth("2026-01", -1)).toBe("2025-12");
    expect(addMonthsToMonth("2026-01", -12)).toBe("2025-01");
    expect(addMonthsToMonth("2026-01", 0)).toBe("2026-01");
    expect(addMonthsToMonth("2026-01", 240)).toBe("2046-01");
  });

  test("throws for bad input", () => {
    expect(() => addMonthsToMonth("2026-13", 1)).toThrow(RangeError);
    expect(() => addMonthsToMonth("2026-01-01", 1)).toThrow(RangeError);
    expect(() => addMonthsToMonth("2026-01", 0.5)).toThrow(RangeError);
  });
});

describe("addDays", () => {
  test("crosses months, years and leap days", () => {
    expect(addDays("2026-01-31", 1)).toBe("2026-02-01");
    expect(addDays("2026-02-28", 1)).toBe("2026-03-01");
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(addDays("2026-01-01", 365)).toBe("2027-01-01");
    expect(addDays("2026-01-01", 0)).toBe("2026-01-01");
  });

  test("throws for bad input", () => {
    expect(() => addDays("2026-02-29", 1)).toThrow(RangeError);
    expect(() => addDays("2026-01-01", 0.5)).toThrow(RangeError);
  });
});

describe("monthOf", () => {
  test("is the YYYY-MM of a date", () => {
    expect(monthOf("2026-03-15")).toBe("2026-03");
    expect(monthOf("2026-12-31")).toBe("2026-12");
  });

  test("refuses timestamps, whose month depends on the zone", () => {
    expect(() => monthOf("2026-03-15T01:00:00Z")).toThrow(RangeError);
  });
});

describe("daysBetween", () => {
  test("counts whole calendar days, negative when backwards", () => {
    expect(daysBetween("2026-01-10", "2026-01-11")).toBe(1);
    expect(daysBetween("2026-01-10", "2026-01-10")).toBe(0);
    expect(daysBetween("2026-01-11", "2026-01-10")).toBe(-1);
    expect(daysBetween("2026-01-31", "2026-03-01")).toBe(29);
    expect(daysBetween("2028-01-31", "2028-03-01")).toBe(30);
    expect(daysBetween("2026-01-01", "2027-01-01")).toBe(365);
    expect(daysBetween("2028-01-01", "2029-01-01")).toBe(366);
    expect(daysBetween("1970-01-01", "2000-01-01")).toBe(10957);
    expect(daysBetween("2000-03-01", "1900-03-01")).toBe(-36525);
  });

  test("is not fooled by daylight saving changes (São Paulo 2018, New York 2026)", () => {
    expect(daysBetween("2018-11-03", "2018-11-05")).toBe(2);
    expect(daysBetween("2019-02-16", "2019-02-18")).toBe(2);
    expect(daysBetween("2026-03-07", "2026-03-09")).toBe(2);
    expect(daysBetween("2026-10-31", "2026-11-02")).toBe(2);
  });

  test("agrees with UTC day numbers across 30 years", () => {
    const start = Date.UTC(2010, 0, 1);
    for (let i = 0; i < 11000; i += 37) {
      const to = new Date(start + i * 86_400_000).toISOString().slice(0, 10);
      expect(daysBetween("2010-01-01", to)).toBe(i);
      expect(addDays("2010-01-01", i)).toBe(to);
    }
  });

  test("throws for bad input", () => {
    expect(() => daysBetween("2026-02-29", "2026-03-01")).toThrow(RangeError);
    expect(() => daysBetween("2026-03-01", "tomorrow")).toThrow(RangeError);
  });
});

describe("monthRange", () => {
  test("lists every month, both ends included", () => {
    expect(monthRange("2025-11", "2026-02")).toEqual(["2025-11", "2025-12", "2026-01", "2026-02"]);
    expect(monthRange("2026-03", "2026-03")).toEqual(["2026-03"]);
    expect(monthRange("2025-08", "2026-07")).toHaveLength(12);
  });

  test("is empty when from is after to", () => {
    expect(monthRange("2026-03", "2026-02")).toEqual([]);
  });

  test("throws for bad input", () => {
    expect(() => monthRange("2026-3", "2026-04")).toThrow(RangeError);
    expect(() => monthRange("2026-03", "2026-13")).toThrow(RangeError);
  });
});

describe("weekday", () => {
  test("0 is Sunday, 6 Saturday, across years and leap days", () => {
    expect(weekday("1970-01-01")).toBe(4);
    expect(weekday("2000-02-29")).toBe(2);
    expect(weekday("2026-11-22")).toBe(0);
    expect(weekday("2026-11-24")).toBe(2);
    expect(weekday("2026-11-28")).toBe(6);
    expect(weekday("1969-12-31")).toBe(3);
  });
});
