// `bun run soak`: the fault probe (kill -9 under writes, mixed load, a login burst, a held
// lock). Starts the built binary (dist/cofre; `bun run build` first) on a temp database, on
// 127.0.0.1 only, and prints one markdown table. Bounded in count and time (SOAK_SECONDS shortens the load phase). Not part
// of `bun test`: it takes about a minute and its figures depend on the machine.
import { Database } from "bun:sqlite";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { requireBinary, rssMb, signIn, startBinary, stopBinary } from "./bench-support";

requireBinary();
const ADMIN = { email: "soak@cofre.test", password: "soak-senha-forte" };
const KILL_ROUNDS = 20;
const LOAD_CLIENTS = 50;
const LOAD_SECONDS = Math.min(Number(process.env.SOAK_SECONDS ?? 30), 30);
const LOCK_MS = 5000;

const dir = mkdtempSync(join(tmpdir(), "cofre-soak-"));
const dbPath = join(dir, "app.db");
const rows: [string, string][] = [];
const row = (what: string, value: string) => {
  rows.push([what, value]);
  console.error(`  ${what}: ${value}`);
};

interface Server {
  proc: Bun.Subprocess;
  base: string;
  cookie: string;
}

async function start(): Promise<Server> {
  const { proc, base } = await startBinary({ database: dbPath, cwd: dir, admin: ADMIN, readyPath: "/healthz", stderr: "ignore" });
  return { proc, base, cookie: await signIn(base, ADMIN) };
}

const stop = (server: Server) => stopBinary(server);

const partner = (nome: string) => ({ nome, empresa: "Soak Ltda", email: "soak@cofre.test", telefone: "11912345678" });

function post(server: Server, path: string, body: unknown) {
  return fetch(server.base + path, {
    method: "POST",
    headers: { "content-type": "application/json", cookie: server.cookie, origin: server.base },
    body: JSON.stringify(body),
  });
}

const percentile = (xs: number[], p: number) => {
  if (xs.length === 0) return 0;
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};
const countBy = (xs: (number | string)[]) => {
  const counts = new Map<string, number>();
  for (const x of xs) counts.set(String(x), (counts.get(String(x)) ?? 0) + 1);
  return [...counts].sort().map(([k, n]) => `${n}×${k}`).join(", ");
};

/** kill -9 while four writers insert: every write the server acknowledged must be on disk. */
async function killUnderLoad() {
  const acknowledged: string[] = [];
  for (let round = 0; round < KILL_ROUNDS; round++) {
    const server = await start();
    let running = true;
    const writers = Array.from({ length: 4 }, async (_, w) => {
      for (let i = 0; running; i++) {
        const nome = `Soak r${round} w${w} n${i}`;
        try {
          if ((await post(server, "/api/partners", partner(nome))).status === 201) acknowledged.push(nome);
        } catch {
          return; // the process died mid-request: not acknowledged
        }
      }
    });
    await Bun.sleep(100 + Math.floor(Math.random() * 200));
    server.proc.kill("SIGKILL");
    await server.proc.exited;
    running = false;
    await Promise.all(writers);
  }
  const db = new Database(dbPath);
  const stored = new Set((db.query("select nome from partners").all() as { nome: string }[]).map((r) => r.nome));
  const integrity = (db.query("PRAGMA integrity_check").get() as { integrity_check: string }).integrity_check;
  db.close();
  const lost = acknowledged.filter((nome) => !stored.has(nome)).length;
  row(`kill -9 ×${KILL_ROUNDS} under write load: acknowledged writes / lost`, `${acknowledged.length} / ${lost}`);
  row("after the kills: PRAGMA integrity_check", integrity);
}

/** 50 clients, mixed reads and writes, for a bounded time, on a fresh database. */
async function mixedLoad() {
  rmSync(dbPath, { force: true });
  rmSync(`${dbPath}-wal`, { force: true });
  rmSync(`${dbPath}-shm`, { force: true });
  const server = await start();
  const rssBefore = rssMb(server.proc.pid!);
  const latencies: number[] = [];
  const statuses: number[] = [];
  let errors = 0;
  const until = performance.now() + LOAD_SECONDS * 1000;
  // Paged lists and every register's page (each renders one page of rows).
  const reads = ["/api/partners?pagina=1", "/api/clients?pagina=1", "/clients", "/partners", "/suppliers", "/", "/healthz", "/api/auth/me"];
  await Promise.all(
    Array.from({ length: LOAD_CLIENTS }, async (_, c) => {
      for (let i = 0; performance.now() < until; i++) {
        const t0 = performance.now();
        try {
          const write = i % 5 === 0;
          const response = write
            ? await post(server, "/api/partners", partner(`Carga c${c} n${i}`))
            : await fetch(server.base + reads[i % reads.length]!, { headers: { cookie: server.cookie, "accept-encoding": "gzip" } });
          await response.arrayBuffer();
          statuses.push(response.status);
        } catch {
          errors++;
        }
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const rssAfter = rssMb(server.proc.pid!);
  await stop(server);
  row(`${LOAD_CLIENTS} clients × ${LOAD_SECONDS} s mixed (1 write in 5): requests`, String(statuses.length + errors));
  row("  network errors / 5xx", `${errors} / ${statuses.filter((s) => s >= 500).length}`);
  row("  status codes", countBy(statuses));
  row("  p50 / p99", `${percentile(latencies, 50).toFixed(1)} ms / ${percentile(latencies, 99).toFixed(1)} ms`);
  row("  RSS before / after", `${rssBefore.toFixed(1)} MB / ${rssAfter.toFixed(1)} MB`);
}

/** 40 parallel logins, the right password last: at most 5 passwords may be checked. */
async function loginBurst() {
  const server = await start();
  const attempts = [...Array.from({ length: 39 }, (_, i) => ({ email: ADMIN.email, password: `chute-${i}` })), ADMIN];
  const statuses = await Promise.all(
    attempts.map(async (body) => {
      const response = await fetch(`${server.base}/api/auth/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
      return response.status;
    }),
  );
  await stop(server);
  row("parallel login burst ×40 (right password last): failures evaluated (401)", String(statuses.filter((s) => s === 401).length));
  row("  all answers / the right password's", `${countBy(statuses)} / ${statuses.at(-1)}`);
}

/** Another process holds the write lock for LOCK_MS: writes answer 503, reads and /healthz stay quick. */
async function lockHeld() {
  const server = await start();
  const holder = Bun.spawn(
    ["bun", "-e", `const { Database } = require("bun:sqlite"); const db = new Database(${JSON.stringify(dbPath)}); db.exec("BEGIN IMMEDIATE"); console.log("locked"); await Bun.sleep(${LOCK_MS}); db.exec("ROLLBACK");`],
    { stdout: "pipe", stderr: "inherit" },
  );
  const reader = holder.stdout.getReader();
  await reader.read(); // "locked"
  const lockedUntil = performance.now() + LOCK_MS - 200;
  const writes: number[] = [];
  const readStatuses: number[] = [];
  let longestHealth = 0;
  let longestWrite = 0;
  const writers = Array.from({ length: 4 }, async (_, w) => {
    for (let i = 0; performance.now() < lockedUntil; i++) {
      const t0 = performance.now();
      const response = await post(server, "/api/partners", partner(`Trava w${w} n${i}`));
      await response.arrayBuffer();
      longestWrite = Math.max(longestWrite, performance.now() - t0);
      writes.push(response.status);
    }
  });
  const health = (async () => {
    while (performance.now() < lockedUntil) {
      const t0 = performance.now();
      const response = await fetch(`${server.base}/healthz`);
      await response.arrayBuffer();
      longestHealth = Math.max(longestHealth, performance.now() - t0);
      readStatuses.push(response.status);
      const list = await fetch(`${server.base}/api/partners?pagina=1`, { headers: { cookie: server.cookie } });
      await list.arrayBuffer();
      readStatuses.push(list.status);
    }
  })();
  await Promise.all([...writers, health]);
  await holder.exited;
  const after = await post(server, "/api/partners", partner("Depois da trava"));
  await stop(server);
  row(`write lock held ${LOCK_MS / 1000} s by another process: writes`, countBy(writes));
  row("  reads and /healthz meanwhile", countBy(readStatuses));
  row("  longest /healthz / longest write answer", `${longestHealth.toFixed(0)} ms / ${longestWrite.toFixed(0)} ms`);
  row("  first write after the lock", String(after.status));
}

try {
  console.error("cofre soak (127.0.0.1, temp database):");
  await killUnderLoad();
  await mixedLoad();
  await loginBurst();
  await lockHeld();
  console.log("\n| probe | result |\n|---|---|");
  for (const [what, value] of rows) console.log(`| ${what} | ${value} |`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
