// Real `cofre subscriptions run` processes on one database file (src/cli/subscriptions.process.ts
// and tests/e2e/subscriptions-race.e2e.ts).
import { afterAll } from "bun:test";
import { Database } from "bun:sqlite";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "../db/client";
import { clock, today } from "../src/lib/clock";
import { monthsDue } from "../src/lib/subscription-schedule";

export const ENTRY = join(import.meta.dir, "..", "src", "index.ts");
const dir = mkdtempSync(join(tmpdir(), "cofre-subs-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

export const env = (path: string) => ({ PATH: process.env.PATH!, HOME: process.env.HOME ?? dir, DATABASE_PATH: path, APP_TZ: "America/Sao_Paulo" });

/** `count` clients, each with an active subscription billed since January 2024 (nothing generated yet). */
export function databaseWithSubscriptions(name: string, count: number): string {
  const path = join(dir, name);
  const db = openDatabase(path);
  const client = db.$client.prepare(
    "insert into clients (nome, cnpj, contato, telefone, email, valor_mensalidade, codigo_cliente) values (?, ?, 'Maria', '11987654321', 'c@x.com.br', 15000, ?) returning id",
  );
  const subscription = db.$client.prepare(
    "insert into subscriptions (client_id, status, dia_vencimento, inicio, proxima_competencia, iniciada_em) values (?, 'ativa', ?, '2024-01', '2024-01', '2024-01-01')",
  );
  db.$client.transaction(() => {
    for (let i = 1; i <= count; i++) {
      const { id } = client.get(`Cliente ${i}`, String(i).padStart(14, "0"), `C-${i}`) as { id: number };
      subscription.run(id, (i % 28) + 1);
    }
  })();
  db.$client.close();
  return path;
}

/** How many months the subscriptions owe by today (the library's own rule, lead 10 days, business days). */
export function expectedMonths(path: string): number {
  clock.timeZone = "America/Sao_Paulo";
  const db = new Database(path, { readonly: true });
  const rows = db.query("select dia_vencimento as dia from subscriptions").all() as { dia: number }[];
  db.close();
  return rows.reduce((n, { dia }) => n + monthsDue({ diaVencimento: dia, inicio: "2024-01", fim: null, trialAte: null }, { antecedenciaDias: 10, vencimentoEmDiaUtil: true }, "2024-01", today()).due.length, 0);
}

export const duplicates = (path: string) => {
  const db = new Database(path, { readonly: true });
  const rows = db.query("select subscription_id, competencia, count(*) n from receivables group by 1, 2 having n > 1").all();
  const total = (db.query("select count(*) n from receivables").get() as { n: number }).n;
  const guards = (db.query("select count(*) n from subscription_months").get() as { n: number }).n;
  db.close();
  return { rows, total, guards };
};

