// DRE gerencial (issue 36): the period's months side by side, receitas and despesas by group and
// category, resultado and margem. Every category figure links to the installments behind it.
import type { Dre, DreBase, DreLine } from "../../api/reports/dre";
import type { MonthRange } from "../../api/reports/period";
import { formatMonthBR } from "../../lib/months";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../ui/Card";
import { brl, isNegative, PeriodForm } from "./figures";
import { reportHref } from "./query";

const BASES: { id: DreBase; label: string; hint: string }[] = [
  { id: "caixa", label: "Caixa", hint: "Pelo mês do pagamento: o que entrou e saiu de fato (multas e juros recebidos à parte)." },
  { id: "competencia", label: "Competência", hint: "Pelo mês de vencimento (a mensalidade, pelo mês de competência): o que foi faturado e contratado." },
];

/** "1.234,56" without the "R$" (the table says its unit once), negatives in red. */
const moneyText = (value: string) => brl(value).replace(/^(-?)R\$\s?/, "$1");
function Money({ value }: { value: string }) {
  return <span className={isNegative(value) ? "text-danger" : undefined}>{moneyText(value)}</span>;
}

/**
 * Where a category's figure comes from: by caixa, the rows of that category paid that month; by
 * competência, those due that month. The fees' line has no rows of its own (they ride on the
 * installments of other categories): it has no link.
 */
function drillHref(kind: "receita" | "despesa", base: DreBase, categoriaId: number, month: string | null, range: MonthRange): string | null {
  if (month === null && range.from !== range.to) return null;
  const m = month ?? range.from;
  const params = new URLSearchParams({ categoriaId: String(categoriaId) });
  if (base === "caixa") params.set("pagoEm", m);
  else params.set("mes", m);
  return `${kind === "receita" ? "/receivables" : "/payables"}?${params}`;
}

export function DreReport({ dre, range }: { dre: Dre; range: MonthRange }) {
  const base = BASES.find((b) => b.id === dre.base)!;
  const view = (b: DreBase) => reportHref({ aba: "dre", range, base: b });
  return (
    <div className="report-dre">
      <div className="dre-controls no-print">
        <PeriodForm aba="dre" range={range} maxMonths={36} hidden={{ base: dre.base }} />
        <nav className="dre-base" aria-label="Base do DRE">
          {BASES.map((b) => (
            <a key={b.id} className="dre-base__option" href={view(b.id)} aria-current={b.id === dre.base ? "true" : undefined}>
              {b.label}
            </a>
          ))}
        </nav>
      </div>
      <Card className="report-installments">
        <CardHeader>
          <CardTitle>
            DRE gerencial — {formatMonthBR(dre.de)} a {formatMonthBR(dre.ate)}, regime de {base.label.toLowerCase()}
          </CardTitle>
          <CardDescription>{base.hint} Valores em reais (R$). Cada valor leva às parcelas que o compõem.</CardDescription>
        </CardHeader>
        <CardContent>
          <p className="dre-headline">
            Resultado do período: <strong><Money value={dre.resultado.total} /></strong>
            {dre.margem.total !== null && <> · margem {dre.margem.total.replace(".", ",")}%</>}
          </p>
        </CardContent>
        <div className="ui-table-wrap dre-table" tabIndex={0} role="region" aria-label="DRE mês a mês">
          <table className="ui-table">
            <caption className="visually-hidden">DRE gerencial por mês</caption>
            <thead>
              <tr>
                <th scope="col" className="ui-table__th dre-name">Conta</th>
                {dre.meses.map((m) => (
                  <th key={m} scope="col" className="ui-table__th ui-table--end">
                    {formatMonthBR(m)}
                  </th>
                ))}
                <th scope="col" className="ui-table__th ui-table--end">Total</th>
              </tr>
            </thead>
            <tbody>
              <Section title="Receitas" kind="receita" section={dre.receitas} dre={dre} range={range} />
              <Section title="Despesas" kind="despesa" section={dre.despesas} dre={dre} range={range} />
              <tr className="report-total">
                <th scope="row" className="ui-table__td dre-name">Resultado</th>
                {dre.resultado.valores.map((v, i) => (
                  <td key={dre.meses[i]} className="ui-table__td ui-table--end">
                    <Money value={v} />
                  </td>
                ))}
                <td className="ui-table__td ui-table--end">
                  <Money value={dre.resultado.total} />
                </td>
              </tr>
              <tr className="dre-margin">
                <th scope="row" className="ui-table__td dre-name">Margem</th>
                {dre.margem.valores.map((v, i) => (
                  <td key={dre.meses[i]} className="ui-table__td ui-table--end">
                    {percent(v)}
                  </td>
                ))}
                <td className="ui-table__td ui-table--end">{percent(dre.margem.total)}</td>
              </tr>
            </tbody>
          </table>
        </div>
      </Card>
    </div>
  );
}

const percent = (v: string | null) => (v === null ? "—" : `${v.replace(".", ",")}%`);

function Section({ title, kind, section, dre, range }: { title: string; kind: "receita" | "despesa"; section: Dre["receitas"]; dre: Dre; range: MonthRange }) {
  const row = (line: DreLine, className: string, link: boolean) => (
    <tr key={`${className}-${line.id}`} className={className}>
      <th scope="row" className="ui-table__td dre-name">
        {line.nome}
      </th>
      {line.valores.map((v, i) => {
        const href = link && v !== "0.00" ? drillHref(kind, dre.base, line.id, dre.meses[i]!, range) : null;
        return (
          <td key={dre.meses[i]} className="ui-table__td ui-table--end">
            {href ? (
              <a href={href} aria-label={`${moneyText(v)}: ${line.nome} em ${formatMonthBR(dre.meses[i]!)}, ver parcelas`}>
                <Money value={v} />
              </a>
            ) : (
              <Money value={v} />
            )}
          </td>
        );
      })}
      <td className="ui-table__td ui-table--end">
        <Money value={line.total} />
      </td>
    </tr>
  );
  return (
    <>
      <tr className="dre-section">
        <th scope="row" className="ui-table__td dre-name">{title}</th>
        {section.valores.map((v, i) => (
          <td key={dre.meses[i]} className="ui-table__td ui-table--end">
            <Money value={v} />
          </td>
        ))}
        <td className="ui-table__td ui-table--end">
          <Money value={section.total} />
        </td>
      </tr>
      {section.grupos.flatMap((group) => [
        row(group, "dre-group", false),
        // The fees' category has no rows of its own to list (they are part of other installments' payments).
        ...group.categorias.map((c) => row(c, "dre-category", c.id !== dre.juros)),
      ])}
    </>
  );
}
