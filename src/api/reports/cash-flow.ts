// Cash flow (DECISIONS §3): one row per month of the range, zeros included, in one statement —
// the months come from a recursive CTE, the running balance from a window sum.
import type { Db } from "../../../db/client";
import { currentMonth } from "../../lib/clock";
import { centsToDecimal, type Cents } from "../../lib/money";
import { dateBounds, type MonthRange } from "./period";

export interface CashFlowRow {
  month: string;
  valorReceber: string;
  valorPagar: string;
  saldo: string;
  parcelasReceber: number;
  parcelasPagar: number;
  saldoAcumulado: string;
  /** Months before the current one are history; the current and later ones a forecast. */
  situacao: "realizado" | "previsto";
}

export interface CashFlowTotals {
  valorReceber: string;
  valorPagar: string;
  saldo: string;
  parcelasReceber: number;
  parcelasPagar: number;
}

// Paid rows count at the amount that changed hands; unpaid ones at face value.
const amount = "CASE WHEN status = 'pago' THEN coalesce(valor_pago, valor) ELSE valor END";

const CASH_FLOW_SQL = `
WITH RECURSIVE months(m) AS (
  SELECT $from
  UNION ALL
  SELECT strftime('%Y-%m', m || '-01', '+1 month') FROM months WHERE m < $to
),
-- Per day first, in the covering due-date index's order (no sort of every row); months from those.
days AS (
  SELECT data_vencimento AS d, sum(${amount}) AS receber, 0 AS pagar, count(*) AS nr, 0 AS np
  FROM receivables WHERE data_vencimento >= $start AND data_vencimento < $until GROUP BY data_vencimento
  UNION ALL
  SELECT data_vencimento, 0, sum(${amount}), 0, count(*)
  FROM payables WHERE data_vencimento >= $start AND data_vencimento < $until GROUP BY data_vencimento
),
flows AS (
  SELECT substr(d, 1, 7) AS m, sum(receber) AS receber, sum(pagar) AS pagar, sum(nr) AS nr, sum(np) AS np
  FROM days GROUP BY m
),
per_month AS (
  SELECT months.m AS month, coalesce(sum(receber), 0) AS receber, coalesce(sum(pagar), 0) AS pagar,
         coalesce(sum(nr), 0) AS nr, coalesce(sum(np), 0) AS np
  FROM months LEFT JOIN flows ON flows.m = months.m
  GROUP BY months.m
)
SELECT month, receber, pagar, nr, np,
       sum(receber - pagar) OVER (ORDER BY month) AS acumulado,
       sum(receber) OVER () AS totalReceber, sum(pagar) OVER () AS totalPagar,
       sum(nr) OVER () AS totalNr, sum(np) OVER () AS totalNp
FROM per_month
ORDER BY month`;

interface Row {
  month: string;
  receber: number;
  pagar: number;
  nr: number;
  np: number;
  acumulado: number;
  totalReceber: number;
  totalPagar: number;
  totalNr: number;
  totalNp: number;
}

const money = (c: number) => centsToDecimal(c as Cents);

/** `range` is valid (parseRange): at most 36 months. */
export function getCashFlow(db: Db, range: MonthRange): { rows: CashFlowRow[]; totals: CashFlowTotals } {
  const { start, until } = dateBounds(range);
  const result = db.$client.query(CASH_FLOW_SQL).all({ from: range.from, to: range.to, start, until }) as Row[];
  const current = currentMonth();
  const rows = result.map((row) => ({
    month: row.month,
    valorReceber: money(row.receber),
    valorPagar: money(row.pagar),
    saldo: money(row.receber - row.pagar),
    parcelasReceber: row.nr,
    parcelasPagar: row.np,
    saldoAcumulado: money(row.acumulado),
    situacao: row.month < current ? ("realizado" as const) : ("previsto" as const),
  }));
  const first = result[0];
  const totals: CashFlowTotals = {
    valorReceber: money(first?.totalReceber ?? 0),
    valorPagar: money(first?.totalPagar ?? 0),
    saldo: money((first?.totalReceber ?? 0) - (first?.totalPagar ?? 0)),
    parcelasReceber: first?.totalNr ?? 0,
    parcelasPagar: first?.totalNp ?? 0,
  };
  return { rows, totals };
}
