import { Database } from "bun:sqlite";
import { afterAll, expect, test } from "bun:test";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { closeDatabase, openDatabase } from "./client";
import { migrate } from "./migrate";

// A database as an older version left it, migrated by this one: what the data migrations keep.
const MIGRATIONS = join(import.meta.dir, "migrations");
const dir = mkdtempSync(join(tmpdir(), "cofre-migrations-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The migrations folder as it was before `tag`: the same files, the journal cut there. */
function migrationsBefore(tag: string): string {
  const folder = join(dir, tag);
  cpSync(MIGRATIONS, folder, { recursive: true });
  const journalPath = join(folder, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: { tag: string }[] };
  journal.entries = journal.entries.slice(0, journal.entries.findIndex((e) => e.tag === tag));
  writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}

test("0006: what a date-based manual unblock forgave (unpaid, due before that day) stays forgiven, by installment", () => {
  const db = new Database(":memory:");
  db.exec("PRAGMA foreign_keys = ON");
  migrate(db, migrationsBefore("0006_forgiven_installments"));
  db.exec(`INSERT INTO clients (nome, cnpj, contato, telefone, email, valor_mensalidade, codigo_cliente, status_bloqueio, desbloqueio_manual_em)
    VALUES ('Padaria', '11222333000181', 'Maria', '11987654321', 'p@cofre.test', 15000, 'PAO', 0, '2026-03-15')`);
  db.exec(`INSERT INTO receivables (client_id, numeros_parcela, descricao, data_vencimento, valor, status) VALUES
    (1, '1/3', 'Mensalidade', '2026-03-10', 15000, 'em_aberto'),
    (1, '2/3', 'Mensalidade', '2026-03-12', 15000, 'pago'),
    (1, '3/3', 'Mensalidade', '2026-03-20', 15000, 'em_aberto')`);
  migrate(db, MIGRATIONS);
  expect(db.query("SELECT receivable_id, client_id, data_vencimento FROM desbloqueio_perdoadas").all()).toEqual([
    { receivable_id: 1, client_id: 1, data_vencimento: "2026-03-10" },
  ]);
  expect((db.query("PRAGMA table_info(clients)").all() as { name: string }[]).map((c) => c.name)).not.toContain("desbloqueio_manual_em");
  // Paid, it is no longer as it was: the trigger drops its forgiveness.
  db.exec("UPDATE receivables SET status = 'pago' WHERE id = 1");
  expect(db.query("SELECT count(*) AS n FROM desbloqueio_perdoadas").get()).toEqual({ n: 0 });
  db.close();
});

test("0020: events an older version wrote are found by what their sentence shows once the database opens (batches of 5,000)", () => {
  const path = join(dir, "history-0020.db");
  const db = new Database(path);
  migrate(db, migrationsBefore("0020_history_search_sentence"));
  // As the older version wrote them: the search text was the label and who only.
  db.exec(`INSERT INTO history_events (at, user_email, action, entity, entity_id, label, details, busca) VALUES
    ('2026-03-01T12:00:00.000Z', 'dono@cofre.test', 'update', 'settings', 1, 'Configurações de cobrança',
     '{"alteracoes":{"chavePix":["pix@padaria.com.br","outra-conta@banco.com.br"]}}', 'configuracoes de cobranca dono@cofre.test')`);
  db.exec(`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 12000)
    INSERT INTO history_events (at, user_email, action, entity, entity_id, label, details, busca)
    SELECT '2026-03-02T12:00:00.000Z', 'sistema', 'pay', 'installment', i, 'Cliente ' || i || ' — parcela 1/12',
      '{"dataPagamento":"2026-03-02","valorPago":"' || i || '.00"}', 'cliente ' || i || ' — parcela 1/12 sistema' FROM n`);
  db.close();
  const opened = openDatabase(path);
  const find = (q: string) => (opened.$client.query("SELECT id FROM history_events WHERE busca LIKE ? ORDER BY id").all(`%${q}%`) as { id: number }[]).map((r) => r.id);
  expect(find("outra-conta@banco")).toEqual([1]);
  expect(find("configuracoes de cobranca")).toEqual([1]);
  // The last batch's events too, by their amount as written and by who.
  expect(find("r$ 11.999,00")).toEqual([12_000]);
  expect(find("cliente 11999 — parcela 1/12")).toEqual([12_000]);
  expect(opened.$client.query("SELECT count(*) AS n FROM history_events WHERE busca NOT LIKE '%sistema%'").get()).toEqual({ n: 1 });
  expect(opened.$client.query("SELECT count(*) AS n FROM history_events WHERE busca = ''").get()).toEqual({ n: 0 });
  closeDatabase(opened);
});

test("0022: every payment made before receipts existed gets one, numbered in payment order, with the earlier open installments", () => {
  const db = new Database(":memory:");
  db.exec("PRAGMA foreign_keys = ON");
  migrate(db, migrationsBefore("0022_client_links"));
  db.exec(`INSERT INTO clients (nome, cnpj, contato, telefone, email, valor_mensalidade, codigo_cliente, status_bloqueio)
    VALUES ('Padaria', '11222333000181', 'Maria', '11987654321', 'p@cofre.test', 15000, 'PAO', 0)`);
  db.exec(`INSERT INTO receivables (client_id, numeros_parcela, descricao, data_vencimento, valor, status, data_pagamento, valor_pago) VALUES
    (1, '1/3', 'Mensalidade', '2026-03-10', 15000, 'em_aberto', NULL, NULL),
    (1, '2/3', 'Mensalidade', '2026-04-10', 15000, 'pago', '2026-04-12', 15000),
    (1, '3/3', 'Mensalidade', '2026-05-10', 15000, 'pago', '2026-04-01', 15000)`);
  migrate(db, MIGRATIONS);
  const rows = db.query("SELECT numero, receivable_id, pagador_nome, ressalvas, cancelado_em FROM recibos ORDER BY numero").all() as { numero: number; receivable_id: number; pagador_nome: string; ressalvas: string; cancelado_em: string | null }[];
  expect(rows.map((r): Record<string, unknown> => ({ ...r, ressalvas: (JSON.parse(r.ressalvas) as { id: number }[]).map((p) => p.id) }))).toEqual([
    { numero: 1, receivable_id: 3, pagador_nome: "Padaria", ressalvas: [1], cancelado_em: null },
    { numero: 2, receivable_id: 2, pagador_nome: "Padaria", ressalvas: [1], cancelado_em: null },
  ]);
  db.close();
});

test("0025: live receipts are linked to the payment 0024 made of their installment; new payments get their own, undo cancels only its own", () => {
  const db = new Database(":memory:");
  db.exec("PRAGMA foreign_keys = ON");
  migrate(db, migrationsBefore("0024_payments"));
  db.exec(`INSERT INTO clients (nome, cnpj, contato, telefone, email, valor_mensalidade, codigo_cliente, status_bloqueio)
    VALUES ('Padaria', '11222333000181', 'Maria', '11987654321', 'p@cofre.test', 15000, 'PAO', 0)`);
  // Paid and undone before payments existed: receipt 1 cancelled, 2 live, 3 live.
  db.exec(`INSERT INTO receivables (client_id, numeros_parcela, descricao, data_vencimento, valor, status) VALUES
    (1, '1/3', 'Mensalidade', '2026-03-10', 15000, 'em_aberto'),
    (1, '2/3', 'Mensalidade', '2026-04-10', 15000, 'em_aberto'),
    (1, '3/3', 'Mensalidade', '2026-05-10', 15000, 'em_aberto')`);
  db.exec("UPDATE receivables SET status = 'pago', data_pagamento = '2026-03-11', valor_pago = 15000 WHERE id = 1");
  db.exec("UPDATE receivables SET status = 'em_aberto', data_pagamento = NULL, valor_pago = NULL WHERE id = 1");
  db.exec("UPDATE receivables SET status = 'pago', data_pagamento = '2026-04-12', valor_pago = 15300, multa = 300 WHERE id = 2");
  db.exec("UPDATE receivables SET status = 'pago', data_pagamento = '2026-05-09', valor_pago = 15000 WHERE id = 3");
  migrate(db, MIGRATIONS);
  const receipts = () =>
    db.query("SELECT numero, receivable_id, payment_id, valor_pago, multa, desconto, saldo, cancelado_em IS NOT NULL AS cancelado FROM recibos ORDER BY numero").all();
  const payments = db.query("SELECT id, receivable_id FROM payments ORDER BY id").all() as { id: number; receivable_id: number }[];
  const paymentOf = (receivable: number) => payments.find((p) => p.receivable_id === receivable)!.id;
  expect(receipts()).toEqual([
    { numero: 1, receivable_id: 1, payment_id: null, valor_pago: 15000, multa: null, desconto: 0, saldo: 0, cancelado: 1 },
    { numero: 2, receivable_id: 2, payment_id: paymentOf(2), valor_pago: 15300, multa: 300, desconto: 0, saldo: 0, cancelado: 0 },
    { numero: 3, receivable_id: 3, payment_id: paymentOf(3), valor_pago: 15000, multa: null, desconto: 0, saldo: 0, cancelado: 0 },
  ]);
  // The triggers now follow payments: a partial payment has its receipt, with the balance it left
  // and the earlier installment with a balance as ressalva; undoing the 3/3's payment cancels its receipt only.
  db.exec("INSERT INTO payments (receivable_id, data_pagamento, principal, valor_pago) VALUES (1, '2026-05-20', 5000, 5000)");
  db.exec("DELETE FROM payments WHERE receivable_id = 3");
  expect(receipts()).toEqual([
    { numero: 1, receivable_id: 1, payment_id: null, valor_pago: 15000, multa: null, desconto: 0, saldo: 0, cancelado: 1 },
    { numero: 2, receivable_id: 2, payment_id: paymentOf(2), valor_pago: 15300, multa: 300, desconto: 0, saldo: 0, cancelado: 0 },
    { numero: 3, receivable_id: 3, payment_id: paymentOf(3), valor_pago: 15000, multa: null, desconto: 0, saldo: 0, cancelado: 1 },
    { numero: 4, receivable_id: 1, payment_id: payments.length + 1, valor_pago: 5000, multa: 0, desconto: 0, saldo: 10000, cancelado: 0 },
  ]);
  db.close();
});

test("0025: an installment paid in parts before receipts followed payments has its summed receipt cancelled and one per payment", () => {
  const db = new Database(":memory:");
  db.exec("PRAGMA foreign_keys = ON");
  migrate(db, migrationsBefore("0025_receipts_per_payment"));
  db.exec(`INSERT INTO clients (nome, cnpj, contato, telefone, email, valor_mensalidade, codigo_cliente, status_bloqueio)
    VALUES ('Padaria', '11222333000181', 'Maria', '11987654321', 'p@cofre.test', 15000, 'PAO', 0)`);
  db.exec("INSERT INTO receivables (client_id, numeros_parcela, descricao, data_vencimento, valor, status) VALUES (1, '1/1', 'Mensalidade', '2026-03-10', 15000, 'em_aberto')");
  // As 0024's code wrote it: two payments, the row paid by the second (its receipt showed the sum).
  db.exec("INSERT INTO payments (receivable_id, data_pagamento, principal, valor_pago) VALUES (1, '2026-03-01', 5000, 5000), (1, '2026-03-09', 10000, 10000)");
  db.exec("UPDATE receivables SET principal_pago = 15000, valor_pago = 15000, data_pagamento = '2026-03-09', status = 'pago' WHERE id = 1");
  migrate(db, MIGRATIONS);
  expect(db.query("SELECT numero, payment_id, valor_pago, saldo, cancelado_em IS NOT NULL AS cancelado FROM recibos ORDER BY numero").all()).toEqual([
    { numero: 1, payment_id: null, valor_pago: 15000, saldo: 0, cancelado: 1 },
    { numero: 2, payment_id: 1, valor_pago: 5000, saldo: 10000, cancelado: 0 },
    { numero: 3, payment_id: 2, valor_pago: 10000, saldo: 0, cancelado: 0 },
  ]);
  db.close();
});
