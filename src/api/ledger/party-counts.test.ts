// ledger_party_counts (migration 0038): each client's receivables and each supplier's payables,
// kept by triggers whoever writes — the unfiltered page by the party's name starts from these
// (src/api/ledger/list.ts NAME_AT), so a count that drifts from the rows moves every page after it.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase, type Db } from "../../../db/client";

let dir: string;
let db: Db;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "cofre-party-counts-"));
  db = openDatabase(join(dir, "app.db"));
  const sqlite = db.$client;
  for (let i = 1; i <= 3; i++) {
    sqlite
      .query("INSERT INTO clients (nome, cnpj, contato, telefone, email, valor_mensalidade, codigo_cliente, nome_ordem, busca) VALUES ($nome, $cnpj, 'c', '1', 'e@x', 100, $codigo, $nome, '')")
      .run({ nome: `cliente ${i}`, cnpj: String(i).padStart(14, "0"), codigo: `C${i}` });
    sqlite.query("INSERT INTO suppliers (nome, nome_ordem) VALUES ($nome, $nome)").run({ nome: `fornecedor ${i}` });
  }
});

afterAll(() => {
  db.$client.close();
  rmSync(dir, { recursive: true, force: true });
});

const PARTIES = { receivables: "clients", payables: "suppliers" } as const;

/** The counts the triggers kept (none at zero shown), under the party's name order, against the rows themselves. */
function countsAgree(table: "receivables" | "payables", column: string) {
  const kept = db.$client.query("SELECT party_id AS party, nome_ordem AS nome, parcelas AS n FROM ledger_party_counts WHERE tabela = ? AND parcelas <> 0 ORDER BY 1").all(table);
  const counted = db.$client.query(`SELECT r.${column} AS party, p.nome_ordem AS nome, count(*) AS n FROM ${table} r JOIN ${PARTIES[table]} p ON p.id = r.${column} GROUP BY 1 ORDER BY 1`).all();
  expect(kept).toEqual(counted);
  return counted.length;
}

test.each([
  ["receivables", "client_id"],
  ["payables", "supplier_id"],
] as const)("%s: the counts follow inserts, deletes and a row moved to another party", (table, column) => {
  const insert = db.$client.query(`INSERT INTO ${table} (${column}, numeros_parcela, descricao, data_vencimento, valor, status) VALUES (?, '1/1', 'x', '2026-03-10', 100, 'em_aberto') RETURNING id`);
  const ids = [1, 1, 1, 2, 2, 3].map((party) => (insert.get(party) as { id: number }).id);
  expect(countsAgree(table, column)).toBe(3);
  db.$client.query(`DELETE FROM ${table} WHERE id = ?`).run(ids[0]!);
  db.$client.query(`UPDATE ${table} SET ${column} = 3 WHERE id = ?`).run(ids[3]!);
  // A change that keeps the party (the trigger's WHEN) changes nothing.
  db.$client.query(`UPDATE ${table} SET ${column} = ${column}, descricao = 'y' WHERE id = ?`).run(ids[1]!);
  expect(countsAgree(table, column)).toBe(3);
  // A rolled-back insert leaves the counts as they were: they are written in the row's transaction.
  expect(() =>
    db.$client.transaction(() => {
      insert.get(2);
      throw new Error("desfeita");
    })(),
  ).toThrow("desfeita");
  db.$client.query(`DELETE FROM ${table} WHERE ${column} = 2`).run();
  expect(countsAgree(table, column)).toBe(2);
});

test.each([
  ["receivables", "client_id"],
  ["payables", "supplier_id"],
] as const)("%s: a party renamed carries its count to its new name; a party deleted takes its (zero) count with it", (table, column) => {
  const parties = PARTIES[table];
  const insert = db.$client.query(`INSERT INTO ${table} (${column}, numeros_parcela, descricao, data_vencimento, valor, status) VALUES (?, '1/1', 'x', '2026-03-10', 100, 'em_aberto') RETURNING id`);
  const [id] = [1, 1, 3].map((party) => (insert.get(party) as { id: number }).id);
  db.$client.query(`UPDATE ${parties} SET nome_ordem = 'aaa primeiro' WHERE id = 1`).run();
  expect(countsAgree(table, column)).toBeGreaterThan(0);
  // A rename that keeps the name order (another field) changes nothing.
  db.$client.query(`UPDATE ${parties} SET nome = nome || ' ', nome_ordem = nome_ordem WHERE id = 1`).run();
  // Its rows gone, a party may be deleted: no count stays behind to move the pages.
  db.$client.query(`DELETE FROM ${table} WHERE ${column} = 1`).run();
  const created = db.$client.query(`INSERT INTO ${parties} (nome, nome_ordem${table === "receivables" ? ", cnpj, contato, telefone, email, valor_mensalidade, codigo_cliente, busca" : ""}) VALUES ('novo', 'novo'${table === "receivables" ? ", '99999999999999', 'c', '1', 'e@x', 100, 'C9', ''" : ""}) RETURNING id`).get() as { id: number };
  insert.get(created.id);
  db.$client.query(`DELETE FROM ${table} WHERE ${column} = ?`).run(created.id);
  db.$client.query(`DELETE FROM ${parties} WHERE id = ?`).run(created.id);
  expect(db.$client.query("SELECT count(*) AS n FROM ledger_party_counts WHERE tabela = ? AND party_id = ?").get(table, created.id)).toEqual({ n: 0 });
  expect(countsAgree(table, column)).toBeGreaterThan(0);
  db.$client.query(`DELETE FROM ${table} WHERE id = ?`).run(id!);
});
