import { describe, expect, test } from "bun:test";
import { STATUSES, STORED_STATUSES, deriveStatus } from "./status.ts";

const TODAY = "2026-03-15";

describe("deriveStatus", () => {
  test("a paid installment stays pago, even long past its due date", () => {
    expect(deriveStatus({ status: "pago", dataVencimento: "2020-01-01" }, TODAY)).toBe("pago");
    expect(deriveStatus({ status: "pago", dataVencimento: "2030-01-01" }, TODAY)).toBe("pago");
  });

  test("an unpaid installment due before today is vencido", () => {
    expect(deriveStatus({ status: "em_aberto", dataVencimento: "2026-03-14" }, TODAY)).toBe("vencido");
    expect(deriveStatus({ status: "em_aberto", dataVencimento: "2025-12-31" }, TODAY)).toBe("vencido");
  });

  test("an unpaid installment due today is still em_aberto", () => {
    expect(deriveStatus({ status: "em_aberto", dataVencimento: TODAY }, TODAY)).toBe("em_aberto");
  });

  test("an unpaid installment due later is em_aberto", () => {
    expect(deriveStatus({ status: "em_aberto", dataVencimento: "2026-03-16" }, TODAY)).toBe("em_aberto");
    expect(deriveStatus({ status: "em_aberto", dataVencimento: "2027-01-01" }, TODAY)).toBe("em_aberto");
  });

  test("compares across month and year boundaries", () => {
    expect(deriveStatus({ status: "em_aberto", dataVencimento: "2026-02-28" }, "2026-03-01")).toBe("vencido");
    expect(deriveStatus({ status: "em_aberto", dataVencimento: "2026-12-31" }, "2027-01-01")).toBe("vencido");
    expect(deriveStatus({ status: "em_aberto", dataVencimento: "2027-01-01" }, "2026-12-31")).toBe("em_aberto");
  });

  test("becomes vencido the day after, with no job or restart", () => {
    const row = { status: "em_aberto" as const, dataVencimento: "2026-03-15" };
    expect(deriveStatus(row, "2026-03-15")).toBe("em_aberto");
    expect(deriveStatus(row, "2026-03-16")).toBe("vencido");
  });

  test("lists the stored and derived statuses", () => {
    expect(STORED_STATUSES).toEqual(["em_aberto", "pago"]);
    expect(STATUSES).toEqual(["em_aberto", "parcial", "vencido", "pago"]);
  });
});

describe("deriveStatus with payments (issue 34)", () => {
  test("something paid and a balance left is parcial until the due date passes; then vencido wins", () => {
    expect(deriveStatus({ status: "em_aberto", dataVencimento: TODAY, principalPago: 1 }, TODAY)).toBe("parcial");
    expect(deriveStatus({ status: "em_aberto", dataVencimento: "2026-03-14", principalPago: 5000 }, TODAY)).toBe("vencido");
    expect(deriveStatus({ status: "pago", dataVencimento: TODAY, principalPago: 5000 }, TODAY)).toBe("pago");
  });
});
