import { useCallback, useState } from "react";
import type uPlot from "uplot";
import type { MonthlyRevenueItem } from "../src/api/dashboard/monthly-revenue";
import { formatMonthBR } from "../src/lib/months";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../src/ui/Card";
import { api } from "./lib/api";
import { chartBRL, cssVar, monthChartOptions, tooltipPlugin, useRefetchOnReturn, useUplot, type UplotClass } from "./charts/chart";

export interface RevenueChartProps {
  revenue: MonthlyRevenueItem[];
  /** "out. de 2025 a set. de 2026": the window the figures cover, for the empty state. */
  period: string;
}

/** The dashboard's revenue per due month (SPEC §2): uPlot bars, 300 px high, sized by the server. */
export default function RevenueChart({ revenue: initial, period }: RevenueChartProps) {
  const [revenue, setRevenue] = useState(initial);
  const [loading, setLoading] = useState(false);

  useRefetchOnReturn(() => {
    setLoading(true);
    api<MonthlyRevenueItem[]>("/api/dashboard/monthly-revenue")
      .then(setRevenue)
      .catch(() => {}) // SPEC §8: dashboard calls have no error handling; the last figures stay
      .finally(() => setLoading(false));
  });

  const build = useCallback(
    (el: HTMLDivElement, _width: number, U: UplotClass) => {
      const bar = cssVar(el, "--color-primary", "#3b5bdb");
      const opts = monthChartOptions(el, revenue.map((r) => r.month), 72, {
        scales: { y: { range: (_u, _min, max) => [0, max > 0 ? max * 1.1 : 1] } },
        series: [
          {},
          { label: "Recebimento", fill: bar, stroke: bar, width: 0, paths: U.paths.bars!({ size: [0.6, 56], radius: 0.2 }), points: { show: false } },
        ],
        plugins: [
          tooltipPlugin((idx) => {
            const item = revenue[idx];
            return item ? [formatMonthBR(item.month), `Recebimento: ${chartBRL(item.revenue)}`] : null;
          }),
        ],
      });
      return { opts, data: [revenue.map((_, i) => i), revenue.map((r) => r.revenue)] as uPlot.AlignedData };
    },
    [revenue],
  );
  const chartRef = useUplot(revenue.length ? build : null);
  const empty = revenue.length === 0;

  return (
    <Card className="dash-chart" aria-busy={loading || undefined}>
      <CardHeader>
        {/* One name, data or not (issue 37): SPEC's empty-state "Recebimento por Mês" read as money
            received, a different figure from Contas a Receber's "Recebido no Mês". */}
        <CardTitle>Previsão de Recebimento</CardTitle>
        <CardDescription>Valor das parcelas a receber por mês de vencimento</CardDescription>
      </CardHeader>
      <CardContent>
        <div className="chart-box">
          {empty ? (
            <p className="chart-empty">Nenhuma parcela com vencimento entre {period}.</p>
          ) : (
            <div ref={chartRef} className="chart-canvas" aria-hidden="true" />
          )}
          {loading && <p className="chart-loading">Carregando gráfico...</p>}
        </div>
        {!empty && (
          <table className="visually-hidden">
            <caption>Recebimento por mês de vencimento</caption>
            <thead>
              <tr>
                <th scope="col">Mês</th>
                <th scope="col">Recebimento</th>
              </tr>
            </thead>
            <tbody>
              {revenue.map((item) => (
                <tr key={item.month}>
                  <th scope="row">{formatMonthBR(item.month)}</th>
                  <td>{chartBRL(item.revenue)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </CardContent>
    </Card>
  );
}
