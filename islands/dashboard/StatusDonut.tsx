// 'Status dos Clientes' (SPEC §2): an SVG donut, outer radius 100, drawn on the server; no script.
import { formatCount, lazily } from "../../src/lib/numbers";
const OUTER = 100;
const THICKNESS = 30;
const R = OUTER - THICKNESS / 2;
const C = 2 * Math.PI * R;
const percent = lazily(() => new Intl.NumberFormat("pt-BR", { style: "percent", maximumFractionDigits: 0 }));

interface StatusDonutProps {
  total: number;
  blocked: number;
}

export function StatusDonut({ total, blocked }: StatusDonutProps) {
  const active = Math.max(0, total - blocked);
  const activeLength = total > 0 ? (C * active) / total : 0;
  const share = (n: number) => (total > 0 ? percent().format(n / total) : "0%");
  return (
    <div className="donut">
      <svg
        className="donut__chart"
        viewBox={`0 0 ${OUTER * 2} ${OUTER * 2}`}
        width={OUTER * 2}
        height={OUTER * 2}
        role="img"
        aria-label={`Ativos: ${active}; Bloqueados: ${blocked}`}
      >
        <g transform={`rotate(-90 ${OUTER} ${OUTER})`} fill="none" strokeWidth={THICKNESS}>
          <circle className="donut__track" cx={OUTER} cy={OUTER} r={R} />
          {blocked > 0 && <circle className="donut__blocked" cx={OUTER} cy={OUTER} r={R} />}
          {active > 0 && (
            <circle className="donut__active" cx={OUTER} cy={OUTER} r={R} strokeDasharray={`${activeLength} ${C}`} />
          )}
        </g>
        <text className="donut__total" x={OUTER} y={OUTER - 2} textAnchor="middle">
          {formatCount(total)}
        </text>
        <text className="donut__label" x={OUTER} y={OUTER + 20} textAnchor="middle">
          {total === 1 ? "cliente" : "clientes"}
        </text>
      </svg>
      <dl className="donut__legend">
        <div>
          <dt>
            <span className="donut__dot donut__dot--active" aria-hidden="true" />
            Ativos
          </dt>
          <dd>
            <strong>{formatCount(active)}</strong> <span>{share(active)}</span>
          </dd>
        </div>
        <div>
          <dt>
            <span className="donut__dot donut__dot--blocked" aria-hidden="true" />
            Bloqueados
          </dt>
          <dd>
            <strong>{formatCount(blocked)}</strong> <span>{share(blocked)}</span>
          </dd>
        </div>
      </dl>
    </div>
  );
}
