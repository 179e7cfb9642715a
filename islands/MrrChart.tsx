import { useCallback, useState } from "react";
import type uPlot from "uplot";
import type { MrrMonth } from "../src/api/subscriptions/mrr";
import { formatBRL, parseMoney, ZERO, type Cents } from "../src/lib/money";
import { formatMonthBR } from "../src/lib/months";
import { formatCount } from "../src/lib/numbers";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../src/ui/Card";
import { api } from "./lib/api";
import { cssVar, monthChartOptions, reaisOf, tooltipPlugin, useRefetchOnReturn, useUplot, type UplotClass } from "./charts/chart";

export interface MrrChartProps {
  months: MrrMonth[];
  /** "abr. de 2025 e mar. de 2026": the months shown, for the empty state. */
  period: string;
  /** The API URL of the same months, read again when the page comes back from the back/forward cache. */
  source: string;
  /**
   * The figures as a visually hidden table (the chart's text for screen readers); false where
   * the page shows the same table anyway (the report).
   */
  table?: boolean;
}

const centsOf = (decimal: string) => parseMoney(decimal) ?? ZERO;
/** "1234.56" → "R$ 1.234,56". */
const brl = (decimal: string) => formatBRL(centsOf(decimal));
/** "+R$ 6,93", "−R$ 20,00", "R$ 0,00": a movement with its direction. */
const signed = (c: Cents) => (c > 0 ? `+${formatBRL(c)}` : c < 0 ? `−${formatBRL(-c as Cents)}` : formatBRL(ZERO));

/** MRR per competência (issue 18): uPlot bars, 300 px high, sized by the server; the movement in the tooltip. */
export default function MrrChart({ months: initial, period, source, table = true }: MrrChartProps) {
  const [months, setMonths] = useState(initial);
  const [loading, setLoading] = useState(false);

  useRefetchOnReturn(() => {
    setLoading(true);
    api<MrrMonth[]>(source)
      .then(setMonths)
      .catch(() => {}) // as the dashboard's other charts: the last figures stay
      .finally(() => setLoading(false));
  });

  const build = useCallback(
    (el: HTMLDivElement, _width: number, U: UplotClass) => {
      const bar = cssVar(el, "--color-primary", "#3b5bdb");
      const opts = monthChartOptions(el, months.map((m) => m.mes), 72, {
        scales: { y: { range: (_u, _min, max) => [0, max > 0 ? max * 1.1 : 1] } },
        series: [{}, { label: "MRR", fill: bar, stroke: bar, width: 0, paths: U.paths.bars!({ size: [0.6, 56], radius: 0.2 }), points: { show: false } }],
        plugins: [
          tooltipPlugin((idx) => {
            const m = months[idx];
            if (!m) return null;
            return [
              `${formatMonthBR(m.mes)}${m.base === "hoje" ? " (hoje)" : m.base === "previsao" ? " (previsão)" : ""}`,
              `MRR: ${brl(m.mrr)}`,
              `Novas: ${signed(centsOf(m.novas))}`,
              `Reajustes: ${signed(centsOf(m.reajustes))}`,
              // What left, as a loss.
              `Encerradas: ${signed(-centsOf(m.encerradas) as Cents)}`,
              `Assinaturas: ${formatCount(m.assinaturas)}`,
              ...(m.emTrial ? [`Em teste (fora do MRR): ${formatCount(m.emTrial)}`] : []),
            ];
          }),
        ],
      });
      return { opts, data: [months.map((_, i) => i), months.map((m) => reaisOf(m.mrr))] as uPlot.AlignedData };
    },
    [months],
  );
  // The current month (the one whose trials are counted: later ones are a projection), read out.
  const today = months.find((m) => m.base === "hoje");
  // Nothing billed and nothing that left: no bars to draw.
  const empty = months.every((m) => m.assinaturas === 0 && centsOf(m.encerradas) === 0);
  const chartRef = useUplot(empty ? null : build);

  return (
    <Card className="dash-mrr" aria-busy={loading || undefined}>
      <CardHeader>
        <CardTitle>MRR por mês</CardTitle>
        <CardDescription>Mensalidades das assinaturas ativas fora do teste no último dia de cada mês; no mês atual, hoje</CardDescription>
        {today && (
          <p className="chart-current" data-mrr-current={today.mes}>
            {formatMonthBR(today.mes)} até hoje: <strong className="ui-nowrap">{brl(today.mrr)}</strong>
            {today.emTrial ? ` · ${formatCount(today.emTrial)} em teste (${brl(today.trial ?? "0.00")}) fora do MRR` : ""}
          </p>
        )}
      </CardHeader>
      <CardContent>
        <div className="chart-box">
          {empty ? (
            <p className="chart-empty">Nenhuma mensalidade de assinatura entre {period}.</p>
          ) : (
            <div ref={chartRef} className="chart-canvas" aria-hidden="true" />
          )}
          {loading && <p className="chart-loading">Carregando gráfico...</p>}
        </div>
        {/* Six columns do not fit a hidden table's 1 px (a table grows to its content, and the page
            would scroll sideways): the wrapper clips it. */}
        {!empty && table && (
          <div className="visually-hidden">
            <table>
              <caption>MRR por mês</caption>
              <thead>
                <tr>
                  <th scope="col">Mês</th>
                  <th scope="col">MRR</th>
                  <th scope="col">Novas</th>
                  <th scope="col">Reajustes</th>
                  <th scope="col">Encerradas</th>
                  <th scope="col">Assinaturas</th>
                </tr>
              </thead>
              <tbody>
                {months.map((m) => (
                  <tr key={m.mes}>
                    <th scope="row">{formatMonthBR(m.mes)}</th>
                    <td>{brl(m.mrr)}</td>
                    <td>{brl(m.novas)}</td>
                    <td>{brl(m.reajustes)}</td>
                    <td>{brl(m.encerradas)}</td>
                    <td>{formatCount(m.assinaturas)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
