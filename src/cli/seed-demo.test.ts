import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase, type Db } from "../../db/client";
import { isValidCnpj } from "../lib/brazil";
import { pinClock } from "../lib/clock";
import { CliError } from "./cli-error";
import { CLIENTS_PER_UNIT, PARTNERS_PER_UNIT, SUPPLIERS_PER_UNIT } from "./demo-data";
import { parseSeedArgs, seedDemo } from "./seed-demo";

const dir = mkdtempSync(join(tmpdir(), "cofre-seed-"));
const unpin = pinClock("2026-03-15T10:00:00-03:00");
afterAll(() => {
  unpin();
  rmSync(dir, { recursive: true, force: true });
});

const count = (db: Db, table: string) => (db.$client.query(`select count(*) as n from ${table}`).get() as { n: number }).n;

// Each demo company takes ~250 ms to write: one database of two (--scale 2) is read by the
// tests below in order; the last one adds a third with --force.
describe("seed-demo --scale 2 on an empty database", () => {
  let db: Db;
  let said: string;
  beforeAll(() => {
    db = openDatabase(join(dir, "demo.db"));
    said = seedDemo(db, { scale: 2 });
  });
  afterAll(() => db.$client.close());

  test("--scale N makes N companies", () => {
    expect(said).toStartWith(`Dados de demonstração criados (escala 2): ${2 * CLIENTS_PER_UNIT} clientes, ${2 * SUPPLIERS_PER_UNIT} fornecedores, ${2 * PARTNERS_PER_UNIT} parceiros`);
    expect(count(db, "clients")).toBe(2 * CLIENTS_PER_UNIT);
    expect(count(db, "suppliers")).toBe(2 * SUPPLIERS_PER_UNIT);
    expect(count(db, "partners")).toBe(2 * PARTNERS_PER_UNIT);
  });

  test("it fills through the services: valid CNPJs, plans that add up, paid/open/overdue rows, blocking applied", () => {
    const clients = db.$client.query("select id, nome, cnpj, valor_mensalidade as fee, is_trial as trial from clients").all() as { id: number; nome: string; cnpj: string; fee: number; trial: number }[];
    expect(clients[0]!.nome).toBe("Padaria Pão Quente");
    for (const c of clients) {
      expect(isValidCnpj(c.cnpj)).toBe(true);
      const monthly = db.$client.query("select coalesce(sum(valor), 0) as total, count(*) as n from receivables where client_id = ? and descricao = 'Mensalidade'").get(c.id) as { total: number; n: number };
      expect(monthly).toEqual(c.trial ? { total: 0, n: 0 } : { total: c.fee * 18, n: 18 });
    }
    const byStatus = db.$client.query("select sum(status = 'pago') as paid, sum(status = 'em_aberto' and data_vencimento < '2026-03-15') as overdue, sum(data_vencimento >= '2026-03-15') as future from receivables").get() as Record<string, number>;
    expect(byStatus.paid).toBeGreaterThan(0);
    expect(byStatus.overdue).toBeGreaterThan(0);
    expect(byStatus.future).toBeGreaterThan(0);
    // Every client with an overdue row is blocked (automatically, or by hand before).
    const unblockedOverdue = db.$client.query("select count(*) as n from clients c where status_bloqueio = 0 and exists (select 1 from receivables r where r.client_id = c.id and r.status = 'em_aberto' and r.data_vencimento < '2026-03-15')").get() as { n: number };
    expect(unblockedOverdue.n).toBe(0);
    expect(count(db, "payables")).toBe(2 * SUPPLIERS_PER_UNIT * 32);
    expect(db.$client.query("select count(*) as n from receivables where data_pagamento > '2026-03-15'").get()).toEqual({ n: 0 });
  });

  // Last: it adds to the database.
  test("a database with records is refused unless --force, which adds another company with new CNPJs and codes", () => {
    expect(() => seedDemo(db)).toThrow(CliError);
    expect(count(db, "clients")).toBe(2 * CLIENTS_PER_UNIT);
    expect(seedDemo(db, { force: true })).toStartWith(`Dados de demonstração criados: ${CLIENTS_PER_UNIT} clientes, ${SUPPLIERS_PER_UNIT} fornecedores, ${PARTNERS_PER_UNIT} parceiros`);
    expect(count(db, "clients")).toBe(3 * CLIENTS_PER_UNIT);
    const distinct = db.$client.query("select count(distinct cnpj) as cnpjs, count(distinct codigo_cliente) as codes from clients").get();
    expect(distinct).toEqual({ cnpjs: 3 * CLIENTS_PER_UNIT, codes: 3 * CLIENTS_PER_UNIT });
  });
});

test("seed-demo's options", () => {
  expect(parseSeedArgs([])).toEqual({});
  expect(parseSeedArgs(["--scale", "50", "--force"])).toEqual({ scale: 50, force: true });
  expect(parseSeedArgs(["--scale=3"])).toEqual({ scale: 3 });
  for (const bad of [["--scale"], ["--scale", "-1"], ["--scale", "dez"], ["--escala", "2"]]) expect(() => parseSeedArgs(bad)).toThrow(CliError);
  const db = openDatabase(join(dir, "zero.db"));
  expect(() => seedDemo(db, { scale: 0 })).toThrow(CliError);
  db.$client.close();
});
