// Dashboard stats (DECISIONS §3): one statement, two aggregate scans (clients, receivables).
import type { Db } from "../../../db/client";
import { today } from "../../lib/clock";
import { centsToDecimal } from "../../lib/money";
import { sql } from "../prepared";
import { overdueWhereSql } from "../status-sql";

export interface DashboardStats {
  totalClients: number;
  blockedClients: number;
  /** Recurring revenue: valorMensalidade of clients not blocked (money string). */
  monthlyRevenue: string;
  openInstallments: number;
  overdueInstallments: number;
}

// Every integer as a bigint (`exact`): the revenue sum stays exact; counts are Number()ed.
const STATS = sql<
  { totalClients: bigint; blockedClients: bigint; revenue: bigint; openInstallments: bigint; overdueInstallments: bigint },
  { today: string }
>(
  `
SELECT c.total AS totalClients, c.blocked AS blockedClients, c.revenue AS revenue,
       r.open AS openInstallments, r.overdue AS overdueInstallments
FROM (
  SELECT count(*) AS total,
         count(CASE WHEN status_bloqueio = 1 THEN 1 END) AS blocked,
         coalesce(sum(CASE WHEN status_bloqueio = 0 THEN valor_mensalidade END), 0) AS revenue
  FROM clients
) AS c, (
  SELECT count(*) AS open,
         count(CASE WHEN ${overdueWhereSql("receivables")} THEN 1 END) AS overdue
  FROM receivables WHERE status = 'em_aberto'
) AS r`,
  { exact: true },
);

export function getDashboardStats(db: Db): DashboardStats {
  // Every integer a bigint: the revenue sum stays exact (src/api/prepared.ts preparedExact).
  const row = STATS.get(db, { today: today() })!;
  return {
    totalClients: Number(row.totalClients),
    blockedClients: Number(row.blockedClients),
    monthlyRevenue: centsToDecimal(row.revenue),
    openInstallments: Number(row.openInstallments),
    overdueInstallments: Number(row.overdueInstallments),
  };
}
