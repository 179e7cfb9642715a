// Bench rows for the history (issue 11), on the `seed-demo --scale 50` database the bench's
// binary is serving: what recording adds to a payment (the tree before recording against this
// one, in-process, each on a copy of the same database) and the /history first page once
// 500,000 events are seeded by SQL.
import { Database } from "bun:sqlite";
import { mkdirSync, symlinkSync } from "node:fs";
import { join } from "node:path";

type Load = (url: string, cookie: string, total: number, concurrency: number, encoding?: string) => Promise<{ median: number; p99: number }>;
type Row = (what: string, value: string, budget?: string) => void;

const ROOT = join(import.meta.dir, "..");
/** The parent of 984c0fc ("History recording: …"): the tree before any event was written. */
const BEFORE_RECORDING = "9168b80";
const ms = (x: number) => `${x.toFixed(2)} ms`;

export async function benchHistory(base: string, cookie: string, dbPath: string, dir: string, load: Load, row: Row) {
  await recordingCost(dbPath, dir, row);
  await historyPage(base, cookie, dbPath, load, row);
}

async function recordingCost(dbPath: string, dir: string, row: Row) {
  const before = join(dir, "before-history");
  mkdirSync(before, { recursive: true });
  await Bun.$`git -C ${ROOT} archive ${BEFORE_RECORDING} db src | tar -x -C ${before}`.quiet();
  symlinkSync(join(ROOT, "node_modules"), join(before, "node_modules"));
  const source = new Database(dbPath, { readonly: true });
  const receivables = (source.query("select count(*) n from receivables").get() as { n: number }).n;
  const copies = { before: join(dir, "pay-before.db"), after: join(dir, "pay-after.db") };
  for (const copy of Object.values(copies)) source.exec(`VACUUM INTO '${copy}'`);
  source.close();
  const run = async (root: string, database: string) =>
    JSON.parse(await Bun.$`bun ${join(import.meta.dir, "bench-history-pay.ts")} ${root} ${database}`.text()) as { median: number };
  // Alternated, so a noisy moment of the machine does not land on one side only.
  const medians = { before: [] as number[], after: [] as number[] };
  for (let round = 0; round < 2; round++) {
    for (const side of ["before", "after"] as const) {
      await Bun.$`cp ${copies[side]} ${copies[side]}.run`.quiet();
      medians[side].push((await run(side === "before" ? before : ROOT, `${copies[side]}.run`)).median);
    }
  }
  const b = Math.min(...medians.before);
  const a = Math.min(...medians.after);
  row(`payInstallment in-process at ${receivables} receivables (100 payments, best of 2 medians): before / after recording`, `${ms(b)} / ${ms(a)}`);
  row("… added by recording the payment's event (after − before)", ms(a - b), "< 0.5 ms");
}

async function historyPage(base: string, cookie: string, dbPath: string, load: Load, row: Row) {
  const db = new Database(dbPath);
  db.exec("PRAGMA busy_timeout = 5000");
  const seeded = (db.query("select count(*) n from history_events").get() as { n: number }).n;
  // 500,000 payments of a year, a minute apart, as the app writes them (label, details JSON).
  db.exec(`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 500000)
    INSERT INTO history_events (at, user_id, user_email, action, entity, entity_id, label, details, client_id, busca)
    SELECT strftime('%Y-%m-%dT%H:%M:%fZ', '2025-01-01', '+' || i || ' minutes'), 1, 'financeiro@cofre.test', 'pay', 'installment', i,
      'Cliente ' || (i % 2000) || ' — parcela ' || (i % 12 + 1) || '/12',
      '{"dataPagamento":"2025-03-12","valorPago":"355.00","multa":"7.00","juros":"1.17","valor":"347.83"}', i % 2000 + 1,
      'cliente ' || (i % 2000) || ' — parcela ' || (i % 12 + 1) || '/12 financeiro@cofre.test' FROM n`);
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
}
