import type { LedgerCardsProps } from "../../islands/LedgerCards";
import { LEDGER_KINDS, ledgerRow, type ApiLedgerRow, type LedgerKind } from "../../islands/ledger/kinds";
import type { ListParams } from "../../islands/list";
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
        props={{ kind, initial: { rows: page.rows.map(ledgerRow), total: page.total }, params, today, partyName }}
      />
    </>
  );
}

export interface GeneratePageProps {
  kind: LedgerKind;
  today: string;
}

/** Gerar Parcelas CR / CP. */
export function GeneratePage({ kind, today }: GeneratePageProps) {
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
      <Island name="GenerateInstallments" props={{ kind, today }} />
    </>
  );
}
