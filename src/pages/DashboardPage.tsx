import type { Db } from "../../db/client";
import { dashboardFigures, type DashboardFigures } from "../api/dashboard/figures";
import { Island } from "../ssr/Island";
import { Card, CardContent, CardHeader, CardTitle } from "../ui/Card";
import { Icon, type IconName } from "../ui/Icon";
import { PageHeader } from "../ui/PageHeader";
import { PrintHeader, type PrintStamp } from "../ui/PrintHeader";
import { printStamp } from "./print-stamp";

interface DashboardPageProps extends DashboardFigures {
  printed: PrintStamp;
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

/** The page's data: the same services as /api/dashboard/*, kept while nothing they read changed. */
export async function dashboardData(db: Db, databasePath: string): Promise<DashboardPageProps> {
  return { ...(await dashboardFigures(db, databasePath)), printed: printStamp(db) };
}

/** `/`: the figures of DECISIONS §3 as of this request; the islands only hydrate and refetch. */
export function DashboardPage({ stats, revenue, period, subscriptions, mrr, mrrPeriod, resultado, printed }: DashboardPageProps) {
  return (
    <div className="dash">
      <PrintHeader title="Dashboard" filters={`Recebimentos entre ${period}; MRR entre ${mrrPeriod}`} printed={printed} />
      <PageHeader title="Dashboard" description="Visão geral do sistema de cobrança por parcelas" />
      <div className="dash-grid">
        <Island name="DashboardStats" props={{ stats, subscriptions, resultado }} />
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
