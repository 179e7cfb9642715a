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

test("0025 (issue 36): the default plano de contas is there, rows an older version wrote get their side's default, new rows theirs", () => {
  const db = new Database(":memory:");
  db.exec("PRAGMA foreign_keys = ON");
  migrate(db, migrationsBefore("0025_categories"));
  db.exec(`INSERT INTO clients (nome, cnpj, contato, telefone, email, valor_mensalidade, codigo_cliente)
    VALUES ('Padaria', '11222333000181', 'Maria', '11987654321', 'p@cofre.test', 15000, 'PAO')`);
  db.exec(`INSERT INTO subscriptions (client_id, status, dia_vencimento, inicio, proxima_competencia, iniciada_em) VALUES (1, 'ativa', 10, '2026-01', '2026-03', '2026-01-01')`);
  db.exec(`INSERT INTO receivables (client_id, numeros_parcela, descricao, data_vencimento, valor, subscription_id, competencia) VALUES
    (1, '1/1', 'Mensalidade 01/2026', '2026-01-10', 15000, 1, '2026-01'),
    (1, '1/2', 'Projeto', '2026-02-10', 50000, NULL, NULL)`);
  db.exec("INSERT INTO suppliers (nome) VALUES ('Imobiliária'), ('Gráfica')");
  db.exec("INSERT INTO payables (supplier_id, numeros_parcela, descricao, data_vencimento, valor) VALUES (1, '1/1', 'Aluguel', '2026-01-05', 180000)");
  migrate(db, MIGRATIONS);
  const category = (table: string, id: number) => (db.query(`SELECT c.nome FROM ${table} r JOIN categories c ON c.id = r.categoria_id WHERE r.id = ?`).get(id) as { nome: string } | null)?.nome;
  expect([category("receivables", 1), category("receivables", 2), category("payables", 1)]).toEqual(["Mensalidades", "Serviços avulsos", "Fornecedores"]);
  const plano = db.query("SELECT c.nome, c.tipo, g.nome AS grupo FROM categories c LEFT JOIN categories g ON g.id = c.grupo_id WHERE c.grupo_id IS NOT NULL ORDER BY c.id").all();
  expect(plano).toContainEqual({ nome: "Juros e multas recebidos", tipo: "receita", grupo: "Receitas financeiras" });
  expect(plano).toContainEqual({ nome: "Impostos (DAS/Simples Nacional)", tipo: "despesa", grupo: "Impostos" });
  expect(plano.length).toBe(11);
  // After the migration, a row inserted without a category gets its side's default (the trigger),
  // a supplier's own default first; a category given is kept.
  db.exec("UPDATE suppliers SET categoria_id = (SELECT id FROM categories WHERE nome = 'Aluguel') WHERE id = 1");
  db.exec(`INSERT INTO payables (supplier_id, numeros_parcela, descricao, data_vencimento, valor) VALUES (1, '1/1', 'Aluguel', '2026-02-05', 180000), (2, '1/1', 'Cartões', '2026-02-06', 25000)`);
  db.exec(`INSERT INTO receivables (client_id, numeros_parcela, descricao, data_vencimento, valor, subscription_id, competencia, categoria_id) VALUES
    (1, '1/1', 'Mensalidade 02/2026', '2026-02-10', 15000, 1, '2026-02', NULL),
    (1, '1/1', 'Consultoria', '2026-02-15', 9000, NULL, NULL, (SELECT id FROM categories WHERE nome = 'Serviços avulsos'))`);
  expect([category("payables", 2), category("payables", 3), category("receivables", 3), category("receivables", 4)]).toEqual(["Aluguel", "Fornecedores", "Mensalidades", "Serviços avulsos"]);
  // In use, the RESTRICT foreign key keeps a category from being deleted behind the API's back.
  expect(() => db.exec("DELETE FROM categories WHERE nome = 'Aluguel'")).toThrow("FOREIGN KEY constraint failed");
  db.close();
});

test("dre_payment_category (issue 36): payments an older version made carry their installment's category; new ones and a change of category follow", () => {
  const db = new Database(":memory:");
  db.exec("PRAGMA foreign_keys = ON");
  migrate(db, migrationsBefore("0031_dre_payment_category"));
  db.exec(`INSERT INTO clients (nome, cnpj, contato, telefone, email, valor_mensalidade, codigo_cliente)
    VALUES ('Padaria', '11222333000181', 'Maria', '11987654321', 'p@cofre.test', 15000, 'PAO')`);
  db.exec("INSERT INTO suppliers (nome) VALUES ('Imobiliária')");
  db.exec(`INSERT INTO receivables (client_id, numeros_parcela, descricao, data_vencimento, valor) VALUES (1, '1/2', 'Projeto', '2026-02-10', 50000), (1, '2/2', 'Projeto', '2026-03-10', 50000)`);
  db.exec(`INSERT INTO payables (supplier_id, numeros_parcela, descricao, data_vencimento, valor, categoria_id) VALUES (1, '1/1', 'Aluguel', '2026-01-05', 180000, (SELECT id FROM categories WHERE nome = 'Aluguel'))`);
  db.exec(`INSERT INTO payments (receivable_id, data_pagamento, principal, multa, valor_pago) VALUES (1, '2026-02-12', 20000, 300, 20300), (1, '2026-02-20', 30000, 0, 30000)`);
  db.exec(`INSERT INTO payments (payable_id, data_pagamento, principal, valor_pago) VALUES (1, '2026-01-05', 180000, 180000)`);
  migrate(db, MIGRATIONS);
  const categories = () => db.query("SELECT p.id, c.nome FROM payments p LEFT JOIN categories c ON c.id = p.categoria_id ORDER BY p.id").all();
  expect(categories()).toEqual([
    { id: 1, nome: "Serviços avulsos" },
    { id: 2, nome: "Serviços avulsos" },
    { id: 3, nome: "Aluguel" },
  ]);
  // A new payment takes its row's; a row's new category moves its payments, and only its own.
  db.exec(`INSERT INTO payments (receivable_id, data_pagamento, principal, valor_pago) VALUES (2, '2026-03-10', 50000, 50000)`);
  db.exec("UPDATE receivables SET categoria_id = (SELECT id FROM categories WHERE nome = 'Mensalidades') WHERE id = 1");
  db.exec("UPDATE payables SET categoria_id = (SELECT id FROM categories WHERE nome = 'Software') WHERE id = 1");
  expect(categories()).toEqual([
    { id: 1, nome: "Mensalidades" },
    { id: 2, nome: "Mensalidades" },
    { id: 3, nome: "Software" },
    { id: 4, nome: "Serviços avulsos" },
  ]);
  db.close();
});

test("0026: live receipts are linked to the payment 0024 made of their installment; new payments get their own, undo cancels only its own", () => {
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

test("0026: an installment paid in parts before receipts followed payments has its summed receipt cancelled and one per payment", () => {
  const db = new Database(":memory:");
  db.exec("PRAGMA foreign_keys = ON");
  migrate(db, migrationsBefore("0026_receipts_per_payment"));
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

test("accounts_backfill (issue 34 §3): one account per statement's bank, branch and number, opening 0 on the earliest start; statements and reconciled payments attached", () => {
  const db = new Database(":memory:");
  db.exec("PRAGMA foreign_keys = ON");
  migrate(db, migrationsBefore("0032_accounts_backfill"));
  db.exec(`INSERT INTO clients (nome, cnpj, contato, telefone, email, valor_mensalidade, codigo_cliente, status_bloqueio)
    VALUES ('Padaria', '11222333000181', 'Maria', '11987654321', 'p@cofre.test', 15000, 'PAO', 0)`);
  db.exec(`INSERT INTO receivables (client_id, numeros_parcela, descricao, data_vencimento, valor, status) VALUES
    (1, '1/2', 'Mensalidade', '2026-03-10', 15000, 'em_aberto'), (1, '2/2', 'Mensalidade', '2026-04-10', 15000, 'em_aberto')`);
  // Two statements of Itaú 1234/56789-0 (November, then October: the earliest start wins), one of
  // a Bradesco account without a branch or a period, and an import cut by a stop ('').
  db.exec(`INSERT INTO statements (banco, agencia, conta, de, ate, arquivo, importado_por, importado_em, transacoes) VALUES
    ('341', '1234', '56789-0', '2026-11-01', '2026-11-30', 'nov.ofx', 'a@cofre.test', '2026-12-01T10:00:00Z', 1),
    ('341', '1234', '56789-0', '2026-10-01', '2026-10-31', 'out.ofx', 'a@cofre.test', '2026-11-01T10:00:00Z', 1),
    ('237', NULL, '999-1', NULL, NULL, 'brad.ofx', 'a@cofre.test', '2026-09-15T10:00:00Z', 1),
    ('104', '1', '2-3', '2026-01-01', NULL, 'cortado.ofx', 'a@cofre.test', '', 0)`);
  db.exec(`INSERT INTO bank_transactions (banco, conta, fitid, data, valor, descricao, busca) VALUES
    ('341', '56789-0', 'F1', '2026-11-05', 15000, 'PIX', 'pix'), ('237', '999-1', 'F2', '2026-09-10', 15000, 'TED', 'ted')`);
  db.exec("INSERT INTO statement_lines (statement_id, transaction_id, ordem) VALUES (1, 1, 0), (3, 2, 0)");
  db.exec(`INSERT INTO payments (receivable_id, data_pagamento, principal, valor_pago, origem, bank_transaction_id) VALUES
    (1, '2026-11-05', 15000, 15000, 'conciliacao', 1), (2, '2026-11-06', 15000, 15000, 'manual', NULL)`);
  migrate(db, MIGRATIONS);
  expect(db.query("SELECT id, banco, agencia, conta, apelido, saldo_inicial, saldo_inicial_data, padrao, ativa FROM bank_accounts ORDER BY banco").all()).toEqual([
    { id: expect.any(Number), banco: "237", agencia: "", conta: "999-1", apelido: "", saldo_inicial: 0, saldo_inicial_data: "2026-09-09", padrao: 0, ativa: 1 },
    { id: expect.any(Number), banco: "341", agencia: "1234", conta: "56789-0", apelido: "", saldo_inicial: 0, saldo_inicial_data: "2026-09-30", padrao: 0, ativa: 1 },
  ]);
  const accountOf = (banco: string) => (db.query("SELECT id FROM bank_accounts WHERE banco = ?").get(banco) as { id: number }).id;
  expect(db.query("SELECT id, conta_id FROM statements ORDER BY id").all()).toEqual([
    { id: 1, conta_id: accountOf("341") },
    { id: 2, conta_id: accountOf("341") },
    { id: 3, conta_id: accountOf("237") },
    { id: 4, conta_id: null },
  ]);
  // The reconciled payment takes its statement's account; the manual one names none (no default to invent).
  expect(db.query("SELECT id, conta_id FROM payments ORDER BY id").all()).toEqual([
    { id: 1, conta_id: accountOf("341") },
    { id: 2, conta_id: null },
  ]);
  db.close();
});
