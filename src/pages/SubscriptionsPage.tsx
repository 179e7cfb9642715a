import type { SubscriptionQuery, SubscriptionRowJson, SubscriptionSummary } from "../api/subscriptions/model";
import { Island } from "../ssr/Island";
import { PageHeader } from "../ui/PageHeader";

interface SubscriptionsPageProps {
  query: SubscriptionQuery;
  page: { rows: SubscriptionRowJson[]; total: number };
  summary: SubscriptionSummary;
  today: string;
  /** BLOCK_GRACE_DAYS, for the dialog's warning about months already overdue. */
  graceDays: number;
}

/** Assinaturas: a static heading; the cards, filters, list and dialogs are one island. */
export function SubscriptionsPage({ query, page, summary, today, graceDays }: SubscriptionsPageProps) {
  return (
    <>
      <PageHeader
        title="Assinaturas"
        description="A mensalidade de cada cliente, gerada todo mês pelo Cofre: situação, próximo vencimento e receita recorrente."
      />
      <Island name="SubscriptionsList" props={{ initial: page, params: query.view, summary, today, graceDays }} />
    </>
  );
}
