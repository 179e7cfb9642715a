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

// The lists' addresses in their own URL parameters (their ListSpecs: CLIENT_LIST, RECEIVABLE_LIST,
// SUBSCRIPTION_LIST; DashboardStats.test.tsx reads every link back through them). Written out,
// not imported: the specs bring the lists' date rules, which the dashboard's script leaves out.
const CLIENTS = "/clients";
const RECEIVABLES = "/receivables";
const SUBSCRIPTIONS = "/subscriptions";

export interface DashboardStatsProps {
  stats: Stats;
  /** The subscriptions' cards (GET /api/subscriptions/summary). */
  subscriptions: SubscriptionSummary;
  /** "Resultado do mês" (issue 36): the DRE's resultado of this month by caixa; absent, no card. */
  resultado?: { mes: string; valor: string };
}

const n = (value: number | undefined) => formatCount(value ?? 0); // SPEC: missing values show 0

/**
 * The four summary cards (SPEC §2), the subscriptions' two (MRR and active ones, issue 18) and
 * the clients' status donut. Rendered with the server's figures; refetched when the page comes
 * back from the back/forward cache.
 */
export default function DashboardStats({ stats: initial, subscriptions: initialSubscriptions, resultado }: DashboardStatsProps) {
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
  const trials = subscriptions.emTrial;
  return (
    <>
      <section className="dash-stats" aria-label="Resumo" aria-busy={loading || undefined}>
        {/* Each card opens the list it counts (issue 37), with that list's own URL filters (its ListSpec).
            SPEC's "Crescimento estável" claims a trend: with no client there is none to claim. */}
        <StatCard
          title="Total de Clientes"
          href={CLIENTS}
          icon="users"
          tone="primary"
          value={n(stats.totalClients)}
          note={stats.totalClients > 0 ? "Crescimento estável" : null}
        />
        {/* Each money figure says what it is (issue 31): three "monthly" figures are three different things. */}
        <StatCard
          title="Recebimento Mensal"
          href={`${CLIENTS}?status=0`}
          icon="wallet"
          tone="success"
          value={formatBRL(parseMoney(stats.monthlyRevenue) ?? ZERO)}
          note="Mensalidades dos clientes não bloqueados"
        />
        <StatCard
          title="Parcelas em Aberto"
          // Contas a Receber unfiltered: its "Total em Aberto" counts these same rows.
          href={RECEIVABLES}
          icon="receivable"
          tone="warning"
          value={n(stats.openInstallments)}
          note={overdue > 0 ? `${n(overdue)} ${overdue === 1 ? "vencida" : "vencidas"}` : "Todas em dia"}
          noteHref={overdue > 0 ? `${RECEIVABLES}?status=vencido` : undefined}
          noteTone={overdue > 0 ? "danger" : "success"}
        />
        <StatCard
          title="Clientes Bloqueados"
          href={`${CLIENTS}?status=1`}
          icon="lock"
          tone="danger"
          value={n(blocked)}
          note={blocked > 0 ? "Requer atenção" : "Nenhum bloqueio"}
          noteTone={blocked > 0 ? "danger" : "success"}
        />
        <StatCard
          title="MRR"
          href={`${SUBSCRIPTIONS}?status=ativa`}
          icon="chart"
          tone="primary"
          value={formatBRL(parseMoney(subscriptions.mrr) ?? ZERO)}
          note={mrrNote(subscriptions)}
        />
        <StatCard
          title="Assinaturas ativas"
          href={SUBSCRIPTIONS}
          icon="calendar-clock"
          tone="success"
          value={n(subscriptions.ativas)}
          note={`+${n(subscriptions.novasNoMes)} ${subscriptions.novasNoMes === 1 ? "nova" : "novas"}, −${n(subscriptions.encerradasNoMes)} ${subscriptions.encerradasNoMes === 1 ? "encerrada" : "encerradas"} em ${monthSlashBR(subscriptions.mes)}`}
          // Trials are among the active ones but out of the MRR (DECISIONS §8): said, and one click away.
          extra={trials > 0 ? `${n(trials)} em teste, fora do MRR` : undefined}
          extraHref={`${SUBSCRIPTIONS}?status=trial`}
        />
        {resultado && (
          <StatCard
            title="Resultado do mês"
            // The DRE of this one month by caixa: what it is made of, category by category.
            href={`/reports?aba=dre&de=${resultado.mes}&ate=${resultado.mes}&base=caixa`}
            icon="chart"
            tone={resultado.valor.startsWith("-") ? "danger" : "success"}
            value={formatBRL(parseMoney(resultado.valor) ?? ZERO)}
            note={`Recebido menos pago em ${monthSlashBR(resultado.mes)} (regime de caixa)`}
            wide
          />
        )}
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
  if (!s.emTrial) return "Assinaturas fora do teste, hoje";
  return `Hoje, sem ${n(s.emTrial)} em teste (${formatBRL(parseMoney(s.trial) ?? ZERO)})`;
}

/**
 * How long a value is, for its size (the CSP allows no inline style, so a length goes by
 * bucket): money shrinks with its card rather than leave it, the longer the smaller.
 */
function longValue(value: string): "m" | "l" | "xl" | "xxl" | undefined {
  const n = value.length;
  return n <= 9 ? undefined : n <= 12 ? "m" : n <= 14 ? "l" : n <= 16 ? "xl" : "xxl";
}

interface StatCardProps {
  title: string;
  /** The list the card counts: the whole card opens it. */
  href: string;
  icon: IconName;
  tone: "primary" | "success" | "warning" | "danger";
  value: string;
  /** What the figure is; null where nothing true can be said (no data). */
  note: string | null;
  /** A narrower list the note counts ("2 vencidas" → the overdue ones). */
  noteHref?: string;
  noteTone?: "success" | "danger";
  /** A second line, linked to `extraHref`. */
  extra?: string;
  extraHref?: string;
  /** The whole row (the seventh card, "Resultado do mês", under the two rows of three). */
  wide?: boolean;
}

/**
 * A summary card. The title's link covers the card (its ::after), so a click anywhere opens the
 * list; a note with its own list is a link laid over it. No link nests in another.
 */
function StatCard({ title, href, icon, tone, value, note, noteHref, noteTone, extra, extraHref, wide }: StatCardProps) {
  const noteClass = noteTone ? `stat__note stat__note--${noteTone}` : "stat__note";
  return (
    <Card className={wide ? "stat stat--wide" : "stat"}>
      <CardHeader>
        <CardTitle as="h2" className="stat__title">
          <a className="stat__link" href={href}>
            {title}
          </a>
        </CardTitle>
        <span className={`stat__icon stat__icon--${tone}`}>
          <Icon name={icon} size={18} />
        </span>
      </CardHeader>
      <CardContent>
        <p className="stat__value" data-long={longValue(value)}>
          {value}
        </p>
        {note !== null && (
          <p className={noteClass}>
            {noteHref ? (
              <a className="stat__sublink" href={noteHref}>
                {note}
              </a>
            ) : (
              note
            )}
          </p>
        )}
        {extra && (
          <p className="stat__extra">
            {extraHref ? (
              <a className="stat__sublink" href={extraHref}>
                {extra}
              </a>
            ) : (
              extra
            )}
          </p>
        )}
      </CardContent>
    </Card>
  );
}
