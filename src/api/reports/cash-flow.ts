// Cash flow (DECISIONS §3): one row per month of the range, zeros included, in one statement —
// the months come from a recursive CTE, the running balance from a window sum.
import type { Db } from "../../../db/client";
import { currentMonth } from "../../lib/clock";
import { centsToDecimal } from "../../lib/money";
import { sql } from "../prepared";
import { dateBounds, type MonthRange } from "./period";

export interface CashFlowRow {
  month: string;
  valorReceber: string;
  valorPagar: string;
  saldo: string;
  parcelasReceber: number;
  parcelasPagar: number;
  saldoAcumulado: string;
  /** What of valorReceber was received, and what fell due and is still open (likewise pagar). */
  recebido: string;
  receberEmAberto: string;
  pago: string;
  pagarEmAberto: string;
  /**
   * Months before the current one are history: "realizado" when all of it was settled,
   * "em_atraso" while something due then is still open; the current and later ones a forecast.
   */
  situacao: "realizado" | "em_atraso" | "previsto";
}

export interface CashFlowTotals {
  valorReceber: string;
  valorPagar: string;
  saldo: string;
  parcelasReceber: number;
  parcelasPagar: number;
  recebido: string;
  receberEmAberto: string;
  pago: string;
  pagarEmAberto: string;
}

// Paid rows count at the amount that changed hands; unpaid ones at their balance, plus what their
// partial payments brought in (issue 34): face value when nothing was paid.
const settled = "CASE WHEN status = 'pago' THEN coalesce(valor_pago, valor) ELSE coalesce(valor_pago, 0) END";
const open = "CASE WHEN status = 'pago' THEN 0 ELSE valor - principal_pago - desconto END";

const CASH_FLOW_SQL = `
WITH RECURSIVE months(m) AS (
  SELECT $from
  UNION ALL
  SELECT strftime('%Y-%m', m || '-01', '+1 month') FROM months WHERE m < $to
),
-- Per day first, in the covering due-date index's order (no sort of every row); months from those.
days AS (
  SELECT data_vencimento AS d, sum(${settled}) AS rs, sum(${open}) AS ro, 0 AS ps, 0 AS po, count(*) AS nr, 0 AS np
  FROM receivables WHERE data_vencimento >= $start AND data_vencimento < $until GROUP BY data_vencimento
  UNION ALL
  SELECT data_vencimento, 0, 0, sum(${settled}), sum(${open}), 0, count(*)
  FROM payables WHERE data_vencimento >= $start AND data_vencimento < $until GROUP BY data_vencimento
),
flows AS (
  SELECT substr(d, 1, 7) AS m, sum(rs) AS rs, sum(ro) AS ro, sum(ps) AS ps, sum(po) AS po, sum(nr) AS nr, sum(np) AS np
  FROM days GROUP BY m
),
per_month AS (
  SELECT months.m AS month, coalesce(sum(rs), 0) AS rs, coalesce(sum(ro), 0) AS ro, coalesce(sum(ps), 0) AS ps,
         coalesce(sum(po), 0) AS po, coalesce(sum(nr), 0) AS nr, coalesce(sum(np), 0) AS np
  FROM months LEFT JOIN flows ON flows.m = months.m
  GROUP BY months.m
)
SELECT month, rs, ro, ps, po, nr, np,
       sum(rs + ro - ps - po) OVER (ORDER BY month) AS acumulado,
       sum(rs) OVER () AS totalRs, sum(ro) OVER () AS totalRo, sum(ps) OVER () AS totalPs, sum(po) OVER () AS totalPo,
       sum(nr) OVER () AS totalNr, sum(np) OVER () AS totalNp
FROM per_month
ORDER BY month`;

// Every integer as a bigint: sums stay exact (`exact` in src/api/prepared.ts).
interface Row {
  month: string;
  rs: bigint;
  ro: bigint;
  ps: bigint;
  po: bigint;
  nr: bigint;
  np: bigint;
  acumulado: bigint;
  totalRs: bigint;
  totalRo: bigint;
  totalPs: bigint;
  totalPo: bigint;
  totalNr: bigint;
  totalNp: bigint;
}

const CASH_FLOW = sql<Row, { from: string; to: string; start: string; until: string }>(CASH_FLOW_SQL, { exact: true });

const money = centsToDecimal;

/** `range` is valid (parseRange): at most 36 months. */
export function getCashFlow(db: Db, range: MonthRange): { rows: CashFlowRow[]; totals: CashFlowTotals } {
  const { start, until } = dateBounds(range);
  const result = CASH_FLOW.all(db, { from: range.from, to: range.to, start, until });
  const current = currentMonth();
  const rows = result.map((row): CashFlowRow => ({
    month: row.month,
    valorReceber: money(row.rs + row.ro),
    valorPagar: money(row.ps + row.po),
    saldo: money(row.rs + row.ro - row.ps - row.po),
    parcelasReceber: Number(row.nr),
    parcelasPagar: Number(row.np),
    saldoAcumulado: money(row.acumulado),
    recebido: money(row.rs),
    receberEmAberto: money(row.ro),
    pago: money(row.ps),
    pagarEmAberto: money(row.po),
    situacao: row.month >= current ? "previsto" : row.ro + row.po > 0n ? "em_atraso" : "realizado",
  }));
  const first = result[0];
  const t = { rs: first?.totalRs ?? 0n, ro: first?.totalRo ?? 0n, ps: first?.totalPs ?? 0n, po: first?.totalPo ?? 0n };
  const totals: CashFlowTotals = {
    valorReceber: money(t.rs + t.ro),
    valorPagar: money(t.ps + t.po),
    saldo: money(t.rs + t.ro - t.ps - t.po),
    parcelasReceber: Number(first?.totalNr ?? 0),
    parcelasPagar: Number(first?.totalNp ?? 0),
    recebido: money(t.rs),
    receberEmAberto: money(t.ro),
    pago: money(t.ps),
    pagarEmAberto: money(t.po),
  };
  return { rows, totals };
}
