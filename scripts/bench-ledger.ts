// Bench rows for receivables and payables (issues 7 and 8), on a `seed-demo --scale 50` database
// the bench's binary is serving: the whole lists against a hand-written baseline (prepared
// bun:sqlite query + JSON.stringify, scripts/bench-baseline.ts) measured in the same run, and
// the median of paying one installment (blocking included).
import { Database } from "bun:sqlite";
import { join } from "node:path";

type Load = (url: string, cookie: string, total: number, concurrency: number, encoding?: string) => Promise<{ median: number; p99: number }>;
type Row = (what: string, value: string, budget?: string) => void;

const ms = (x: number) => `${x.toFixed(1)} ms`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export async function benchLedger(base: string, cookie: string, dbPath: string, load: Load, row: Row, freePort: () => number) {
  const port = freePort();
  const baseline = Bun.spawn(["bun", join(import.meta.dir, "bench-baseline.ts"), dbPath, String(port)], { stdout: "ignore", stderr: "inherit" });
  try {
    for (let i = 0; i < 500; i++) {
      try {
        if ((await fetch(`http://127.0.0.1:${port}/`)).ok) break;
      } catch {
        await Bun.sleep(10);
      }
    }
    const db = new Database(dbPath, { readonly: true });
    const counts = db.query("select (select count(*) from receivables) r, (select count(*) from payables) p").get() as { r: number; p: number };
    for (const [label, path, n] of [["GET /api/installments", "installments", counts.r], ["GET /api/payables", "payables", counts.p]] as const) {
      // Both uncompressed: the comparison is of the work, not of gzip.
      await load(`${base}/api/${path}`, cookie, 10, 1, "identity");
      const api = await load(`${base}/api/${path}`, cookie, 50, 1, "identity");
      await load(`http://127.0.0.1:${port}/${path}`, "", 10, 1, "identity");
      const bare = await load(`http://127.0.0.1:${port}/${path}`, "", 50, 1, "identity");
      row(`${label} (all ${n} rows, uncompressed): median / p99`, `${ms(api.median)} / ${ms(api.p99)}`);
      row(`${label} ÷ prepared bun:sqlite query + JSON.stringify (median ${ms(bare.median)})`, `${(api.median / bare.median).toFixed(2)}×`, "≤ 1.3×");
    }

    // 20 payments to warm up, then 100 measured, each a different open installment.
    const open = (db.query("select id from receivables where status = 'em_aberto' order by id limit 120").all() as { id: number }[]).map((r) => r.id);
    db.close();
    const times: number[] = [];
    for (const [k, id] of open.entries()) {
      const t0 = performance.now();
      const response = await fetch(`${base}/api/installments/${id}/pay`, { method: "PATCH", headers: { cookie } });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`pay ${id}: ${response.status}`);
      if (k >= 20) times.push(performance.now() - t0);
    }
    row(`PATCH /api/installments/:id/pay incl. blocking (${counts.r} rows, 100 payments): median`, ms(median(times)), "< 5 ms");
  } finally {
    baseline.kill();
  }
}
