// The ledger's summary cards: conditional SUM/COUNT pairs in one statement over the same
// filters as the list, so the cards and the table always describe the same rows.
import type { Db } from "../../../db/client";
import { currentMonth } from "../../lib/clock";
import { addMonthsToMonth } from "../../lib/dates";
import { centsToDecimal, type Cents } from "../../lib/money";
import { overdueWhereSql } from "../status-sql";
import { prepared } from "../prepared";
import { partyOf, whereSql } from "./list";
import type { Figure, LedgerQuery } from "./model";
import type { LedgerTable } from "./table";

/** A card: which rows it counts (SQL condition over alias r) and what it adds up (cents). */
export interface CardSql {
  when: string;
  amount: string;
}

/** The conditions the cards of both sides are made of. `$monthFrom`/`$monthTo` bound the current month. */
export const CARD = {
  unpaid: "r.status = 'em_aberto'",
  overdue: overdueWhereSql("r", "$today"),
  paid: "r.status = 'pago'",
  paidThisMonth: "r.status = 'pago' AND r.data_pagamento >= $monthFrom AND r.data_pagamento < $monthTo",
  /** What was actually paid; valor where an old row has no valorPago. */
  paidAmount: "COALESCE(r.valor_pago, r.valor)",
} as const;

/** Each card's sum and count over a side's filters (status, mes, its party id), plus the number of rows they match. */
export function ledgerCards<K extends string>(db: Db, t: LedgerTable, filters: Pick<LedgerQuery, "status" | "mes">, cards: Record<K, CardSql>) {
  const names = Object.keys(cards) as K[];
  const columns = names.flatMap((name, i) => [
    `COALESCE(SUM(CASE WHEN ${cards[name].when} THEN ${cards[name].amount} END), 0) AS s${i}`,
    `COUNT(CASE WHEN ${cards[name].when} THEN 1 END) AS c${i}`,
  ]);
  const { where, params } = whereSql(t, { status: filters.status, mes: filters.mes, partyId: partyOf(t, filters) });
  const month = currentMonth();
  const sql = `SELECT ${columns.join(", ")}, count(*) AS n FROM ${t.table} r ${where}`;
  const row = prepared(db, sql).get({ ...params, monthFrom: `${month}-01`, monthTo: `${addMonthsToMonth(month, 1)}-01` }) as Record<string, number>;
  const figures = {} as Record<K, Figure>;
  names.forEach((name, i) => {
    figures[name] = { total: centsToDecimal(row[`s${i}`] as Cents), quantidade: row[`c${i}`] ?? 0 };
  });
  return { figures, count: row.n ?? 0 };
}
