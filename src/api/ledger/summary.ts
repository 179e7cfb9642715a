// The ledger's summary cards: SUM/COUNT over the same filters as the list, so the cards and
// the table always describe the same rows.
import { withReadDb, type Db } from "../../../db/client";
import { inSlices } from "../../http/slices";
import { currentMonth } from "../../lib/clock";
import { addMonthsToMonth } from "../../lib/dates";
import { centsToDecimal } from "../../lib/money";
import { overdueWhereSql } from "../status-sql";
import { keptWhileUnchangedInTurns } from "../kept";
import { sqlVariants } from "../prepared";
import { whereSql } from "./list";
import type { Figure, LedgerFilters } from "./model";
import type { LedgerTable } from "./table";

/** A card: which rows it counts (SQL condition over alias r) and what it adds up (cents). */
interface CardSql {
  when: string;
  amount: string;
  /**
   * The status filter does not narrow it (the month's and the party's do): "Recebido no Mês"
   * under "Vencida" or "Em aberto" would otherwise always read R$ 0,00, even right after a
   * baixa made under that filter (issue 37 item 3); under "Pago" it is the same figure.
   */
  anyStatus?: boolean;
}

/** The conditions the cards of both sides are made of. `$monthFrom`/`$monthTo` bound the current month. */
export const CARD = {
  unpaid: "r.status = 'em_aberto'",
  overdue: overdueWhereSql("r", "$today"),
  paid: "r.status = 'pago'",
  // Rows whose last payment is this month (a payment is never dated after today), on the
  // payment-date index; partly paid rows too (issue 34 §5).
  paidThisMonth: "r.data_pagamento >= $monthFrom AND r.data_pagamento < $monthTo",
  /** What was actually paid; valor where an old row has no valorPago. */
  paidAmount: "COALESCE(r.valor_pago, r.valor)",
  /** What the row's payments dated this month brought in (an earlier partial payment is last month's). */
  paidThisMonthAmount: `(SELECT coalesce(sum(p.valor_pago), 0) FROM payments p
      WHERE p.receivable_id = r.id AND p.data_pagamento >= $monthFrom AND p.data_pagamento < $monthTo)`,
  /** An open row's balance: face − principal paid − discounts. */
  balance: "(r.valor - r.principal_pago - r.desconto)",
} as const;

type Params = Record<string, string | number>;
// Composed from the side's table, the view's filters and the card (whitelisted parts).
const CARD_SUM = sqlVariants<[t: LedgerTable, where: string, card: CardSql], { total: bigint; n: bigint }, Params>(
  (t, where, { when, amount }) => `SELECT COALESCE(SUM(${amount}), 0) AS total, count(*) AS n FROM ${t.table} r ${where ? `${where} AND` : "WHERE"} (${when})`,
  { exact: true },
);
const COUNT = sqlVariants<[t: LedgerTable, where: string], { n: number }, Params>((t, where) => `SELECT count(*) AS n FROM ${t.table} r ${where}`);

/**
 * Each card's sum and count over a side's filters, plus the number of rows they match. One small
 * statement per card, so each reads its covering index (the unpaid rows by status, this month's
 * payments by date) instead of every row: at 50,000 installments the three cards cost ~1.5 ms
 * where one scan with CASEs cost ~9. Computed again after any change to the side, over every row
 * of the view: at --scale 200 that held the loop 35–38 ms in one go (15 after migration 0040), so
 * they are read on a reader, a turn of the loop after each card, in one read transaction.
 */
export function ledgerCards<K extends string>(db: Db, databasePath: string, t: LedgerTable, filters: LedgerFilters, cards: Record<K, CardSql>): Promise<LedgerCards<K>> {
  // Paging and sorting a list keeps its filters: its cards are kept while the side's rows stay as
  // they were (src/api/kept.ts counts receivables and payables). Kept under the filters' own
  // WHERE and values, so every filter the list has is in the name: named by status, month and
  // party alone, a view by category, cost centre or payment date showed the cards of the view
  // without it.
  const view = whereSql(t, filters);
  const name = `cards:${t.table}:${view.where}:${JSON.stringify(view.params)}`;
  return keptWhileUnchangedInTurns(db, name, () => withReadDb(databasePath, (reader) => inSlices(cardSteps(reader, t, filters, view, cards))));
}

interface LedgerCards<K extends string> {
  figures: Record<K, Figure>;
  /** The rows the filters match. */
  count: number;
}

/** The cards' statements, a step each. */
function* cardSteps<K extends string>(db: Db, t: LedgerTable, filters: LedgerFilters, view: ReturnType<typeof whereSql>, cards: Record<K, CardSql>): Generator<void, LedgerCards<K>> {
  const { where: whereOfFilters, params } = view;
  const anyStatus = whereSql(t, { ...filters, status: "" }).where;
  const month = currentMonth();
  const all = { ...params, monthFrom: `${month}-01`, monthTo: `${addMonthsToMonth(month, 1)}-01` };
  const figures = {} as Record<K, Figure>;
  for (const name of Object.keys(cards) as K[]) {
    const where = cards[name].anyStatus ? anyStatus : whereOfFilters;
    const row = CARD_SUM(t, where, cards[name]).get(db, all)!;
    figures[name] = { total: centsToDecimal(row.total), quantidade: Number(row.n) };
    yield;
  }
  const count = COUNT(t, whereOfFilters).get(db, all)!;
  return { figures, count: count.n };
}
