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
import { centsToDecimal, type Cents } from "../../lib/money";
import { prepared } from "../prepared";
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
/**
 * The subscriptions' billed months of the range and the month before it, read from the covering
 * (competencia, subscription_id, valor) index alone. The movement is summed in JavaScript over
 * these rows (integer cents): one pass, where the SQL pairing of each month with the next cost
 * ~50 ms at --scale 50 (2,000 subscriptions) in its GROUP BY.
 */
export const MRR_SQL = `SELECT subscription_id AS s, competencia AS m, valor AS v FROM receivables
  WHERE subscription_id IS NOT NULL AND competencia >= $before AND competencia <= $to`;

/** One entry per month from `from` to `to` (both "YYYY-MM", from ≤ to), months without billing as zeros. */
export function mrrMovement(db: Db, from: string, to: string): MrrMonth[] {
  const before = addMonthsToMonth(from, -1);
  const months = monthRange(before, to);
  const index = new Map(months.map((m, i) => [m, i]));
  const rows = prepared(db, MRR_SQL).values({ before, to }) as [number, string, number][];
  // A grid of subscription × month (NaN: not billed) instead of a Map keyed by "sub|month"
  // strings: building 25,000 strings was most of this function's ~20 ms at --scale 50.
  const n = months.length;
  const monthOf = new Int32Array(rows.length);
  const slotOf = new Int32Array(rows.length);
  const slots = new Map<number, number>();
  let month = "";
  let i = 0;
  for (let r = 0; r < rows.length; r++) {
    const [sub, competencia] = rows[r]!;
    // The index hands the rows in month order: one lookup per month, not per row.
    if (competencia !== month) i = index.get((month = competencia))!;
    monthOf[r] = i;
    let slot = slots.get(sub);
    if (slot === undefined) slots.set(sub, (slot = slots.size));
    slotOf[r] = slot * n;
  }
  const billed = new Float64Array(slots.size * n).fill(Number.NaN);
  for (let r = 0; r < rows.length; r++) billed[slotOf[r]! + monthOf[r]!] = rows[r]![2];
  const mrr = new Array<number>(n).fill(0);
  const novas = new Array<number>(n).fill(0);
  const reajustes = new Array<number>(n).fill(0);
  const encerradas = new Array<number>(n).fill(0);
  const assinaturas = new Array<number>(n).fill(0);
  for (let r = 0; r < rows.length; r++) {
    const valor = rows[r]![2];
    const i = monthOf[r]!;
    const row = slotOf[r]!;
    if (i > 0) {
      mrr[i]! += valor;
      assinaturas[i]!++;
      const previous = billed[row + i - 1]!;
      if (Number.isNaN(previous)) novas[i]! += valor;
      else if (previous !== valor) reajustes[i]! += valor - previous;
    }
    if (i < n - 1 && Number.isNaN(billed[row + i + 1]!)) encerradas[i + 1]! += valor;
  }
  // Index 0 is the month before the range: it only tells the first month what it moved from.
  return months.slice(1).map((mes, k) => ({
    mes,
    mrr: centsToDecimal(mrr[k + 1]! as Cents),
    novas: centsToDecimal(novas[k + 1]! as Cents),
    reajustes: centsToDecimal(reajustes[k + 1]! as Cents),
    encerradas: centsToDecimal(encerradas[k + 1]! as Cents),
    assinaturas: assinaturas[k + 1]!,
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
