// The cards' statements read indexes alone (src/api/ledger/summary.ts): they run once per change
// to a side and per filter, over every row of the view (197,784 receivables at --scale 200).
import { expect, test } from "bun:test";
import { useTestApp } from "../../../tests/support";
import { CARD } from "./summary";

const t = useTestApp();

test("Recebido no Mês adds up each row's payments of the month from payments_receivable_date_idx alone (29 → 10 ms at --scale 200)", () => {
  const sql = `SELECT COALESCE(SUM(${CARD.paidThisMonthAmount}), 0) AS total, count(*) AS n FROM receivables r WHERE (${CARD.paidThisMonth})`;
  const plan = (t.db.$client.query(`EXPLAIN QUERY PLAN ${sql}`).all({ monthFrom: "2026-11-01", monthTo: "2026-12-01" }) as { detail: string }[]).map((row) => row.detail);
  expect(plan).toEqual([
    "SEARCH r USING COVERING INDEX receivables_paid_amount_idx (data_pagamento>? AND data_pagamento<?)",
    "CORRELATED SCALAR SUBQUERY 1",
    "SEARCH p USING COVERING INDEX payments_receivable_date_idx (receivable_id=? AND data_pagamento>? AND data_pagamento<?)",
  ]);
});
