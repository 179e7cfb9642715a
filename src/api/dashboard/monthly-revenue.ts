// Revenue per due month (DECISIONS §3): receivables' face value grouped by month, from 5 months
// ago to 6 months ahead; months without installments are left out.
import type { Db } from "../../../db/client";
import { currentMonth } from "../../lib/clock";
import { addMonthsToMonth } from "../../lib/dates";
import { sql } from "../prepared";

export interface MonthlyRevenueItem {
  month: string;
  /** SPEC §3 types this one as a number (reais); cents / 100 prints exactly as "1234.56". */
  revenue: number;
}

const REVENUE_MONTHS_BACK = 5;
const REVENUE_MONTHS_AHEAD = 6;

// The range reads the covering due-date index in its order; summing per day first follows that
// order (no sort of every row), and only the ≤ 366 day sums are grouped into months.
const MONTHLY_REVENUE = sql<{ month: string; revenue: number }, { from: string; until: string }>(`
SELECT substr(day, 1, 7) AS month, sum(total) AS revenue
FROM (
  SELECT data_vencimento AS day, sum(valor) AS total
  FROM receivables
  WHERE data_vencimento >= $from AND data_vencimento < $until
  GROUP BY data_vencimento
)
GROUP BY month
ORDER BY month`);

/** The months the chart covers, as of today in APP_TZ. */
export function revenueWindow(): { from: string; to: string } {
  const month = currentMonth();
  return { from: addMonthsToMonth(month, -REVENUE_MONTHS_BACK), to: addMonthsToMonth(month, REVENUE_MONTHS_AHEAD) };
}

export function getMonthlyRevenue(db: Db): MonthlyRevenueItem[] {
  const window = revenueWindow();
  const from = `${window.from}-01`;
  const until = `${addMonthsToMonth(window.to, 1)}-01`;
  const rows = MONTHLY_REVENUE.all(db, { from, until });
  return rows.map((row) => ({ month: row.month, revenue: row.revenue / 100 }));
}
