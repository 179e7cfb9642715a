import { describe, expect, test } from "bun:test";
import { balanceDue, lateFees, lateFeesForPayments, nextPaymentFees } from "./fees.ts";
import { type Cents, cents } from "./money.ts";

describe("lateFees", () => {
  test("nothing when paid on the due date", () => {
    expect(lateFees(cents(100000), "2026-03-10", "2026-03-10")).toEqual({
      diasAtraso: 0,
      multa: cents(0),
      juros: cents(0),
      total: cents(100000),
    });
  });

  test("nothing when paid early", () => {
    expect(lateFees(cents(100000), "2026-03-10", "2026-02-01")).toEqual({
      diasAtraso: 0,
      multa: cents(0),
      juros: cents(0),
      total: cents(100000),
    });
  });

  test("R$ 1.000,00 paid the day after: 1 day, multa R$ 20,00, juros R$ 0,33 (0,3333…)", () => {
    expect(lateFees(cents(100000), "2026-03-10", "2026-03-11")).toEqual({
      diasAtraso: 1,
      multa: cents(2000),
      juros: cents(33),
      total: cents(102033),
    });
  });

  test("R$ 1.000,00 paid 15 days late: juros R$ 5,00", () => {
    const fees = lateFees(cents(100000), "2026-03-10", "2026-03-25");
    expect(fees.diasAtraso).toBe(15);
    expect(fees.juros).toBe(cents(500));
    expect(fees.total).toBe(cents(102500));
  });

  test("R$ 1.000,00 paid 30 days late: juros is a full 1%", () => {
    expect(lateFees(cents(100000), "2026-03-10", "2026-04-09").juros).toBe(cents(1000));
  });

  test("R$ 123,45 paid 10 days late: multa 2,469 → 2,47 and juros 0,4115 → 0,41", () => {
    expect(lateFees(cents(12345), "2026-01-31", "2026-02-10")).toEqual({
      diasAtraso: 10,
      multa: cents(247),
      juros: cents(41),
      total: cents(12633),
    });
  });

  test("rounds exact halves up", () => {
    // multa: 25 × 2% = 0,5 cent → 1; juros: 1500 × 1 day / 3000 = 0,5 cent → 1.
    expect(lateFees(cents(25), "2026-01-01", "2026-01-02").multa).toBe(cents(1));
    expect(lateFees(cents(1500), "2026-01-01", "2026-01-02").juros).toBe(cents(1));
    // Just below the half rounds down.
    expect(lateFees(cents(24), "2026-01-01", "2026-01-02").multa).toBe(cents(0));
    expect(lateFees(cents(1499), "2026-01-01", "2026-01-02").juros).toBe(cents(0));
  });

  test("counts calendar days across months and leap days", () => {
    expect(lateFees(cents(100000), "2028-02-28", "2028-03-01").diasAtraso).toBe(2);
    expect(lateFees(cents(100000), "2026-02-28", "2026-03-01").diasAtraso).toBe(1);
    expect(lateFees(cents(100000), "2025-12-31", "2026-12-31").diasAtraso).toBe(365);
  });

  test("a year late: 365 days of juros pro rata", () => {
    const fees = lateFees(cents(100000), "2026-01-01", "2027-01-01");
    expect(fees.juros).toBe(cents(12167)); // 1000 × 1% × 365/30 = 121,666… → 121,67
  });

  test("agrees with an exact rational computation on many values", () => {
    for (let valor = 0; valor <= 5000; valor += 7) {
      for (const dias of [1, 2, 3, 7, 29, 30, 31, 45, 90]) {
        const fees = lateFees(cents(valor), "2026-01-01", addDaysSimple("2026-01-01", dias));
        // Half-up on exact fractions: multa = valor/50, juros = valor·dias/3000.
        expect(fees.multa).toBe(cents(Math.floor((valor + 25) / 50)));
        expect(fees.juros).toBe(cents(Math.floor((2 * valor * dias + 3000) / 6000)));
        expect(fees.total).toBe(cents(valor + fees.multa + fees.juros));
      }
    }
  });

  test("stays exact for very large values", () => {
    const valor = cents(900_000_000_000_000); // R$ 9 trilhões
    const fees = lateFees(valor, "2026-01-01", "2026-01-31");
    expect(fees.multa).toBe(cents(18_000_000_000_000));
    expect(fees.juros).toBe(cents(9_000_000_000_000));
  });

  test("zero valor has no fees", () => {
    const fees = lateFees(cents(0), "2026-01-01", "2026-02-01");
    expect([fees.multa, fees.juros, fees.total]).toEqual([cents(0), cents(0), cents(0)]);
  });

  test("throws for a negative or fractional valor and for bad dates", () => {
    expect(() => lateFees(-1 as Cents, "2026-01-01", "2026-01-02")).toThrow(RangeError);
    expect(() => lateFees(0.5 as Cents, "2026-01-01", "2026-01-02")).toThrow(RangeError);
    expect(() => lateFees(cents(100), "2026-02-30", "2026-03-02")).toThrow(RangeError);
    expect(() => lateFees(cents(100), "2026-01-01", "")).toThrow(RangeError);
  });
});

function addDaysSimple(iso: string, n: number): string {
  return new Date(Date.parse(`${iso}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}

// Worked by hand (issue 34 §1, DECISIONS §2); the figures below were computed on paper, not by the code.
describe("lateFeesForPayments: partial payments", () => {
  test("R$ 1.000,00 due 10/03: R$ 400,00 on 20/03, the rest on 09/04 (2 % multa, 1 % a month)", () => {
    // 1st: 10 days late on R$ 1.000,00. multa = 1.000 × 2 % = 20,00; juros = 1.000 × 10/30 % = 3,333… → 3,33.
    // 2nd: balance R$ 600,00 from 20/03 to 09/04 = 20 days. No second multa; juros = 600 × 20/30 % = 4,00.
    const fees = lateFeesForPayments(cents(100000), "2026-03-10", [
      { dataPagamento: "2026-03-20", principal: cents(40000) },
      { dataPagamento: "2026-04-09", principal: cents(60000) },
    ]);
    expect(fees).toEqual([
      { dias: 10, saldoAntes: cents(100000), multa: cents(2000), juros: cents(333) },
      { dias: 20, saldoAntes: cents(60000), multa: cents(0), juros: cents(400) },
    ]);
  });

  test("a partial paid on time, the rest late: multa on the balance at the first late payment", () => {
    // R$ 1.234,56 due 31/01. 31/01 pays R$ 234,56 (on time: nothing). 15/02: balance R$ 1.000,00,
    // 15 days late: multa 20,00; juros = 1.000 × 15/30 % = 5,00.
    const fees = lateFeesForPayments(cents(123456), "2026-01-31", [
      { dataPagamento: "2026-01-31", principal: cents(23456) },
      { dataPagamento: "2026-02-15", principal: cents(100000) },
    ]);
    expect(fees).toEqual([
      { dias: 0, saldoAntes: cents(123456), multa: cents(0), juros: cents(0) },
      { dias: 15, saldoAntes: cents(100000), multa: cents(2000), juros: cents(500) },
    ]);
  });

  test("a discount lowers the balance the next days run on; rates of a payment are its own", () => {
    // R$ 300,00 due 01/03. 04/03: R$ 100,00 principal + R$ 50,00 discount, rates 2 % / 1 %:
    // multa 6,00; juros = 300 × 3/30 % = 0,30. 19/03 with rates 10 % / 3 % (changed since):
    // balance 150,00, 15 days: juros = 150 × 15/30 × 3 % = 2,25; no multa (already charged).
    const fees = lateFeesForPayments(cents(30000), "2026-03-01", [
      { dataPagamento: "2026-03-04", principal: cents(10000), desconto: cents(5000) },
      { dataPagamento: "2026-03-19", principal: cents(15000), rates: { multaCentesimos: 1000, jurosMensalCentesimos: 300 } },
    ]);
    expect(fees).toEqual([
      { dias: 3, saldoAntes: cents(30000), multa: cents(600), juros: cents(30) },
      { dias: 15, saldoAntes: cents(15000), multa: cents(0), juros: cents(225) },
    ]);
  });

  test("the next payment's proposal: R$ 500,00 left of R$ 800,00, last paid 05/05, paying 20/05", () => {
    // Due 30/04; 05/05 paid 300 late (multa charged then). Next: 500 × 15/30 % = 2,50, no multa.
    const next = nextPaymentFees(cents(80000), "2026-04-30", [{ dataPagamento: "2026-05-05", principal: cents(30000) }], "2026-05-20");
    expect(next).toEqual({ dias: 15, saldoAntes: cents(50000), multa: cents(0), juros: cents(250) });
  });

  test("custom rates on a single payment: 2,5 % multa and 1,5 % a month", () => {
    // R$ 1.000,00, 20 days: multa 25,00; juros = 1.000 × 20/30 × 1,5 % = 10,00.
    expect(lateFees(cents(100000), "2026-03-10", "2026-03-30", { multaCentesimos: 250, jurosMensalCentesimos: 150 })).toEqual({
      diasAtraso: 20,
      multa: cents(2500),
      juros: cents(1000),
      total: cents(103500),
    });
  });
});

describe("balanceDue: what settles an installment now", () => {
  test("R$ 1.000,00 due 10/03, R$ 400,00 paid on 20/03 (late); on 09/04 the rest owes 20 days of juros and no second multa", () => {
    // Balance 600,00; juros = 600 × 20/30 % = 4,00; total 604,00.
    expect(balanceDue({ valor: cents(100000), saldo: cents(60000), dataVencimento: "2026-03-10", ultimoPagamento: "2026-03-20" }, "2026-04-09")).toEqual({
      diasAtraso: 20,
      multa: cents(0),
      juros: cents(400),
      total: cents(60400),
    });
  });

  test("a partial payment on time: the balance pays multa once it is late, juros from the due date", () => {
    // Balance 600,00 of 1.000,00 paid on 05/03, due 10/03; on 25/03: multa 12,00, juros 600 × 15/30 % = 3,00.
    expect(balanceDue({ valor: cents(100000), saldo: cents(60000), dataVencimento: "2026-03-10", ultimoPagamento: "2026-03-05" }, "2026-03-25")).toEqual({
      diasAtraso: 15,
      multa: cents(1200),
      juros: cents(300),
      total: cents(61500),
    });
  });
});
