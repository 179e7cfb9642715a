import type { Db } from "../../db/client";
import type { LedgerCardsProps } from "../../islands/LedgerCards";
import { getClient } from "../api/clients/service";
import { installmentSummary, listInstallments, parseInstallmentQuery } from "../api/installments/service";
import { sortParam } from "../api/list";
import { listPayables, parsePayableQuery, payableSummary } from "../api/payables/service";
import { getSupplier } from "../api/suppliers/service";
import { today } from "../lib/clock";
import { LEDGER_KINDS, type ApiLedgerRow, type LedgerKind } from "../../islands/ledger/kinds";
import type { ListParams } from "../../islands/lib/list";
import { Island } from "../ssr/Island";
import { Icon } from "../ui/Icon";
import { PageHeader } from "../ui/PageHeader";

export interface LedgerPageProps {
  kind: LedgerKind;
  params: ListParams;
  page: { rows: ApiLedgerRow[]; total: number };
  summary: LedgerCardsProps["initial"];
  today: string;
  /** The client/supplier the list is narrowed to, if any. */
  partyName: string | null;
}

const TEXT: Record<LedgerKind, { title: string; description: string }> = {
  receber: {
    title: "Contas a Receber",
    description: "Parcelas dos clientes: dê baixa com multa e juros, prorrogue vencimentos ou cancele baixas.",
  },
  pagar: {
    title: "Contas a Pagar",
    description: "Parcelas devidas aos fornecedores: registre pagamentos e acompanhe o que vence.",
  },
};

/** Contas a Receber / a Pagar: a static heading, the cards island and the list island. */
export function LedgerPage({ kind, params, page, summary, today, partyName }: LedgerPageProps) {
  const info = LEDGER_KINDS[kind];
  return (
    <>
      <PageHeader
        title={TEXT[kind].title}
        description={TEXT[kind].description}
        actions={
          <a className="ui-button ui-button--secondary" href={info.generatePath}>
            <Icon name="calendar-plus" size={18} />
            {info.generateLabel}
          </a>
        }
      />
      <Island name="LedgerCards" props={{ kind, initial: summary }} />
      <Island
        name="LedgerList"
        props={{ kind, initial: page, params, today, partyName }}
      />
    </>
  );
}

export interface GeneratePageProps {
  graceDays: number;
  kind: LedgerKind;
  today: string;
}

/** Gerar Parcelas CR / CP. */
export function GeneratePage({ kind, today, graceDays }: GeneratePageProps) {
  return (
    <>
      <PageHeader
        title={kind === "receber" ? "Gerar Parcelas CR" : "Gerar Parcelas CP"}
        description={
          kind === "receber"
            ? "Divida o valor de um contrato em parcelas mensais para um cliente."
            : "Divida o valor de uma compra em parcelas mensais para um fornecedor."
        }
      />
      <Island name="GenerateInstallments" props={{ kind, today, graceDays }} />
    </>
  );
}

type Raw = Record<string, string | undefined>;

/**
 * The view in the URL → one page of rows, the cards over the same filters, the party's name.
 * Null when the URL holds values no one could have meant (the route then shows the default view).
 */
export function ledgerPageData(db: Db, kind: LedgerKind, raw: Raw): LedgerPageProps | null {
  try {
    if (kind === "receber") {
      const query = parseInstallmentQuery(raw, { paged: true });
      const filters = { status: query.status, mes: query.mes, clientId: query.clientId };
      return {
        kind,
        params: viewParams(query, "clientId", query.clientId),
        page: listInstallments(db, query),
        summary: installmentSummary(db, filters),
        today: today(),
        partyName: query.clientId ? getClient(db, query.clientId).nome : null,
      };
    }
    const query = parsePayableQuery(raw, { paged: true });
    const filters = { status: query.status, mes: query.mes, supplierId: query.supplierId };
    return {
      kind,
      params: viewParams(query, "supplierId", query.supplierId),
      page: listPayables(db, query),
      summary: payableSummary(db, filters),
      today: today(),
      partyName: query.supplierId ? getSupplier(db, query.supplierId).nome : null,
    };
  } catch {
    return null;
  }
}

function viewParams(
  query: { status: string; mes: string; sort: { key: string; dir: "asc" | "desc" }; page: number; perPage: number },
  partyKey: string,
  partyId: number | null,
): ListParams {
  return {
    status: query.status,
    mes: query.mes,
    [partyKey]: partyId ? String(partyId) : "",
    ordem: sortParam(query.sort),
    pagina: String(query.page),
    porPagina: String(query.perPage),
  };
}
