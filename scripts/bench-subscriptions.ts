// Bench rows for subscriptions (issue 18 budgets, issue 38 §3): the daily job over 2,000 active
// subscriptions with nothing to generate, and generating one month for all 2,000 — in slices as
// the server runs it (its longest slice: what the event loop is held) and, for comparison, in one
// transaction (what --dry-run does) — in this process on a real database file; and /subscriptions
// served by the binary at 2,000 and at 50,000 subscriptions (its page must weigh the same).
import { Database } from "bun:sqlite";
import { join } from "node:path";
import { openDatabase } from "../db/client";
import type { Db } from "../db/client";
import { runSubscriptions, subscriptionsJob } from "../src/api/subscriptions/generate";
import { turn } from "../src/http/turns";
import { SYSTEM } from "../src/api/history/record";
import { clock, today } from "../src/lib/clock";
import { addDays, monthOf } from "../src/lib/dates";
import { kb, load, median, ms, type Row } from "./bench-support";

/** One active subscription per client of the database (clients already there), due on `dia`, cursor at `cursor`. */
export function subscribeEveryClient(dbPath: string, cursor: string, dia: number): number {
  const db = new Database(dbPath);
  const n = db
    .prepare(
      `INSERT INTO subscriptions (client_id, status, dia_vencimento, inicio, proxima_competencia, iniciada_em)
       SELECT id, 'ativa', $dia, $cursor, $cursor, $day FROM clients WHERE id NOT IN (SELECT client_id FROM subscriptions)`,
    )
    .run({ $dia: dia, $cursor: cursor, $day: `${cursor}-01` }).changes;
  db.close();
  return n;
}

/** The daily job as runJob runs it (a slice per immediate transaction, a turn between two), each slice timed, commit included. */
async function timedJob(db: Db, until: string): Promise<{ slices: number[]; total: number }> {
  const job = subscriptionsJob(0);
  const slices: number[] = [];
  const t0 = performance.now();
  for (let first = true; ; first = false) {
    const s0 = performance.now();
    const step = db.transaction(() => job.run(db, until, first), { behavior: "immediate" });
    slices.push(performance.now() - s0);
    if (typeof step !== "object" || step === null) return { slices, total: performance.now() - t0 };
    await turn();
  }
}

/** The daily run in this process, on copies of 2,000 clients: nothing due, then one month each. */
export async function benchSubscriptionRuns(dir: string, clientsDbPath: string, row: Row) {
  clock.timeZone = "America/Sao_Paulo";
  const path = join(dir, "subscriptions.db");
  const source = new Database(clientsDbPath, { readonly: true });
  source.exec(`VACUUM INTO '${path}'`);
  source.close();
  const day = today();
  // Due 20 days from now: past the 10-day lead time, so the first runs have nothing to do.
  const due = addDays(day, 20);
  const dia = Math.min(Number(due.slice(8)), 28);
  const n = subscribeEveryClient(path, monthOf(due), dia);
  const db = openDatabase(path);
  try {
    const idle: number[] = [];
    for (let i = 0; i < 21; i++) idle.push((await timedJob(db, day)).total);
    if (db.$client.query("SELECT 1 FROM receivables LIMIT 1").get()) throw new Error("nothing should be due");
    row(`daily job, ${n} active subscriptions, nothing to generate (no subscription read): median of 21`, ms(median(idle)), "≤ 5 ms");
    // Generating ahead to the due date bills every subscription's month once: each time on a fresh copy.
    const longest: number[] = [];
    const typical: number[] = [];
    const totals: number[] = [];
    let count = 0;
    for (let i = 0; i < 3; i++) {
      const copy = join(dir, `subscriptions-${i}.db`);
      db.$client.exec(`VACUUM INTO '${copy}'`);
      const fresh = openDatabase(copy);
      try {
        const { slices, total } = await timedJob(fresh, due);
        const generated = (fresh.$client.query("SELECT count(*) AS n FROM receivables WHERE subscription_id IS NOT NULL").get() as { n: number }).n;
        if (generated !== n) throw new Error(`expected ${n} months, got ${generated}`);
        longest.push(Math.max(...slices));
        typical.push(median(slices));
        totals.push(total);
        count = slices.length;
      } finally {
        fresh.$client.close();
      }
    }
    // Wall time, commit included: on a loaded machine a slice's wall time is mostly waiting for a core (the median says it).
    row(
      `daily job generating a month for ${n} subscriptions (installments, history, blocking) in ${count} slices: longest / median slice / total, medians of 3`,
      `${ms(median(longest))} / ${ms(median(typical))} / ${ms(median(totals))}`,
      "longest ≤ 25 ms",
    );
    // The same work in one transaction (what --dry-run does), rolled back to repeat.
    const busy: number[] = [];
    for (let i = 0; i < 5; i++) {
      const t0 = performance.now();
      let generated = 0;
      try {
        db.transaction(
          () => {
            generated = runSubscriptions(db, SYSTEM, 0, due).geradas;
            busy.push(performance.now() - t0);
            throw new Rollback();
          },
          { behavior: "immediate" },
        );
      } catch (error) {
        if (!(error instanceof Rollback)) throw error;
      }
      if (generated !== n) throw new Error(`expected ${n} months, got ${generated}`);
    }
    row(`the same in one transaction (cofre subscriptions run --dry-run): median of 5`, ms(median(busy)), "≤ 500 ms");
  } finally {
    db.$client.close();
  }
}

class Rollback extends Error {}

/** GET /subscriptions and its API, served by the binary: median and page weight. */
export async function benchSubscriptionsPage(base: string, cookie: string, label: string, row: Row) {
  for (const path of ["/subscriptions", "/subscriptions?ordem=-valor&pagina=3"]) {
    const html = await (await fetch(base + path, { headers: { cookie } })).text();
    row(`${path} (${label}): HTML raw / gzipped`, `${kb(html.length)} / ${kb(Bun.gzipSync(new TextEncoder().encode(html)).byteLength)}`, "flat as rows grow");
  }
  await load(`${base}/subscriptions`, cookie, 30, 1);
  const seq = await load(`${base}/subscriptions`, cookie, 200, 1);
  row(`GET /subscriptions (${label}): median / p99`, `${ms(seq.median)} / ${ms(seq.p99)}`, "median ≤ 25 ms");
}
