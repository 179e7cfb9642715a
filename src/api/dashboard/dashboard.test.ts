import { afterEach, beforeAll, describe, expect, test } from "bun:test";
import { buildFigures, FIXTURE_TODAY } from "../../../tests/fixtures/figures";
import { PADARIA, useTestApp } from "../../../tests/support";
import { acrossTurns } from "../../../tests/turns";
import { monthResult } from "../reports/dre";
import { dashboardFigures } from "./figures";
import { pinClock } from "../../lib/clock";

const t = useTestApp();
let unpin: () => void = () => {};
afterEach(() => unpin());

const get = async (path: string) => {
  const response = await t.api(path);
  expect(response.status).toBe(200);
  return response.json();
};

describe("dashboard on an empty database", () => {
  test("stats are zeros and the revenue list is empty", async () => {
    unpin = pinClock(FIXTURE_TODAY);
    expect(await get("/api/dashboard/stats")).toEqual({
      totalClients: 0,
      blockedClients: 0,
      monthlyRevenue: "0.00",
      openInstallments: 0,
      overdueInstallments: 0,
    });
    expect(await get("/api/dashboard/monthly-revenue")).toEqual([]);
  });
});

describe("dashboard on the fixed data set", () => {
  beforeAll(async () => {
    const restore = pinClock(FIXTURE_TODAY);
    await buildFigures(t, t.cookie);
    restore();
  });

  test("stats: 5 clients, 2 blocked; recurring revenue of the others (trial counts 0); 6 open, 2 overdue", async () => {
    unpin = pinClock(FIXTURE_TODAY);
    expect(await get("/api/dashboard/stats")).toEqual({
      totalClients: 5,
      blockedClients: 2, // Oficina by hand, Padaria automatically (overdue since 28/02)
      monthlyRevenue: "299.90", // 0 (trial) + 100.00 + 199.90; the blocked 350.00 and 480.00 are out
      openInstallments: 6,
      overdueInstallments: 2, // Padaria 2/3 (28/02) and Oficina 1/2 (10/03); Bar's due today is not
    });
  });

  test("monthly revenue: face value by due month from 5 months ago to 6 ahead, empty months left out", async () => {
    unpin = pinClock(FIXTURE_TODAY);
    expect(await get("/api/dashboard/monthly-revenue")).toEqual([
      { month: "2026-01", revenue: 350 }, // paid with fees, still counted at face value
      { month: "2026-02", revenue: 350 },
      { month: "2026-03", revenue: 1030 },
      { month: "2026-04", revenue: 480 },
    ]);
  });

  test("at 23:30 on 31/03 in São Paulo (already April in UTC) it is still March", async () => {
    unpin = pinClock("2026-04-01T02:30:00Z");
    const stats = await get("/api/dashboard/stats");
    expect(stats.overdueInstallments).toBe(3); // + Bar's due 15/03; Padaria 3/3 (31/03) is due today
    const months = (await get("/api/dashboard/monthly-revenue")).map((m: { month: string }) => m.month);
    expect(months).toEqual(["2026-01", "2026-02", "2026-03", "2026-04"]);
  });

  test("at 00:30 on 01/04 in São Paulo the last day of March is overdue and the window moves a month", async () => {
    unpin = pinClock("2026-04-01T00:30:00");
    expect((await get("/api/dashboard/stats")).overdueInstallments).toBe(4);
    expect(await get("/api/dashboard/monthly-revenue")).toEqual([
      { month: "2026-01", revenue: 350 },
      { month: "2026-02", revenue: 350 },
      { month: "2026-03", revenue: 1030 },
      { month: "2026-04", revenue: 480 },
      { month: "2026-10", revenue: 199.9 }, // 2025-11 … 2026-10 now
    ]);
  });

  test("needs a session", async () => {
    expect((await t.request("/api/dashboard/stats")).status).toBe(401);
    expect((await t.request("/api/dashboard/monthly-revenue")).status).toBe(401);
  });
});

describe("the dashboard's figures across turns of the event loop (issue 38 §3)", () => {
  test("read on a reader in one snapshot: a payment committed after the first part is in none of them; the next view has it", async () => {
    unpin = pinClock(FIXTURE_TODAY);
    const client = await t.api("/api/clients", { method: "POST", body: { ...PADARIA, cnpj: "45.723.174/0001-10", codigoCliente: "SNAP-1" } });
    const { id } = (await client.json()) as { id: number };
    const made = await t.api("/api/installments/generate", { method: "POST", body: { clientId: id, numParcelas: 1, valor: "80.00", primeiroVencimento: "2026-03-20", descricao: "Instantâneo" } });
    const [row] = ((await made.json()) as { installments: { id: number }[] }).installments;
    const resultadoBefore = monthResult(t.db);
    // The MRR's months are slices of their own. The stats are read before the loop first turns;
    // then another request records a payment.
    const { value: figures, turns } = await acrossTurns(
      () => dashboardFigures(t.db, t.config.databasePath),
      (turn) =>
        turn === 0 &&
        t.db.$client.transaction(() => {
          t.db.$client.query("INSERT INTO payments (receivable_id, data_pagamento, principal, valor_pago) VALUES (?, '2026-03-15', 8000, 8000)").run(row!.id);
          t.db.$client.query("UPDATE receivables SET status = 'pago', data_pagamento = '2026-03-15', valor_pago = 8000, principal_pago = 8000 WHERE id = ?").run(row!.id);
        })(),
    );
    expect(turns).toBeGreaterThanOrEqual(4);
    expect(figures.resultado.valor).toBe(resultadoBefore);
    // The write moved the counts: the next view computes again, with the payment.
    const next = await dashboardFigures(t.db, t.config.databasePath);
    expect(next).not.toBe(figures);
    expect(next.resultado.valor).toBe(monthResult(t.db));
    expect(next.resultado.valor).not.toBe(resultadoBefore);
  });
});
