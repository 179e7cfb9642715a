import { afterEach, describe, expect, test } from "bun:test";
import { clock, currentMonth, isValidTimeZone, nowISO, pinClock, today } from "./clock.ts";

const originalNow = clock.now;
const originalZone = clock.timeZone;

afterEach(() => {
  clock.now = originalNow;
  clock.timeZone = originalZone;
});

describe("clock", () => {
  test("defaults to São Paulo and the real time", () => {
    expect(clock.timeZone).toBe("America/Sao_Paulo");
    const before = Date.now();
    const now = clock.now().getTime();
    expect(now).toBeGreaterThanOrEqual(before);
    expect(now).toBeLessThanOrEqual(Date.now());
  });
});

describe("today and currentMonth", () => {
  test("use the app's zone, not UTC: 02:30 UTC is still the previous evening in São Paulo", () => {
    pinClock("2026-03-15T02:30:00Z");
    expect(today()).toBe("2026-03-14");
    expect(currentMonth()).toBe("2026-03");
  });

  test("change day at midnight in São Paulo (03:00 UTC)", () => {
    pinClock("2026-03-15T02:59:59.999Z");
    expect(today()).toBe("2026-03-14");
    pinClock("2026-03-15T03:00:00Z");
    expect(today()).toBe("2026-03-15");
  });

  test("New Year's Eve in São Paulo is already the next year in UTC", () => {
    pinClock("2027-01-01T01:00:00Z");
    expect(today()).toBe("2026-12-31");
    expect(currentMonth()).toBe("2026-12");
  });

  test("follow clock.timeZone when config changes it", () => {
    pinClock("2026-03-15T02:30:00Z");
    clock.timeZone = "UTC";
    expect(today()).toBe("2026-03-15");
    clock.timeZone = "Asia/Tokyo";
    expect(today()).toBe("2026-03-15");
    clock.timeZone = "Pacific/Honolulu";
    expect(today()).toBe("2026-03-14");
  });

  test("asked again within a minute, answer for the instant asked: the clock, the zone and an old offset with seconds", () => {
    pinClock("2026-03-15T02:59:30Z");
    expect(today()).toBe("2026-03-14");
    pinClock("2026-03-15T03:00:00Z");
    expect(today()).toBe("2026-03-15");
    clock.timeZone = "Pacific/Honolulu";
    expect(today()).toBe("2026-03-14");
    // São Paulo's local mean time (-03:06:28, until 1914): its midnight falls inside a UTC minute.
    clock.timeZone = "America/Sao_Paulo";
    pinClock("1900-01-01T03:06:27Z");
    expect(today()).toBe("1899-12-31");
    pinClock("1900-01-01T03:06:29Z");
    expect(today()).toBe("1900-01-01");
  });

  test("are zero-padded YYYY-MM-DD and YYYY-MM", () => {
    pinClock("2026-01-05T15:00:00Z");
    expect(today()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(today()).toBe("2026-01-05");
    expect(currentMonth()).toBe("2026-01");
  });

  test("the real clock gives a well-formed date", () => {
    expect(today()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(currentMonth()).toBe(today().slice(0, 7));
  });
});

describe("nowISO", () => {
  test("is the pinned instant as an ISO 8601 UTC timestamp", () => {
    pinClock("2026-03-15T09:30:00-03:00");
    expect(nowISO()).toBe("2026-03-15T12:30:00.000Z");
  });
});

describe("pinClock", () => {
  test("pins now and returns a function that restores the previous one", () => {
    const restore = pinClock("2026-03-15T12:00:00Z");
    expect(clock.now().toISOString()).toBe("2026-03-15T12:00:00.000Z");
    restore();
    expect(clock.now).toBe(originalNow);
  });

  test("restores in nested order", () => {
    const restoreOuter = pinClock("2026-01-01T12:00:00Z");
    const restoreInner = pinClock("2026-06-01T12:00:00Z");
    expect(today()).toBe("2026-06-01");
    restoreInner();
    expect(today()).toBe("2026-01-01");
    restoreOuter();
    expect(clock.now).toBe(originalNow);
  });

  test("hands out a fresh Date each call, so a caller mutating one cannot move time", () => {
    pinClock("2026-03-15T12:00:00Z");
    clock.now().setUTCFullYear(1999);
    expect(today()).toBe("2026-03-15");
  });

  test("accepts offsets and fractional seconds", () => {
    pinClock("2026-03-15T23:59:59.500+09:00");
    expect(nowISO()).toBe("2026-03-15T14:59:59.500Z");
    pinClock("2026-03-15T12:00Z");
    expect(nowISO()).toBe("2026-03-15T12:00:00.000Z");
  });

  test("reads a bare date as noon in the app's zone (UTC midnight would be the day before)", () => {
    pinClock("2026-03-15");
    expect(today()).toBe("2026-03-15");
    expect(nowISO()).toBe("2026-03-15T15:00:00.000Z");
  });

  test("reads a date-time without offset as wall time in the app's zone", () => {
    pinClock("2026-03-15T00:30:00");
    expect(today()).toBe("2026-03-15");
    expect(nowISO()).toBe("2026-03-15T03:30:00.000Z");
  });

  test("wall time follows the zone's daylight saving offset", () => {
    clock.timeZone = "America/New_York";
    pinClock("2026-01-15T09:00:00");
    expect(nowISO()).toBe("2026-01-15T14:00:00.000Z");
    pinClock("2026-07-15T09:00:00");
    expect(nowISO()).toBe("2026-07-15T13:00:00.000Z");
  });

  test("wall time in São Paulo's old daylight saving summers", () => {
    pinClock("2018-01-15T12:00:00");
    expect(nowISO()).toBe("2018-01-15T14:00:00.000Z");
  });

  test.each(["", "yesterday", "2026-02-30", "2026-02-30T12:00:00Z", "2026-13-01", "2026-03-15T25:00:00", "2026-03-15T12:60", "15/03/2026"])(
    "throws for %p and leaves the clock alone",
    (text) => {
      expect(() => pinClock(text)).toThrow(RangeError);
      expect(clock.now).toBe(originalNow);
    },
  );
});

describe("isValidTimeZone", () => {
  test.each(["America/Sao_Paulo", "America/Manaus", "America/Noronha", "UTC", "Europe/Lisbon", "Asia/Tokyo", "Etc/UTC", "Brazil/East"])(
    "accepts %p",
    (tz) => {
      expect(isValidTimeZone(tz)).toBe(true);
    },
  );

  test.each(["", "Mars/Olympus", "America/Sao Paulo", "Sao_Paulo", "GMT+99", "not a zone"])("rejects %p", (tz) => {
    expect(isValidTimeZone(tz)).toBe(false);
  });
});
