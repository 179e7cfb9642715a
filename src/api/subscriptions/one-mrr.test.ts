// One MRR (issue 31 item 5, DECISIONS §8): the dashboard's card, its chart and Relatórios ›
// Assinaturas show the same current-month figure, worked out here by hand.
import { describe, expect, test } from "bun:test";
import { PADARIA, useTestApp } from "../../../tests/support";
import { cnpjCheckDigits } from "../../lib/brazil";
import { today } from "../../lib/clock";
import { parseCsv } from "../../lib/csv";
import { dashboardFigures } from "../dashboard/figures";
import type { SubscriptionSummary } from "./model";
import type { MrrMonth } from "./mrr";

// Today is Sunday 15 March 2026 in São Paulo; lead time 10 days.
const t = useTestApp({ tables: ["subscription_months", "subscriptions", "receivables", "history_events", "clients", "settings"], now: "2026-03-15T10:00:00-03:00" });
const api = t.api;

let n = 0;
async function subscribe(nome: string, valor: string, ...steps: object[]): Promise<void> {
  n++;
  const base = `4455${String(n).padStart(4, "0")}0001`;
  const created = await api("/api/clients", { method: "POST", body: { ...PADARIA, nome, cnpj: base + cnpjCheckDigits(base), codigoCliente: `MRR-${n}`, email: `mrr${n}@cofre.test`, valorMensalidade: valor } });
  expect(created.status).toBe(201);
  const { id } = (await created.json()) as { id: number };
  for (const step of steps) {
    const response = await api(`/api/clients/${id}/subscription`, { method: "PUT", body: { status: "ativa", valor, diaVencimento: 10, inicio: "2026-01", ...step } });
    expect(response.status).toBe(200);
  }
}

describe("one MRR for the card, the chart and the report", () => {
  test("a worked example: ativa, trial, pausada, encerrada, encerrada with fim ahead, past its fim, starting ahead, new this month", async () => {
    // Started in January: January to March billed at once (back-fill).
    await subscribe("Ativa", "150.00", {}); // counts: 150,00
    await subscribe("Em trial", "250.00", { trialAte: "2026-04-01" }); // in trial today: apart
    await subscribe("Pausada", "300.00", {}, { status: "pausada" }); // billed Jan–Mar, paused now
    await subscribe("Encerrada", "400.00", {}, { status: "encerrada", fim: "2026-02" }); // billed Jan–Feb
    await subscribe("Encerra após maio", "500.00", {}, { status: "encerrada", fim: "2026-05" }); // counts: 500,00
    await subscribe("Fim passado", "600.00", { fim: "2026-02" }); // still ativa (the job has not run), billed Jan–Feb
    await subscribe("Começa em abril", "700.00", { inicio: "2026-04" }); // nothing yet
    await subscribe("Nova em março", "120.00", { inicio: "2026-03" }); // counts: 120,00, new this month

    // By hand. February (closed, what it billed): 150 + 300 + 400 + 500 + 600 = 1.950,00.
    // March, today: 150 + 500 + 120 = 770,00; new: 120,00 (1); ended: 300 + 400 + 600 = 1.300,00 (3);
    // 1.950 + 120 − 1.300 = 770. One in trial (250,00), counted apart.
    const expected = { mes: "2026-03", mrr: "770.00", novas: "120.00", novasQtd: 1, encerradas: "1300.00", encerradasQtd: 3, emTrial: 1, trial: "250.00" };

    // The card (GET /api/subscriptions/summary, and the dashboard's figures).
    const card = (await (await api("/api/subscriptions/summary")).json()) as SubscriptionSummary;
    expect(card).toEqual({ ativas: 5, mes: "2026-03", mrr: "770.00", novasNoMes: 1, novas: "120.00", encerradasNoMes: 3, encerradas: "1300.00", emTrial: 1, trial: "250.00" });
    // The chart: the API's default window and the dashboard's own months, current month last.
    const chart = (await (await api("/api/subscriptions/mrr")).json()) as MrrMonth[];
    expect(chart.at(-1)).toMatchObject({ ...expected, base: "hoje", reajustes: "0.00", assinaturas: 3 });
    expect(chart.at(-2)).toMatchObject({ mes: "2026-02", base: "cobranca", mrr: "1950.00", assinaturas: 5 });
    const dashboard = await dashboardFigures(t.db, t.config.databasePath);
    expect([dashboard.subscriptions.mrr, dashboard.mrr.at(-1)!.mrr]).toEqual(["770.00", "770.00"]);
    // The report: its page, its table's March row and its CSV.
    const page = await (await api("/reports?aba=assinaturas&de=2026-01&ate=2026-03")).text();
    const plain = page.replace(/<[^>]+>/g, "").replace(/&nbsp;|\u00a0/g, " ");
    expect(plain).toContain("mar. de 2026 até hoje: MRR R$ 770,00; 1 nova e 3 encerradas; 1 em teste (R$ 250,00) fora do MRR.");
    expect(plain).toContain("MRR de R$ 0,00 em dez. de 2025 a R$ 770,00 em mar. de 2026.");
    const csv = parseCsv((await (await api("/reports/export?aba=assinaturas&de=2026-01&ate=2026-03")).text()).replace(/^\uFEFF/, ""));
    expect(csv.find((row) => row[0] === "2026-03")?.slice(1, 5)).toEqual(["770,00", "120,00", "0,00", "1300,00"]);
    expect(today()).toBe("2026-03-15");
  });

  test("a closed month's figure is what it billed; the current month's follows a change made today", async () => {
    await subscribe("Ativa", "150.00", {});
    const before = (await (await api("/api/subscriptions/summary")).json()) as SubscriptionSummary;
    expect(before.mrr).toBe("150.00");
    // Paused today: out of today's MRR at once, in the card, the chart and the report alike; February keeps what it billed.
    expect((await api(`/api/clients/${(t.db.$client.query("select client_id from subscriptions").get() as { client_id: number }).client_id}/subscription`, { method: "PUT", body: { status: "pausada", valor: "150.00", diaVencimento: 10, inicio: "2026-01" } })).status).toBe(200);
    const card = (await (await api("/api/subscriptions/summary")).json()) as SubscriptionSummary;
    const chart = (await (await api("/api/subscriptions/mrr?de=2026-02&ate=2026-03")).json()) as MrrMonth[];
    expect([card.mrr, card.encerradasNoMes, chart.map((m) => `${m.mes}:${m.mrr}:${m.encerradas}`)]).toEqual(["0.00", 1, ["2026-02:150.00:0.00", "2026-03:0.00:150.00"]]);
  });
});
