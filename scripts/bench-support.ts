// What the bench and the soak share: the built binary started on a loopback port, signed in,
// and measured (RSS, load from a second process, medians). Everything stays on 127.0.0.1.
import { Database } from "bun:sqlite";
import { copyFileSync, existsSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

export const ROOT = join(import.meta.dir, "..");
export const BINARY = join(ROOT, "dist", "cofre");

/** Exits with the reason when `bun run build` has not been run. */
export function requireBinary(): void {
  if (existsSync(BINARY)) return;
  console.error("dist/cofre not found: run `bun run build` first.");
  process.exit(1);
}

export type Row = (what: string, value: string, budget?: string) => void;

/** The bench's table, as every script prints it: its head, then a row as it comes. */
export const TABLE_HEAD = "| measure | value | budget |\n|---|---|---|";
export const printRow: Row = (what, value, budget = "") => console.log(`| ${what} | ${value} | ${budget} |`);
/** Rows kept while a bench runs (its progress goes to stderr), printed as one table at its end. */
export function printTable(rows: readonly [string, string, string][]): void {
  console.log(TABLE_HEAD);
  for (const [what, value, budget] of rows) printRow(what, value, budget);
}

/** A bench of one database file run alone (`bun scripts/<bench>.ts <database>`): its rows as a table. */
export async function benchAlone(usage: string, bench: (path: string, row: Row) => unknown): Promise<void> {
  const path = process.argv[2];
  if (!path) throw new Error(`usage: ${usage}`);
  console.log(TABLE_HEAD);
  await bench(path, printRow);
}
export interface LoadResult {
  count: number;
  failures: number;
  median: number;
  p99: number;
  rps: number;
}
export type Load = (url: string, cookie: string, total: number, concurrency: number, encoding?: string) => Promise<LoadResult>;

// COFRE_PORTS="41000-41099" hands out the ports to use, in turn (a sandbox that opens only
// some); otherwise the system picks a free one.
const portRange = process.env.COFRE_PORTS?.match(/^(\d+)-(\d+)$/);
let nextPort = portRange ? Number(portRange[1]) : 0;

export function freePort(): number {
  if (portRange) {
    const port = nextPort;
    nextPort = nextPort >= Number(portRange[2]) ? Number(portRange[1]) : nextPort + 1;
    refuseTakenPort(port);
    return port;
  }
  const server = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: () => new Response() });
  const port = server.port!;
  server.stop(true);
  return port;
}

/**
 * Stops the run when something already listens on `port` (COFRE_PORTS names a port another
 * program holds): the readiness probe would get that program's answers, and every figure after
 * it would measure someone else.
 */
export function refuseTakenPort(port: number): void {
  try {
    Bun.listen({ hostname: "127.0.0.1", port, socket: { data() {} } }).stop(true);
  } catch {
    throw new Error(`port ${port} on 127.0.0.1 is already in use: free it or name other ports in COFRE_PORTS (nothing was measured on it).`);
  }
}

/** The last `max` characters a stream wrote, read as it goes (a pipe left unread would fill and stall the writer). */
function tailOf(stream: ReadableStream<Uint8Array>, max = 8192): () => string {
  let text = "";
  void (async () => {
    const decoder = new TextDecoder();
    for await (const chunk of stream) text = (text + decoder.decode(chunk, { stream: true })).slice(-max);
  })().catch(() => {});
  return () => text;
}

export interface Running {
  proc: Bun.Subprocess;
  base: string;
  /** From spawn (exec) until `readyPath` answered 200. */
  ms: number;
}

/** dist/cofre serving `database` on a free loopback port, once `readyPath` answers 200. */
export async function startBinary(options: {
  database: string;
  cwd: string;
  admin: { email: string; password: string };
  readyPath?: string;
  stderr?: "inherit" | "ignore";
  /** More of the server's environment (bench-loop's BUN_OPTIONS preload). */
  env?: Record<string, string>;
  /** Another binary than dist/cofre (bench-whole-lists compares builds in the same run). */
  binary?: string;
}): Promise<Running> {
  const port = freePort();
  const base = `http://127.0.0.1:${port}`;
  const t0 = performance.now();
  const proc = Bun.spawn([options.binary ?? BINARY, "serve"], {
    cwd: options.cwd,
    env: { PATH: process.env.PATH, PORT: String(port), HOST: "127.0.0.1", DATABASE_PATH: options.database, ADMIN_EMAIL: options.admin.email, ADMIN_PASSWORD: options.admin.password, ...options.env },
    stdout: "ignore",
    // "ignore" keeps the server's log off the table, but its last words are kept for a failed start.
    stderr: options.stderr === "ignore" ? "pipe" : "inherit",
  });
  const stderr = proc.stderr instanceof ReadableStream ? tailOf(proc.stderr) : () => "(on the terminal above)";
  for (;;) {
    try {
      if ((await fetch(`${base}${options.readyPath ?? "/login"}`)).status === 200) break;
    } catch {
      // not listening yet
    }
    const failed = proc.exitCode !== null ? `the binary exited with code ${proc.exitCode} before answering` : performance.now() - t0 > 10_000 ? "the binary did not answer within 10 s" : null;
    if (failed) {
      proc.kill();
      await proc.exited;
      await Bun.sleep(50); // the last of its stderr
      throw new Error(`${failed} (port ${port}, database ${options.database}). Its error output:\n${stderr().trim() || "(empty)"}`);
    }
    await Bun.sleep(2);
  }
  return { proc, base, ms: performance.now() - t0 };
}

export async function stopBinary(running: { proc: Bun.Subprocess }, signal: NodeJS.Signals = "SIGTERM"): Promise<void> {
  running.proc.kill(signal);
  await running.proc.exited;
}

/** Signs in through the API: the session cookie ("cofre_session=…"). */
export async function signIn(base: string, admin: { email: string; password: string }): Promise<string> {
  const response = await fetch(`${base}/api/auth/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(admin) });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status}`);
  return response.headers.getSetCookie()[0]!.split(";")[0]!;
}

/** Bounded load from a second process (scripts/load.ts), so the generator does not share the server's loop. */
export const load: Load = async (url, cookie, total, concurrency, encoding = "gzip") => {
  const out = await Bun.$`bun ${join(ROOT, "scripts", "load.ts")} ${url} ${cookie} ${total} ${concurrency} 20 ${encoding}`.text();
  return JSON.parse(out) as LoadResult;
};

export const rssMb = (pid: number): number => Number(readFileSync(`/proc/${pid}/status`, "utf8").match(/VmRSS:\s+(\d+)/)![1]) / 1024;
export const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** An in-process figure: `f` run 3 times to warm up, then the median of 15 runs (ms). */
export function timed(f: () => unknown): number {
  for (let i = 0; i < 3; i++) f();
  const times: number[] = [];
  for (let i = 0; i < 15; i++) {
    const t0 = performance.now();
    f();
    times.push(performance.now() - t0);
  }
  return median(times);
}
export const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;
export const ms = (x: number, digits = 1): string => `${x.toFixed(digits)} ms`;

/** Waits until a hand-written baseline server (scripts/bench-baseline.ts) answers. */
export async function startBaseline(database: string): Promise<{ proc: Bun.Subprocess; base: string }> {
  const port = freePort();
  const proc = Bun.spawn(["bun", join(ROOT, "scripts", "bench-baseline.ts"), database, String(port)], { stdout: "ignore", stderr: "inherit" });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 500; i++) {
    try {
      if ((await fetch(`${base}/`)).ok) break;
    } catch {
      await Bun.sleep(10);
    }
  }
  return { proc, base };
}

/**
 * `database` created by the binary (its migrations), then filled by `cofre seed-demo --scale N`
 * with no server running: a server started beside the seeding ran its start-up jobs against the
 * seeding's writes, and both were slower for it (~5 min at --scale 200). The server is started
 * after this returns. COFRE_BENCH_SEEDS="dir" keeps each scale's file there and copies it next
 * time (a --scale 200 seed takes minutes); delete the folder after a change to seed-demo or the schema.
 */
export async function seededDatabase(database: string, scale: number, cwd: string, admin: { email: string; password: string }): Promise<void> {
  const cache = process.env.COFRE_BENCH_SEEDS;
  const kept = cache ? join(cache, `scale${scale}.db`) : null;
  if (kept && existsSync(kept)) {
    copyFileSync(kept, database);
    return;
  }
  await stopBinary(await startBinary({ database, cwd, admin, stderr: "ignore" }));
  await Bun.$`${BINARY} seed-demo --scale ${scale}`.env({ PATH: process.env.PATH, DATABASE_PATH: database }).quiet();
  if (kept) {
    mkdirSync(cache!, { recursive: true });
    // One file, whatever the WAL held: a copy a later run can open as it is.
    const db = new Database(database);
    db.exec(`VACUUM INTO '${kept.replaceAll("'", "''")}'`);
    db.close();
  }
}
