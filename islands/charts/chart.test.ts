import { describe, expect, test } from "bun:test";
import { Window } from "happy-dom";
import { axisMoney, monthChartOptions, MONEY_INCRS } from "./chart";

const plain = (text: string) => text.replace(/\u00a0/g, " ");

describe("the charts' money axis (issue 37 item 13)", () => {
  test("labels are exact: 1.250 reads R$ 1.250, never R$ 1,3 mil", () => {
    expect([1250, 0, 17_500, 0.5, 12.5, -2500, 999_999.99, 1_234_567].map((v) => plain(axisMoney(v)))).toEqual([
      "R$ 1.250",
      "R$ 0",
      "R$ 17.500",
      "R$ 0,50",
      "R$ 12,50",
      "-R$ 2.500",
      "R$ 999.999,99",
      "R$ 1.234.567",
    ]);
    // From a million, in millions, still exact; uPlot's float dust is rounded to the cent.
    expect([1_500_000, 2_000_000, 1_234_500].map((v) => plain(axisMoney(v)))).toEqual(["R$ 1,5 mi", "R$ 2 mi", "R$ 1,2345 mi"]);
    expect(plain(axisMoney(0.1 + 0.2))).toBe("R$ 0,30");
  });

  test("ticks step by round money amounts (1, 2, 2,5, 5 × 10ⁿ), whole cents, and the y axis uses them", () => {
    for (const step of MONEY_INCRS) {
      const exp = Math.floor(Math.log10(step));
      const mantissa = Number((step / 10 ** exp).toFixed(6));
      expect([1, 2, 2.5, 5]).toContain(mantissa);
      expect(Number.isInteger(Math.round(step * 100)) && Math.abs(step * 100 - Math.round(step * 100)) < 1e-9).toBe(true);
    }
    expect(MONEY_INCRS).toContain(250);
    expect(MONEY_INCRS).toEqual([...MONEY_INCRS].sort((a, b) => a - b));
    // Every multiple of a step up to the scale's top prints exactly (what uPlot's splits are).
    for (const step of [250, 2.5, 25_000]) for (let i = 0; i <= 8; i++) expect(plain(axisMoney(i * step))).not.toContain("mil");
    const el = new Window().document.createElement("div");
    const opts = monthChartOptions(el as unknown as Element, ["2026-01", "2026-02"], 72, {});
    expect(opts.axes![1]!.incrs).toBe(MONEY_INCRS);
  });
});
