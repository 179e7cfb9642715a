// The cards' statements read indexes alone (src/api/ledger/summary.ts): they run once per change
// to a side and per filter, over every row of the view (197,784 receivables at --scale 200).
import { expect, test } from "bun:test";
import { useTestApp } from "../../../tests/support";
import { acrossTurns } from "../../../tests/turns";
import { installmentSummary } from "../installments/service";
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

test("the cards are read a turn of the loop apart on one snapshot: a payment committed after the first card is in none of them, and in the next read", async () => {
  const sqlite = t.db.$client;
  sqlite.run("INSERT INTO clients (nome, cnpj, contato, telefone, email, valor_mensalidade, codigo_cliente, nome_ordem, busca) VALUES ('Padaria', '11222333000181', 'c', '1', 'e@x', 100, 'P1', 'padaria', '')");
  const insert = sqlite.prepare("INSERT INTO receivables (client_id, numeros_parcela, descricao, data_vencimento, valor, status) VALUES (1, '1/2', 'x', ?, 10000, 'em_aberto') RETURNING id");
  const overdue = (insert.get("2020-01-10") as { id: number }).id;
  const other = (insert.get("2099-01-10") as { id: number }).id;
  const filters = { status: "", mes: "", partyId: null, pagoEm: "", pagoDe: "", pagoAte: "", categoriaId: null, centroCustoId: null } as const;
  const before = await installmentSummary(t.db, t.config.databasePath, filters);
  // Another change, figures alike: what was kept is forgotten, the next read computes.
  sqlite.run("UPDATE receivables SET descricao = descricao WHERE id = ?", [other]);
  const { value, turns } = await acrossTurns(
    () => installmentSummary(t.db, t.config.databasePath, filters),
    // After the first card, another request settles the overdue one (paid today, in full).
    (turn) => turn === 0 && sqlite.run("UPDATE receivables SET status = 'pago', principal_pago = valor, valor_pago = valor, data_pagamento = date('now') WHERE id = ?", [overdue]),
  );
  expect(value).toEqual(before);
  expect(turns).toBeGreaterThanOrEqual(2);
  const after = await installmentSummary(t.db, t.config.databasePath, filters);
  expect(after.vencidas).toEqual({ total: "0.00", quantidade: 0 });
  expect(after).not.toEqual(before);
});
