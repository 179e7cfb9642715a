import type { CashFlowRow, CashFlowTotals } from "../../api/reports/cash-flow";
import { MAX_RANGE_MONTHS, type MonthRange } from "../../api/reports/period";
import { formatMonthBR } from "../../lib/months";
import { Island } from "../../ssr/Island";
import { Badge } from "../../ui/Badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../ui/Card";
import { brl, isNegative, plural } from "./figures";

interface CashFlowReportProps {
  range: MonthRange;
  rows: CashFlowRow[];
  totals: CashFlowTotals;
}

const money = (decimal: string) => <span className={isNegative(decimal) ? "ui-nowrap text-danger" : "ui-nowrap"}>{brl(decimal)}</span>;

/** Fluxo de Caixa: the range, the chart (island) and the month-by-month table. */
export function CashFlowReport({ range, rows, totals }: CashFlowReportProps) {
  const last = rows.at(-1);
  return (
    <div className="report-cashflow">
      <form className="report-filters no-print" method="get" action="/reports">
        <input type="hidden" name="aba" value="fluxo" />
        <label className="report-field">
          <span>De</span>
          <input className="ui-input" type="month" name="de" defaultValue={range.from} required pattern="\d{4}-\d{2}" />
        </label>
        <label className="report-field">
          <span>Até</span>
          <input className="ui-input" type="month" name="ate" defaultValue={range.to} required pattern="\d{4}-\d{2}" />
        </label>
        <button className="ui-button ui-button--primary ui-button--md" type="submit">
          Ver relatório
        </button>
        <span className="report-hint">Até {MAX_RANGE_MONTHS} meses.</span>
      </form>
      <Card>
        <CardHeader>
          <CardTitle>A receber × a pagar</CardTitle>
          <CardDescription>
            Parcelas por mês de vencimento (as pagas pelo valor efetivamente pago). Meses anteriores ao atual são realizados; o
            atual e os seguintes, previstos.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Island
            name="CashFlowChart"
            props={{ rows: rows.map(({ month, valorReceber, valorPagar, saldoAcumulado, situacao }) => ({ month, valorReceber, valorPagar, saldoAcumulado, situacao })) }}
          />
        </CardContent>
      </Card>
      <Card className="report-installments">
        <CardHeader>
          <CardTitle>Mês a mês</CardTitle>
          {last && (
            <p className="ui-list-count">
              Saldo acumulado em {formatMonthBR(last.month)}: {money(last.saldoAcumulado)}
            </p>
          )}
        </CardHeader>
        <div className="ui-table-wrap ui-table-wrap--cards report-table">
          <table className="ui-table">
            <caption className="visually-hidden">Fluxo de caixa por mês</caption>
            <thead>
              <tr>
                <th scope="col" className="ui-table__th">Mês</th>
                <th scope="col" className="ui-table__th">Situação</th>
                <th scope="col" className="ui-table__th ui-table--end">A receber</th>
                <th scope="col" className="ui-table__th ui-table--end">A pagar</th>
                <th scope="col" className="ui-table__th ui-table--end">Saldo</th>
                <th scope="col" className="ui-table__th ui-table--end">Saldo acumulado</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.month} className={row.situacao === "previsto" ? "is-forecast" : undefined}>
                  <th scope="row" className="ui-table__td report-month" data-phone="title">
                    {formatMonthBR(row.month)}
                  </th>
                  <td className="ui-table__td" data-phone="badge">
                    <Badge variant={row.situacao === "realizado" ? "neutral" : "info"}>{row.situacao === "realizado" ? "Realizado" : "Previsto"}</Badge>
                  </td>
                  <FlowCells figures={row} />
                  <td className="ui-table__td ui-table--end" data-phone="field" data-label="Saldo acumulado">
                    <strong>{money(row.saldoAcumulado)}</strong>
                  </td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr className="report-total">
                <th scope="row" className="ui-table__td" colSpan={2} data-phone="title">
                  Total do período
                </th>
                <FlowCells figures={totals} />
                <td className="ui-table__td" />
              </tr>
            </tfoot>
          </table>
        </div>
      </Card>
    </div>
  );
}

const parcelas = (n: number) => (n === 0 ? "—" : plural(n, "parcela", "parcelas"));

/** A receber, A pagar (each with its count) and Saldo: a month's row and the period's total alike. */
function FlowCells({ figures }: { figures: CashFlowTotals }) {
  return (
    <>
      <td className="ui-table__td ui-table--end" data-phone="field" data-label="A receber">
        <span>
          {money(figures.valorReceber)}
          <small>{parcelas(figures.parcelasReceber)}</small>
        </span>
      </td>
      <td className="ui-table__td ui-table--end" data-phone="field" data-label="A pagar">
        <span>
          {money(figures.valorPagar)}
          <small>{parcelas(figures.parcelasPagar)}</small>
        </span>
      </td>
      <td className="ui-table__td ui-table--end" data-phone="field" data-label="Saldo">
        {money(figures.saldo)}
      </td>
    </>
  );
}
