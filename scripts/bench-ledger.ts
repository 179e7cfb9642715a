// Bench rows for receivables and payables, on a `seed-demo --scale 50` database
// the bench's binary is serving: the whole lists against a hand-written baseline (prepared
// bun:sqlite query + JSON.stringify, scripts/bench-baseline.ts) with requests alternating
// between them (scripts/bench-lists.ts), and
// the median of paying one installment (blocking included), then deep pages (bench-pages.ts).
import { Database } from "bun:sqlite";
import { median, ms, startBaseline, type Row } from "./bench-support";
import { compareWholeLists, LEDGER_BLOCKS, LEDGER_LISTS, ratioText } from "./bench-lists";
import { benchPages } from "./bench-pages";

export async function benchLedger(base: string, cookie: string, dbPath: string, row: Row) {
  const baseline = await startBaseline(dbPath);
  try {
    const db = new Database(dbPath, { readonly: true });
    const counts = db.query("select (select count(*) from receivables) r, (select count(*) from payables) p").get() as { r: number; p: number };
    const rowCounts: Record<string, number> = { "/api/installments": counts.r, "/api/payables": counts.p };
    // Alternating with the baseline, the same JSON text checked (scripts/bench-lists.ts).
    for (const list of LEDGER_LISTS) {
      const [result] = await compareWholeLists(baseline.base, [{ name: "cofre", base, cookie }], [list], { runs: 3, ...LEDGER_BLOCKS });
      const api = result!.servers[0]!;
      row(`GET ${list.api} (all ${rowCounts[list.api]} rows, uncompressed): median`, ms(api.median));
      row(`GET ${list.api} ÷ prepared bun:sqlite query + JSON.stringify (median ${ms(result!.bare)}; alternating, median of 3 runs)`, ratioText(api), "≤ 1.2× (issue 38 §6)");
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
