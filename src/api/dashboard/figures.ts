// The dashboard's figures (DECISIONS §3 and the subscriptions' cards and MRR), ~10 ms at
// --scale 50: most of GET /'s work, on the page everyone opens first. They read clients,
// subscriptions and receivables and depend on the day: kept while those stay as they were
// (src/api/kept.ts).
import type { Db } from "../../../db/client";
import { formatMonthBR } from "../../lib/months";
import { currentMonth } from "../../lib/clock";
import { monthResult } from "../reports/dre";
import { keptWhileUnchanged } from "../kept";
import type { SubscriptionSummary } from "../subscriptions/model";
import { defaultMrrRange, mrrMovement, type MrrMonth } from "../subscriptions/mrr";
import { subscriptionSummary } from "../subscriptions/service";
import { getMonthlyRevenue, revenueWindow, type MonthlyRevenueItem } from "./monthly-revenue";
import { getDashboardStats, type DashboardStats } from "./stats";

export interface DashboardFigures {
  stats: DashboardStats;
  revenue: MonthlyRevenueItem[];
  /** The revenue window in words, e.g. "out. de 2025 e set. de 2026". */
  period: string;
  /** The subscriptions' cards and the MRR of the last 12 months (issue 18). */
  subscriptions: SubscriptionSummary;
  mrr: MrrMonth[];
  /** The MRR months in words, e.g. "abr. de 2025 e mar. de 2026". */
  mrrPeriod: string;
  /** "Resultado do mês" (issue 36): the DRE's resultado of the current month by caixa. */
  resultado: { mes: string; valor: string };
}

function computeFigures(db: Db): DashboardFigures {
  const window = revenueWindow();
  const mrrRange = defaultMrrRange();
  return {
    stats: getDashboardStats(db),
    revenue: getMonthlyRevenue(db),
    period: `${formatMonthBR(window.from)} e ${formatMonthBR(window.to)}`,
    subscriptions: subscriptionSummary(db),
    mrr: mrrMovement(db, mrrRange.from, mrrRange.to),
    mrrPeriod: `${formatMonthBR(mrrRange.from)} e ${formatMonthBR(mrrRange.to)}`,
    resultado: { mes: currentMonth(), valor: monthResult(db) },
  };
}

/** Today's figures, computed again only when the day or one of the tables they read changed. */
export function dashboardFigures(db: Db): DashboardFigures {
  return keptWhileUnchanged(db, "dashboard", () => computeFigures(db));
}
