// MRR movement per month (issue 18; docs/decisions.md "MRR movement"). The MRR of a month M is
// what the subscriptions bill for that competência: the sum of `valor` of the receivables with
// subscription_id set and competencia = M (paid or not; a deleted installment bills nothing).
// Per subscription, M against M-1: billed in M only → novas (+valor of M); in both with another
// valor → reajustes (valor M − valor M-1, may be negative); in M-1 only → encerradas (valor of
// M-1, a positive amount that left). So mrr(M) = mrr(M-1) + novas + reajustes − encerradas.
import type { Db } from "../../../db/client";
import { badRequest } from "../../http/errors";
import { currentMonth } from "../../lib/clock";
import { addMonthsToMonth, monthRange } from "../../lib/dates";
import { centsToDecimal } from "../../lib/money";
import { preparedExact } from "../prepared";
import { parseMonth, type MonthRange } from "../reports/period";

export interface MrrMonth {
  mes: string;
  mrr: string;
  novas: string;
  reajustes: string;
  encerradas: string;
  /** Subscriptions billed for this month. */
  assinaturas: number;
}

export const MRR_DEFAULT_MONTHS = 12;
export const MRR_MAX_MONTHS = 120;

// One statement: the months of the range from a recursive CTE; each subscription's billing of
// M-1..to read once (the partial index on (subscription_id, competencia) holds exactly these
// rows); each billed month paired with the next by shifting it one month forward.
export const MRR_SQL = `
WITH RECURSIVE months(m) AS (
  SELECT $from
  UNION ALL
  SELECT strftime('%Y-%m', m || '-01', '+1 month') FROM months WHERE m < $to
),
billed AS MATERIALIZED (
  SELECT subscription_id AS s, competencia AS m, valor AS v
  FROM receivables
  WHERE subscription_id IS NOT NULL AND competencia >= $before AND competencia <= $to
),
pairs AS (
  SELECT s, m, v AS now, 0 AS prev, 1 AS here, 0 AS was FROM billed WHERE m >= $from
  UNION ALL
  SELECT s, strftime('%Y-%m', m || '-01', '+1 month'), 0, v, 0, 1 FROM billed WHERE m < $to
),
per_subscription AS (
  SELECT m, s, sum(now) AS now, sum(prev) AS prev, max(here) AS here, max(was) AS was
  FROM pairs GROUP BY m, s
)
SELECT months.m AS mes,
       coalesce(sum(CASE WHEN here THEN now END), 0) AS mrr,
       coalesce(sum(CASE WHEN here AND NOT was THEN now END), 0) AS novas,
       coalesce(sum(CASE WHEN here AND was THEN now - prev END), 0) AS reajustes,
       coalesce(sum(CASE WHEN was AND NOT here THEN prev END), 0) AS encerradas,
       count(CASE WHEN here THEN 1 END) AS assinaturas
FROM months LEFT JOIN per_subscription p ON p.m = months.m
GROUP BY months.m
ORDER BY months.m`;

/** One entry per month from `from` to `to` (both "YYYY-MM", from ≤ to), months without billing as zeros. */
export function mrrMovement(db: Db, from: string, to: string): MrrMonth[] {
  const rows = preparedExact(db, MRR_SQL).all({ from, to, before: addMonthsToMonth(from, -1) }) as {
    mes: string;
    mrr: bigint;
    novas: bigint;
    reajustes: bigint;
    encerradas: bigint;
    assinaturas: bigint;
  }[];
  return rows.map((r) => ({
    mes: r.mes,
    mrr: centsToDecimal(r.mrr),
    novas: centsToDecimal(r.novas),
    reajustes: centsToDecimal(r.reajustes),
    encerradas: centsToDecimal(r.encerradas),
    assinaturas: Number(r.assinaturas),
  }));
}

/** The last 12 months, ending with the current one (APP_TZ). */
export function defaultMrrRange(): MonthRange {
  const to = currentMonth();
  return { from: addMonthsToMonth(to, -(MRR_DEFAULT_MONTHS - 1)), to };
}

/**
 * `de`/`ate` from a URL: both missing is the default window, one missing is 12 months counted
 * from the other; de ≤ ate and at most 120 months, else a 400 in pt-BR.
 */
export function parseMrrRange(de: string | undefined, ate: string | undefined): MonthRange {
  const hasFrom = de !== undefined && de !== "";
  const hasTo = ate !== undefined && ate !== "";
  if (!hasFrom && !hasTo) return defaultMrrRange();
  const from = hasFrom ? parseMonth(de, "Mês inicial") : addMonthsToMonth(parseMonth(ate, "Mês final"), -(MRR_DEFAULT_MONTHS - 1));
  const to = hasTo ? parseMonth(ate, "Mês final") : addMonthsToMonth(from, MRR_DEFAULT_MONTHS - 1);
  if (from > to) throw badRequest("O mês inicial deve ser anterior ou igual ao mês final");
  if (monthRange(from, to).length > MRR_MAX_MONTHS) throw badRequest(`O período pode ter no máximo ${MRR_MAX_MONTHS} meses`);
  return { from, to };
}
