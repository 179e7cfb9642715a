import { describe, expect, test } from "bun:test";
import { splitInstallments } from "./installments.ts";
import { type Cents, cents, sumCents } from "./money.ts";

describe("splitInstallments", () => {
  test("R$ 1.000,00 in 3: two of 333,33 and the remainder on the last", () => {
    expect(splitInstallments(cents(100000), 3, "2026-01-10")).toEqual([
      { numerosParcela: "1/3", dataVencimento: "2026-01-10", valor: cents(33333) },
      { numerosParcela: "2/3", dataVencimento: "2026-02-10", valor: cents(33333) },
      { numerosParcela: "3/3", dataVencimento: "2026-03-10", valor: cents(33334) },
    ]);
  });

  test("a single installment is the whole total on the first due date", () => {
    expect(splitInstallments(cents(12345), 1, "2026-05-20")).toEqual([
      { numerosParcela: "1/1", dataVencimento: "2026-05-20", valor: cents(12345) },
    ]);
  });

  test("an exact division leaves no remainder", () => {
    const parts = splitInstallments(cents(120000), 12, "2026-01-05");
    expect(new Set(parts.map((p) => p.valor))).toEqual(new Set([cents(10000)]));
  });

  test("always sums to the total, for every n and many totals", () => {
    for (const total of [1, 2, 23, 24, 25, 99, 100, 101, 9999, 100000, 123457, 99999999, Number.MAX_SAFE_INTEGER]) {
      for (let n = 1; n <= 24; n++) {
        const parts = splitInstallments(cents(total), n, "2026-01-31");
        expect(parts).toHaveLength(n);
        expect(sumCents(parts.map((p) => p.valor))).toBe(cents(total));
        const each = Math.floor(total / n);
        for (const p of parts.slice(0, -1)) expect(p.valor).toBe(cents(each));
        expect(parts.at(-1)?.valor).toBe(cents(each + (total % n)));
      }
    }
  });

  test("keeps exact cents at the top of the safe range", () => {
    const total = Number.MAX_SAFE_INTEGER;
    const parts = splitInstallments(cents(total), 2, "2026-01-01");
    expect(parts.map((p) => p.valor)).toEqual([cents((total - 1) / 2), cents((total - 1) / 2 + 1)]);
  });

  test("numbers the installments 1/n … n/n", () => {
    const parts = splitInstallments(cents(2400), 24, "2026-01-01");
    expect(parts.map((p) => p.numerosParcela)).toEqual(Array.from({ length: 24 }, (_, k) => `${k + 1}/24`));
  });

  test("due dates from 31 January keep the 31st where it exists and clamp elsewhere", () => {
    const dates = splitInstallments(cents(1200), 12, "2026-01-31").map((p) => p.dataVencimento);
    expect(dates).toEqual([
      "2026-01-31",
      "2026-02-28",
      "2026-03-31",
      "2026-04-30",
      "2026-05-31",
      "2026-06-30",
      "2026-07-31",
      "2026-08-31",
      "2026-09-30",
      "2026-10-31",
      "2026-11-30",
      "2026-12-31",
    ]);
  });

  test("crosses into a leap February", () => {
    const dates = splitInstallments(cents(300), 3, "2027-12-30").map((p) => p.dataVencimento);
    expect(dates).toEqual(["2027-12-30", "2028-01-30", "2028-02-29"]);
  });

  test("24 installments span two years", () => {
    const parts = splitInstallments(cents(100000), 24, "2026-01-15");
    expect(parts.at(-1)?.dataVencimento).toBe("2027-12-15");
  });

  test("a total smaller than n gives zero-valued installments before the last", () => {
    expect(splitInstallments(cents(2), 3, "2026-01-01").map((p) => p.valor)).toEqual([
      cents(0),
      cents(0),
      cents(2),
    ]);
  });

  test.each([0, 25, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY])("throws RangeError for n = %p", (n) => {
    expect(() => splitInstallments(cents(1000), n, "2026-01-01")).toThrow(RangeError);
  });

  test.each([0, -100, 0.5, Number.NaN])("throws RangeError for a total of %p", (total) => {
    expect(() => splitInstallments(total as Cents, 2, "2026-01-01")).toThrow(RangeError);
  });

  test.each(["2026-02-30", "01/01/2026", ""])("throws RangeError for a first due date of %p", (firstDue) => {
    expect(() => splitInstallments(cents(1000), 2, firstDue)).toThrow(RangeError);
  });
});
