import { expect, test } from "bun:test";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Database } from "bun:sqlite";
import { closeDatabase, openDatabase } from "../../db/client";
import { useTestApp, whileLocked, writeMigratedDatabase } from "../../tests/support";
import { turn } from "../http/turns";
import { pinClock } from "../lib/clock";
import { automaticBlockingJob } from "./clients/blocking";
import { lastCompletedDay, recordJobDone, runJob, startDailyJobs, type DailyJob } from "./daily-jobs";

const t = useTestApp();

function recorder() {
  const lines: { level: "log" | "error"; text: string }[] = [];
  return { lines, log: { log: (text: string) => lines.push({ level: "log", text }), error: (text: string) => lines.push({ level: "error", text }) } };
}

const health = async () => (await (await t.api("/api/health")).json()) as { ok: boolean; jobs: { nome: string; ultimoDia: string | null; ultimoErro: string | null }[] };

test("each job runs once a day; one that fails logs one pt-BR line (shown on /api/health), does not hold up the others and runs again at the next check", async () => {
  const unpin = pinClock("2026-03-15T10:00:00-03:00");
  try {
    const runs: string[] = [];
    let failing = true;
    const flaky: DailyJob = { name: "Instável", run: (_db, day) => (runs.push(`instável ${day}`), failing ? (() => { throw new TypeError("valor inválido na linha 3"); })() : "feito") };
    const steady: DailyJob = { name: "Estável", run: (_db, day) => (runs.push(`estável ${day}`), null) };
    const { lines, log } = recorder();
    const jobs = startDailyJobs(t.db, [flaky, steady], 60_000, log);
    await jobs.check();
    const failure = lines.find((l) => l.level === "error")!.text;
    expect(failure).toStartWith("[Instável] falhou: TypeError: valor inválido na linha 3 (em ");
    expect(failure).toEndWith("; nova tentativa em 1 minuto");
    expect(failure).not.toContain("\n");
    expect((await health()).jobs.find((j) => j.nome === "Instável")).toMatchObject({ ultimoDia: null, ultimoErro: failure });
    await jobs.check();
    failing = false;
    await jobs.check();
    await jobs.check();
    expect((await health()).jobs.find((j) => j.nome === "Instável")).toMatchObject({ ultimoDia: "2026-03-15", ultimoErro: null });
    pinClock("2026-03-16T00:01:00-03:00");
    await jobs.check();
    jobs.stop();
    expect(runs).toEqual(["instável 2026-03-15", "estável 2026-03-15", "instável 2026-03-15", "instável 2026-03-15", "instável 2026-03-16", "estável 2026-03-16"]);
    expect(lines.filter((l) => l.level === "log").map((l) => l.text)).toEqual(["Instável (2026-03-15): feito", "Instável (2026-03-16): feito"]);
    expect(lines.filter((l) => l.level === "error").length).toBe(2);
  } finally {
    unpin();
  }
});

test("a busy database is one pt-BR line in the log, not a stack trace; the run happens once the lock is gone", async () => {
  const { lines, log } = recorder();
  const jobs = startDailyJobs(t.db, [automaticBlockingJob(0)], 60_000, log);
  await whileLocked(t, async () => {
    await jobs.check();
    expect(lines).toEqual([{ level: "error", text: "[Bloqueio automático] banco de dados ocupado por outro processo: nova tentativa em 1 minuto" }]);
  });
  await jobs.check();
  jobs.stop();
  expect(lines.length).toBe(1);
});

test("a restart does not rerun a completed day; a day missed while the server was down runs once at the next start", async () => {
  const path = join(mkdtempSync(join(tmpdir(), "cofre-jobs-")), "app.db");
  writeMigratedDatabase(path);
  const runs: string[] = [];
  const job: DailyJob = { name: "Assinaturas", run: (_db, day) => (runs.push(day), null) };
  /** One life of the server: a new connection and a new runner (nothing kept in memory), one check. */
  const start = async () => {
    const db = openDatabase(path);
    const jobs = startDailyJobs(db, [job], 60_000, recorder().log);
    await jobs.check();
    jobs.stop();
    closeDatabase(db);
  };
  let unpin = pinClock("2026-03-13T08:00:00-03:00");
  try {
    await start();
    await start(); // restarted the same day
    expect(runs).toEqual(["2026-03-13"]);
    // Down on the 14th and 15th; started on the 16th: one run, which back-fills by its own keys.
    unpin();
    unpin = pinClock("2026-03-16T09:30:00-03:00");
    await start();
    await start();
    expect(runs).toEqual(["2026-03-13", "2026-03-16"]);
    const file = new Database(path);
    expect(file.query("SELECT nome, ultimo_dia AS dia FROM jobs").all()).toEqual([{ nome: "Assinaturas", dia: "2026-03-16" }]);
    file.close();
  } finally {
    unpin();
  }
});

test("a day another process completed (a second server, `cofre subscriptions run`) is not run again, even if it finished while this one waited", async () => {
  const unpin = pinClock("2026-04-02T10:00:00-03:00");
  try {
    const runs: string[] = [];
    const job: DailyJob = { name: "Outro processo", run: (_db, day) => (runs.push(day), null) };
    // The other process records the day between this one's first look and its transaction.
    const other = new Database(t.config.databasePath);
    other.run("INSERT INTO jobs (nome, ultimo_dia, concluido_em) VALUES ('Outro processo', '2026-04-02', 'x')");
    other.close();
    expect(await runJob(t.db, job, "2026-04-02", recorder().log)).toBe(false);
    expect(runs).toEqual([]);
    // A day recorded is never moved back by a late run of an earlier day.
    t.db.transaction(() => recordJobDone(t.db, "Outro processo", "2026-04-01"));
    expect(lastCompletedDay(t.db, "Outro processo")).toBe("2026-04-02");
  } finally {
    unpin();
  }
});

test("a job with large work runs in slices, each its own short transaction with a turn of the event loop between; the day is recorded with the last slice", async () => {
  const unpin = pinClock("2026-05-04T10:00:00-03:00");
  try {
    const trace: string[] = [];
    let left = 3;
    let failAt: number | null = 2;
    const sliced: DailyJob = {
      name: "Em fatias",
      run(db) {
        expect(db.$client.inTransaction).toBe(true);
        if (left === failAt) {
          failAt = null;
          throw new Error("disco cheio de mentira");
        }
        trace.push(`fatia ${left}`);
        // A request that arrived during this slice (it waits for its turn, src/http/turns.ts) is served before the next one.
        void turn().then(() => trace.push("outra requisição"));
        return --left > 0 ? { more: true } : "3 fatias";
      },
    };
    const { lines, log } = recorder();
    await runJob(t.db, sliced, "2026-05-04", log);
    // The failure in the second slice left the day open: the first slice's work stands (its own keys make it safe to redo).
    expect(lastCompletedDay(t.db, "Em fatias")).toBeNull();
    expect(lines.map((l) => l.level)).toEqual(["error"]);
    await runJob(t.db, sliced, "2026-05-04", log);
    expect(trace).toEqual(["fatia 3", "outra requisição", "fatia 2", "outra requisição", "fatia 1"]);
    expect(lastCompletedDay(t.db, "Em fatias")).toBe("2026-05-04");
    expect(lines.at(-1)).toEqual({ level: "log", text: "Em fatias (2026-05-04): 3 fatias" });
  } finally {
    unpin();
  }
});

test("automatic blocking goes fifty clients a step, resuming where the last slice stopped; the day's line adds up every slice", async () => {
  const unpin = pinClock("2026-06-10T10:00:00-03:00");
  try {
    const insertClient = t.db.$client.prepare(
      "INSERT INTO clients (nome, cnpj, contato, telefone, email, valor_mensalidade, codigo_cliente) VALUES (?, ?, 'Ana', '11987654321', 'a@b.com.br', 1000, ?) RETURNING id",
    );
    const bill = t.db.$client.prepare("INSERT INTO receivables (client_id, numeros_parcela, descricao, data_vencimento, valor, created_at) VALUES (?, '1/1', 'Serviço', '2026-06-01', 1000, 'x')");
    t.db.transaction(() => {
      for (let i = 0; i < 250; i++) {
        const { id } = insertClient.get(`Fatiado ${i}`, `fatiado-${i}`, `FAT-${i}`) as { id: number };
        if (i % 2 === 0) bill.run(id);
      }
    });
    const slices: string[] = [];
    const job = automaticBlockingJob(0, { sliceMs: 0 }); // one step of fifty clients per slice
    const counting: DailyJob = { name: job.name + " (fatias)", run: (db, day, first) => { const step = job.run(db, day, first); slices.push(typeof step === "object" && step ? "mais" : String(step)); return step; } };
    const { lines, log } = recorder();
    await runJob(t.db, counting, "2026-06-10", log);
    expect(slices.length).toBe(6); // 250 clients: five steps, then the one that finds none left
    expect(slices.at(-1)).toBe("125 cliente(s) bloqueado(s), 0 desbloqueado(s)");
    expect(lines).toEqual([{ level: "log", text: "Bloqueio automático (fatias) (2026-06-10): 125 cliente(s) bloqueado(s), 0 desbloqueado(s)" }]);
    expect(t.db.$client.query("SELECT count(*) AS n FROM clients WHERE nome LIKE 'Fatiado %' AND status_bloqueio = 1").get()).toEqual({ n: 125 });
  } finally {
    unpin();
  }
});

test("a job not ready (the régua outside its sending window) is skipped without recording the day, and runs at a later check once ready", async () => {
  const unpin = pinClock("2026-03-15T10:00:00-03:00");
  try {
    let ready = false;
    const runs: string[] = [];
    const waiting: DailyJob = { name: "Espera a janela", ready: () => ready, run: (_db, day) => (runs.push(day), null) };
    expect(await runJob(t.db, waiting, "2026-03-15", recorder().log)).toBe(false);
    expect(lastCompletedDay(t.db, waiting.name)).toBeNull();
    ready = true;
    expect(await runJob(t.db, waiting, "2026-03-15", recorder().log)).toBe(true);
    expect(runs).toEqual(["2026-03-15"]);
    expect(lastCompletedDay(t.db, waiting.name)).toBe("2026-03-15");
  } finally {
    unpin();
  }
});
