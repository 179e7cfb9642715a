import { afterAll, beforeEach, afterEach, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { closeDatabase, openDatabase, type Db } from "../../../db/client";
import { useTestApp, writeMigratedDatabase } from "../../../tests/support";
import { pinClock, today } from "../../lib/clock";
import { addDays } from "../../lib/dates";
import { monthsDue } from "../../lib/subscription-schedule";
import { automaticBlockingJob } from "../clients/blocking";
import { lastCompletedDay, runJob, type DailyJob } from "../daily-jobs";
import { SYSTEM } from "../history/record";
import { ANY_DUE, NEXT_DUE, runSubscriptions, runSubscriptionsInSlices, startSubscriptionRun, subscriptionsJob } from "./generate";

// The run in slices (issue 32 §2, issue 38 §3): each slice its own transaction with a turn of
// the event loop between two, the same rows as one transaction, a failure keeping what committed.
// Ordering and contents only: no timing (sliceMs 0 makes every slice one step).

const dir = mkdtempSync(join(tmpdir(), "cofre-slices-"));
const opened: Db[] = [];
afterAll(() => {
  for (const db of opened) closeDatabase(db);
  rmSync(dir, { recursive: true, force: true });
});

const NOW = "2026-06-20T10:00:00-03:00";
let unpin = () => {};
beforeEach(() => {
  unpin = pinClock(NOW);
});
afterEach(() => unpin());

const GRACE = 5;
const SET_UP = "2026-03-01T12:00:00.000Z";
const SUBSCRIPTIONS = 130;

/**
 * A worked set: 130 clients with subscriptions since March 2026 on 20 June 2026 (lead 10 days,
 * business days): by `i % 10`, 0–3 in a trial that ended on 1 May (52: more than one statement
 * of trials), 4–5 plain (26), 6 with fim in April (ended after billing), 7 paused, 8 ended with
 * fim in August (billing from May), 9 at fee zero with March made by hand (guard rows only).
 * Months overdue past the grace block their clients.
 */
function workedSet(db: Db): void {
  const sqlite = db.$client;
  const client = sqlite.prepare(
    `INSERT INTO clients (nome, cnpj, contato, telefone, email, valor_mensalidade, is_trial, codigo_cliente, created_at, updated_at)
     VALUES (?, ?, 'Ana', '11987654321', 'a@b.com.br', ?, ?, ?, '${SET_UP}', '${SET_UP}') RETURNING id`,
  );
  const subscription = sqlite.prepare(
    `INSERT INTO subscriptions (client_id, status, dia_vencimento, inicio, fim, trial_ate, proxima_competencia, iniciada_em, encerrada_em, created_at, updated_at)
     VALUES (?, ?, ?, '2026-03', ?, ?, '2026-03', '2026-03-01', ?, '${SET_UP}', '${SET_UP}') RETURNING id`,
  );
  const handMade = sqlite.prepare("INSERT INTO subscription_months (subscription_id, competencia, gerada_em) VALUES (?, '2026-03', 'x')");
  sqlite.transaction(() => {
    for (let i = 1; i <= SUBSCRIPTIONS; i++) {
      const kind = i % 10;
      const trial = kind <= 3;
      const { id } = client.get(`Cliente ${String(i).padStart(3, "0")}`, `cnpj-${i}`, kind === 9 ? 0 : 10_000 + i, trial ? 1 : 0, `C-${i}`) as { id: number };
      const [status, fim, encerradaEm] =
        kind === 6 ? ["ativa", "2026-04", null] : kind === 7 ? ["pausada", null, null] : kind === 8 ? ["encerrada", "2026-08", "2026-05-03"] : ["ativa", null, null];
      const { id: subscriptionId } = subscription.get(id, status, (i % 31) + 1, fim, trial ? "2026-05-01" : null, encerradaEm) as { id: number };
      if (kind === 9) handMade.run(subscriptionId);
    }
  })();
}

function workedDatabase(name: string, { empty = false } = {}): Db {
  const path = join(dir, `${name}.db`);
  writeMigratedDatabase(path);
  const db = openDatabase(path);
  opened.push(db);
  if (!empty) workedSet(db);
  return db;
}

/** What a run writes, whole: every row of the tables it touches (ids, timestamps and history included). */
function written(db: Db) {
  const all = (table: string) => db.$client.query(`SELECT * FROM ${table} ORDER BY rowid`).all();
  return {
    receivables: all("receivables"),
    months: all("subscription_months"),
    subscriptions: all("subscriptions"),
    clients: all("clients"),
    history: all("history_events"),
  };
}

/** The job under the runner, each slice noted in `trace` ("fatia"), beside what else ran in between. */
function traced(job: DailyJob, trace: string[]): DailyJob {
  return {
    name: job.name,
    run(db, day, first) {
      trace.push("fatia");
      return job.run(db, day, first);
    },
  };
}

function recorder() {
  const lines: string[] = [];
  return { lines, log: { log: (text: string) => lines.push(text), error: (text: string) => lines.push(`ERRO ${text}`) } };
}

/** A write that fails inside the run, on this connection only (a full disk, a bug): RAISE aborts the statement. */
function failOn(db: Db, table: string, when: string): () => void {
  db.$client.exec(`CREATE TEMP TRIGGER falha_de_teste BEFORE INSERT ON ${table} WHEN ${when} BEGIN SELECT RAISE(ABORT, 'falha de teste'); END`);
  return () => db.$client.exec("DROP TRIGGER temp.falha_de_teste");
}

// One transaction, the reference every sliced run is compared with.
let reference: ReturnType<typeof written>;
let referenceResult: ReturnType<typeof runSubscriptions>;
function oneTransaction() {
  if (!reference) {
    const db = workedDatabase("reference");
    referenceResult = db.transaction(() => runSubscriptions(db, SYSTEM, GRACE, today()), { behavior: "immediate" });
    reference = written(db);
  }
  return { reference, result: referenceResult };
}

describe("the subscriptions' daily job in slices", () => {
  test("one transaction's worked set: what it writes (the reference for the sliced runs)", () => {
    const { reference, result } = oneTransaction();
    // 26 plain × 4 months + 13 with fim in April × 2 + 13 ended in May × 2 (May, June) + 52 trials × 2 (May, June); fee zero bills none.
    expect(result).toEqual({ geradas: 26 * 4 + 13 * 2 + 13 * 2 + 52 * 2, trialEncerrado: 52, encerradas: 13 });
    const actions = (reference.history as { action: string }[]).reduce<Record<string, number>>((n, e) => ({ ...n, [e.action]: (n[e.action] ?? 0) + 1 }), {});
    // Every client with a month billed is blocked (March–June overdue past the grace); fee zero owes nothing.
    expect(actions).toEqual({ trial_end: 52, subscription_generate: 260, auto_block: 117 - 13, update: 13 });
    expect(reference.months.length).toBe(260 + 13 * 4); // fee zero: March by hand, April–June looked at
  });

  test("takes a slice per step with a turn of the event loop between two, and writes exactly what one transaction writes", async () => {
    const { reference } = oneTransaction();
    const db = workedDatabase("sliced");
    const trace: string[] = [];
    const { lines, log } = recorder();
    // Queued before the run: it runs at the first turn the job takes, after its first slice.
    setImmediate(() => trace.push("outro trabalho"));
    await runJob(db, traced(subscriptionsJob(GRACE, { sliceMs: 0 }), trace), today(), log);
    // Trials in two statements (50 + 2), one subscription a slice (117: all but the paused), the
    // slice that finds none left, then the one ending the 13 past their fim.
    expect(trace.filter((s) => s === "fatia").length).toBe(2 + 117 + 1 + 1);
    expect(trace.slice(0, 3)).toEqual(["fatia", "outro trabalho", "fatia"]);
    expect(lines).toEqual([`Assinaturas (${today()}): 260 parcela(s) gerada(s), 52 trial(s) encerrado(s), 13 assinatura(s) encerrada(s) após o último mês`]);
    expect(written(db)).toEqual(reference);
    expect(lastCompletedDay(db, "Assinaturas")).toBe(today());
  });

  test("a failure mid-way keeps the slices that committed; the next run finishes, every month exactly once", async () => {
    const { reference } = oneTransaction();
    const db = workedDatabase("failing");
    const { lines, log } = recorder();
    // The 70th client's installment cannot be written: its slice rolls back, the run stops there.
    const repair = failOn(db, "receivables", "NEW.client_id = 70");
    await runJob(db, subscriptionsJob(GRACE, { sliceMs: 0 }), today(), log);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toStartWith("ERRO [Assinaturas] falhou: SQLiteError");
    expect(lastCompletedDay(db, "Assinaturas")).toBeNull();
    const billed = db.$client.query("SELECT min(client_id) AS first, max(client_id) AS last, count(*) AS n FROM receivables").get() as { first: number; last: number; n: number };
    expect(billed.first).toBe(1);
    expect(billed.last).toBe(68); // the slices before the failure stay (69 bills nothing: fee zero)
    expect(billed.n).toBeGreaterThan(0);
    repair();
    await runJob(db, subscriptionsJob(GRACE, { sliceMs: 0 }), today(), log);
    expect(lastCompletedDay(db, "Assinaturas")).toBe(today());
    expect(written(db)).toEqual(reference);
  });

  test("after a failed slice the next run starts over: what that slice had got to was rolled back", async () => {
    const { reference } = oneTransaction();
    const db = workedDatabase("starting-over");
    const { lines, log } = recorder();
    // One long slice (trials, then subscriptions) failing at the 3rd client: nothing commits.
    const repair = failOn(db, "receivables", "NEW.client_id = 3");
    const job = subscriptionsJob(GRACE, { sliceMs: 60_000 });
    await runJob(db, job, today(), log);
    expect(lines[0]).toStartWith("ERRO [Assinaturas] falhou");
    expect(db.$client.query("SELECT count(*) AS n FROM receivables").get()).toEqual({ n: 0 });
    repair();
    // The same job object: it must not go on after the 2nd subscription as if the failed slice had committed.
    await runJob(db, job, today(), log);
    expect(written(db)).toEqual(reference);
  });
});

describe("which subscriptions may be due (subscriptions_due_idx's bound)", () => {
  // The run reads only the subscriptions whose cursor month's earliest due day (its day clamped
  // to 28) is by until + lead time. Every day from December to May (February's clamp, Carnaval,
  // Good Friday, months of 30 days), each due day 1–31, both settings: the months written by
  // that day are exactly the schedule's, so the bound never makes one late.
  test("\"anything due?\" is one search of the index (its expression is the index's own), never a read of every subscription", () => {
    const db = workedDatabase("plan");
    const plan = (db.$client.query(`EXPLAIN QUERY PLAN ${ANY_DUE.text}`).all({ dueBy: "2026-06-30" }) as { detail: string }[]).map((row) => row.detail);
    expect(plan).toEqual(["SEARCH s USING INDEX subscriptions_due_idx (status=? AND <expr><?)"]);
  });

  test("the next ones due are read by id, a window at a time: no sort of every subscription due for each 20", () => {
    const db = workedDatabase("next-plan");
    const params = { after: 0, upTo: 500, dueBy: "2026-06-30", lastMonth: "2026-06", n: 20 };
    const plan = (db.$client.query(`EXPLAIN QUERY PLAN ${NEXT_DUE.text}`).all(params) as { detail: string }[]).map((row) => row.detail);
    expect(plan).toEqual(["SEARCH s USING INTEGER PRIMARY KEY (rowid>? AND rowid<?)", "SEARCH c USING INTEGER PRIMARY KEY (rowid=?)"]);
  });

  test("ids far apart (deleted subscriptions between them): every one due is found, sliced or whole", async () => {
    const billed = async (sliced: boolean) => {
      const db = workedDatabase(`gaps-${sliced}`);
      // Ids 1–130, then two past several windows of ids, the last of them alone in its window.
      db.$client.exec("UPDATE subscriptions SET id = 1200 WHERE id = 5; UPDATE subscriptions SET id = 2950 WHERE id = 15");
      if (sliced) await runSubscriptionsInSlices(db, startSubscriptionRun(SYSTEM, GRACE, today()), { sliceMs: 0 });
      else db.transaction(() => runSubscriptions(db, SYSTEM, GRACE, today()), { behavior: "immediate" });
      return db.$client.query("SELECT subscription_id AS id, count(*) AS n FROM receivables WHERE subscription_id IN (1200, 2950) GROUP BY 1 ORDER BY 1").all();
    };
    const whole = await billed(false);
    expect(whole).toEqual([{ id: 1200, n: 4 }, { id: 2950, n: 4 }]);
    expect(await billed(true)).toEqual(whole);
  });

  for (const [lead, businessDays] of [[10, true], [0, false]] as const) {
    test(`every month on the day it falls due (lead ${lead} days, business days ${businessDays ? "on" : "off"})`, () => {
      const db = workedDatabase(`bound-${lead}`, { empty: true });
      db.$client.prepare("INSERT INTO settings (id, antecedencia_dias, vencimento_em_dia_util) VALUES (1, ?, ?)").run(lead, businessDays ? 1 : 0);
      const client = db.$client.prepare("INSERT INTO clients (nome, cnpj, contato, telefone, email, valor_mensalidade, codigo_cliente) VALUES (?, ?, 'Ana', '11987654321', 'a@b.com.br', 1000, ?) RETURNING id");
      const subscription = db.$client.prepare("INSERT INTO subscriptions (client_id, status, dia_vencimento, inicio, proxima_competencia, iniciada_em) VALUES (?, 'ativa', ?, '2026-01', '2026-01', '2025-12-01')");
      for (let dia = 1; dia <= 31; dia++) subscription.run((client.get(`Dia ${dia}`, `dia-${dia}`, `D-${dia}`) as { id: number }).id, dia);
      const settings = { antecedenciaDias: lead, vencimentoEmDiaUtil: businessDays };
      for (let day = "2025-12-01"; day <= "2026-05-31"; day = addDays(day, 1)) {
        db.transaction(() => runSubscriptions(db, SYSTEM, GRACE, day), { behavior: "immediate" });
        let expected = 0;
        for (let dia = 1; dia <= 31; dia++) expected += monthsDue({ diaVencimento: dia, inicio: "2026-01", fim: null, trialAte: null }, settings, "2026-01", day).due.length;
        const { n } = db.$client.query("SELECT count(*) AS n FROM subscription_months").get() as { n: number };
        if (n !== expected) throw new Error(`${day}: ${n} months written, the schedule says ${expected}`);
      }
      // By 31 May every month from January to May (and, with the lead time, June's first days).
      const written = db.$client.query("SELECT competencia, count(*) AS n FROM subscription_months GROUP BY 1 ORDER BY 1").all() as { competencia: string; n: number }[];
      expect(written.slice(0, 5)).toEqual(["01", "02", "03", "04", "05"].map((m) => ({ competencia: `2026-${m}`, n: 31 })));
      expect(written.length).toBe(lead ? 6 : 5);
    });
  }
});

describe("POST /api/subscriptions/run in slices", () => {
  const t = useTestApp({ now: NOW });

  test("answers the run's totals and writes what one transaction writes; a second click generates nothing", async () => {
    const { result } = oneTransaction();
    workedSet(t.db);
    const first = await t.api("/api/subscriptions/run", { method: "POST", body: {} });
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ message: `${result.geradas} parcelas geradas`, geradas: result.geradas, proximaGeracao: null });
    const { receivables, months, subscriptions } = written(t.db);
    const reference = oneTransaction().reference;
    const withoutTimes = (rows: unknown[]) => rows.map((row) => ({ ...(row as object), created_at: null, gerada_em: null }));
    expect(withoutTimes(receivables)).toEqual(withoutTimes(reference.receivables));
    expect(withoutTimes(months)).toEqual(withoutTimes(reference.months));
    expect(subscriptions).toEqual(reference.subscriptions);
    // A second click: nothing to do, and the answer says when the next months come (issue 35 §2).
    expect(await (await t.api("/api/subscriptions/run", { method: "POST", body: {} })).json()).toMatchObject({ geradas: 0, message: expect.stringMatching(/^Nenhuma parcela a gerar/) });
  });

  test("the slices of a run and another run racing it write every month once", async () => {
    const db = workedDatabase("racing");
    const runs = [0, 0, 0].map(() => runSubscriptionsInSlices(db, startSubscriptionRun(SYSTEM, GRACE, today()), { sliceMs: 0 }));
    const results = await Promise.all(runs);
    expect(results.reduce((n, r) => n + r.geradas, 0)).toBe(oneTransaction().result.geradas);
    expect(db.$client.query("SELECT count(*) AS n FROM (SELECT subscription_id, competencia FROM receivables GROUP BY 1, 2 HAVING count(*) > 1)").get()).toEqual({ n: 0 });
  });
});

describe("automatic blocking's job after a failed slice", () => {
  test("starts over at the first client: the failed slice had moved past fifty clients it then rolled back", async () => {
    const db = workedDatabase("blocking");
    const bill = db.$client.prepare("INSERT INTO receivables (client_id, numeros_parcela, descricao, data_vencimento, valor, created_at) VALUES (?, '1/1', 'Serviço', '2026-06-01', 1000, 'x')");
    for (let id = 1; id <= SUBSCRIPTIONS; id++) bill.run(id);
    const { lines, log } = recorder();
    const job = automaticBlockingJob(GRACE, { sliceMs: 60_000 }); // one slice, fifty clients a step
    const repair = failOn(db, "history_events", "NEW.action = 'auto_block' AND NEW.entity_id = 70");
    await runJob(db, job, today(), log);
    expect(lines[0]).toStartWith("ERRO [Bloqueio automático] falhou");
    repair();
    await runJob(db, job, today(), log);
    expect(db.$client.query("SELECT count(*) AS n FROM clients WHERE status_bloqueio = 1").get()).toEqual({ n: SUBSCRIPTIONS });
  });
});
