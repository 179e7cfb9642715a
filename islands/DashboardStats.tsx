import { useState } from "react";
import type { DashboardStats as Stats } from "../src/api/dashboard/stats";
import type { SubscriptionSummary } from "../src/api/subscriptions/model";
import { formatBRL, parseMoney, ZERO } from "../src/lib/money";
import { Card, CardContent, CardHeader, CardTitle } from "../src/ui/Card";
import { Icon, type IconName } from "../src/ui/Icon";
import { api } from "./lib/api";
import { useRefetchOnReturn } from "./charts/chart";
import { StatusDonut } from "./dashboard/StatusDonut";
import { formatCount } from "../src/lib/numbers";
import { monthSlashBR } from "../src/lib/months";

export interface DashboardStatsProps {
  stats: Stats;
  /** The subscriptions' cards (GET /api/subscriptions/summary). */
  subscriptions: SubscriptionSummary;
}

const n = (value: number | undefined) => formatCount(value ?? 0); // SPEC: missing values show 0

/**
 * The four summary cards (SPEC §2), the subscriptions' two (MRR and active ones, issue 18) and
 * the clients' status donut. Rendered with the server's figures; refetched when the page comes
 * back from the back/forward cache.
 */
export default function DashboardStats({ stats: initial, subscriptions: initialSubscriptions }: DashboardStatsProps) {
  const [stats, setStats] = useState(initial);
  const [subscriptions, setSubscriptions] = useState(initialSubscriptions);
  const [loading, setLoading] = useState(false);
  useRefetchOnReturn(() => {
    setLoading(true);
    Promise.all([
      api<Stats>("/api/dashboard/stats").then(setStats),
      api<SubscriptionSummary>("/api/subscriptions/summary").then(setSubscriptions),
    ])
      .catch(() => {}) // SPEC §8: no error handling; the figures shown stay
      .finally(() => setLoading(false));
  });

  const overdue = stats.overdueInstallments;
  const blocked = stats.blockedClients;
  return (
    <>
      <section className="dash-stats" aria-label="Resumo" aria-busy={loading || undefined}>
        <StatCard title="Total de Clientes" icon="users" tone="primary" value={n(stats.totalClients)} note="Crescimento estável" />
        {/* Each money figure says what it is (issue 31): three "monthly" figures are three different things. */}
        <StatCard
          title="Recebimento Mensal"
          icon="wallet"
          tone="success"
          value={formatBRL(parseMoney(stats.monthlyRevenue) ?? ZERO)}
          note="Mensalidades dos clientes não bloqueados"
        />
        <StatCard
          title="Parcelas em Aberto"
          icon="receivable"
          tone="warning"
          value={n(stats.openInstallments)}
          note={overdue > 0 ? `${n(overdue)} vencidas` : "Todas em dia"}
          noteTone={overdue > 0 ? "danger" : "success"}
        />
        <StatCard
          title="Clientes Bloqueados"
          icon="lock"
          tone="danger"
          value={n(blocked)}
          note={blocked > 0 ? "Requer atenção" : "Nenhum bloqueio"}
          noteTone={blocked > 0 ? "danger" : "success"}
        />
        <StatCard
          title="MRR"
          icon="chart"
          tone="primary"
          value={formatBRL(parseMoney(subscriptions.mrr) ?? ZERO)}
          note={mrrNote(subscriptions)}
        />
        <StatCard
          title="Assinaturas ativas"
          icon="calendar-clock"
          tone="success"
          value={n(subscriptions.ativas)}
          note={`+${n(subscriptions.novasNoMes)} ${subscriptions.novasNoMes === 1 ? "nova" : "novas"}, −${n(subscriptions.encerradasNoMes)} ${subscriptions.encerradasNoMes === 1 ? "encerrada" : "encerradas"} em ${monthSlashBR(subscriptions.mes)}`}
        />
      </section>
      <Card className="dash-donut" aria-busy={loading || undefined}>
        <CardHeader>
          <CardTitle>Status dos Clientes</CardTitle>
        </CardHeader>
        <CardContent>
          <StatusDonut total={stats.totalClients} blocked={blocked} />
        </CardContent>
      </Card>
    </>
  );
}

/** What the MRR card holds, in one line: today's fees out of trial, the trials named apart. */
export function mrrNote(s: SubscriptionSummary): string {
  if (!s.emTrial) return "Assinaturas fora do trial, hoje";
  return `Hoje, sem ${s.emTrial === 1 ? "1 em trial" : `${n(s.emTrial)} em trial`} (${formatBRL(parseMoney(s.trial) ?? ZERO)})`;
}

interface StatCardProps {
  title: string;
  icon: IconName;
  tone: "primary" | "success" | "warning" | "danger";
  value: string;
  note: string;
  noteTone?: "success" | "danger";
}

function StatCard({ title, icon, tone, value, note, noteTone }: StatCardProps) {
  return (
    <Card className="stat">
      <CardHeader>
        <CardTitle as="h2" className="stat__title">
          {title}
        </CardTitle>
        <span className={`stat__icon stat__icon--${tone}`}>
          <Icon name={icon} size={18} />
        </span>
      </CardHeader>
      <CardContent>
        <p className="stat__value" data-long={value.length > 9 || undefined}>
          {value}
        </p>
        <p className={noteTone ? `stat__note stat__note--${noteTone}` : "stat__note"}>{note}</p>
      </CardContent>
    </Card>
  );
}
