import { expect, test } from "bun:test";
import { PADARIA, useTestApp } from "../../tests/support";
import { MAX_MONEY_CENTS } from "../lib/money";

// Sums beyond 2^53 cents (R$ 90 trilhões) stay exact to the cent: SQLite adds them as 64-bit
// integers and we read them as bigints (src/api/prepared.ts preparedExact), never as doubles.
const t = useTestApp({ tables: ["receivables", "clients"], now: "2026-03-15T10:00:00-03:00" });

test("101 installments at the largest amount add up to the exact cent in the cards, the reports and the dashboard", async () => {
  const client = (await (await t.api("/api/clients", { method: "POST", body: PADARIA })).json()) as { id: number };
  const insert = t.db.$client.prepare("INSERT INTO receivables (client_id, numeros_parcela, descricao, data_vencimento, valor) VALUES (?, ?, 'Grande', '2026-04-10', ?)");
  for (let i = 1; i <= 101; i++) insert.run(client.id, `${i}/101`, MAX_MONEY_CENTS);
  // 101 × 99,999,999,999,999 cents = 10,099,999,999,999,899 cents (a double reads …900).
  const exact = "100999999999998.99";
  const cards = (await (await t.api("/api/installments/summary")).json()) as { emAberto: { total: string; quantidade: number } };
  expect(cards.emAberto).toEqual({ total: exact, quantidade: 101 });
  const report = (await (await t.api(`/api/reports/client/${client.id}`)).json()) as { totalContrato: string; totalPendente: string; quantidadeParcelas: number };
  expect([report.totalContrato, report.totalPendente, report.quantidadeParcelas]).toEqual([exact, exact, 101]);
  const april = ((await (await t.api("/api/reports/cash-flow?from=2026-04&to=2026-04")).json()) as { valorReceber: string; receberEmAberto: string; saldoAcumulado: string }[])[0]!;
  expect([april.valorReceber, april.receberEmAberto, april.saldoAcumulado]).toEqual([exact, exact, exact]);
  const monthly = (await (await t.api("/api/reports/monthly/2026-04")).json()) as { totalReceberPendente: string; saldoPrevisto: string };
  expect([monthly.totalReceberPendente, monthly.saldoPrevisto]).toEqual([exact, exact]);
});
