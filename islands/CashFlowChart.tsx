import { useCallback } from "react";
import type uPlot from "uplot";
import { formatMonthBR } from "../src/lib/months";
import { chartBRL, cssVar, monthChartOptions, reaisOf, tooltipPlugin, useUplot, type UplotClass } from "./charts/chart";

export interface CashFlowChartProps {
  rows: { month: string; valorReceber: string; valorPagar: string; saldoAcumulado: string; situacao: "realizado" | "previsto" }[];
}

/**
 * The cash-flow chart: receber and pagar as bars side by side, the accumulated balance as a
 * line; the forecast months ("previsto") sit on a shaded band.
 */
export default function CashFlowChart({ rows }: CashFlowChartProps) {
  const build = useCallback(
    (el: HTMLDivElement, _width: number, U: UplotClass) => {
      const green = cssVar(el, "--color-success", "#2b8a3e");
      const red = cssVar(el, "--color-danger", "#e03131");
      const line = cssVar(el, "--color-primary", "#3b5bdb");
      const text = cssVar(el, "--color-text-muted", "#495057");
      const band = cssVar(el, "--color-surface-2", "#f8f9fa");
      const firstForecast = rows.findIndex((r) => r.situacao === "previsto");
      const bars = (align: -1 | 1) => U.paths.bars!({ size: [0.34, 28], align, gap: 1, radius: 0.15 });
      const opts = monthChartOptions(el, rows.map((r) => r.month), 76, {
        series: [
          {},
          { label: "A receber", fill: green, stroke: green, width: 0, paths: bars(-1), points: { show: false } },
          { label: "A pagar", fill: red, stroke: red, width: 0, paths: bars(1), points: { show: false } },
          { label: "Saldo acumulado", stroke: line, width: 2.5, points: { show: true, size: 6, fill: line } },
        ],
        hooks: {
          // The forecast band, drawn under the series.
          drawClear: [
            (u) => {
              if (firstForecast < 0) return;
              const left = u.valToPos(firstForecast - 0.5, "x", true);
              const ctx = u.ctx;
              ctx.save();
              ctx.fillStyle = band;
              ctx.fillRect(left, u.bbox.top, u.bbox.left + u.bbox.width - left, u.bbox.height);
              ctx.fillStyle = text;
              ctx.font = `${12 * devicePixelRatio}px system-ui, sans-serif`;
              ctx.fillText("previsto", left + 6 * devicePixelRatio, u.bbox.top + 14 * devicePixelRatio);
              ctx.restore();
            },
          ],
        },
        plugins: [
          tooltipPlugin((idx) => {
            const row = rows[idx];
            if (!row) return null;
            return [
              `${formatMonthBR(row.month)} · ${row.situacao}`,
              `A receber: ${chartBRL(reaisOf(row.valorReceber))}`,
              `A pagar: ${chartBRL(reaisOf(row.valorPagar))}`,
              `Saldo acumulado: ${chartBRL(reaisOf(row.saldoAcumulado))}`,
            ];
          }),
        ],
      });
      const data: uPlot.AlignedData = [
        rows.map((_, i) => i),
        rows.map((r) => reaisOf(r.valorReceber)),
        rows.map((r) => reaisOf(r.valorPagar)),
        rows.map((r) => reaisOf(r.saldoAcumulado)),
      ];
      return { opts, data };
    },
    [rows],
  );
  const ref = useUplot(rows.length ? build : null);
  return (
    <div className="cashflow-chart">
      <div className="chart-box">
        <div ref={ref} className="chart-canvas" aria-hidden="true" />
      </div>
      <ul className="chart-legend" aria-hidden="true">
        <li>
          <span className="chart-legend__swatch chart-legend__swatch--receber" />A receber
        </li>
        <li>
          <span className="chart-legend__swatch chart-legend__swatch--pagar" />A pagar
        </li>
        <li>
          <span className="chart-legend__swatch chart-legend__swatch--saldo" />
          Saldo acumulado
        </li>
        <li>
          <span className="chart-legend__swatch chart-legend__swatch--previsto" />
          Previsto
        </li>
      </ul>
    </div>
  );
}
