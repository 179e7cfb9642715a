// Bench rows for receivables and payables, on a `seed-demo --scale 50` database
// the bench's binary is serving: the whole lists against a hand-written baseline (prepared
// bun:sqlite query + JSON.stringify, scripts/bench-baseline.ts) measured in the same run, and
// the median of paying one installment (blocking included), then deep pages (bench-pages.ts).
import { Database } from "bun:sqlite";
import { load, median, ms, startBaseline, type Row } from "./bench-support";
import { benchPages } from "./bench-pages";

export async function benchLedger(base: string, cookie: string, dbPath: string, row: Row) {
  const baseline = await startBaseline(dbPath);
  try {
    const db = new Database(dbPath, { readonly: true });
    const counts = db.query("select (select count(*) from receivables) r, (select count(*) from payables) p").get() as { r: number; p: number };
    for (const [label, path, n] of [["GET /api/installments", "installments", counts.r], ["GET /api/payables", "payables", counts.p]] as const) {
      // Both uncompressed: the comparison is of the work, not of gzip.
      await load(`${base}/api/${path}`, cookie, 10, 1, "identity");
      const api = await load(`${base}/api/${path}`, cookie, 50, 1, "identity");
      await load(`${baseline.base}/${path}`, "", 10, 1, "identity");
      const bare = await load(`${baseline.base}/${path}`, "", 50, 1, "identity");
      row(`${label} (all ${n} rows, uncompressed): median / p99`, `${ms(api.median)} / ${ms(api.p99)}`);
      row(`${label} ÷ prepared bun:sqlite query + JSON.stringify (median ${ms(bare.median)})`, `${(api.median / bare.median).toFixed(2)}×`, "≤ 1.2× (issue 21 §4)");
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
    // Page 1, the middle and the last page of every sort (issue 21 §1).
    benchPages(dbPath, row);
  } finally {
    baseline.proc.kill();
  }
}
