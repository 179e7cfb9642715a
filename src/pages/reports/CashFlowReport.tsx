import type { AccountFilterChoice } from "../../api/accounts/balance";
import type { CashFlowAccount, CashFlowRow, CashFlowTotals } from "../../api/reports/cash-flow";
import { formatDateBR } from "../../lib/dates";
import { addDays } from "../../lib/dates";
import { AccountSelect } from "./AccountSelect";
import { MAX_RANGE_MONTHS, type MonthRange } from "../../api/reports/period";
import { formatMonthBR } from "../../lib/months";
import { Island } from "../../ssr/Island";
import { Badge } from "../../ui/Badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../ui/Card";
import { brl, FigureCell, isNegative, PeriodForm } from "./figures";

interface CashFlowReportProps {
  range: MonthRange;
  rows: CashFlowRow[];
  totals: CashFlowTotals;
  /** The account chosen (its money by payment date, from its balance), or null for every account. */
  conta: CashFlowAccount | null;
  contas: AccountFilterChoice[];
}

/**
 * A sum in the table. Its "R$" is a span of its own: on paper the eight columns of six-digit sums
 * fit A4 without it (the card says the values are in reais), where they made Chromium shrink the page.
 */
const money = (decimal: string) => {
  const [sign, amount] = brl(decimal).split("R$\u00a0") as [string, string];
  return (
    <span className={isNegative(decimal) ? "ui-nowrap text-danger" : "ui-nowrap"}>
      {sign}
      <span className="report-currency">R$&nbsp;</span>
      {amount}
    </span>
  );
};

/** Fluxo de Caixa: the range, the chart (island) and the month-by-month table. */
export function CashFlowReport({ range, rows, totals, conta, contas }: CashFlowReportProps) {
  const last = rows.at(-1);
  return (
    <div className="report-cashflow">
      <PeriodForm aba="fluxo" range={range} maxMonths={MAX_RANGE_MONTHS}>
        {contas.length > 0 && <AccountSelect contas={contas} conta={conta?.id ?? null} />}
      </PeriodForm>
      <Card>
        <CardHeader>
          <CardTitle>{conta ? `${conta.nome}: entradas × saídas` : "A receber × a pagar"}</CardTitle>
          <CardDescription>{conta ? <AccountNote conta={conta} from={range.from} /> : DUE_MONTH_NOTE}</CardDescription>
        </CardHeader>
        <CardContent>
          <Island
            name="CashFlowChart"
            props={{
              rows: rows.map(({ month, recebido, receberEmAberto, pago, pagarEmAberto, saldoAcumulado, situacao }) => ({
                month,
                recebido,
                receberEmAberto,
                pago,
                pagarEmAberto,
                saldoAcumulado,
                situacao,
              })),
            }}
          />
        </CardContent>
      </Card>
      <Card className="report-installments">
        <CardHeader>
          <CardTitle>Mês a mês</CardTitle>
          {last && (
            <p className="ui-list-count">
              Saldo acumulado em {formatMonthBR(last.month)}: <span className={isNegative(last.saldoAcumulado) ? "ui-nowrap text-danger" : "ui-nowrap"}>{brl(last.saldoAcumulado)}</span>
              <span className="print-only">Valores em reais (R$).</span>
            </p>
          )}
        </CardHeader>
        {/* Focusable: with large figures the eight columns can scroll sideways, and a keyboard must reach them. */}
        <div className="ui-table-wrap ui-table-wrap--cards report-table" tabIndex={0} role="region" aria-label="Fluxo de caixa mês a mês">
          <table className="ui-table">
            <caption className="visually-hidden">Fluxo de caixa por mês</caption>
            <thead>
              <tr>
                <th scope="col" rowSpan={2} className="ui-table__th">Mês</th>
                <th scope="col" rowSpan={2} className="ui-table__th">Situação</th>
                <th scope="colgroup" colSpan={2} className="ui-table__th report-colgroup">A receber</th>
                <th scope="colgroup" colSpan={2} className="ui-table__th report-colgroup">A pagar</th>
                <th scope="col" rowSpan={2} className="ui-table__th ui-table--end">Saldo</th>
                <th scope="col" rowSpan={2} className="ui-table__th ui-table--end">Saldo acumulado</th>
              </tr>
              <tr>
                <th scope="col" className="ui-table__th ui-table--end">Recebido</th>
                <th scope="col" className="ui-table__th ui-table--end">Em aberto</th>
                <th scope="col" className="ui-table__th ui-table--end">Pago</th>
                <th scope="col" className="ui-table__th ui-table--end">Em aberto</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.month} className={row.situacao === "previsto" ? "is-forecast" : undefined}>
                  <th scope="row" className="ui-table__td report-month" data-phone="title">
                    {formatMonthBR(row.month)}
                  </th>
                  <td className="ui-table__td" data-phone="badge">
                    <Badge variant={SITUACAO[row.situacao].variant}>{SITUACAO[row.situacao].label}</Badge>
                  </td>
                  <FlowCells figures={row} />
                  <FigureCell label="Saldo acumulado"><strong>{money(row.saldoAcumulado)}</strong></FigureCell>
                </tr>
              ))}
              {/* The period's total is the table's last row, not a <tfoot>: printed, a footer repeats at the foot of every page. */}
              <tr className="report-total">
                <th scope="row" className="ui-table__td" colSpan={2} data-phone="title">
                  Total do período
                </th>
                <FlowCells figures={totals} />
                <td className="ui-table__td" />
              </tr>
            </tbody>
          </table>
        </div>
      </Card>
    </div>
  );
}

const DUE_MONTH_NOTE =
  "Parcelas por mês de vencimento: o que já foi recebido ou pago (pelo valor efetivamente pago) e o que venceu e segue em aberto. O mês atual e os seguintes são previstos.";

/** What an account's flow counts (docs/decisions.md "Bank accounts' balances"). */
function AccountNote({ conta, from }: { conta: CashFlowAccount; from: string }) {
  const before = formatDateBR(addDays(`${from}-01`, -1));
  return (
    <>
      Pagamentos desta conta pela data do pagamento, a partir do saldo de {before}:{" "}
      <strong className={isNegative(conta.saldoInicial) ? "ui-nowrap text-danger" : "ui-nowrap"}>{brl(conta.saldoInicial)}</strong>.{" "}
      {conta.incluiEmAberto
        ? "Como conta padrão, recebe também as parcelas em aberto que vencem de hoje em diante."
        : "As parcelas em aberto entram na conta padrão, não nesta."}
      {conta.vencidas && (conta.vencidas.parcelasReceber > 0 || conta.vencidas.parcelasPagar > 0) && (
        <>
          {" "}
          Vencidas fora do saldo: a receber {brl(conta.vencidas.receber)} ({conta.vencidas.parcelasReceber}), a pagar{" "}
          {brl(conta.vencidas.pagar)} ({conta.vencidas.parcelasPagar}).
        </>
      )}
    </>
  );
}

const SITUACAO = {
  realizado: { label: "Realizado", variant: "neutral" },
  em_atraso: { label: "Em atraso", variant: "danger" },
  previsto: { label: "Previsto", variant: "info" },
} as const;

/** Received and still open on each side, and Saldo: a month's row and the period's total alike. */
function FlowCells({ figures }: { figures: CashFlowTotals }) {
  return (
    <>
      <FigureCell label="Recebido">{money(figures.recebido)}</FigureCell>
      <FigureCell label="A receber em aberto">{money(figures.receberEmAberto)}</FigureCell>
      <FigureCell label="Pago">{money(figures.pago)}</FigureCell>
      <FigureCell label="A pagar em aberto">{money(figures.pagarEmAberto)}</FigureCell>
      <FigureCell label="Saldo">{money(figures.saldo)}</FigureCell>
    </>
  );
}
