import { describe, expect, test } from "bun:test";
import { PADARIA, useTestApp } from "../../tests/support";
import type { MrrMonth } from "../api/subscriptions/mrr";

// The dashboard's subscription parts (issue 18) as the server renders them: the two cards and
// the MRR chart, with their figures in the HTML (no fetch on load). Today: 15 March 2026.
const t = useTestApp({ tables: ["subscription_months", "subscriptions", "receivables", "history_events", "clients", "settings"], now: "2026-03-15T10:00:00-03:00" });

const FLORICULTURA = { ...PADARIA, nome: "Floricultura Ipê Amarelo", cnpj: "11.444.777/0001-61", codigoCliente: "FLO-002", email: "flores@ipe.com.br" };
const MERCADO = { ...PADARIA, nome: "Mercadinho Bom Preço", cnpj: "38.599.503/0001-06", codigoCliente: "MER-003", email: "contato@bompreco.com.br" };

async function subscribe(client: object, terms: object) {
  const made = await t.api("/api/clients", { method: "POST", body: client });
  expect(made.status).toBe(201);
  const { id } = (await made.json()) as { id: number };
  const body = { status: "ativa", valor: "150.00", diaVencimento: 10, inicio: "2026-03", ...terms };
  expect((await t.api(`/api/clients/${id}/subscription`, { method: "PUT", body })).status).toBe(200);
  return id;
}

async function dashboard() {
  const response = await t.api("/");
  expect(response.status).toBe(200);
  const page = document.createElement("div");
  page.innerHTML = await response.text();
  const cards = [...page.querySelectorAll(".dash-stats .stat")].map((card) => ({
    title: card.querySelector(".stat__title")!.textContent,
    value: card.querySelector(".stat__value")!.textContent!.replace(/\u00a0/g, " "),
    // No note where nothing true can be said ("Crescimento estável" without clients).
    note: card.querySelector(".stat__note")?.textContent!.replace(/\u00a0/g, " ") ?? null,
  }));
  const marker = page.querySelector('[data-island="MrrChart"]')!;
  const props = JSON.parse(page.querySelector(`script#${marker.getAttribute("data-props-id")}`)!.textContent!) as { months: MrrMonth[]; period: string; source: string };
  return { page, cards, chart: marker, props };
}

describe("dashboard: subscriptions", () => {
  test("no subscription yet: MRR R$ 0,00, none active, the chart's empty state for the last 12 months", async () => {
    const { cards, chart, props } = await dashboard();
    expect(cards.slice(4)).toEqual([
      { title: "MRR", value: "R$ 0,00", note: "Assinaturas fora do teste, hoje" },
      { title: "Assinaturas ativas", value: "0", note: "+0 novas, −0 encerradas em mar/2026" },
      { title: "Resultado do mês", value: "R$ 0,00", note: "Recebido menos pago em mar/2026 (regime de caixa)" },
    ]);
    expect(props.months.map((m) => m.mes)).toEqual(["2025-04", "2025-05", "2025-06", "2025-07", "2025-08", "2025-09", "2025-10", "2025-11", "2025-12", "2026-01", "2026-02", "2026-03"]);
    expect(props.source).toBe("/api/subscriptions/mrr");
    expect(chart.textContent).toContain("Nenhuma mensalidade de assinatura entre abr. de 2025 e mar. de 2026.");
  });

  test("the cards say the summary's figures (MRR out of trial, trials apart, what joined and left it this month); the chart has the API's months", async () => {
    await subscribe(PADARIA, { valor: "150.00", inicio: "2026-01" });
    await subscribe(FLORICULTURA, { valor: "250.00", inicio: "2026-02" });
    await subscribe(MERCADO, { valor: "99.90", trialAte: "2026-06-01" }); // in trial: counts as active, not in the MRR
    const { page, cards, chart, props } = await dashboard();
    expect(cards.map((c) => c.title)).toEqual(["Total de Clientes", "Recebimento Mensal", "Parcelas em Aberto", "Clientes Bloqueados", "MRR", "Assinaturas ativas", "Resultado do mês"]);
    expect(cards.slice(4, 6)).toEqual([
      { title: "MRR", value: "R$ 400,00", note: "Hoje, sem 1 em teste (R$ 99,90)" },
      { title: "Assinaturas ativas", value: "3", note: "+0 novas, −0 encerradas em mar/2026" },
    ]);
    // The trials among the active ones, said and linked to their filter (issue 37 item 7).
    const active = page.querySelectorAll(".dash-stats .stat")[5]!;
    expect(active.querySelector(".stat__extra a")?.textContent).toBe("1 em teste, fora do MRR");
    expect(active.querySelector(".stat__extra a")?.getAttribute("href")).toBe("/subscriptions?status=trial");
    // The chart's current month is the card's figure, and says so.
    expect(chart.querySelector("[data-mrr-current]")?.textContent?.replace(/\u00a0/g, " ")).toBe("mar. de 2026 até hoje: R$ 400,00 · 1 em teste (R$ 99,90) fora do MRR");
    // The same months the API answers, in the page's HTML: the island fetches nothing on load.
    expect(props.months).toEqual(await (await t.api("/api/subscriptions/mrr")).json());
    expect(props.months.slice(-3).map((m) => `${m.mes}:${m.mrr}:${m.assinaturas}`)).toEqual(["2026-01:150.00:1", "2026-02:400.00:2", "2026-03:400.00:2"]);
    expect(chart.querySelector("h2")?.textContent).toBe("MRR por mês");
    expect(chart.querySelector('.chart-box > .chart-canvas[aria-hidden="true"]')).not.toBeNull();
    const rows = [...chart.querySelectorAll(".visually-hidden table tbody tr")].map((tr) => tr.textContent!.replace(/\u00a0/g, " "));
    expect(rows.at(-1)).toBe("mar. de 2026R$ 400,00R$ 0,00R$ 0,00R$ 0,00" + "2");
  });

  test("one new and one ended this month: the note counts each in the singular", async () => {
    const padaria = await subscribe(PADARIA, { inicio: "2026-02" });
    await subscribe(FLORICULTURA, {});
    // Billed in February, ended with February: it left the MRR this month; the other joined it.
    const ended = await t.api(`/api/clients/${padaria}/subscription`, { method: "PUT", body: { status: "encerrada", valor: "150.00", diaVencimento: 10, inicio: "2026-02", fim: "2026-02" } });
    expect(ended.status).toBe(200);
    const { cards } = await dashboard();
    expect(cards.at(-2)).toEqual({ title: "Assinaturas ativas", value: "1", note: "+1 nova, −1 encerrada em mar/2026" });
  });

  test("printed, the header names both windows", async () => {
    const { page } = await dashboard();
    expect(page.querySelector(".print-header")?.textContent).toContain("Recebimentos entre out. de 2025 e set. de 2026; MRR entre abr. de 2025 e mar. de 2026");
  });
});
