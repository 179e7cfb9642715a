// Bench rows for the cash flow, the accounts' balances and the projected balance (issue 34 §3,
// issue 38 §3: the cash flow ≤ 15 ms at `seed-demo --scale 200`), in-process, median of 15, on a
// seeded database. The demo has no bank accounts: when it has none, two are added and its
// payments spread over them (two in three to the default one), as a company using them would have.
// Beside them, in the same run, the statement the cash flow ran before (a GROUP BY over every
// installment of the range by its covering index): the yardstick of what the kept day sums save.
//
//   bun scripts/bench-cash-flow.ts <database>      (seed it once: DATABASE_PATH=… cofre seed-demo --scale 200)
import { openDatabase, type Db } from "../db/client";
import { accountBalances } from "../src/api/accounts/balance";
import { getCashFlow } from "../src/api/reports/cash-flow";
import { defaultRange, dateBounds } from "../src/api/reports/period";
import { getProjection } from "../src/api/reports/projection";
import { today } from "../src/lib/clock";
import { benchAlone, ms, type Row, timed } from "./bench-support";

/** Two accounts and every payment in one of them, once (the bench's own copy of the data). */
function ensureAccounts(db: Db): number {
  const existing = db.$client.query<{ id: number }, []>("SELECT id FROM bank_accounts WHERE padrao = 1").get();
  if (existing) return existing.id;
  db.$client.transaction(() => {
    db.$client.run("INSERT INTO bank_accounts (banco, agencia, conta, apelido, saldo_inicial, saldo_inicial_data, padrao) VALUES ('341', '1234', '10000-1', 'Conta movimento', 5000000, '2020-01-01', 1)");
    db.$client.run("INSERT INTO bank_accounts (banco, agencia, conta, apelido, saldo_inicial, saldo_inicial_data, padrao) VALUES ('001', '4321', '20000-2', 'Conta reserva', 1000000, '2020-01-01', 0)");
    db.$client.run("UPDATE payments SET conta_id = (SELECT id FROM bank_accounts WHERE padrao = CASE WHEN payments.id % 3 = 0 THEN 0 ELSE 1 END)");
  })();
  return db.$client.query<{ id: number }, []>("SELECT id FROM bank_accounts WHERE padrao = 1").get()!.id;
}

// The statement of the cash flow before the kept sums (per day over the covering due-date index).
const settled = "CASE WHEN status = 'pago' THEN coalesce(valor_pago, valor) ELSE coalesce(valor_pago, 0) END";
const open = "CASE WHEN status = 'pago' THEN 0 ELSE valor - principal_pago - desconto END";
const BEFORE = `SELECT substr(d, 1, 7) AS m, sum(rs), sum(ro), sum(ps), sum(po), sum(nr), sum(np) FROM (
  SELECT data_vencimento AS d, sum(${settled}) AS rs, sum(${open}) AS ro, 0 AS ps, 0 AS po, count(*) AS nr, 0 AS np
  FROM receivables WHERE data_vencimento >= $start AND data_vencimento < $until GROUP BY data_vencimento
  UNION ALL
  SELECT data_vencimento, 0, 0, sum(${settled}), sum(${open}), 0, count(*)
  FROM payables WHERE data_vencimento >= $start AND data_vencimento < $until GROUP BY data_vencimento) GROUP BY 1`;

export function benchCashFlow(dbPath: string, row: Row) {
  const db = openDatabase(dbPath, { mustExist: true });
  try {
    const counts = db.$client.query<{ r: number; p: number; pay: number }, []>("SELECT (SELECT count(*) FROM receivables) r, (SELECT count(*) FROM payables) p, (SELECT count(*) FROM payments) pay").get()!;
    const seeded = `${counts.r} receivables, ${counts.p} payables, ${counts.pay} payments`;
    const conta = ensureAccounts(db);
    const range = defaultRange();
    const before = db.$client.prepare(BEFORE);
    const bounds = dateBounds(range);
    const old = timed(() => before.all({ $start: bounds.start, $until: bounds.until }));
    row(`cash flow, 12 months, every account (in-process, ${seeded}) / the statement before (rows read per installment)`, `${ms(timed(() => getCashFlow(db, range)), 2)} / ${ms(old, 2)}`, "≤ 15 ms at --scale 200");
    row(`cash flow, 12 months, the default account (in-process, ${seeded})`, ms(timed(() => getCashFlow(db, range, conta)), 2), "≤ 15 ms at --scale 200");
    row(`accounts' balances today (in-process, ${seeded})`, ms(timed(() => accountBalances(db, today())), 2), "≤ 5 ms");
    row(
      `Saldo projetado, 30 / 90 days, every account (in-process, ${seeded})`,
      `${ms(timed(() => getProjection(db, 30)), 2)} / ${ms(timed(() => getProjection(db, 90)), 2)}`,
      "≤ 15 ms at --scale 200",
    );
  } finally {
    db.$client.close();
  }
}

if (import.meta.main) await benchAlone("bun scripts/bench-cash-flow.ts <database seeded with seed-demo>", benchCashFlow);
