import { afterAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "../../db/client";
import { isValidCnpj } from "../lib/brazil";
import { seedDemo } from "./seed-demo";

const dir = mkdtempSync(join(tmpdir(), "cofre-seed-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test("seed-demo fills an empty database with valid records whose installments add up, and only once", () => {
  const db = openDatabase(join(dir, "app.db"));
  expect(seedDemo(db)).toStartWith("Dados de demonstração criados");
  const clients = db.$client.query("select id, cnpj, valor_mensalidade as fee, is_trial as trial from clients").all() as { id: number; cnpj: string; fee: number; trial: number }[];
  expect(clients.length).toBe(8);
  for (const c of clients) {
    expect(isValidCnpj(c.cnpj)).toBe(true);
    const { total, n } = db.$client.query("select coalesce(sum(valor), 0) as total, count(*) as n from receivables where client_id = ?").get(c.id) as { total: number; n: number };
    expect({ total, n }).toEqual(c.trial ? { total: 0, n: 0 } : { total: c.fee * 12, n: 12 });
  }
  expect(seedDemo(db)).toBe("O banco já tem cadastros: seed-demo só preenche um banco vazio.");
  expect((db.$client.query("select count(*) as n from clients").get() as { n: number }).n).toBe(8);
  db.$client.close();
});
