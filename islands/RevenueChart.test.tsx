import { afterEach, describe, expect, test } from "bun:test";
import { act } from "react";
import { fakeUplot } from "../tests/fake-uplot";
import { cleanup, serverRenderAndHydrate } from "../tests/ui";
import { json, mockFetch, settle, type Call } from "../tests/islands";

// uPlot drawn by a stand-in (tests/fake-uplot.ts): what the island asks it to draw.
const charts = fakeUplot();

const { default: RevenueChart } = await import("./RevenueChart");

afterEach(() => {
  cleanup();
  charts.length = 0;
});

const revenue = [
  { month: "2026-02", revenue: 350 },
  { month: "2026-03", revenue: 1030.5 },
];

describe("RevenueChart", () => {
  test("server HTML: the title with data, the 300 px box, the figures as a table; no loading text; the chart once uPlot is loaded", async () => {
    const { container, html, errors } = serverRenderAndHydrate(<RevenueChart revenue={revenue} period="out. de 2025 e set. de 2026" />);
    expect(html).toContain("Previsão de Recebimento");
    expect(html).toContain('class="chart-box"');
    expect(html).not.toContain("Carregando gráfico...");
    expect(container.querySelector("table caption")?.textContent).toBe("Recebimento por mês de vencimento");
    expect([...container.querySelectorAll("tbody tr")].map((tr) => tr.textContent?.replace(/\s/g, " "))).toEqual([
      "fev. de 2026R$ 350,00",
      "mar. de 2026R$ 1.030,50",
    ]);
    expect(errors).toEqual([]);
    // uPlot comes after hydration (its own chunk): no chart until it has arrived.
    expect(charts).toHaveLength(0);
    await settle();
    expect(charts.at(-1)?.data).toEqual([[0, 1], [350, 1030.5]]);
  });

  test("empty: the same title (one name, issue 37) and the period, no chart", () => {
    const { container } = serverRenderAndHydrate(<RevenueChart revenue={[]} period="out. de 2025 e set. de 2026" />);
    expect(container.querySelector("h2")?.textContent).toBe("Previsão de Recebimento");
    expect(container.textContent).toContain("Nenhuma parcela com vencimento entre out. de 2025 e set. de 2026.");
    expect(charts).toEqual([]);
  });

  test("back from the back/forward cache: 'Carregando gráfico...' while it refetches, then the new months", async () => {
    const calls: Call[] = [];
    let answer: (response: Response) => void = () => {};
    mockFetch(calls, () => new Promise<Response>((resolve) => (answer = resolve)) as unknown as Response);
    const { container } = serverRenderAndHydrate(<RevenueChart revenue={revenue} period="" />);
    await act(async () => {
      window.dispatchEvent(Object.assign(new Event("pageshow"), { persisted: true }));
    });
    expect(calls.map((c) => c.url)).toEqual(["/api/dashboard/monthly-revenue"]);
    expect(container.textContent).toContain("Carregando gráfico...");
    answer(json([{ month: "2026-04", revenue: 480 }]));
    await settle();
    expect(container.textContent).not.toContain("Carregando gráfico...");
    expect(charts.at(-1)?.data).toEqual([[0], [480]]);
    expect(charts.slice(0, -1).every((c) => c.destroyed)).toBe(true);
  });
});
