// Bench rows for the history, on the `seed-demo --scale 50` database the bench's binary is
// serving: a payment in-process (its event recorded in the same transaction) and the /history
// first page once 500,000 events are seeded by SQL. What recording adds to a payment was
// measured once against the tree before recording (+0.04 ms a payment; docs/decisions.md).
import { Database } from "bun:sqlite";
import { join } from "node:path";
import { eventSearchText } from "../db/search-columns";
import { load, ms as millis, type Row } from "./bench-support";

const ms = (x: number) => millis(x, 2);

export async function benchHistory(base: string, cookie: string, dbPath: string, row: Row) {
  await paymentInProcess(dbPath, row);
  await historyPage(base, cookie, dbPath, row);
}

async function paymentInProcess(dbPath: string, row: Row) {
  const copy = `${dbPath}.pay.db`;
  const source = new Database(dbPath, { readonly: true });
  const receivables = (source.query("select count(*) n from receivables").get() as { n: number }).n;
  source.exec(`VACUUM INTO '${copy}'`);
  source.close();
  const { median } = JSON.parse(await Bun.$`bun ${join(import.meta.dir, "bench-history-pay.ts")} ${copy}`.text()) as { median: number };
  row(`payInstallment in-process at ${receivables} receivables, its history event included (100 payments): median`, ms(median), "< 1 ms");
}

async function historyPage(base: string, cookie: string, dbPath: string, row: Row) {
  const db = new Database(dbPath);
  db.exec("PRAGMA busy_timeout = 5000");
  const seeded = (db.query("select count(*) n from history_events").get() as { n: number }).n;
  // 500,000 payments of a year, a minute apart, as the app writes them (label, details JSON, and
  // the search text: the event's sentence, then its label, db/search-columns.ts).
  const details = { dataPagamento: "2025-03-12", valorPago: "355.00", multa: "7.00", juros: "1.17", valor: "347.83" };
  const sentence = eventSearchText({ label: "", userEmail: "financeiro@cofre.test", action: "pay", entity: "installment", details });
  db.exec(`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 500000)
    INSERT INTO history_events (at, user_id, user_email, action, entity, entity_id, label, details, client_id, busca)
    SELECT strftime('%Y-%m-%dT%H:%M:%fZ', '2025-01-01', '+' || i || ' minutes'), 1, 'financeiro@cofre.test', 'pay', 'installment', i,
      'Cliente ' || (i % 2000) || ' — parcela ' || (i % 12 + 1) || '/12',
      '${JSON.stringify(details)}', i % 2000 + 1,
      '${sentence} cliente ' || (i % 2000) || ' — parcela ' || (i % 12 + 1) || '/12' FROM n`);
  const total = (db.query("select count(*) n from history_events").get() as { n: number }).n;
  db.close();
  const label = `${total.toLocaleString("en-US")} events (${seeded} from seed-demo + 500,000 by SQL)`;
  for (const [what, path, budget] of [
    ["GET /api/history (first page)", "/api/history?porPagina=50", "median < 25 ms"],
    ["GET /history (page, server-rendered)", "/history", "median < 25 ms"],
    ["GET /api/history?usuario=sistema", "/api/history?usuario=sistema", ""],
    ["GET /api/history?de=…&ate=… (one month)", "/api/history?de=2025-06-01&ate=2025-06-30", ""],
  ] as const) {
    await load(base + path, cookie, 20, 1);
    const seq = await load(base + path, cookie, 200, 1);
    row(`${what}, ${label}: median / p99`, `${ms(seq.median)} / ${ms(seq.p99)}`, budget);
  }
  await searches(base, cookie, label, row);
}

/**
 * A text search reads every event's text (~100–200 ms at this size): read a slice at a time, it
 * must not hold the others (issue 21 §1b). /healthz, asked every 5 ms while four people search
 * and export back to back, says how long others wait (a garbage collection included).
 */
async function searches(base: string, cookie: string, label: string, row: Row) {
  const search = `${base}/api/history?q=${encodeURIComponent("cliente 1999")}`;
  await load(search, cookie, 3, 1);
  const seq = await load(search, cookie, 20, 1);
  row(`GET /api/history?q=cliente 1999 (a selective text, through history_fts), ${label}: median / p99`, `${ms(seq.median)} / ${ms(seq.p99)}`, "median ≤ 10 ms");
  // A text every event holds: the slices past the first read the texts (search.ts `dense`).
  const common = `${base}/api/history?q=${encodeURIComponent("parcela")}`;
  await load(common, cookie, 3, 1);
  const everyEvent = await load(common, cookie, 20, 1);
  row(`GET /api/history?q=parcela (a text every event holds), ${label}: median / p99`, `${ms(everyEvent.median)} / ${ms(everyEvent.p99)}`, "median ≤ 50 ms");
  let searching = true;
  const people = [0, 1, 2, 3].map(async (i) => {
    const url = i === 3 ? `${base}/history/export?q=${encodeURIComponent("nada assim")}` : `${search}&pagina=${i + 1}`;
    while (searching) await (await fetch(url, { headers: { cookie } })).arrayBuffer();
  });
  const probes: number[] = [];
  const until = performance.now() + 3000;
  while (performance.now() < until) {
    const t0 = performance.now();
    await (await fetch(`${base}/healthz`)).arrayBuffer();
    probes.push(performance.now() - t0);
    await Bun.sleep(5);
  }
  searching = false;
  await Promise.all(people);
  probes.sort((a, b) => a - b);
  row(`/healthz while 3 people search and 1 exports a search (3 s): p99 / longest`, `${ms(probes[Math.floor(probes.length * 0.99)]!)} / ${ms(probes.at(-1)!)}`, "p99 ≤ 50 ms (the soak's /healthz budget)");
}
