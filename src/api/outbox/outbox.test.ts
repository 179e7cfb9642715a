import { describe, expect, test } from "bun:test";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { closeDatabase, openDatabase, type Db } from "../../../db/client";
import { writeMigratedDatabase } from "../../../tests/support";
import { HttpError } from "../../http/errors";
import { pinClock } from "../../lib/clock";
import {
  claimOutbox,
  enqueue,
  INTERRUPTED,
  markInterrupted,
  MAX_ATTEMPTS,
  NOT_REQUEUABLE,
  outboxCounts,
  requeueOutbox,
  SENDER,
  sendDue,
  settleOutbox,
  STALE_AFTER_MS,
  startOutbox,
  wakeSenders,
  type SendResult,
  type Transport,
} from "./outbox";

// The outbox against real SQLite files: a transport double stands in for SMTP (the next issue's),
// the database and its races are real. Killed processes and senders in separate processes:
// tests/e2e/outbox-processes.e2e.ts.

function freshDb(): { db: Db; path: string } {
  const path = join(mkdtempSync(join(tmpdir(), "cofre-outbox-")), "app.db");
  writeMigratedDatabase(path);
  return { db: openDatabase(path), path };
}

const rowOf = (db: Db, id: number) =>
  db.$client.query("SELECT estado, tentativas, proxima_tentativa AS proxima, ultimo_erro AS erro, enviando_por AS por FROM outbox WHERE id = ?").get(id) as {
    estado: string;
    tentativas: number;
    proxima: string;
    erro: string | null;
    por: string | null;
  };

/** A transport double: answers what it is told, in order, and remembers what it was given. */
function scripted(...answers: SendResult[]): Transport & { sent: unknown[] } {
  const sent: unknown[] = [];
  return {
    sent,
    async send(payload) {
      sent.push(payload);
      return answers.length > 1 ? answers.shift()! : answers[0]!;
    },
  };
}

const email = (key: string, to = "cliente@exemplo.com.br") => ({ kind: "email", key, payload: { to, assunto: "Lembrete" } });

describe("outbox", () => {
  test("a row is written only with its decision: a rolled-back transaction leaves none, a key decided twice is one row, and outside a transaction enqueue refuses", () => {
    const { db } = freshDb();
    class Undo extends Error {}
    expect(() =>
      db.transaction(() => {
        enqueue(db, email("lembrete:1"));
        throw new Undo();
      }),
    ).toThrow(Undo);
    expect(outboxCounts(db).pendente).toBe(0);
    const first = db.transaction(() => enqueue(db, email("lembrete:1")));
    const again = db.transaction(() => enqueue(db, email("lembrete:1", "outro@exemplo.com.br")));
    expect(first.created).toBe(true);
    expect(again).toEqual({ id: first.id, created: false });
    expect(db.$client.query("SELECT count(*) AS n, max(payload) AS p FROM outbox").get()).toEqual({ n: 1, p: JSON.stringify(email("lembrete:1").payload) });
    // Drizzle's own transaction handle is accepted as well.
    db.transaction((tx) => enqueue(tx, email("lembrete:2")));
    expect(outboxCounts(db).pendente).toBe(2);
    expect(() => enqueue(db, email("lembrete:3"))).toThrow("enqueue: grave a saída na transação que tomou a decisão");
    closeDatabase(db);
  });

  test("20 senders on 20 connections to one file: every row is claimed and sent exactly once", async () => {
    const { db, path } = freshDb();
    db.transaction(() => {
      for (let i = 0; i < 120; i++) enqueue(db, email(`lembrete:${i}`, `c${i}@exemplo.com.br`));
    });
    const connections = Array.from({ length: 20 }, () => openDatabase(path));
    const sent: string[] = [];
    const transport: Transport = {
      async send(payload) {
        sent.push((payload as { to: string }).to);
        // The network's time, a turn or three of the event loop: the other senders claim meanwhile.
        for (let turns = 1 + Math.floor(Math.random() * 3); turns > 0; turns--) await new Promise((resolve) => setImmediate(resolve));
        return { ok: true };
      },
    };
    const claims = await Promise.all(connections.map((c, i) => sendDue(c, { email: transport }, { limit: 200, sender: `${process.pid}/s${i}` })));
    expect(claims.reduce((a, b) => a + b, 0)).toBe(120);
    expect(claims.filter((n) => n > 0).length).toBeGreaterThan(1); // they did race
    expect(sent.length).toBe(120);
    expect(new Set(sent).size).toBe(120);
    expect(outboxCounts(db)).toEqual({ pendente: 0, enviando: 0, enviada: 120, falhou: 0, incerta: 0 });
    expect(db.$client.query("SELECT DISTINCT tentativas FROM outbox").all()).toEqual([{ tentativas: 1 }]);
    for (const c of connections) closeDatabase(c);
    closeDatabase(db);
  });

  test("a failing server is tried again after 1 min, 5 min, 30 min and 2 h, then the row is `falhou` with its answer in pt-BR", async () => {
    const { db } = freshDb();
    let unpin = pinClock("2026-03-16T09:00:00Z");
    try {
      const { id } = db.transaction(() => enqueue(db, email("lembrete:1")));
      const refusal = "O servidor de e-mail recusou a conexão (421 serviço indisponível)";
      const transport = scripted({ ok: false, error: refusal, retryable: true });
      let at = Date.parse("2026-03-16T09:00:00Z");
      const waits: number[] = [];
      for (let n = 1; n <= MAX_ATTEMPTS; n++) {
        expect(await sendDue(db, { email: transport }, { log: quiet })).toBe(1);
        const row = rowOf(db, id);
        expect(row.tentativas).toBe(n);
        expect(row.erro).toBe(refusal);
        if (n === MAX_ATTEMPTS) {
          expect(row.estado).toBe("falhou");
          break;
        }
        expect(row.estado).toBe("pendente");
        const next = Date.parse(row.proxima);
        waits.push((next - at) / 60_000);
        // Not due a moment before its time…
        unpin();
        unpin = pinClock(new Date(next - 1000).toISOString());
        expect(await sendDue(db, { email: transport })).toBe(0);
        // …due at it.
        unpin();
        unpin = pinClock(new Date(next).toISOString());
        at = next;
      }
      expect(waits).toEqual([1, 5, 30, 120]);
      expect(transport.sent.length).toBe(5);
      unpin();
      unpin = pinClock("2026-03-20T09:00:00Z");
      expect(await sendDue(db, { email: transport })).toBe(0); // falhou is final until a person acts
    } finally {
      unpin();
      closeDatabase(db);
    }
  });

  test("an answer that says retrying cannot help fails at once; a transport that throws is retried, its error in pt-BR", async () => {
    const { db } = freshDb();
    const [a, b] = db.transaction(() => [enqueue(db, email("lembrete:a")).id, enqueue(db, email("lembrete:b")).id]);
    const answers: Record<string, SendResult | Error> = {
      "lembrete:a": { ok: false, error: "Endereço de e-mail inexistente (550)", retryable: false },
      "lembrete:b": new Error("socket fechado"),
    };
    let i = 0;
    const transport: Transport = {
      async send() {
        const answer = Object.values(answers)[i++]!;
        if (answer instanceof Error) throw answer;
        return answer;
      },
    };
    await sendDue(db, { email: transport });
    expect(rowOf(db, a)).toMatchObject({ estado: "falhou", tentativas: 1, erro: "Endereço de e-mail inexistente (550)" });
    expect(rowOf(db, b)).toMatchObject({ estado: "pendente", tentativas: 1, erro: "Erro inesperado ao enviar: socket fechado" });
    closeDatabase(db);
  });

  test("a row `enviando` whose sender is gone becomes `incerta` and is not sent again until a person requeues it", async () => {
    const { db } = freshDb();
    const unpin = pinClock("2026-03-16T09:00:00Z");
    const [mine, dead, earlierLife, stale] = db.transaction(() => ["a", "b", "c", "d"].map((k) => enqueue(db, email(`lembrete:${k}`)).id));
    try {
      claimOutbox(db, mine!); // this process, sending right now
      claimOutbox(db, dead!, "999999999/morto"); // no such process
      claimOutbox(db, earlierLife!, `${process.pid}/vidaanterior`); // this PID before a restart (a container's PID 1)
      claimOutbox(db, stale!, SENDER);
      db.$client.run("UPDATE outbox SET enviando_desde = ? WHERE id = ?", [new Date(Date.parse("2026-03-16T09:00:00Z") - STALE_AFTER_MS - 1000).toISOString(), stale!]);
      expect(markInterrupted(db)).toBe(3);
      expect(rowOf(db, mine!).estado).toBe("enviando");
      for (const id of [dead, earlierLife, stale]) expect(rowOf(db, id!)).toMatchObject({ estado: "incerta", erro: INTERRUPTED });
      const transport = scripted({ ok: true });
      expect(await sendDue(db, { email: transport })).toBe(0);
      // The stale one's send did finish after all: its real fate is recorded.
      expect(settleOutbox(db, { id: stale!, tentativas: 1 }, { ok: true })).toBe("enviada");
      // A person decides: again from the first attempt.
      expect(() => requeueOutbox(db, mine!)).toThrow(new HttpError(409, NOT_REQUEUABLE));
      expect(() => requeueOutbox(db, 9999)).toThrow(new HttpError(404, "Envio não encontrado"));
      expect(requeueOutbox(db, dead!)).toMatchObject({ estado: "pendente", tentativas: 0 });
      expect(await sendDue(db, { email: transport })).toBe(1);
      expect(rowOf(db, dead!)).toMatchObject({ estado: "enviada", tentativas: 1, erro: null, por: null });
      expect(transport.sent.length).toBe(1);
    } finally {
      unpin();
      closeDatabase(db);
    }
  });

  test("a result written after a person requeued the row does not overwrite theirs", () => {
    const { db } = freshDb();
    const { id } = db.transaction(() => enqueue(db, email("lembrete:1")));
    const row = claimOutbox(db, id, "999999999/morto")!;
    markInterrupted(db);
    requeueOutbox(db, id);
    // The dead sender's late answer (it was only slow) finds the row no longer its own.
    expect(settleOutbox(db, row, { ok: true }, "999999999/morto")).toBeNull();
    expect(rowOf(db, id).estado).toBe("pendente");
    closeDatabase(db);
  });
});

test("stopping the server's sender takes no new row and waits for the send in flight, which is recorded", async () => {
  const { db } = freshDb();
  db.transaction(() => ["a", "b", "c"].forEach((k) => enqueue(db, email(`lembrete:${k}`))));
  let answer!: (result: SendResult) => void;
  const sent: unknown[] = [];
  const slow: Transport = {
    send(payload) {
      sent.push(payload);
      return new Promise((resolve) => (answer = resolve));
    },
  };
  const sender = startOutbox(db, { email: slow }, { everyMs: 60_000, firstPassAfterMs: 0, log: quiet });
  while (sent.length === 0) await Bun.sleep(1);
  let stopped = false;
  const stopping = sender.stop().then(() => (stopped = true));
  await Bun.sleep(5);
  expect(stopped).toBe(false); // the send in flight is let finish
  answer({ ok: true });
  await stopping;
  expect(sent.length).toBe(1);
  expect(outboxCounts(db)).toMatchObject({ enviada: 1, pendente: 2, enviando: 0 });
  closeDatabase(db);
});

const quiet = { log() {}, error() {} };

test("wakeSenders: a row queued for a person waiting goes on the sender's next turn, after the transaction that queued it, not at its next tick", async () => {
  const { db } = freshDb();
  const transport = scripted({ ok: true });
  // The first pass at once finds nothing; the next tick is a minute away.
  const sender = startOutbox(db, { email: transport }, { everyMs: 60_000, firstPassAfterMs: 0, log: quiet });
  await Bun.sleep(20);
  const inside: number[] = [];
  db.transaction(() => {
    enqueue(db, email("cobranca:1"));
    wakeSenders();
    inside.push(transport.sent.length); // nothing sent from inside the transaction
  });
  expect(inside).toEqual([0]);
  for (let i = 0; i < 500 && transport.sent.length === 0; i++) await Bun.sleep(2);
  expect(transport.sent).toHaveLength(1);
  await sender.stop();
  // A stopped sender is no longer woken.
  db.transaction(() => enqueue(db, email("cobranca:2")));
  wakeSenders();
  await Bun.sleep(20);
  expect(transport.sent).toHaveLength(1);
  closeDatabase(db);
});
