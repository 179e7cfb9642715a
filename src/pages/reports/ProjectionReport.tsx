import type { AccountFilterChoice } from "../../api/accounts/balance";
import { PROJECTION_DAYS, type Projection } from "../../api/reports/projection";
import { formatDateBR } from "../../lib/dates";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../ui/Card";
import { AccountSelect } from "./AccountSelect";
import { balanceTone, brl, Figure, FigureCell, isNegative, plural } from "./figures";
import { reportHref } from "./query";

/**
 * Saldo projetado (issue 34 §3): today's balance and the open installments by due date, day by
 * day. The chart is server SVG (no script: the tab ships no uPlot), the table lists the days
 * something falls due.
 */
export function ProjectionReport({ projection: p, contas }: { projection: Projection; contas: AccountFilterChoice[] }) {
  const conta = p.conta?.id ?? null;
  const moving = p.serie.filter((d, i) => i === 0 || i === p.serie.length - 1 || d.parcelasReceber > 0 || d.parcelasPagar > 0);
  const vencidas = p.vencidas;
  return (
    <div className="report-projection">
      <div className="dre-controls no-print">
        <form className="report-filters" method="get" action="/reports">
          <input type="hidden" name="aba" value="projecao" />
          <input type="hidden" name="dias" value={p.dias} />
          {contas.length > 0 && <AccountSelect contas={contas} conta={conta} />}
          {contas.length > 0 && (
            <button className="ui-button ui-button--primary ui-button--md" type="submit">
              Ver projeção
            </button>
          )}
        </form>
        <nav className="dre-base" aria-label="Período da projeção">
          {PROJECTION_DAYS.map((dias) => (
            <a key={dias} className="dre-base__option" href={reportHref({ aba: "projecao", dias, conta })} aria-current={dias === p.dias ? "true" : undefined}>
              {dias} dias
            </a>
          ))}
        </nav>
      </div>
      <div className="figures">
        <Figure label="Saldo hoje" value={brl(p.saldoAtual)} tone={balanceTone(p.saldoAtual)} note={p.conta ? p.conta.nome : p.semContas ? "Nenhuma conta bancária cadastrada" : "Todas as contas ativas"} />
        <Figure label={`Saldo em ${formatDateBR(p.ate)}`} value={brl(p.saldoFinal)} tone={balanceTone(p.saldoFinal)} note={`Em ${p.dias} dias`} />
        <Figure label="Menor saldo" value={brl(p.menorSaldo.saldo)} tone={balanceTone(p.menorSaldo.saldo)} note={`Em ${formatDateBR(p.menorSaldo.data)}`} />
        {vencidas && (
          <Figure
            label="Vencidas a receber"
            value={brl(vencidas.receber)}
            note={
              vencidas.parcelasReceber + vencidas.parcelasPagar === 0
                ? "Nenhuma parcela vencida em aberto"
                : `${plural(vencidas.parcelasReceber, "parcela", "parcelas")}; a pagar ${brl(vencidas.pagar)} (${plural(vencidas.parcelasPagar, "parcela", "parcelas")}). Fora da projeção.`
            }
          />
        )}
      </div>
      <Card>
        <CardHeader>
          <CardTitle>Saldo dia a dia</CardTitle>
          <CardDescription>
            {p.incluiEmAberto
              ? "O saldo de hoje mais as parcelas em aberto na data de vencimento: a receber entram, a pagar saem. As vencidas não entram: não há data para contar com elas."
              : "As parcelas em aberto entram na conta padrão: esta conta fica com o saldo de hoje."}
          </CardDescription>
        </CardHeader>
        <CardContent>
          <BalanceChart projection={p} />
        </CardContent>
      </Card>
      <Card className="report-installments">
        <CardHeader>
          <CardTitle>Dias com vencimentos</CardTitle>
          <CardDescription>Os dias sem vencimentos não aparecem na tabela; o saldo deles é o do dia anterior.</CardDescription>
        </CardHeader>
        <div className="ui-table-wrap ui-table-wrap--cards report-table" tabIndex={0} role="region" aria-label="Saldo projetado por dia">
          <table className="ui-table">
            <caption className="visually-hidden">Saldo projetado por dia</caption>
            <thead>
              <tr>
                <th scope="col" className="ui-table__th">Data</th>
                <th scope="col" className="ui-table__th ui-table--end">Entradas</th>
                <th scope="col" className="ui-table__th ui-table--end">Saídas</th>
                <th scope="col" className="ui-table__th ui-table--end">Saldo</th>
              </tr>
            </thead>
            <tbody>
              {moving.map((d) => (
                <tr key={d.data}>
                  <th scope="row" className="ui-table__td report-month" data-phone="title">
                    {formatDateBR(d.data)}
                  </th>
                  <FigureCell label="Entradas">
                    <span className="ui-nowrap">{brl(d.entradas)}</span>
                    {d.parcelasReceber > 0 && <span className="report-count"> ({d.parcelasReceber})</span>}
                  </FigureCell>
                  <FigureCell label="Saídas">
                    <span className="ui-nowrap">{brl(d.saidas)}</span>
                    {d.parcelasPagar > 0 && <span className="report-count"> ({d.parcelasPagar})</span>}
                  </FigureCell>
                  <FigureCell label="Saldo">
                    <strong className={isNegative(d.saldo) ? "ui-nowrap text-danger" : "ui-nowrap"}>{brl(d.saldo)}</strong>
                  </FigureCell>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Card>
    </div>
  );
}

const W = 720;
const H = 180;

/** The daily balance as a step line (server SVG), the zero line when the balance crosses it; the table holds the figures. */
function BalanceChart({ projection: p }: { projection: Projection }) {
  const values = p.serie.map((d) => Number(d.saldo));
  const max = Math.max(...values, 0);
  const min = Math.min(...values, 0);
  const span = max - min || 1;
  const x = (i: number) => (i / (values.length - 1)) * W;
  const y = (v: number) => 8 + (1 - (v - min) / span) * (H - 16);
  let path = `M0 ${y(values[0]!)}`;
  values.forEach((v, i) => {
    if (i > 0) path += ` H${x(i).toFixed(1)} V${y(v).toFixed(1)}`;
  });
  const highest = p.serie.reduce((a, d) => (Number(d.saldo) > Number(a.saldo) ? d : a), p.serie[0]!);
  return (
    <figure className="projection-chart">
      <svg viewBox={`0 0 ${W} ${H}`} preserveAspectRatio="none" aria-hidden="true" focusable="false">
        <line className="projection-chart__zero" x1="0" x2={W} y1={y(0)} y2={y(0)} />
        <path className="projection-chart__line" d={path} />
      </svg>
      <figcaption className="projection-chart__caption">
        <span>{formatDateBR(p.de)}</span>
        <span>
          Maior {brl(highest.saldo)} · Menor {brl(p.menorSaldo.saldo)}
        </span>
        <span>{formatDateBR(p.ate)}</span>
      </figcaption>
    </figure>
  );
}
