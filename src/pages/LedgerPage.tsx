import { accountChoices } from "../api/accounts/service";
import type { AccountChoice } from "../api/accounts/model";
import type { Db } from "../../db/client";
import type { LedgerCardsProps } from "../../islands/LedgerCards";
import { getClient } from "../api/clients/service";
import { installmentSummary, listInstallments, parseInstallmentQuery } from "../api/installments/service";
import { listPayables, parsePayableQuery, payableSummary } from "../api/payables/service";
import { getSupplier } from "../api/suppliers/service";
import { ledgerChoices } from "../api/categories/service";
import type { LedgerChoices } from "../api/categories/model";
import type { LedgerQuery } from "../api/ledger/model";
import { today } from "../lib/clock";
import type { FeeRates } from "../lib/fees";
import { feeRates } from "../api/company-rules";
import { LEDGER_KINDS, packRows, type ApiLedgerRow, type LedgerKind } from "../../islands/ledger/kinds";
import type { ListParams } from "../lib/list-spec";
import { useCanWrite } from "../../islands/lib/can-write";
import { Island } from "../ssr/Island";
import { Icon } from "../ui/Icon";
import { PageHeader } from "../ui/PageHeader";

interface LedgerPageProps {
  kind: LedgerKind;
  params: ListParams;
  page: { rows: ApiLedgerRow[]; total: number };
  summary: LedgerCardsProps["initial"];
  today: string;
  /** The client/supplier the list is narrowed to, if any. */
  partyName: string | null;
  /** The fee rates in force (Configurações): what Baixar proposes. */
  rates: FeeRates;
  /** The side's categories and the cost centres (filters, "Editar lançamento"). */
  choices: LedgerChoices;
  /** The active bank accounts a payment may name (issue 34 §3), the default first. */
  contas: AccountChoice[];
}

// `reading`: what the page says to a consulta, who cannot do what `description` offers.
const TEXT: Record<LedgerKind, { title: string; description: string; reading: string }> = {
  receber: {
    title: "Contas a Receber",
    description: "Parcelas dos clientes: dê baixa com multa e juros, prorrogue vencimentos ou cancele baixas.",
    reading: "Parcelas dos clientes: o que foi recebido, o que está em aberto e o que venceu.",
  },
  pagar: {
    title: "Contas a Pagar",
    description: "Parcelas devidas aos fornecedores: registre pagamentos e acompanhe o que vence.",
    reading: "Parcelas devidas aos fornecedores: o que foi pago e o que vence.",
  },
};

/** Contas a Receber / a Pagar: a static heading, the cards island and the list island. */
export function LedgerPage({ kind, params, page, summary, today, partyName, rates, choices, contas }: LedgerPageProps) {
  const canWrite = useCanWrite();
  const info = LEDGER_KINDS[kind];
  return (
    <>
      <PageHeader
        title={TEXT[kind].title}
        description={canWrite ? TEXT[kind].description : TEXT[kind].reading}
        actions={
          canWrite && (
            <a className="ui-button ui-button--secondary" href={info.generatePath}>
              <Icon name="calendar-plus" size={18} />
              {info.generateLabel}
            </a>
          )
        }
      />
      <Island name="LedgerCards" props={{ kind, initial: summary }} />
      <Island
        name="LedgerList"
        props={{ kind, initial: { rows: packRows(page.rows), total: page.total }, params, today, partyName, rates, choices, contas }}
      />
    </>
  );
}

interface GeneratePageProps {
  graceDays: number;
  choices: LedgerChoices;
  kind: LedgerKind;
  today: string;
}

/** Gerar Parcelas CR / CP. */
export function GeneratePage({ kind, today, graceDays, choices }: GeneratePageProps) {
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
      <Island name="GenerateInstallments" props={{ kind, today, graceDays, choices }} />
    </>
  );
}

type Raw = Record<string, string | undefined>;

/** A side's page view: its spec read from the URL, and the name of the party it is narrowed to (throws for a party that does not exist). */
export function ledgerPageView(db: Db, kind: LedgerKind, raw: Raw): LedgerQuery & { partyName: string | null } {
  const query = kind === "receber" ? parseInstallmentQuery(raw, { paged: true }) : parsePayableQuery(raw, { paged: true });
  const party = query.partyId === null ? null : kind === "receber" ? getClient(db, query.partyId) : getSupplier(db, query.partyId);
  return { ...query, partyName: party?.nome ?? null };
}

/** A side's page view → one page of rows and the cards over the same filters (read in turns after a change: ledgerCards). */
export async function ledgerPageData(db: Db, databasePath: string, kind: LedgerKind, query: ReturnType<typeof ledgerPageView>): Promise<LedgerPageProps> {
  const summary = kind === "receber" ? await installmentSummary(db, databasePath, query) : await payableSummary(db, databasePath, query);
  const rows = kind === "receber" ? listInstallments(db, query) : listPayables(db, query);
  return { kind, params: query.view, page: rows, summary, today: today(), partyName: query.partyName, rates: feeRates(db), choices: ledgerChoices(db, kind === "receber" ? "receita" : "despesa"), contas: accountChoices(db) };
}


