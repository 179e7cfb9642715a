import { afterEach, describe, expect, test } from "bun:test";
import { act } from "react";
import type { MrrMonth } from "../src/api/subscriptions/mrr";
import { fakeUplot } from "../tests/fake-uplot";
import { cleanup, serverRenderAndHydrate } from "../tests/ui";
import { json, mockFetch, settle, type Call } from "../tests/islands";

// uPlot drawn by a stand-in (tests/fake-uplot.ts): what the island asks it to draw.
const charts = fakeUplot();

const { default: MrrChart } = await import("./MrrChart");

afterEach(() => {
  cleanup();
  charts.length = 0;
});

const month = (mes: string, mrr: string, extra: Partial<MrrMonth> = {}): MrrMonth => ({
  mes,
  base: "cobranca",
  mrr,
  novas: "0.00",
  reajustes: "0.00",
  encerradas: "0.00",
  assinaturas: 1,
  novasQtd: 0,
  encerradasQtd: 0,
  emTrial: null,
  trial: null,
  ...extra,
});
const months: MrrMonth[] = [
  month("2026-02", "400.00", { novas: "250.00", assinaturas: 2 }),
  month("2026-03", "256.93", { novas: "100.00", reajustes: "6.93", encerradas: "250.00", assinaturas: 2 }),
  month("2026-04", "236.93", { reajustes: "-20.00", assinaturas: 2 }),
];

/** The tooltip's lines for the bar at `idx`, as the plugin writes them into the plot. */
function tooltip(idx: number): string[] {
  const chart = charts.at(-1)!;
  const plugin = chart.opts.plugins![0]!;
  const over = document.createElement("div");
  const u = { over, cursor: { idx, top: 0 }, data: chart.data, valToPos: () => 0 };
  plugin.hooks.init!(u);
  plugin.hooks.setCursor!(u);
  return [...over.querySelector(".chart-tooltip")!.children].map((line) => line.textContent!.replace(/\u00a0/g, " "));
}

describe("MrrChart", () => {
  test("server HTML: the title, the 300 px box, the figures as a hidden table; bars of the MRR per month", async () => {
    const { container, html, errors } = serverRenderAndHydrate(<MrrChart months={months} period="fev. de 2026 e abr. de 2026" source="/api/subscriptions/mrr" />);
    expect(container.querySelector("h2")?.textContent).toBe("MRR por mês");
    expect(html).toContain('class="chart-box"');
    expect(html).not.toContain("Carregando gráfico...");
    expect(container.querySelector(".visually-hidden table caption")?.textContent).toBe("MRR por mês");
    expect([...container.querySelectorAll("thead th")].map((th) => th.textContent)).toEqual(["Mês", "MRR", "Novas", "Reajustes", "Encerradas", "Assinaturas"]);
    expect([...container.querySelectorAll("tbody tr")].map((tr) => [...tr.children].map((c) => c.textContent!.replace(/\u00a0/g, " ")))).toEqual([
      ["fev. de 2026", "R$ 400,00", "R$ 250,00", "R$ 0,00", "R$ 0,00", "2"],
      ["mar. de 2026", "R$ 256,93", "R$ 100,00", "R$ 6,93", "R$ 250,00", "2"],
      ["abr. de 2026", "R$ 236,93", "R$ 0,00", "-R$ 20,00", "R$ 0,00", "2"],
    ]);
    expect(errors).toEqual([]);
    await settle();
    expect(charts.at(-1)?.data).toEqual([[0, 1, 2], [400, 256.93, 236.93]]);
  });

  test("the tooltip names the month and its movement, each with its direction", async () => {
    serverRenderAndHydrate(<MrrChart months={months} period="" source="/api/subscriptions/mrr" />);
    await settle();
    expect(tooltip(1)).toEqual(["mar. de 2026", "MRR: R$ 256,93", "Novas: +R$ 100,00", "Reajustes: +R$ 6,93", "Encerradas: −R$ 250,00", "Assinaturas: 2"]);
    expect(tooltip(2)).toEqual(["abr. de 2026", "MRR: R$ 236,93", "Novas: R$ 0,00", "Reajustes: −R$ 20,00", "Encerradas: R$ 0,00", "Assinaturas: 2"]);
  });

  test("nothing billed in the period: the empty state with the period, no chart and no table", () => {
    const zeros = [month("2026-02", "0.00", { assinaturas: 0 }), month("2026-03", "0.00", { assinaturas: 0 })];
    const { container } = serverRenderAndHydrate(<MrrChart months={zeros} period="fev. de 2026 e mar. de 2026" source="/api/subscriptions/mrr" />);
    expect(container.textContent).toContain("Nenhuma mensalidade de assinatura entre fev. de 2026 e mar. de 2026.");
    expect(container.querySelector("table")).toBeNull();
    expect(charts).toEqual([]);
  });

  test("where the page shows the table itself (the report), no hidden copy", async () => {
    const { container } = serverRenderAndHydrate(<MrrChart months={months} period="" source="/api/subscriptions/mrr?de=2026-02&ate=2026-04" table={false} />);
    expect(container.querySelector("table")).toBeNull();
    await settle();
    expect(charts).toHaveLength(1);
  });

  test("back from the back/forward cache: refetches its own months ('Carregando gráfico...' meanwhile), then redraws", async () => {
    const calls: Call[] = [];
    let answer: (response: Response) => void = () => {};
    mockFetch(calls, () => new Promise<Response>((resolve) => (answer = resolve)) as unknown as Response);
    const { container } = serverRenderAndHydrate(<MrrChart months={months} period="" source="/api/subscriptions/mrr?de=2026-02&ate=2026-04" />);
    await act(async () => {
      window.dispatchEvent(Object.assign(new Event("pageshow"), { persisted: true }));
    });
    expect(calls.map((c) => c.url)).toEqual(["/api/subscriptions/mrr?de=2026-02&ate=2026-04"]);
    expect(container.textContent).toContain("Carregando gráfico...");
    answer(json([month("2026-02", "480.00", { novas: "480.00" })]));
    await settle();
    expect(container.textContent).not.toContain("Carregando gráfico...");
    expect(charts.at(-1)?.data).toEqual([[0], [480]]);
    expect(charts.slice(0, -1).every((c) => c.destroyed)).toBe(true);
  });
});
