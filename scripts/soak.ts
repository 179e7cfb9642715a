// `bun run soak`: the fault probe (kill -9 under writes, mixed load, a login burst, a held
// lock). Starts the built binary (dist/cofre; `bun run build` first) on a temp database, on
// 127.0.0.1 only, and prints one markdown table. Bounded in count and time: SOAK_SECONDS
// shortens the load phase, SOAK_KILLS the kills, COFRE_PORTS="A-B" names the ports. Not part
// of `bun test`: it takes about a minute and its figures depend on the machine.
import { Database } from "bun:sqlite";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { cnpjCheckDigits } from "../src/lib/brazil";
import { BINARY, freePort, requireBinary, ROOT, rssMb, seededDatabase, signIn, startBinary, stopBinary } from "./bench-support";

requireBinary();
const ADMIN = { email: "soak@cofre.test", password: "soak-senha-forte" };
const KILL_ROUNDS = Math.max(1, Math.min(Number(process.env.SOAK_KILLS ?? 20), 100));
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

/** Today in São Paulo (the binary's APP_TZ), as the server computes "overdue". */
const todaySaoPaulo = () => new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format(new Date());
const daysFrom = (iso: string, days: number) => new Date(Date.parse(`${iso}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

function send(server: Server, method: string, path: string, body?: unknown) {
  return fetch(server.base + path, {
    method,
    headers: { "content-type": "application/json", cookie: server.cookie, origin: server.base },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

type MoneyAction = "generate" | "pay" | "undo_payment" | "redate" | "delete";

/**
 * kill -9 while four writers move money (generate, pay, undo, re-date, delete receivables of
 * ten clients). After every kill, on the file the dead server left: every acknowledged change
 * is there with exactly its one history event, no batch is half written, each client's
 * automatic block matches its overdue installments, and the file passes integrity_check.
 */
async function killUnderLoad() {
  const acknowledged = new Map<MoneyAction, number>();
  const attempted = new Map<MoneyAction, number>();
  const ackedPairs: string[] = []; // "action:installmentId" of each acknowledged change
  const ackedBatches = new Set<string>();
  const open: number[] = [];
  const paid: number[] = [];
  const violations: string[] = [];
  let clientIds: number[] = [];
  let writes = 0;
  let redates = 0;
  const pick = (ids: number[]) => ids[Math.floor(Math.random() * ids.length)];
  const count = (map: Map<MoneyAction, number>, action: MoneyAction) => map.set(action, (map.get(action) ?? 0) + 1);

  for (let round = 0; round < KILL_ROUNDS; round++) {
    const server = await start();
    if (round === 0) {
      for (let c = 0; c < 10; c++) {
        const base = `1122233300${String(c).padStart(2, "0")}`;
        const response = await send(server, "POST", "/api/clients", {
          nome: `Soak Cliente ${c}`, cnpj: base + cnpjCheckDigits(base), contato: "Soak", telefone: "11987654321",
          email: `c${c}@soak.test`, valorMensalidade: "100.00", codigoCliente: `SOAK-${c}`, isTrial: false,
        });
        if (response.status !== 201) throw new Error(`client ${c}: ${response.status} ${await response.text()}`);
        clientIds.push(((await response.json()) as { id: number }).id);
      }
    }
    let running = true;
    const writers = Array.from({ length: 4 }, async (_, w) => {
      for (let i = 0; running; i++) {
        const roll = Math.random();
        const today = todaySaoPaulo();
        let action: MoneyAction;
        let path: string;
        let method: string;
        let body: unknown;
        let target: number | undefined;
        const descricao = `Soak r${round} w${w} n${i}`;
        if (roll < 0.3 || open.length < 8) {
          action = "generate";
          method = "POST";
          path = "/api/installments/generate";
          const start = daysFrom(today, Math.random() < 0.5 ? -40 : 20);
          body = { clientId: pick(clientIds), numParcelas: 3, valor: "300.00", primeiroVencimento: start, descricao };
        } else if (roll < 0.55 && (target = pick(open)) !== undefined) {
          action = "pay";
          method = "PATCH";
          path = `/api/installments/${target}/pay`;
        } else if (roll < 0.7 && (target = pick(paid)) !== undefined) {
          action = "undo_payment";
          method = "POST";
          path = `/api/installments/${target}/undo-payment`;
        } else if (roll < 0.85 && (target = pick(open)) !== undefined) {
          action = "redate";
          method = "PATCH";
          path = `/api/installments/${target}/due-date`;
          // A date no row has yet (the same date would be no change, and record none).
          redates++;
          body = { dataVencimento: daysFrom(today, (redates % 2 ? -1 : 1) * (200 + redates)) };
        } else if ((target = pick(open)) !== undefined) {
          action = "delete";
          method = "DELETE";
          path = `/api/installments/${target}`;
        } else continue;
        count(attempted, action);
        try {
          const response = await send(server, method, path, body);
          const answer = response.status < 300 ? ((await response.json()) as { installments?: { id: number }[] }) : (await response.arrayBuffer(), null);
          if (!answer) continue;
          writes++;
          count(acknowledged, action);
          if (action === "generate") {
            const ids = answer.installments!.map((r) => r.id);
            ackedBatches.add(descricao);
            open.push(...ids);
            ackedPairs.push(`generate:${ids[0]}`);
          } else {
            ackedPairs.push(`${action}:${target}`);
            const from = action === "undo_payment" ? paid : open;
            if (action !== "redate") from.splice(from.indexOf(target!), 1);
            if (action === "pay") paid.push(target!);
            if (action === "undo_payment") open.push(target!);
          }
        } catch {
          return; // the process died mid-request: not acknowledged
        }
      }
    });
    await Bun.sleep(150 + Math.floor(Math.random() * 250));
    server.proc.kill("SIGKILL");
    await server.proc.exited;
    running = false;
    await Promise.all(writers);
    violations.push(...checkMoneyInvariants(round, ackedPairs, ackedBatches, acknowledged, attempted));
  }
  row(`kill -9 ×${KILL_ROUNDS} under money writes (generate, pay, undo, re-date, delete): acknowledged changes`, String(writes));
  row("  acknowledged changes missing, or without exactly their one event", String(violations.filter((v) => v.startsWith("lost") || v.startsWith("event")).length));
  row("  half-written batches / blocking inconsistent / integrity_check failures", ["batch", "blocking", "integrity"].map((k) => violations.filter((v) => v.startsWith(k)).length).join(" / "));
  for (const v of violations.slice(0, 10)) console.error(`    ${v}`);
}

/** The invariants of the file a killed server left; each violation as one line. */
function checkMoneyInvariants(round: number, ackedPairs: string[], ackedBatches: Set<string>, acknowledged: Map<MoneyAction, number>, attempted: Map<MoneyAction, number>): string[] {
  const out: string[] = [];
  const db = new Database(dbPath);
  try {
    const integrity = (db.query("PRAGMA integrity_check").get() as { integrity_check: string }).integrity_check;
    if (integrity !== "ok") out.push(`integrity r${round}: ${integrity}`);
    // Each acknowledged change has its event (a delete's event outlives the row).
    const events = db.query("SELECT action, entity_id AS id FROM history_events WHERE entity = 'installment'").all() as { action: string; id: number }[];
    const eventCounts = new Map<string, number>();
    for (const e of events) eventCounts.set(`${e.action}:${e.id}`, (eventCounts.get(`${e.action}:${e.id}`) ?? 0) + 1);
    const ackCounts = new Map<string, number>();
    for (const pair of ackedPairs) ackCounts.set(pair, (ackCounts.get(pair) ?? 0) + 1);
    for (const [pair, n] of ackCounts) if ((eventCounts.get(pair) ?? 0) < n) out.push(`lost r${round}: ${pair} acknowledged ${n}×, ${eventCounts.get(pair) ?? 0} events`);
    // No more events than changes sent: at most the unacknowledged ones (cut off by a kill) add any.
    for (const action of ["generate", "pay", "undo_payment", "redate", "delete"] as MoneyAction[]) {
      const n = events.filter((e) => e.action === action).length;
      const acked = acknowledged.get(action) ?? 0;
      const sent = attempted.get(action) ?? 0;
      if (n < acked || n > sent) out.push(`events r${round}: ${action} has ${n} events for ${acked} acknowledged of ${sent} sent`);
    }
    // A batch is all there or not at all: its rows plus its deleted rows make 3.
    const deleted = new Map(
      (db.query("SELECT json_extract(details, '$.registro.descricao') AS d, count(*) AS n FROM history_events WHERE action = 'delete' AND entity = 'installment' GROUP BY d").all() as { d: string; n: number }[]).map((r) => [r.d, r.n]),
    );
    const rows = new Map((db.query("SELECT descricao AS d, count(*) AS n FROM receivables WHERE descricao LIKE 'Soak %' GROUP BY descricao").all() as { d: string; n: number }[]).map((r) => [r.d, r.n]));
    for (const [d, n] of rows) if (n + (deleted.get(d) ?? 0) !== 3) out.push(`batch r${round}: ${d} has ${n} rows and ${deleted.get(d) ?? 0} deleted, of 3`);
    for (const d of ackedBatches) if (!rows.has(d) && deleted.get(d) !== 3) out.push(`lost r${round}: batch ${d} acknowledged, not in the file`);
    // Automatic blocking follows the overdue installments (the soak never blocks by hand).
    const today = todaySaoPaulo();
    const wrong = db
      .query(`SELECT c.id, c.status_bloqueio AS blocked, EXISTS (SELECT 1 FROM receivables r WHERE r.client_id = c.id AND r.status = 'em_aberto' AND r.data_vencimento < $today) AS overdue
        FROM clients c WHERE c.nome LIKE 'Soak %'`)
      .all({ $today: today }) as { id: number; blocked: number; overdue: number }[];
    for (const c of wrong) if (c.blocked !== c.overdue) out.push(`blocking r${round}: client ${c.id} blocked=${c.blocked} overdue=${c.overdue}`);
  } finally {
    db.close();
  }
  return out;
}

/** The mixed load's reads: paged lists and every register's page (each renders one page of rows). */
const MIXED_READS = ["/api/partners?pagina=1", "/api/clients?pagina=1", "/clients", "/partners", "/suppliers", "/", "/healthz", "/api/auth/me"];

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
  await Promise.all(
    Array.from({ length: LOAD_CLIENTS }, async (_, c) => {
      for (let i = 0; performance.now() < until; i++) {
        const t0 = performance.now();
        try {
          const write = i % 5 === 0;
          const response = write
            ? await post(server, "/api/partners", partner(`Carga c${c} n${i}`))
            : await fetch(server.base + MIXED_READS[i % MIXED_READS.length]!, { headers: { cookie: server.cookie, "accept-encoding": "gzip" } });
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

/**
 * The mix above on `seed-demo --scale 50` (about 2,000 clients and 49,000 receivables), as the
 * speed issue defines it: the same reads and one write in five, but one read in four is a deep
 * page of a list (or a report), while one person exports back to back (receivables, payables,
 * the history trail: every row of each), and /healthz is timed on its own. Budgets:
 * ≥ 400 req/s, p99 ≤ 250 ms, /healthz p99 ≤ 50 ms, no 5xx, RSS back under 150 MB after it.
 */
async function mixedLoadAtScale() {
  const scaled = join(dir, "scale50.db");
  await seededDatabase(scaled, 50, dir, ADMIN);
  const server = await startBinary({ database: scaled, cwd: dir, admin: ADMIN, readyPath: "/healthz", stderr: "ignore" });
  const base = { ...server, cookie: await signIn(server.base, ADMIN) };
  const rssBefore = rssMb(server.proc.pid!);
  const deep = [
    "/receivables?pagina=500", "/api/installments?pagina=900", "/receivables?status=pago&ordem=descricao&pagina=300",
    "/payables?pagina=200", "/clients?pagina=40", "/history?pagina=200", "/reports?aba=fluxo",
  ];
  const exportsInTurn = ["/receivables/export", "/payables/export", "/history/export"];
  const latencies: number[] = [];
  const health: number[] = [];
  const statuses: number[] = [];
  const exported: number[] = [];
  let errors = 0;
  const started = performance.now();
  const until = started + LOAD_SECONDS * 1000;
  const get = (path: string) => fetch(base.base + path, { headers: { cookie: base.cookie, "accept-encoding": "gzip" } });
  const clients = Array.from({ length: LOAD_CLIENTS }, async (_, c) => {
    let reads = c;
    for (let i = c; performance.now() < until; i++) {
      const t0 = performance.now();
      try {
        let response: Response;
        if (i % 5 === 0) response = await post(base, "/api/partners", partner(`Escala c${c} n${i}`));
        else {
          reads++;
          response = await get(reads % 4 === 0 ? deep[(reads / 4) % deep.length]! : MIXED_READS[reads % MIXED_READS.length]!);
        }
        await response.arrayBuffer();
        statuses.push(response.status);
      } catch {
        errors++;
      }
      latencies.push(performance.now() - t0);
    }
  });
  const exporter = (async () => {
    for (let i = 0; performance.now() < until; i++) {
      const t0 = performance.now();
      const response = await get(exportsInTurn[i % exportsInTurn.length]!);
      await response.arrayBuffer();
      statuses.push(response.status);
      exported.push(performance.now() - t0);
    }
  })();
  const healthProbe = (async () => {
    while (performance.now() < until) {
      const t0 = performance.now();
      await (await fetch(`${base.base}/healthz`)).arrayBuffer();
      health.push(performance.now() - t0);
      await Bun.sleep(50);
    }
  })();
  await Promise.all(clients);
  // The clients' time: the export under way when they stop may take a few seconds more.
  const seconds = (performance.now() - started) / 1000;
  await Promise.all([exporter, healthProbe]);
  const rssAfter = rssMb(server.proc.pid!);
  await Bun.sleep(8000);
  const rssLater = rssMb(server.proc.pid!);
  await stopBinary(server);
  row(`${LOAD_CLIENTS} clients × ${LOAD_SECONDS} s at seed-demo --scale 50 (1 read in 4 deep, 1 write in 5, one person exporting): requests, req/s (≥ 400)`, `${latencies.length}, ${(latencies.length / seconds).toFixed(0)}`);
  row("  network errors / 5xx (0)", `${errors} / ${statuses.filter((s) => s >= 500).length}`);
  row("  p50 / p99 (≤ 250 ms); /healthz p99 (≤ 50 ms)", `${percentile(latencies, 50).toFixed(1)} ms / ${percentile(latencies, 99).toFixed(1)} ms; ${percentile(health, 99).toFixed(1)} ms`);
  row("  exports done meanwhile, median time", `${exported.length}, ${(percentile(exported, 50) / 1000).toFixed(1)} s`);
  row("  RSS before / right after / 8 s later (≤ 150 MB)", `${rssBefore.toFixed(1)} / ${rssAfter.toFixed(1)} / ${rssLater.toFixed(1)} MB`);
  await yardstick(scaled, seconds);
}

/**
 * The machine's own yardstick, in the same run: a bare Bun.serve + bun:sqlite server
 * (scripts/soak-yardstick.ts) answering a page of 50 receivables as an HTML table from the same
 * file, and one write in five, to the same 50 clients from this process. Cofre's req/s above
 * reads against this figure: on a loaded machine both drop.
 */
async function yardstick(database: string, mixSeconds: number) {
  const port = freePort();
  const proc = Bun.spawn(["bun", join(ROOT, "scripts", "soak-yardstick.ts"), database, String(port)], { stdout: "ignore", stderr: "pipe" });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/?pagina=1`)).ok) break;
    } catch {
      // not listening yet
    }
    if (proc.exitCode !== null || i > 500) {
      proc.kill();
      throw new Error(`the yardstick server did not start: ${(await new Response(proc.stderr).text()).trim() || "(no error output)"}`);
    }
    await Bun.sleep(10);
  }
  const seconds = Math.min(LOAD_SECONDS, 10);
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  const until = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: LOAD_CLIENTS }, async (_, c) => {
      for (let i = c; performance.now() < until; i++) {
        const t0 = performance.now();
        try {
          const response = i % 5 === 0 ? await fetch(`${base}/?n=${c}-${i}`, { method: "POST" }) : await fetch(`${base}/?pagina=${(i % 20) + 1}`, { headers: { "accept-encoding": "gzip" } });
          await response.arrayBuffer();
          if (!response.ok) errors++;
        } catch {
          errors++;
        }
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const rps = latencies.length / ((performance.now() - started) / 1000);
  proc.kill();
  await proc.exited;
  row(
    `  yardstick, same run: bare Bun.serve + bun:sqlite (a page of 50 receivables as an HTML table, 1 write in 5), ${LOAD_CLIENTS} clients × ${seconds} s: req/s, p99${errors ? `, ${errors} errors` : ""}`,
    `${rps.toFixed(0)}, ${percentile(latencies, 99).toFixed(1)} ms (the mix above ran ${mixSeconds.toFixed(0)} s)`,
  );
}

try {
  console.error("cofre soak (127.0.0.1, temp database):");
  await killUnderLoad();
  await mixedLoad();
  await mixedLoadAtScale();
  await loginBurst();
  await lockHeld();
  console.log("\n| probe | result |\n|---|---|");
  for (const [what, value] of rows) console.log(`| ${what} | ${value} |`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
