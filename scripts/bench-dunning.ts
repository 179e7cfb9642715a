// Bench rows for the régua de cobrança (issue 33 budgets), on a real database file:
// - a day's decisions for 2,000 clients with 450 installments reaching a step — planned, then
//   decided a slice per immediate transaction as the daily job and POST /api/dunning/run do — in
//   this process (each slice timed);
// - the same through a running server: POST /api/dunning/run answered, with /healthz asked every
//   5 ms meanwhile (the longest wait is what a request waits behind a slice);
// - the 450 e-mails delivered through the real outbox sender (sendDue, the régua's transport
//   over nodemailer's pooled SMTP) to a local SMTP sink (npm smtp-server in this process).
// `bun scripts/bench-dunning.ts` runs them alone (the server from source); `bun run bench` with
// the built binary.
import { Database } from "bun:sqlite";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SMTPServer } from "smtp-server";
import { openDatabase } from "../db/client";
import { dunningAwareTransport, planRun, runSlice } from "../src/api/dunning/decide";
import { DEFAULT_DUNNING } from "../src/api/dunning/model";
import { readDunning } from "../src/api/dunning/settings";
import { configuredTransport } from "../src/api/email/service";
import { sendDue } from "../src/api/outbox/outbox";
import { isBusinessDay } from "../src/lib/business-days";
import { clock, today } from "../src/lib/clock";
import { addDays } from "../src/lib/dates";
import { freePort, ms, ROOT, signIn, type Row } from "./bench-support";

const ADMIN = { email: "bench@cofre.test", password: "bench-senha" };

/** `n` business days after `day`. */
function businessDaysAfter(day: string, n: number): string {
  let d = day;
  for (let i = 0; i < n; ) if (isBusinessDay((d = addDays(d, 1)))) i++;
  return d;
}

/** The hour of now in São Paulo. */
const hourNow = () => Number(new Intl.DateTimeFormat("en-GB", { timeZone: clock.timeZone, hour: "2-digit", hourCycle: "h23" }).format(clock.now()));

/**
 * A copy of the 2,000 clients with the régua on and 450 installments reaching D−5 today (one
 * client in four), and every client with an installment not yet near (the plan reads them all).
 * `closedNow`: a sending window that excludes this hour, so a server's daily job does not decide
 * before the measured run and its e-mails wait (nothing is sent while it is measured).
 */
function seed(clientsDbPath: string, path: string, smtpPort: number, closedNow: boolean): void {
  const source = new Database(clientsDbPath, { readonly: true });
  source.exec(`VACUUM INTO '${path}'`);
  source.close();
  const day = today();
  const hour = hourNow();
  const window = closedNow ? (hour < 12 ? ["13:00", "14:00"] : ["02:00", "03:00"]) : ["08:00", "20:00"];
  const raw = new Database(path);
  raw.transaction(() => {
    raw.run("INSERT OR REPLACE INTO settings (id, empresa, cidade, chave_pix, cnpj_empresa, endereco_empresa) VALUES (1, 'Cofre Serviços Ltda', 'Campinas', 'financeiro@cofre.com.br', '11444777000161', 'Rua A, 1, Campinas/SP')");
    raw.run("INSERT OR REPLACE INTO regua (id, ativa, etapas, aviso_bloqueio, janela_inicio, janela_fim) VALUES (1, 1, ?, ?, ?, ?)", [JSON.stringify(DEFAULT_DUNNING.etapas), JSON.stringify(DEFAULT_DUNNING.avisoBloqueio), window[0]!, window[1]!]);
    raw.run("INSERT OR REPLACE INTO email_settings (id, host, porta, seguranca, remetente_email) VALUES (1, '127.0.0.1', ?, 'nenhuma', 'cobranca@cofre.com.br')", [smtpPort]);
    const insert = raw.prepare("INSERT INTO receivables (client_id, numeros_parcela, descricao, data_vencimento, valor, status) VALUES (?, '1/1', 'Mensalidade', ?, ?, ?)");
    const ids = (raw.query("SELECT id FROM clients ORDER BY id").all() as { id: number }[]).map((r) => r.id);
    const due = businessDaysAfter(day, 5);
    for (let i = 0; i < 450; i++) insert.run(ids[(i * 4) % ids.length]!, due, 15_000 + i, "em_aberto");
    for (const id of ids) insert.run(id, addDays(day, 25), 15_000, "em_aberto");
  })();
  raw.close();
}

/** An SMTP sink on 127.0.0.1 that takes every message and counts it. */
async function startSink(): Promise<{ port: number; count: () => number; close(): Promise<void> }> {
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      stream.on("data", () => {});
      stream.on("end", () => {
        count++;
        callback();
      });
    },
  });
  server.on("error", () => {});
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { port: (server.server.address() as { port: number }).port, count: () => count, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const quiet = { log() {}, error() {} };

/** `serve`: the command that starts Cofre (the binary, or `bun src/index.ts` alone). */
export async function benchDunning(dir: string, clientsDbPath: string, row: Row, serve: string[]): Promise<void> {
  clock.timeZone = "America/Sao_Paulo";
  const sink = await startSink();
  try {
    const path = join(dir, "dunning.db");
    seed(clientsDbPath, path, sink.port, false);
    const db = openDatabase(path);
    try {
      const t0 = performance.now();
      // Each slice's wall time and CPU time (this process, µs → ms): on a loaded machine the wall
      // time includes waiting for a core, the CPU time is the slice's own work.
      const slices: number[] = [];
      const cpu: number[] = [];
      const cpuMs = () => {
        const u = process.cpuUsage();
        return (u.user + u.system) / 1000;
      };
      let s = performance.now();
      let c = cpuMs();
      const run = db.transaction(() => planRun(db, today(), readDunning(db), 0), { behavior: "immediate" });
      slices.push(performance.now() - s);
      cpu.push(cpuMs() - c);
      for (let more = true; more; ) {
        s = performance.now();
        c = cpuMs();
        more = db.transaction(() => runSlice(db, run), { behavior: "immediate" });
        slices.push(performance.now() - s);
        cpu.push(cpuMs() - c);
      }
      const total = performance.now() - t0;
      if (process.env.BENCH_DEBUG) console.log(slices.map((x, i) => `${x.toFixed(1)}/${cpu[i]!.toFixed(1)}`).join(" "));
      const queued = run.counts.enfileiradas;
      if (queued !== 450) throw new Error(`expected 450 decisions, got ${queued}`);
      row(`régua: a day's decisions, 2,000 clients, ${queued} e-mails for 450 installments (plan + ${slices.length - 1} slices)`, ms(total), "≤ 1 s");
      row("régua: the longest slice (each its own immediate transaction): wall / CPU; the most CPU a slice took", `${ms(Math.max(...slices))} / ${ms(cpu[slices.indexOf(Math.max(...slices))]!)}; ${ms(Math.max(...cpu))}`, "≤ 25 ms");

      // The 450 e-mails, due now (outside the window they would wait for it), through the sender.
      db.$client.run("UPDATE outbox SET proxima_tentativa = ?", [new Date(clock.now().getTime() - 1000).toISOString()]);
      const email = configuredTransport(db);
      const transport = dunningAwareTransport(db, email);
      const t1 = performance.now();
      try {
        while ((await sendDue(db, { email: transport }, { limit: 50, log: quiet })) > 0);
      } finally {
        email.close();
      }
      const sending = performance.now() - t1;
      const states = db.$client.query("SELECT estado, count(*) AS n FROM outbox GROUP BY estado").all() as { estado: string; n: number }[];
      if (sink.count() !== 450 || states.length !== 1 || states[0]!.estado !== "enviada") throw new Error(`expected 450 delivered, got ${sink.count()} (${JSON.stringify(states)})`);
      row("régua: 450 e-mails delivered to a local SMTP sink (outbox sender, nodemailer pool, smtp-server in the bench process)", ms(sending, 0), "≤ 30 s");
    } finally {
      db.$client.close();
    }

    // Through a running server: POST /api/dunning/run, /healthz asked every 5 ms meanwhile.
    const served = join(dir, "dunning-served.db");
    seed(clientsDbPath, served, sink.port, true);
    const port = freePort();
    const base = `http://127.0.0.1:${port}`;
    const proc = Bun.spawn(serve, { cwd: dir, env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1", DATABASE_PATH: served }, stdout: "ignore", stderr: "inherit" });
    try {
      for (let tries = 0; ; tries++) {
        try {
          if ((await fetch(`${base}/healthz`)).ok) break;
        } catch {
          if (tries > 2000) throw new Error("the server did not start");
          await Bun.sleep(5);
        }
      }
      const cookie = await signIn(base, ADMIN);
      await Bun.sleep(1500); // the start-up jobs' first runs (200 ms after listening) are over
      const probe = async (probes: number[], until: () => boolean) => {
        while (!until()) {
          const p0 = performance.now();
          await (await fetch(`${base}/healthz`)).arrayBuffer();
          probes.push(performance.now() - p0);
          await Bun.sleep(5);
        }
      };
      // The same probes with the server idle, as long as a run takes: what the machine's load alone costs.
      const idle: number[] = [];
      const idleUntil = performance.now() + 500;
      await probe(idle, () => performance.now() > idleUntil);
      const probes: number[] = [];
      let running = true;
      const probing = probe(probes, () => !running);
      await Bun.sleep(50);
      const serverCpu = () => {
        const fields = readFileSync(`/proc/${proc.pid}/stat`, "utf8").split(") ")[1]!.split(" ");
        return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime + stime, clock ticks of 10 ms
      };
      const cpu0 = serverCpu();
      const r0 = performance.now();
      const response = await fetch(`${base}/api/dunning/run`, { method: "POST", headers: { cookie, "content-type": "application/json" }, body: "{}" });
      const answered = performance.now() - r0;
      const runCpu = serverCpu() - cpu0;
      const answer = (await response.json()) as { enfileiradas?: number; message?: string };
      await Bun.sleep(50);
      running = false;
      await probing;
      if (answer.enfileiradas !== 450) throw new Error(`POST /api/dunning/run: ${response.status} ${JSON.stringify(answer)}`);
      const sorted = [...probes].sort((a, b) => a - b);
      row(`régua through the server: POST /api/dunning/run (2,000 clients, 450 e-mails queued) answered (server CPU meanwhile ${ms(runCpu, 0)})`, ms(answered), "≤ 1 s");
      const idleSorted = [...idle].sort((a, b) => a - b);
      row(`/healthz every 5 ms for 0.5 s, the same server idle (${idle.length} probes, ${idle.filter((p) => p > 25).length} over 25 ms): p50 / longest`, `${ms(idleSorted[Math.floor(idleSorted.length / 2)]!)} / ${ms(idleSorted.at(-1)!)}`, "(the machine's own noise)");
      row(`régua through the server: /healthz every 5 ms meanwhile (${probes.length} probes, ${probes.filter((p) => p > 25).length} over 25 ms): p50 / longest`, `${ms(sorted[Math.floor(sorted.length / 2)]!)} / ${ms(sorted.at(-1)!)}`, "longest ≤ 25 ms");
    } finally {
      proc.kill("SIGTERM");
      await proc.exited;
    }
  } finally {
    await sink.close();
  }
}

/** Alone: 2,000 clients in a fresh database (its first user made by a first start), then the rows. */
async function main() {
  const dir = mkdtempSync(join(tmpdir(), "cofre-bench-dunning-"));
  const dbPath = join(dir, "app.db");
  const serve = ["bun", join(ROOT, "src", "index.ts"), "serve"];
  try {
    const port = freePort();
    const first = Bun.spawn(serve, { cwd: dir, env: { PATH: process.env.PATH, HOME: process.env.HOME, PORT: String(port), HOST: "127.0.0.1", DATABASE_PATH: dbPath, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password }, stdout: "ignore", stderr: "inherit" });
    for (let tries = 0; ; tries++) {
      try {
        if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) break;
      } catch {
        if (tries > 4000) throw new Error("the server did not start");
        await Bun.sleep(5);
      }
    }
    first.kill("SIGTERM");
    await first.exited;
    const db = new Database(dbPath);
    db.transaction(() => {
      const client = db.prepare("insert into clients (nome, cnpj, contato, telefone, email, valor_mensalidade, codigo_cliente, is_trial, status_bloqueio) values (?, ?, ?, ?, ?, ?, ?, ?, ?)");
      for (let i = 0; i < 2000; i++)
        client.run(`Empresa ${i} Comércio Ltda`, String(10_000_000_000_000 + i), `Contato ${i}`, "11987654321", `c${i}@cofre.test`, 9900 + i, `CLI-${i}`, i % 10 === 0 ? 1 : 0, i % 7 === 0 ? 1 : 0);
    })();
    db.close();
    const rows: [string, string, string][] = [];
    await benchDunning(dir, dbPath, (what, value, budget = "") => rows.push([what, value, budget]), serve);
    console.log("| What | Measured | Budget |\n|---|---|---|");
    for (const [what, value, budget] of rows) console.log(`| ${what} | ${value} | ${budget} |`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.main) await main();
