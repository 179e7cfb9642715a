import type { Db } from "../../db/client";
import { getMonthlyRevenue, revenueWindow, type MonthlyRevenueItem } from "../api/dashboard/monthly-revenue";
import { getDashboardStats, type DashboardStats } from "../api/dashboard/stats";
import type { SubscriptionSummary } from "../api/subscriptions/model";
import { defaultMrrRange, mrrMovement, type MrrMonth } from "../api/subscriptions/mrr";
import { subscriptionSummary } from "../api/subscriptions/service";
import { formatMonthBR } from "../lib/months";
import { Island } from "../ssr/Island";
import { Card, CardContent, CardHeader, CardTitle } from "../ui/Card";
import { Icon, type IconName } from "../ui/Icon";
import { PageHeader } from "../ui/PageHeader";
import { PrintHeader, printedAtNow } from "../ui/PrintHeader";

export interface DashboardPageProps {
  stats: DashboardStats;
  revenue: MonthlyRevenueItem[];
  /** The revenue window in words, e.g. "out. de 2025 e set. de 2026". */
  period: string;
  /** The subscriptions' cards and the MRR of the last 12 months (issue 18). */
  subscriptions: SubscriptionSummary;
  mrr: MrrMonth[];
  /** The MRR months in words, e.g. "abr. de 2025 e mar. de 2026". */
  mrrPeriod: string;
  printedAt: string;
}

const SYSTEM_LINES: { icon: IconName; title: string; text: string }[] = [
  {
    icon: "shield",
    title: "Bloqueio automático ativo",
    text: "Clientes com parcelas vencidas em aberto são bloqueados automaticamente.",
  },
  {
    icon: "clock",
    title: "Monitoramento de vencimentos",
    text: "As parcelas passam a vencidas automaticamente quando chega o vencimento.",
  },
  {
    icon: "wallet",
    title: "Controle financeiro integrado",
    text: "Geração automática de parcelas e acompanhamento dos recebimentos.",
  },
];

/** The page's data: the same services as /api/dashboard/*, read on every request. */
export function dashboardData(db: Db): DashboardPageProps {
  const window = revenueWindow();
  const mrrRange = defaultMrrRange();
  return {
    stats: getDashboardStats(db),
    revenue: getMonthlyRevenue(db),
    period: `${formatMonthBR(window.from)} e ${formatMonthBR(window.to)}`,
    subscriptions: subscriptionSummary(db),
    mrr: mrrMovement(db, mrrRange.from, mrrRange.to),
    mrrPeriod: `${formatMonthBR(mrrRange.from)} e ${formatMonthBR(mrrRange.to)}`,
    printedAt: printedAtNow(),
  };
}

/** `/`: the figures of DECISIONS §3 as of this request; the islands only hydrate and refetch. */
export function DashboardPage({ stats, revenue, period, subscriptions, mrr, mrrPeriod, printedAt }: DashboardPageProps) {
  return (
    <div className="dash">
      <PrintHeader title="Dashboard" filters={`Recebimentos entre ${period}; MRR entre ${mrrPeriod}`} printedAt={printedAt} />
      <PageHeader title="Dashboard" description="Visão geral do sistema de cobrança por parcelas" />
      <div className="dash-grid">
        <Island name="DashboardStats" props={{ stats, subscriptions }} />
        <Island name="RevenueChart" props={{ revenue, period }} />
        {/* The default window, so a page back from the cache reads the months of that day. */}
        <Island name="MrrChart" props={{ months: mrr, period: mrrPeriod, source: "/api/subscriptions/mrr" }} />
        <Card className="dash-system">
          <CardHeader>
            <CardTitle>Sistema de Controle</CardTitle>
          </CardHeader>
          <CardContent>
            <ul className="dash-system__list">
              {SYSTEM_LINES.map((line) => (
                <li key={line.title}>
                  <span className="dash-system__icon">
                    <Icon name={line.icon} size={18} />
                  </span>
                  <span>
                    <strong>{line.title}</strong>
                    <span>{line.text}</span>
                  </span>
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
