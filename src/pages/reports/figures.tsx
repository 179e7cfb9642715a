// Small server-only pieces the report panels share: money, a labelled figure, a status badge.
import type { ReactNode } from "react";
import { formatBRL, parseMoney, ZERO } from "../../lib/money";
import type { Status } from "../../lib/status";
import { STATUS_LABEL } from "../../lib/status";
import { Badge } from "../../ui/Badge";
import { formatCount } from "../../lib/numbers";

/** "1234.56" (the API's form) → "R$ 1.234,56". */
export const brl = (decimal: string) => formatBRL(parseMoney(decimal) ?? ZERO);

export const isNegative = (decimal: string) => decimal.startsWith("-");


export function Figure({ label, value, note, tone }: { label: string; value: string; note?: ReactNode; tone?: "success" | "danger" }) {
  return (
    <div className={tone ? `figure figure--${tone}` : "figure"}>
      <span className="figure__label">{label}</span>
      <strong className="figure__value">{value}</strong>
      {note && <span className="figure__note">{note}</span>}
    </div>
  );
}

/** A balance: red when negative, green when positive. */
export const balanceTone = (decimal: string) => (isNegative(decimal) ? "danger" : parseMoney(decimal) ? "success" : undefined);

const VARIANT = { pago: "success", parcial: "info", vencido: "danger", em_aberto: "warning" } as const;

export function StatusBadge({ status }: { status: Status }) {
  return <Badge variant={VARIANT[status]}>{STATUS_LABEL[status]}</Badge>;
}

/** "3 parcelas", "1 parcela". */
export const plural = (n: number, one: string, many: string) => `${formatCount(n)} ${n === 1 ? one : many}`;

/** A report's period (De / Até months), submitted as a plain GET form: it works before any script runs. */
export function PeriodForm(props: { aba: string; range: { from: string; to: string }; maxMonths: number; hidden?: Record<string, string>; children?: ReactNode }) {
  const { aba, range, maxMonths, hidden = {}, children } = props;
  return (
    <form className="report-filters no-print" method="get" action="/reports">
      <input type="hidden" name="aba" value={aba} />
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <label className="report-field">
        <span>De</span>
        <input className="ui-input" type="month" name="de" defaultValue={range.from} required pattern="\d{4}-\d{2}" />
      </label>
      <label className="report-field">
        <span>Até</span>
        <input className="ui-input" type="month" name="ate" defaultValue={range.to} required pattern="\d{4}-\d{2}" />
      </label>
      {children}
      <button className="ui-button ui-button--primary ui-button--md" type="submit">
        Ver relatório
      </button>
      <span className="report-hint">Até {maxMonths} meses.</span>
    </form>
  );
}

/** A number cell of a report's table: right-aligned, a labelled field when the row is a card on a phone. */
export function FigureCell({ label, children }: { label: string; children: ReactNode }) {
  return (
    <td className="ui-table__td ui-table--end" data-phone="field" data-label={label}>
      {children}
    </td>
  );
}
