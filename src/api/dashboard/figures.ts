// The dashboard's figures (DECISIONS §3 and the subscriptions' cards and MRR), ~10 ms at
// --scale 50: most of GET /'s work, on the page everyone opens first. They read clients,
// subscriptions and receivables and depend on the day: kept while those stay as they were
// (src/api/kept.ts).
import { withReadDb, type Db } from "../../../db/client";
import { inSlices } from "../../http/slices";
import { turn } from "../../http/turns";
import { formatMonthBR } from "../../lib/months";
import { currentMonth } from "../../lib/clock";
import { monthResult } from "../reports/dre";
import { keptWhileUnchangedInTurns } from "../kept";
import type { SubscriptionSummary } from "../subscriptions/model";
import { defaultMrrRange, mrrSteps, type MrrMonth } from "../subscriptions/mrr";
import { summaryOf } from "../subscriptions/service";
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

/**
 * Today's figures, computed again only when the day or one of the tables they read changed —
 * then on a reader of their own, in one read transaction, a turn of the event loop between
 * parts and between the MRR's months (issue 38 §3): at --scale 200 the first view after a
 * payment held the loop ~60–80 ms in one go (the MRR's 12 months 21 ms, the subscriptions'
 * cards 15 — now read from the MRR's last month —, the revenue 10, the stats 7, the month's
 * resultado 6).
 */
export function dashboardFigures(db: Db, databasePath: string): Promise<DashboardFigures> {
  return keptWhileUnchangedInTurns(db, "dashboard", () =>
    withReadDb(databasePath, async (reader) => {
      const window = revenueWindow();
      const mrrRange = defaultMrrRange();
      const stats = getDashboardStats(reader);
      await turn();
      const revenue = getMonthlyRevenue(reader);
      await turn();
      const mrr = await inSlices(mrrSteps(reader, mrrRange.from, mrrRange.to));
      await turn();
      // The cards' month is the chart's last (defaultMrrRange ends with the current month).
      const subscriptions = summaryOf(reader, mrr.at(-1)!);
      return {
        stats,
        revenue,
        period: `${formatMonthBR(window.from)} e ${formatMonthBR(window.to)}`,
        subscriptions,
        mrr,
        mrrPeriod: `${formatMonthBR(mrrRange.from)} e ${formatMonthBR(mrrRange.to)}`,
        resultado: { mes: currentMonth(), valor: monthResult(reader) },
      };
    }),
  );
}
