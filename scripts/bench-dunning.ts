// Bench rows for the régua de cobrança (issue 33 budgets): a day's decisions for 2,000 clients
// with 450 installments reaching a step — planned, then decided a slice per immediate transaction
// as the daily job and POST /api/dunning/run do — in this process, on a real database file.
import { Database } from "bun:sqlite";
import { join } from "node:path";
import { openDatabase } from "../db/client";
import { planRun, runSlice } from "../src/api/dunning/decide";
import { DEFAULT_DUNNING } from "../src/api/dunning/model";
import { readDunning } from "../src/api/dunning/settings";
import { isBusinessDay } from "../src/lib/business-days";
import { clock, today } from "../src/lib/clock";
import { addDays } from "../src/lib/dates";
import { ms, type Row } from "./bench-support";

/** `n` business days after `day`. */
function businessDaysAfter(day: string, n: number): string {
  let d = day;
  for (let i = 0; i < n; ) if (isBusinessDay((d = addDays(d, 1)))) i++;
  return d;
}

export function benchDunning(dir: string, clientsDbPath: string, row: Row): void {
  clock.timeZone = "America/Sao_Paulo";
  const path = join(dir, "dunning.db");
  const source = new Database(clientsDbPath, { readonly: true });
  source.exec(`VACUUM INTO '${path}'`);
  source.close();
  const day = today();
  const raw = new Database(path);
  raw.transaction(() => {
    raw.run("INSERT OR REPLACE INTO settings (id, empresa, cidade, chave_pix, cnpj_empresa, endereco_empresa) VALUES (1, 'Cofre Serviços Ltda', 'Campinas', 'financeiro@cofre.com.br', '11444777000161', 'Rua A, 1, Campinas/SP')");
    raw.run("INSERT OR REPLACE INTO regua (id, ativa, etapas, aviso_bloqueio) VALUES (1, 1, ?, ?)", [JSON.stringify(DEFAULT_DUNNING.etapas), JSON.stringify(DEFAULT_DUNNING.avisoBloqueio)]);
    // 450 installments reaching D−5 today (one client in four, some with two), and every client
    // with an installment paid or not yet near: the plan reads them all.
    const insert = raw.prepare("INSERT INTO receivables (client_id, numeros_parcela, descricao, data_vencimento, valor, status) VALUES (?, '1/1', 'Mensalidade', ?, ?, ?)");
    const ids = (raw.query("SELECT id FROM clients ORDER BY id").all() as { id: number }[]).map((r) => r.id);
    const due = businessDaysAfter(day, 5);
    for (let i = 0; i < 450; i++) insert.run(ids[(i * 4) % ids.length]!, due, 15_000 + i, "em_aberto");
    for (const id of ids) insert.run(id, addDays(day, 25), 15_000, "em_aberto");
  })();
  raw.close();
  const db = openDatabase(path);
  try {
    const t0 = performance.now();
    const slices: number[] = [];
    let s = performance.now();
    const run = db.transaction(() => planRun(db, day, readDunning(db), 0), { behavior: "immediate" });
    slices.push(performance.now() - s);
    for (let more = true; more; ) {
      s = performance.now();
      more = db.transaction(() => runSlice(db, run), { behavior: "immediate" });
      slices.push(performance.now() - s);
    }
    const total = performance.now() - t0;
    if (process.env.BENCH_DEBUG) console.log(slices.map((x) => x.toFixed(1)).join(" "));
    const queued = run.counts.enfileiradas;
    if (queued < 400) throw new Error(`expected ~450 decisions, got ${queued}`);
    row(`régua: a day's decisions, 2,000 clients, ${queued} e-mails for 450 installments (plan + ${slices.length - 1} slices)`, ms(total), "≤ 1 s");
    row("régua: the longest slice (each its own immediate transaction)", ms(Math.max(...slices)), "≤ 25 ms");
  } finally {
    db.$client.close();
  }
}
