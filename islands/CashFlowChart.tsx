import { useCallback } from "react";
import type uPlot from "uplot";
import { formatMonthBR } from "../src/lib/months";
import { chartBRL, cssVar, monthChartOptions, reaisOf, tooltipPlugin, useUplot, type UplotClass } from "./charts/chart";

export interface CashFlowChartProps {
  rows: {
    month: string;
    recebido: string;
    receberEmAberto: string;
    pago: string;
    pagarEmAberto: string;
    saldoAcumulado: string;
    situacao: "realizado" | "em_atraso" | "previsto";
  }[];
}

/**
 * The cash-flow chart: receber and pagar as bars side by side, each the part settled (solid)
 * under the part that fell due and is still open (light); the accumulated balance as a line;
 * the forecast months ("previsto") sit on a shaded band.
 */
const SITUACAO = { realizado: "realizado", em_atraso: "em atraso", previsto: "previsto" } as const;

export default function CashFlowChart({ rows }: CashFlowChartProps) {
  const build = useCallback(
    (el: HTMLDivElement, _width: number, U: UplotClass) => {
      const green = cssVar(el, "--color-success", "#2b8a3e");
      const red = cssVar(el, "--color-danger", "#e03131");
      const line = cssVar(el, "--color-primary", "#3b5bdb");
      const text = cssVar(el, "--color-text-muted", "#495057");
      const band = cssVar(el, "--color-surface-2", "#f8f9fa");
      const greenOpen = cssVar(el, "--chart-receber-aberto", "#8ce99a");
      const redOpen = cssVar(el, "--chart-pagar-aberto", "#ffa8a8");
      const firstForecast = rows.findIndex((r) => r.situacao === "previsto");
      const bars = (align: -1 | 1) => U.paths.bars!({ size: [0.34, 28], align, gap: 1, radius: 0.15 });
      const opts = monthChartOptions(el, rows.map((r) => r.month), 76, {
        series: [
          {},
          // Each side's whole bar (light) first, then its settled part (solid) over it from zero: a stacked bar.
          { label: "A receber", fill: greenOpen, stroke: greenOpen, width: 0, paths: bars(-1), points: { show: false } },
          { label: "Recebido", fill: green, stroke: green, width: 0, paths: bars(-1), points: { show: false } },
          { label: "A pagar", fill: redOpen, stroke: redOpen, width: 0, paths: bars(1), points: { show: false } },
          { label: "Pago", fill: red, stroke: red, width: 0, paths: bars(1), points: { show: false } },
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
              `${formatMonthBR(row.month)} · ${SITUACAO[row.situacao]}`,
              `Recebido: ${chartBRL(reaisOf(row.recebido))}`,
              `A receber em aberto: ${chartBRL(reaisOf(row.receberEmAberto))}`,
              `Pago: ${chartBRL(reaisOf(row.pago))}`,
              `A pagar em aberto: ${chartBRL(reaisOf(row.pagarEmAberto))}`,
              `Saldo acumulado: ${chartBRL(reaisOf(row.saldoAcumulado))}`,
            ];
          }),
        ],
      });
      const data: uPlot.AlignedData = [
        rows.map((_, i) => i),
        rows.map((r) => reaisOf(r.recebido) + reaisOf(r.receberEmAberto)),
        rows.map((r) => reaisOf(r.recebido)),
        rows.map((r) => reaisOf(r.pago) + reaisOf(r.pagarEmAberto)),
        rows.map((r) => reaisOf(r.pago)),
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
          <span className="chart-legend__swatch chart-legend__swatch--receber" />
          Recebido
        </li>
        <li>
          <span className="chart-legend__swatch chart-legend__swatch--receber-aberto" />A receber em aberto
        </li>
        <li>
          <span className="chart-legend__swatch chart-legend__swatch--pagar" />
          Pago
        </li>
        <li>
          <span className="chart-legend__swatch chart-legend__swatch--pagar-aberto" />A pagar em aberto
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
