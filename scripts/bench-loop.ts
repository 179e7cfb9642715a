// Issue 38 §3's row: nothing holds the loop > 25 ms. /healthz is asked every 5 ms while four
// people pull the heaviest answers back to back (the whole lists and the exports, every row of
// each) and, meanwhile, a subscription generation (next month's installments of every
// subscription, POST /api/subscriptions/run) and an OFX import (POST /api/statements) run.
// In the bench on its --scale 50 database; on its own, on a copy of any seeded file:
//   bun scripts/bench-loop.ts tmp/scale200.db
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { endOfNextMonth } from "../src/api/subscriptions/model";
import { generateOfx } from "../tests/fixtures/ofx/generate";
import { ms, printRow, requireBinary, TABLE_HEAD, signIn, startBinary, stopBinary, type Row } from "./bench-support";

const HEAVY = ["/api/installments", "/receivables/export", "/api/payables", "/history/export", "/api/clients", "/payables/export"];
const PEOPLE = 4;
/** Postings in the imported statement (~0.8 MB). */
const POSTINGS = 5_000;

const drain = async (response: Response) => {
  await response.arrayBuffer();
  return response.status;
};

/**
 * `parts` (default all three): which of the pulls, the generation and the import run — alone, to
 * find which one holds the loop (`LOOP_PARTS=pulls,import bun scripts/bench-loop.ts …`).
 */
export async function benchLoopHeld(base: string, cookie: string, label: string, row: Row, parts = ["pulls", "generation", "import"]): Promise<{ from: number; to: number }> {
  const json = { cookie, "content-type": "application/json" };
  let running = true;
  const pulled: number[] = [];
  const people = Array.from({ length: parts.includes("pulls") ? PEOPLE : 0 }, async (_, person) => {
    for (let i = person; running; i++) pulled.push(await drain(await fetch(base + HEAVY[i % HEAVY.length], { headers: { cookie, "accept-encoding": "gzip" } })));
  });
  // On its own thread (scripts/bench-probe.ts): what it times is the server's wait, not this thread's.
  const probeThread = new Worker(new URL("./bench-probe.ts", import.meta.url));
  const prober = new Promise<number[]>((resolve) => (probeThread.onmessage = ({ data }: MessageEvent<number[]>) => resolve(data)));
  probeThread.postMessage({ url: `${base}/healthz`, everyMs: 5 });
  await Bun.sleep(300); // the pulls under way
  const from = Date.now();
  // The server's today (APP_TZ's default zone): the furthest month it lets a click generate.
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format(new Date());
  const t0 = performance.now();
  const skipped = Promise.resolve({ status: 0, body: {} as { geradas?: number }, ms: 0 });
  const [generation, upload] = await Promise.all([
    !parts.includes("generation") ? skipped : fetch(`${base}/api/subscriptions/run`, { method: "POST", headers: json, body: JSON.stringify({ vencimentoAte: endOfNextMonth(today) }) }).then(async (r) => ({ status: r.status, body: (await r.json()) as { geradas?: number }, ms: performance.now() - t0 })),
    !parts.includes("import") ? skipped : fetch(`${base}/api/statements?arquivo=bench-loop.ofx`, { method: "POST", headers: { cookie, "content-type": "application/octet-stream" }, body: generateOfx(POSTINGS).bytes as Uint8Array<ArrayBuffer> }).then(async (r) => ({ status: r.status, ms: (await drain(r), performance.now() - t0) })),
  ]);
  const minimum = t0 + 3000;
  if (performance.now() < minimum) await Bun.sleep(minimum - performance.now());
  const to = Date.now();
  running = false;
  probeThread.postMessage("stop");
  const [probes] = await Promise.all([prober, ...people]);
  void probeThread.terminate();
  const sorted = [...probes].sort((a, b) => a - b);
  const failed = pulled.filter((status) => status !== 200).length;
  row(
    `${label}${parts.length < 3 ? ` [${parts.join(", ")} only]` : ""}: generation (${generation.status}, ${generation.body.geradas ?? 0} installments, ${ms(generation.ms, 0)}) and OFX import (${upload.status}, ${POSTINGS} postings, ${ms(upload.ms, 0)}) while ${PEOPLE} people pull whole lists and exports (${pulled.length} answers${failed ? `, ${failed} not 200` : ""}): /healthz every 5 ms (${probes.length} probes, ${probes.filter((p) => p > 25).length} over 25 ms) p50 / p99 / longest`,
    `${ms(sorted[Math.floor(sorted.length / 2)]!)} / ${ms(sorted[Math.floor(sorted.length * 0.99)]!)} / ${ms(sorted.at(-1)!)}`,
    "longest ≤ 25 ms",
  );
  return { from, to };
}

/**
 * The server's own loop over `window`, from scripts/loop-held.ts's file: its longest ticks by its
 * thread's CPU, and the longest one that wrote to disk (a write waiting for the disk holds the
 * loop without CPU: SQLite's checkpoint did, 20–50 ms).
 */
function heldRow(file: string, window: { from: number; to: number }, row: Row): void {
  const ticks = (JSON.parse(readFileSync(file, "utf8")) as [number, number, number, number][]).filter(([at]) => at >= window.from && at <= window.to + 50);
  const byCpu = [...ticks].sort((a, b) => b[2] - a[2]).slice(0, 3);
  const writing = ticks.filter(([, , , kb]) => kb > 0).sort((a, b) => b[1] - a[1])[0];
  row(
    "the same run, the server's own loop (scripts/loop-held.ts): its longest ticks by its thread's CPU, cpu / wall (a wait for a busy machine's CPU does not count); the longest tick that wrote to disk",
    `${byCpu.map(([, wall, cpu]) => `${ms(cpu)} / ${ms(wall)}`).join(", ") || "none over 3 ms"}; ${writing ? `${ms(writing[1])} writing ${Math.round(writing[3]).toLocaleString("en")} KB` : "none over 10 ms"}`,
    "longest ≤ 25 ms",
  );
}

if (import.meta.main) {
  const source = process.argv[2];
  if (!source || !existsSync(source)) throw new Error("usage: bun scripts/bench-loop.ts <database seeded with seed-demo>");
  requireBinary();
  const dir = mkdtempSync(join(tmpdir(), "cofre-bench-loop-"));
  const admin = { email: "bench@cofre.test", password: "bench-senha" };
  try {
    // A copy: the generation and the import write.
    copyFileSync(source, join(dir, "app.db"));
    const heldFile = join(dir, "held.json");
    const env = { BUN_OPTIONS: `--preload ${join(import.meta.dir, "loop-held.ts")}`, LOOP_HELD_FILE: heldFile };
    const server = await startBinary({ database: join(dir, "app.db"), cwd: dir, admin, stderr: "ignore", env });
    const row = printRow;
    let window: { from: number; to: number };
    try {
      console.log(TABLE_HEAD);
      const parts = process.env.LOOP_PARTS?.split(",");
      window = await benchLoopHeld(server.base, await signIn(server.base, admin), source, row, parts);
    } finally {
      await stopBinary(server);
    }
    heldRow(heldFile, window, row);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
