import { afterEach, describe, expect, test } from "bun:test";
import { act } from "react";
import type { DashboardStats as Stats } from "../src/api/dashboard/stats";
import type { SubscriptionSummary } from "../src/api/subscriptions/model";
import { cleanup, serverRenderAndHydrate } from "../tests/ui";
import { json, mockFetch, settle, type Call } from "../tests/islands";
import DashboardStats from "./DashboardStats";
import { CLIENT_LIST } from "../src/api/clients/list-spec";
import { RECEIVABLE_LIST } from "../src/api/installments/list-spec";
import { SUBSCRIPTION_LIST } from "../src/api/subscriptions/list-spec";
import { readListView, type ListSpec } from "../src/lib/list-spec";

afterEach(cleanup);

const stats: Stats = { totalClients: 12, blockedClients: 1, monthlyRevenue: "2150.00", openInstallments: 9, overdueInstallments: 2 };
const subscriptions: SubscriptionSummary = { ativas: 8, mes: "2026-11", mrr: "1234.56", novasNoMes: 2, novas: "300.00", encerradasNoMes: 1, encerradas: "100.00", emTrial: 2, trial: "450.00" };

const cards = (container: HTMLElement) =>
  [...container.querySelectorAll(".stat")].map((card) => [card.querySelector("h2")!.textContent, card.querySelector(".stat__value")!.textContent!.replace(/\u00a0/g, " "), card.querySelector(".stat__note")!.textContent!.replace(/\u00a0/g, " ")]);

describe("DashboardStats", () => {
  test("six cards: SPEC's four, then MRR and the active subscriptions with this month's movement", () => {
    const { container, errors } = serverRenderAndHydrate(<DashboardStats stats={stats} subscriptions={subscriptions} />);
    expect(cards(container)).toEqual([
      ["Total de Clientes", "12", "Crescimento estável"],
      ["Recebimento Mensal", "R$ 2.150,00", "Mensalidades dos clientes não bloqueados"],
      ["Parcelas em Aberto", "9", "2 vencidas"],
      ["Clientes Bloqueados", "1", "Requer atenção"],
      ["MRR", "R$ 1.234,56", "Hoje, sem 2 em teste (R$ 450,00)"],
      ["Assinaturas ativas", "8", "+2 novas, −1 encerrada em nov/2026"],
    ]);
    expect(errors).toEqual([]);
  });

  test("Resultado do mês: the DRE's resultado of the month by caixa, a link to that month's DRE, red when negative", () => {
    const { container } = serverRenderAndHydrate(<DashboardStats stats={stats} subscriptions={subscriptions} resultado={{ mes: "2026-11", valor: "-120.50" }} />);
    const card = [...container.querySelectorAll(".stat")].at(-1)!;
    expect(card.querySelector("h2")!.textContent).toBe("Resultado do mês");
    expect(card.querySelector(".stat__value")!.textContent!.replace(/\u00a0/g, " ")).toBe("-R$ 120,50");
    expect(card.querySelector("a")!.getAttribute("href")).toBe("/reports?aba=dre&de=2026-11&ate=2026-11&base=caixa");
    expect(card.querySelector(".stat__note")!.textContent).toBe("Recebido menos pago em nov/2026 (regime de caixa)");
  });

  test("each card opens the list it counts, with that list's URL filters; the notes' narrower lists too", () => {
    const { container } = serverRenderAndHydrate(<DashboardStats stats={stats} subscriptions={subscriptions} />);
    const links = [...container.querySelectorAll(".stat")].map((card) => [...card.querySelectorAll("a")].map((a) => [a.textContent, a.getAttribute("href")]));
    expect(links).toEqual([
      [["Total de Clientes", "/clients"]],
      [["Recebimento Mensal", "/clients?status=0"]],
      [["Parcelas em Aberto", "/receivables"], ["2 vencidas", "/receivables?status=vencido"]],
      [["Clientes Bloqueados", "/clients?status=1"]],
      [["MRR", "/subscriptions?status=ativa"]],
      [["Assinaturas ativas", "/subscriptions"], ["2 em teste, fora do MRR", "/subscriptions?status=trial"]],
    ]);
    // Every link is its list's page with parameters that list reads as written (its ListSpec).
    const specs: ListSpec[] = [CLIENT_LIST, RECEIVABLE_LIST, SUBSCRIPTION_LIST];
    for (const [, href] of links.flat()) {
      const url = new URL(href!, "http://cofre.test");
      const spec = specs.find((s) => s.path === url.pathname);
      expect({ href, list: spec?.path }).toEqual({ href, list: url.pathname });
      const query = Object.fromEntries(url.searchParams);
      const view = readListView(spec!, query);
      for (const [key, value] of Object.entries(query)) expect({ href, key, value: view[key] }).toEqual({ href, key, value });
    }
  });

  test("with no data: no claimed growth, no overdue link, no trial line", () => {
    const none: Stats = { totalClients: 0, blockedClients: 0, monthlyRevenue: "0.00", openInstallments: 0, overdueInstallments: 0 };
    const empty: SubscriptionSummary = { ...subscriptions, ativas: 0, mrr: "0.00", novasNoMes: 0, encerradasNoMes: 0, emTrial: 0, trial: "0.00" };
    const { container } = serverRenderAndHydrate(<DashboardStats stats={none} subscriptions={empty} />);
    const first = container.querySelector(".stat")!;
    expect(first.querySelector(".stat__note")).toBeNull();
    expect(container.textContent).not.toContain("Crescimento estável");
    expect(container.querySelectorAll(".stat__sublink").length).toBe(0);
    expect(container.textContent).toContain("Todas em dia");
  });

  test("back from the back/forward cache: both summaries are read again and the cards follow", async () => {
    const calls: Call[] = [];
    mockFetch(calls, (call) =>
      call.url === "/api/subscriptions/summary" ? json({ ...subscriptions, ativas: 9, mrr: "1400.00", novasNoMes: 1, encerradasNoMes: 0, emTrial: 0 }) : json({ ...stats, totalClients: 13 }),
    );
    const { container } = serverRenderAndHydrate(<DashboardStats stats={stats} subscriptions={subscriptions} />);
    await act(async () => {
      window.dispatchEvent(Object.assign(new Event("pageshow"), { persisted: true }));
    });
    await settle();
    expect(calls.map((c) => c.url).sort()).toEqual(["/api/dashboard/stats", "/api/subscriptions/summary"]);
    expect(cards(container).map((c) => c[1])).toEqual(["13", "R$ 2.150,00", "9", "1", "R$ 1.400,00", "9"]);
    expect(cards(container).at(-1)![2]).toBe("+1 nova, −0 encerradas em nov/2026");
    expect(cards(container).at(-2)![2]).toBe("Assinaturas fora do teste, hoje");
    expect(container.textContent).not.toContain("em teste, fora do MRR");
    expect(container.querySelector("[aria-busy]")).toBeNull();
  });
});
