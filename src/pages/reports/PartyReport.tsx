import type { ClientReportTotals } from "../../api/reports/client-report";
import type { ReportReceivable } from "../../api/reports/party-installments";
import type { SupplierReportTotals } from "../../api/reports/supplier-report";
import type { ReportPayable } from "../../api/reports/party-installments";
import { formatDateBR } from "../../lib/dates";
import { formatMonthBR } from "../../lib/months";
import { Island } from "../../ssr/Island";
import { Card, CardContent, CardHeader, CardTitle } from "../../ui/Card";
import { EmptyState } from "../../ui/EmptyState";
import { Icon } from "../../ui/Icon";
import { Table, type TableColumn } from "../../ui/Table";
import { formatCount, lazily } from "../../lib/numbers";
import { brl, Figure, plural, StatusBadge } from "./figures";
import { PARTY_PAGE_SIZE, reportHref, type ReportView } from "./query";

/**
 * `parcelas`: the page shown; `paraImprimir`: every row (up to PRINT_MAX_ROWS), only when there
 * is more than one page — a printed report carries all of them.
 */
export type PartyData =
  | { kind: "cliente"; totals: ClientReportTotals; parcelas: ReportReceivable[]; paraImprimir: ReportReceivable[] | null }
  | { kind: "fornecedor"; totals: SupplierReportTotals; parcelas: ReportPayable[]; paraImprimir: ReportPayable[] | null };

/** A printed report's bound: a contract this long is an export's job (the CSV has every row). */
export const PRINT_MAX_ROWS = 5000;

interface PartyReportProps {
  view: Extract<ReportView, { aba: "cliente" | "fornecedor" }>;
  data: PartyData | null;
  /** "Cliente não encontrado" and the like. */
  error: string | null;
}

/** Por Cliente / Por Fornecedor: the pick, the contract's totals and the installments, paged. */
export function PartyReport({ view, data, error }: PartyReportProps) {
  const client = view.aba === "cliente";
  const selected = data
    ? { id: data.kind === "cliente" ? data.totals.clientId : data.totals.supplierId, nome: name(data), statusBloqueio: data.totals.statusBloqueio }
    : null;
  return (
    <div className="report-party">
      <div className="report-filters no-print">
        <Island name="ReportPartyPick" props={{ kind: view.aba, selected }} />
      </div>
      {error && (
        <p className="report-error" role="alert">
          {error}
        </p>
      )}
      {!data ? (
        !error && (
          <Card>
            <EmptyState
              icon={client ? "users" : "truck"}
              title={client ? "Escolha um cliente" : "Escolha um fornecedor"}
              hint="Busque pelo nome, CNPJ ou e-mail para ver o contrato, o que já foi pago e cada parcela."
            />
          </Card>
        )
      ) : (
        <PartyFigures view={view} data={data} />
      )}
    </div>
  );
}

const name = (data: PartyData) => (data.kind === "cliente" ? data.totals.clientName : data.totals.supplierName);

function PartyFigures({ view, data }: { view: PartyReportProps["view"]; data: PartyData }) {
  const t = data.totals;
  const client = data.kind === "cliente";
  const paidWord = client ? "recebido" : "pago";
  return (
    <>
      <Card className="report-summary">
        <CardHeader>
          <CardTitle>{name(data)}</CardTitle>
          <p className="report-summary__counts">
            {plural(t.quantidadeParcelas, "parcela", "parcelas")} · {plural(t.quantidadePagas, "paga", "pagas")} ·{" "}
            {plural(t.quantidadePendentes, "pendente", "pendentes")}
            {t.quantidadeVencidas > 0 && <span className="text-danger"> ({plural(t.quantidadeVencidas, "vencida", "vencidas")})</span>}
          </p>
        </CardHeader>
        <CardContent>
          <div className="figures figures--4">
            <Figure label="Total do contrato" value={brl(t.totalContrato)} />
            <Figure label="Total pago" value={brl(t.totalPago)} tone="success" />
            <Figure label="Total pendente" value={brl(t.totalPendente)} tone={t.quantidadeVencidas > 0 ? "danger" : undefined} />
            <Figure
              label={client ? "Recebido com encargos" : "Valor efetivamente pago"}
              value={brl(data.kind === "cliente" ? data.totals.totalRecebidoComEncargos : data.totals.totalPagoEfetivo)}
              note={client ? "valor das parcelas + multa e juros" : "com descontos e acréscimos"}
            />
          </div>
          <div className="progress-row">
            <span className="progress-row__label">Percentual pago</span>
            {/* A native <progress>: its length needs no style attribute (the CSP allows none). */}
            <progress
              className="progress"
              aria-label="Percentual pago"
              aria-valuetext={`${percent(t.percentualPago)} ${paidWord}`}
              max={100}
              value={Math.min(100, t.percentualPago)}
            />
            <strong className="progress-row__value">{percent(t.percentualPago)}</strong>
          </div>
        </CardContent>
      </Card>
      <Card className="report-installments">
        <Installments view={view} data={data} />
      </Card>
    </>
  );
}

const percentFormat = lazily(() => new Intl.NumberFormat("pt-BR", { minimumFractionDigits: 0, maximumFractionDigits: 2 }));
const percent = (n: number) => `${percentFormat().format(n)}%`;

type Row = ReportReceivable | ReportPayable;

function Installments({ view, data }: { view: PartyReportProps["view"]; data: PartyData }) {
  const total = data.totals.quantidadeParcelas;
  const pages = Math.max(1, Math.ceil(total / PARTY_PAGE_SIZE));
  const page = Math.min(view.pagina, pages);
  const from = total === 0 ? 0 : (page - 1) * PARTY_PAGE_SIZE + 1;
  const to = Math.min(total, page * PARTY_PAGE_SIZE);
  const columns: TableColumn<Row>[] = [
    {
      key: "parcela",
      header: "Parcela",
      phone: "title",
      // A subscription's month reads as such, not "1/1" (issue 37 §1): its month is in Descrição.
      render: (r) =>
        "competencia" in r && r.competencia ? (
          <span className="ui-nowrap" title={`Mensalidade da assinatura: ${formatMonthBR(r.competencia)}`}>
            Mensal
          </span>
        ) : (
          <span className="ui-nowrap">{r.numerosParcela}</span>
        ),
    },
    { key: "descricao", header: "Descrição", render: (r) => <span className="ui-ellipsis" title={r.descricao}>{r.descricao}</span> },
    { key: "vencimento", header: "Vencimento", render: (r) => <span className="ui-nowrap">{formatDateBR(r.dataVencimento)}</span> },
    { key: "valor", header: "Valor", align: "end", render: (r) => <span className="ui-nowrap">{brl(r.valor)}</span> },
    { key: "status", header: "Situação", phone: "badge", render: (r) => <StatusBadge status={r.status} /> },
    { key: "pagamento", header: "Pago em", render: (r) => <span className="ui-nowrap">{formatDateBR(r.dataPagamento) || "—"}</span> },
    {
      key: "valorPago",
      header: data.kind === "cliente" ? "Valor recebido" : "Valor pago",
      align: "end",
      render: (r) => <span className="ui-nowrap">{r.valorPago ? brl(r.valorPago) : "—"}</span>,
    },
  ];
  const href = (p: number) => reportHref({ ...view, pagina: p });
  const printed = data.paraImprimir;
  return (
    <>
      <CardHeader>
        <CardTitle>Parcelas</CardTitle>
        <p className={printed ? "ui-list-count no-print" : "ui-list-count"}>
          {total === 0 ? "Nenhuma parcela" : `${formatCount(from)}–${formatCount(to)} de ${formatCount(total)}`}
        </p>
        {printed && (
          <p className="ui-list-count print-only">
            {printed.length < total ? `As primeiras ${formatCount(printed.length)} de ${formatCount(total)} (todas no CSV)` : `Todas as ${formatCount(total)}`}
          </p>
        )}
      </CardHeader>
      {/* Several pages: the screen shows one, paper gets every row. */}
      {printed && (
        <Table className="report-table print-only" label={`Todas as parcelas de ${name(data)}`} columns={columns} rows={printed} rowKey={(r) => r.id} />
      )}
      <Table
        className={printed ? "report-table ui-table-wrap--cards no-print" : "report-table ui-table-wrap--cards"}
        label={`Parcelas de ${name(data)}`}
        columns={columns}
        rows={data.parcelas}
        rowKey={(r) => r.id}
        empty={data.kind === "cliente" ? "Nenhuma parcela para este cliente" : "Nenhuma conta para este fornecedor"}
      />
      {pages > 1 && (
        <nav className="ui-pager no-print" aria-label="Paginação das parcelas">
          <a className="ui-pager__link" href={page > 1 ? href(page - 1) : undefined} aria-disabled={page <= 1 || undefined} rel="prev">
            <Icon name="chevron-down" size={16} className="ui-pager__prev" />
            Anterior
          </a>
          <span className="ui-pager__jump">
            Página {formatCount(page)} de {formatCount(pages)}
          </span>
          <a className="ui-pager__link" href={page < pages ? href(page + 1) : undefined} aria-disabled={page >= pages || undefined} rel="next">
            Próxima
            <Icon name="chevron-down" size={16} className="ui-pager__next" />
          </a>
        </nav>
      )}
    </>
  );
}
