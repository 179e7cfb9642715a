import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { useTestApp } from "../tests/support";
import { seedDemo } from "../src/cli/seed-demo";

// Migration 0024 (issue 34 §1): every paid row becomes one payment, and every sum, report and
// CSV reads the same after. The demo database (seed-demo --scale 5) is written by the ledger;
// the figures are read, the database is taken back to the schema before 0024 (the payments
// table and the new columns dropped: what the previous version's binary leaves), migrated
// again, and read again. The rows' own payment columns (status, data_pagamento, valor_pago,
// multa, juros) are the previous version's, unchanged: only the new table is rebuilt from them.
const t = useTestApp({ now: "2026-03-15T10:00:00-03:00" });
const api = t.api;

const months = ["2025-09", "2025-10", "2025-11", "2025-12", "2026-01", "2026-02", "2026-03", "2026-04", "2026-05", "2026-06", "2026-07", "2026-08", "2026-09"];

async function figures() {
  const json = async (path: string) => {
    const response = await api(path);
    expect(response.status).toBe(200);
    return response.json();
  };
  const text = async (path: string) => (await api(path)).text();
  const clients = t.db.$client.query("select id from clients order by id limit 25").all() as { id: number }[];
  const suppliers = t.db.$client.query("select id from suppliers order by id limit 10").all() as { id: number }[];
  return {
    stats: await json("/api/dashboard/stats"),
    revenue: await json("/api/dashboard/monthly-revenue"),
    cashFlow: await json("/api/reports/cash-flow?from=2025-09&to=2026-09"),
    monthly: await Promise.all(months.map((m) => json(`/api/reports/monthly/${m}`))),
    receivableCards: await json("/api/installments/summary"),
    payableCards: await json("/api/payables/summary"),
    clientReports: await Promise.all(clients.map((c) => json(`/api/reports/client/${c.id}`))),
    supplierReports: await Promise.all(suppliers.map((s) => json(`/api/reports/supplier/${s.id}`))),
    receivables: await text("/receivables/export"),
    payables: await text("/payables/export"),
    receivableList: await json("/api/installments"),
    payableList: await json("/api/payables"),
  };
}

const paymentsOf = () =>
  t.db.$client
    .query(
      `select receivable_id, payable_id, data_pagamento, principal, multa, juros, desconto, valor_pago, origem, bank_transaction_id
       from payments order by coalesce(receivable_id, 0), coalesce(payable_id, 0)`,
    )
    .all();

describe("migration 0024 on a demo database", () => {
  test("every paid row becomes one payment; every figure, list and CSV is identical before and after", async () => {
    seedDemo(t.db, { scale: 5, force: true });
    // Bank accounts (issue 34 §3, 0029) came after 0024: the previous version's database has none.
    t.db.$client.exec("UPDATE payments SET conta_id = NULL; UPDATE statements SET conta_id = NULL; DELETE FROM bank_accounts");
    const paid = t.db.$client.query("select (select count(*) from receivables where status = 'pago') + (select count(*) from payables where status = 'pago') as n").get() as { n: number };
    expect(paid.n).toBeGreaterThan(1000);
    const before = await figures();
    const written = paymentsOf();
    expect(written.length).toBe(paid.n);

    // Receipts: one per payment (0026), each linked to its payment.
    const receipts = () =>
      t.db.$client
        .query(
          `select r.numero, r.receivable_id, r.valor_pago, r.cancelado_em is null as live, p.receivable_id as paid_row
           from recibos r left join payments p on p.id = r.payment_id order by r.numero`,
        )
        .all();
    const receiptsBefore = receipts();
    expect(receiptsBefore.length).toBeGreaterThan(1000);
    for (const r of receiptsBefore as { receivable_id: number; live: number; paid_row: number | null }[]) if (r.live) expect(r.paid_row).toBe(r.receivable_id);

    // Back to the schema before 0024, its data as the previous version wrote it: first 0026 undone
    // (its triggers and columns; 0022's triggers and live index back), then 0024.
    const sqlite = t.db.$client;
    // Later migrations' triggers on the ledger's tables read payments or the balance's columns
    // (0031's categories, 0034's day sums): set aside while 0024 is undone, put back as they were.
    const later = readdirSync(join(import.meta.dir, "migrations"))
      .filter((name) => /^\d{4}_.*\.sql$/.test(name) && name > "0027")
      .flatMap((name) => [...readFileSync(join(import.meta.dir, "migrations", name), "utf8").matchAll(/CREATE TRIGGER `(\w+)`/g)].map((m) => m[1]!));
    const setAside = sqlite
      .query<{ name: string; sql: string }, []>("SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name IN ('receivables', 'payables', 'payments')")
      .all()
      .filter((trigger) => later.includes(trigger.name));
    expect(setAside.length).toBeGreaterThan(0);
    sqlite.transaction(() => {
      for (const trigger of setAside) sqlite.run(`DROP TRIGGER ${trigger.name}`);
      sqlite.run("DROP TRIGGER recibos_issue");
      sqlite.run("DROP TRIGGER recibos_cancel");
      sqlite.run("DROP INDEX recibos_live_idx");
      for (const column of ["payment_id", "desconto", "saldo"]) sqlite.run(`ALTER TABLE recibos DROP COLUMN ${column}`);
      sqlite.run("CREATE UNIQUE INDEX recibos_live_idx ON recibos (receivable_id) WHERE cancelado_em IS NULL");
      const v0022 = readFileSync(join(import.meta.dir, "migrations", "0022_client_links.sql"), "utf8").split("--> statement-breakpoint");
      for (const statement of v0022) if (statement.includes("CREATE TRIGGER")) sqlite.run(statement);
      // 0027 (issue 34 §2) undone too: the lines' links unique again, no sum suggestions.
      sqlite.run("ALTER TABLE bank_transactions DROP COLUMN sugestao_parcelas");
      for (const side of ["receivable", "payable"]) {
        sqlite.run(`DROP INDEX bank_transactions_${side}_idx`);
        sqlite.run(`CREATE UNIQUE INDEX bank_transactions_${side}_idx ON bank_transactions (${side}_id) WHERE ${side}_id IS NOT NULL`);
      }
      sqlite.run("DROP TABLE payments");
      for (const table of ["receivables", "payables"]) {
        // The indexes as 0005 made them (0024 added the balance's columns).
        sqlite.run(`DROP INDEX ${table}_due_amount_idx`);
        sqlite.run(`DROP INDEX ${table}_status_amount_idx`);
        sqlite.run(`CREATE INDEX ${table}_due_amount_idx ON ${table} (data_vencimento, status, valor, valor_pago)`);
        sqlite.run(`CREATE INDEX ${table}_status_amount_idx ON ${table} (status, data_vencimento, valor, valor_pago)`);
        sqlite.run(`ALTER TABLE ${table} DROP COLUMN principal_pago`);
        sqlite.run(`ALTER TABLE ${table} DROP COLUMN desconto`);
      }
      for (const column of ["multa_centesimos", "juros_mensal_centesimos", "dias_carencia"]) sqlite.run(`ALTER TABLE settings DROP COLUMN ${column}`);
    })();
    expect(sqlite.query("select count(*) as n from sqlite_master where name = 'payments'").get()).toEqual({ n: 0 });

    // 0024, 0026 and 0027 applied again, as the migrator runs a file (the others stay applied).
    for (const name of ["0024_payments.sql", "0026_receipts_per_payment.sql", "0027_reconciliation_many.sql"]) {
      const file = readFileSync(join(import.meta.dir, "migrations", name), "utf8");
      sqlite.transaction(() => {
        for (const statement of file.split("--> statement-breakpoint")) if (statement.trim()) sqlite.run(statement);
      })();
    }
    // 0029's column on payments (its account) and its index, and 0031's (its category, filled),
    // as the migrator gave them after 0027; then the later triggers put back.
    for (const name of ["0029_bank_accounts.sql", "0031_dre_payment_category.sql"]) {
      for (const statement of readFileSync(join(import.meta.dir, "migrations", name), "utf8").split("--> statement-breakpoint")) {
        if (statement.includes("`payments`") && !statement.includes("CREATE TRIGGER")) sqlite.run(statement);
      }
    }
    for (const trigger of setAside) sqlite.run(trigger.sql);
    expect(paymentsOf()).toEqual(written);
    const after = await figures();
    expect(after.receivables).toBe(before.receivables);
    expect(after.payables).toBe(before.payables);
    expect(after).toEqual(before);
    // 0026 linked every live receipt to its row's one payment again: the same receipts, the same links.
    expect(receipts()).toEqual(receiptsBefore);
  }, 120_000);
});
