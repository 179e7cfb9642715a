import type { MonthlyReport as Monthly } from "../../api/reports/monthly-report";
import { currentMonth } from "../../lib/clock";
import { addMonthsToMonth } from "../../lib/dates";
import { formatMonthBR } from "../../lib/months";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../ui/Card";
import { Icon } from "../../ui/Icon";
import { balanceTone, brl, Figure, plural } from "./figures";
import { reportHref } from "./query";

/** Mensal: the month picker and DECISIONS §3's realized and forecast figures, with counts. */
export function MonthlyReport({ report }: { report: Monthly }) {
  const mes = report.mes;
  const nowMonth = currentMonth();
  return (
    <div className="report-monthly">
      <form className="report-filters no-print" method="get" action="/reports">
        <input type="hidden" name="aba" value="mensal" />
        <a className="ui-button ui-button--secondary ui-button--icon" href={reportHref({ aba: "mensal", mes: addMonthsToMonth(mes, -1) })} aria-label="Mês anterior">
          <Icon name="chevron-down" className="icon-prev" />
        </a>
        <label className="report-field">
          <span>Mês</span>
          <input className="ui-input" type="month" name="mes" defaultValue={mes} required pattern="\d{4}-\d{2}" />
        </label>
        <a className="ui-button ui-button--secondary ui-button--icon" href={reportHref({ aba: "mensal", mes: addMonthsToMonth(mes, 1) })} aria-label="Próximo mês">
          <Icon name="chevron-down" className="icon-next" />
        </a>
        <button className="ui-button ui-button--primary ui-button--md" type="submit">
          Ver relatório
        </button>
        {mes !== nowMonth && (
          <a className="report-link" href={reportHref({ aba: "mensal", mes: nowMonth })}>
            Mês atual
          </a>
        )}
      </form>
      <div className="report-columns">
        <Card>
          <CardHeader>
            <CardTitle>Realizado em {formatMonthBR(mes)}</CardTitle>
            <CardDescription>Parcelas pagas no mês, pela data de pagamento (valor efetivamente pago).</CardDescription>
          </CardHeader>
          <CardContent>
            <div className="figures">
              <Figure label="Recebido no mês" value={brl(report.totalRecebido)} note={plural(report.quantidadeRecebidas, "parcela recebida", "parcelas recebidas")} />
              <Figure label="Pago no mês" value={brl(report.totalPago)} note={plural(report.quantidadePagas, "conta paga", "contas pagas")} />
              <Figure label="Saldo realizado" value={brl(report.saldoRealizado)} tone={balanceTone(report.saldoRealizado)} />
            </div>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Previsto para {formatMonthBR(mes)}</CardTitle>
            <CardDescription>Parcelas em aberto com vencimento no mês, somadas ao saldo realizado.</CardDescription>
          </CardHeader>
          <CardContent>
            <div className="figures">
              <Figure
                label="A receber pendente"
                value={brl(report.totalReceberPendente)}
                note={plural(report.quantidadeReceberPendentes, "parcela a receber", "parcelas a receber")}
              />
              <Figure
                label="A pagar pendente"
                value={brl(report.totalPagarPendente)}
                note={plural(report.quantidadePagarPendentes, "conta a pagar", "contas a pagar")}
              />
              <Figure label="Saldo previsto" value={brl(report.saldoPrevisto)} tone={balanceTone(report.saldoPrevisto)} />
            </div>
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
