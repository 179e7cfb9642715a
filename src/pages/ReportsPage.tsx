import type { Db } from "../../db/client";
import { accountFilterChoices, type AccountFilterChoice } from "../api/accounts/balance";
import { getCashFlow } from "../api/reports/cash-flow";
import { getProjection, type Projection } from "../api/reports/projection";
import { listClientInstallments } from "../api/reports/party-installments";
import { getClientReportTotals } from "../api/reports/client-report";
import { getMonthlyReport, type MonthlyReport as Monthly } from "../api/reports/monthly-report";
import { listSupplierInstallments } from "../api/reports/party-installments";
import { getSupplierReportTotals } from "../api/reports/supplier-report";
import { mrrMovementInTurns, type MrrMonth } from "../api/subscriptions/mrr";
import { HttpError } from "../http/errors";
import { formatMonthBR } from "../lib/months";
import { Button } from "../ui/Button";
import { formatDateBR } from "../lib/dates";
import { Icon } from "../ui/Icon";
import { PageHeader } from "../ui/PageHeader";
import { PrintHeader, type PrintStamp } from "../ui/PrintHeader";
import { printStamp } from "./print-stamp";
import { CashFlowReport } from "./reports/CashFlowReport";
import { ProjectionReport } from "./reports/ProjectionReport";
import { MonthlyReport } from "./reports/MonthlyReport";
import { PartyReport, PRINT_MAX_ROWS, type PartyData } from "./reports/PartyReport";
import { SubscriptionsReport } from "./reports/SubscriptionsReport";
import { DreReport } from "./reports/DreReport";
import { getDreInTurns, type Dre } from "../api/reports/dre";
import { PARTY_PAGE_SIZE, parseReportView, REPORT_TABS, reportHref, tabHref, type ReportView } from "./reports/query";

type ReportData =
  | { aba: "cliente" | "fornecedor"; party: PartyData | null }
  | { aba: "mensal"; report: Monthly }
  | { aba: "fluxo"; cashFlow: ReturnType<typeof getCashFlow>; contas: AccountFilterChoice[] }
  | { aba: "projecao"; projection: Projection; contas: AccountFilterChoice[] }
  | { aba: "assinaturas"; months: MrrMonth[] }
  | { aba: "dre"; dre: Dre };

interface ReportsPageProps {
  view: ReportView;
  data: ReportData;
  error: string | null;
  /** "22/11/2026, 14:05" in APP_TZ: the printed page says when it was printed. */
  printed: PrintStamp;
}

/** The chosen tab's figures from the URL, through the same services as /api/reports/*. */
export async function reportsData(db: Db, databasePath: string, query: Record<string, string | undefined>): Promise<ReportsPageProps> {
  const { view, error } = parseReportView(query);
  const printed = printStamp(db);
  if (view.aba === "mensal") return { view, error, printed, data: { aba: view.aba, report: getMonthlyReport(db, view.mes) } };
  if (view.aba === "fluxo" || view.aba === "projecao") {
    // An account that is not there (a bookmark of a deleted one) shows every account, saying why.
    const read = (conta: number | null): ReportData =>
      view.aba === "fluxo"
        ? { aba: view.aba, cashFlow: getCashFlow(db, view.range, conta), contas: accountFilterChoices(db) }
        : { aba: view.aba, projection: getProjection(db, view.dias, conta), contas: accountFilterChoices(db) };
    try {
      return { view, error, printed, data: read(view.conta) };
    } catch (failure) {
      if (!(failure instanceof HttpError)) throw failure;
      return { view: { ...view, conta: null }, error: failure.message, printed, data: read(null) };
    }
  }
  if (view.aba === "assinaturas") return { view, error, printed, data: { aba: view.aba, months: await mrrMovementInTurns(databasePath, view.range.from, view.range.to) } };
  if (view.aba === "dre") return { view, error, printed, data: { aba: view.aba, dre: await getDreInTurns(databasePath, view.range, view.base) } };
  if (view.id === null) return { view, error, printed, data: { aba: view.aba, party: null } };
  const offset = (view.pagina - 1) * PARTY_PAGE_SIZE;
  // Printed, the report carries every row: read them only when one page does not hold them all.
  const forPrint = <T,>(count: number, list: (limit: number) => T[]) => (count > PARTY_PAGE_SIZE ? list(PRINT_MAX_ROWS) : null);
  try {
    let party: PartyData;
    if (view.aba === "cliente") {
      const totals = getClientReportTotals(db, view.id);
      const list = (limit: number, from = 0) => listClientInstallments(db, view.id!, limit, from);
      party = { kind: "cliente", totals, parcelas: list(PARTY_PAGE_SIZE, offset), paraImprimir: forPrint(totals.quantidadeParcelas, list) };
    } else {
      const totals = getSupplierReportTotals(db, view.id);
      const list = (limit: number, from = 0) => listSupplierInstallments(db, view.id!, limit, from);
      party = { kind: "fornecedor", totals, parcelas: list(PARTY_PAGE_SIZE, offset), paraImprimir: forPrint(totals.quantidadeParcelas, list) };
    }
    return { view, error, printed, data: { aba: view.aba, party } };
  } catch (failure) {
    if (failure instanceof HttpError) return { view, error: failure.message, printed, data: { aba: view.aba, party: null } };
    throw failure;
  }
}

/** What the printed page says it is: the report's title and its filters. */
function printTitle({ view, data }: ReportsPageProps): [title: string, filters: string] {
  if (data.aba === "mensal") return ["Relatório mensal", `Mês: ${formatMonthBR(data.report.mes)}`];
  if (data.aba === "fluxo" && view.aba === "fluxo") {
    const conta = data.cashFlow.conta ? ` · Conta: ${data.cashFlow.conta.nome}` : "";
    return ["Fluxo de caixa", `Período: ${formatMonthBR(view.range.from)} a ${formatMonthBR(view.range.to)}${conta}`];
  }
  if (data.aba === "projecao") {
    const p = data.projection;
    return ["Saldo projetado", `Próximos ${p.dias} dias (${formatDateBR(p.de)} a ${formatDateBR(p.ate)}) · Conta: ${p.conta ? p.conta.nome : "Todas"}`];
  }
  if (data.aba === "assinaturas" && view.aba === "assinaturas") {
    return ["Assinaturas (MRR)", `Período: ${formatMonthBR(view.range.from)} a ${formatMonthBR(view.range.to)}`];
  }
  if (data.aba === "dre") {
    return ["DRE gerencial", `Período: ${formatMonthBR(data.dre.de)} a ${formatMonthBR(data.dre.ate)} · Regime de ${data.dre.base === "caixa" ? "caixa" : "competência"}`];
  }
  if (data.aba === "cliente" || data.aba === "fornecedor") {
    const who = data.party ? (data.party.kind === "cliente" ? data.party.totals.clientName : data.party.totals.supplierName) : "—";
    return data.aba === "cliente" ? ["Relatório por cliente", `Cliente: ${who}`] : ["Relatório por fornecedor", `Fornecedor: ${who}`];
  }
  return ["Relatório", ""];
}

/** `/reports`: five tabs that are links (each report has its own URL), the chosen one rendered here. */
export function ReportsPage(props: ReportsPageProps) {
  const { view, data, error, printed } = props;
  const [title, filters] = printTitle(props);
  const exportable = !(data.aba === "cliente" || data.aba === "fornecedor") || data.party !== null;
  return (
    <div className="reports">
      <PrintHeader title={title} filters={filters} printed={printed} />
      <PageHeader
        title="Relatórios"
        description="Contratos por cliente e fornecedor, o resultado de cada mês, o fluxo de caixa e o saldo projetado, o MRR das assinaturas e o DRE gerencial."
        actions={
          exportable && (
            <div className="report-actions no-print">
              <a className="ui-button ui-button--secondary ui-button--md" href={reportHref(view, "/reports/export")} download>
                <Icon name="receivable" size={18} />
                Exportar CSV
              </a>
              {/* The browser's print dialog (reports.css makes the A4 page): the shell's plain script, no React. */}
              <Button variant="secondary" data-print-page="">
                Imprimir
              </Button>
            </div>
          )
        }
      />
      <nav className="ui-tabs report-tabs no-print" aria-label="Relatórios">
        <ul className="ui-tabs__list">
          {REPORT_TABS.map((tab) => (
            <li key={tab.id}>
              <a className="ui-tabs__tab" href={tabHref(tab.id)} aria-current={tab.id === view.aba ? "page" : undefined}>
                {tab.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <section className="report-panel" aria-label={REPORT_TABS.find((tab) => tab.id === view.aba)!.label}>
        {error && data.aba !== "cliente" && data.aba !== "fornecedor" && (
          <p className="report-error" role="alert">
            {error}
          </p>
        )}
        {(data.aba === "cliente" || data.aba === "fornecedor") && view.aba === data.aba && (
          <PartyReport view={view} data={data.party} error={error} />
        )}
        {data.aba === "mensal" && <MonthlyReport report={data.report} />}
        {data.aba === "fluxo" && view.aba === "fluxo" && <CashFlowReport range={view.range} contas={data.contas} {...data.cashFlow} />}
        {data.aba === "projecao" && <ProjectionReport projection={data.projection} contas={data.contas} />}
        {data.aba === "assinaturas" && view.aba === "assinaturas" && <SubscriptionsReport range={view.range} months={data.months} />}
        {data.aba === "dre" && view.aba === "dre" && <DreReport dre={data.dre} range={view.range} />}
      </section>
    </div>
  );
}
