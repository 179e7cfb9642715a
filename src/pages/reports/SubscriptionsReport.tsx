import type { MonthRange } from "../../api/reports/period";
import { MRR_MAX_MONTHS, type MrrMonth } from "../../api/subscriptions/mrr";
import { centsToDecimal, parseMoney, ZERO, type Cents } from "../../lib/money";
import { formatMonthBR } from "../../lib/months";
import { addMonthsToMonth } from "../../lib/dates";
import { formatCount } from "../../lib/numbers";
import { Island } from "../../ssr/Island";
import { Card, CardHeader, CardTitle } from "../../ui/Card";
import { brl, FigureCell, isNegative, PeriodForm } from "./figures";

interface SubscriptionsReportProps {
  range: MonthRange;
  months: MrrMonth[];
}

const cents = (decimal: string) => parseMoney(decimal) ?? ZERO;
const sum = (months: MrrMonth[], key: "novas" | "reajustes" | "encerradas") => centsToDecimal(months.reduce((total, m) => total + cents(m[key]), 0) as Cents);

/** A sum in the table: negative ones (a fee lowered) in red. */
const money = (decimal: string) => <span className={isNegative(decimal) ? "ui-nowrap text-danger" : "ui-nowrap"}>{brl(decimal)}</span>;

/**
 * The closing row: where MRR and the number of subscriptions ended (the last month), and the
 * period's movement summed — so opening + novas + reajustes − encerradas = the closing MRR.
 */
function closing(months: MrrMonth[]) {
  const first = months[0]!;
  const last = months.at(-1)!;
  // The MRR of the month before the period, from its first month's movement (mrr(M) = mrr(M-1) + novas + reajustes − encerradas).
  const opening = centsToDecimal((cents(first.mrr) - cents(first.novas) - cents(first.reajustes) + cents(first.encerradas)) as Cents);
  return { opening, mrr: last.mrr, novas: sum(months, "novas"), reajustes: sum(months, "reajustes"), encerradas: sum(months, "encerradas"), assinaturas: last.assinaturas };
}

/** Assinaturas: the range, the MRR chart (island) and the month-by-month table with its closing row. */
export function SubscriptionsReport({ range, months }: SubscriptionsReportProps) {
  const total = closing(months);
  const now = months.find((m) => m.base === "hoje");
  const before = addMonthsToMonth(range.from, -1);
  const query = new URLSearchParams({ de: range.from, ate: range.to });
  return (
    <div className="report-subscriptions">
      <PeriodForm aba="assinaturas" range={range} maxMonths={MRR_MAX_MONTHS} />
      <Island
        name="MrrChart"
        props={{ months, period: `${formatMonthBR(range.from)} e ${formatMonthBR(range.to)}`, source: `/api/subscriptions/mrr?${query}`, table: false }}
      />
      <Card className="report-installments">
        <CardHeader>
          <CardTitle>Mês a mês</CardTitle>
          <p className="ui-list-count">
            MRR de <span className="ui-nowrap">{brl(total.opening)}</span> em {formatMonthBR(before)} a{" "}
            <span className="ui-nowrap">{brl(total.mrr)}</span> em {formatMonthBR(range.to)}.
          </p>
          <p className="report-note">
            O MRR é a soma das mensalidades das assinaturas ativas e fora do teste no último dia de cada mês; no mês atual, hoje (o
            mesmo valor do Dashboard); nos meses fechados, o que as assinaturas cobraram na competência; nos meses à frente, uma
            previsão pelas assinaturas de hoje. Comparado ao mês anterior: novas assinaturas somam, reajustes somam a diferença
            (negativa se a mensalidade baixou) e encerradas subtraem o que deixou de ser cobrado.
          </p>
          {now && (
            <p className="report-note" data-mrr-current={now.mes}>
              {formatMonthBR(now.mes)} até hoje: MRR <strong className="ui-nowrap">{brl(now.mrr)}</strong>; {formatCount(now.novasQtd)}{" "}
              {now.novasQtd === 1 ? "nova" : "novas"} e {formatCount(now.encerradasQtd)} {now.encerradasQtd === 1 ? "encerrada" : "encerradas"};{" "}
              {formatCount(now.emTrial ?? 0)} em teste (<span className="ui-nowrap">{brl(now.trial ?? "0.00")}</span>) fora do MRR.
            </p>
          )}
        </CardHeader>
        {/* Focusable: on a narrow window the six columns can scroll sideways, and a keyboard must reach them. */}
        <div className="ui-table-wrap ui-table-wrap--cards report-table" tabIndex={0} role="region" aria-label="Assinaturas mês a mês">
          <table className="ui-table">
            <caption className="visually-hidden">MRR e sua movimentação por mês</caption>
            <thead>
              <tr>
                <th scope="col" className="ui-table__th">Mês</th>
                <th scope="col" className="ui-table__th ui-table--end">MRR</th>
                <th scope="col" className="ui-table__th ui-table--end">Novas</th>
                <th scope="col" className="ui-table__th ui-table--end">Reajustes</th>
                <th scope="col" className="ui-table__th ui-table--end">Encerradas</th>
                <th scope="col" className="ui-table__th ui-table--end">Assinaturas</th>
              </tr>
            </thead>
            <tbody>
              {months.map((m) => (
                <tr key={m.mes}>
                  <th scope="row" className="ui-table__td report-month" data-phone="title">
                    {formatMonthBR(m.mes)}
                  </th>
                  <MrrCells figures={m} />
                </tr>
              ))}
              {/* The closing row is the table's last row, not a <tfoot>: printed, a footer repeats at the foot of every page. */}
              <tr className="report-total">
                <th scope="row" className="ui-table__td" data-phone="title">
                  <span className="ui-nowrap">Fechamento do período</span>{" "}
                  <small>MRR e assinaturas em {formatMonthBR(range.to)}; novas, reajustes e encerradas somadas</small>
                </th>
                <MrrCells figures={total} />
              </tr>
            </tbody>
          </table>
        </div>
      </Card>
    </div>
  );
}

/** MRR, the movement and the count: a month's row and the closing row alike. */
function MrrCells({ figures }: { figures: Pick<MrrMonth, "mrr" | "novas" | "reajustes" | "encerradas" | "assinaturas"> }) {
  return (
    <>
      <FigureCell label="MRR"><strong>{money(figures.mrr)}</strong></FigureCell>
      <FigureCell label="Novas">{money(figures.novas)}</FigureCell>
      <FigureCell label="Reajustes">{money(figures.reajustes)}</FigureCell>
      <FigureCell label="Encerradas">{money(figures.encerradas)}</FigureCell>
      <FigureCell label="Assinaturas">{formatCount(figures.assinaturas)}</FigureCell>
    </>
  );
}
