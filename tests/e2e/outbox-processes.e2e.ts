import { describe, expect, test } from "bun:test";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { closeDatabase, openDatabase, type Db } from "../../db/client";
import { enqueue, INTERRUPTED, markInterrupted } from "../../src/api/outbox/outbox";
import { ADMIN } from "../support";
import { databaseWithUser, startCofre } from "../serve";
import { eventually } from "./support";

// The outbox across real processes (they take seconds, so they live beside the browser suite):
// senders killed with -9 mid-send, a real `cofre serve` started after it, and senders in
// separate processes racing over one file. The transport is a double (tests/outbox-sender.ts);
// SMTP is the next issue's.
const SLOW = 120_000;
const SENDER = join(import.meta.dir, "..", "outbox-sender.ts");

/** A sender process, and its stdout as lines as they come. */
function spawnSender(path: string, mode: "send" | "hang") {
  const proc = Bun.spawn(["bun", SENDER, path, mode], { stdin: "pipe", stdout: "pipe", stderr: "pipe", env: { PATH: process.env.PATH!, HOME: process.env.HOME ?? tmpdir() } });
  const lines: string[] = [];
  const reading = (async () => {
    let rest = "";
    for await (const chunk of proc.stdout) {
      rest += new TextDecoder().decode(chunk);
      const parts = rest.split("\n");
      rest = parts.pop()!;
      lines.push(...parts);
    }
  })();
  const until = async (line: string) => {
    await eventually(async () => lines.includes(line), true, 30_000);
  };
  const go = () => {
    proc.stdin.write("vai\n");
    void proc.stdin.flush();
  };
  return { proc, lines, reading, until, go };
}

const stateOf = (db: Db, key: string) =>
  db.$client.query("SELECT estado, tentativas, ultimo_erro AS erro FROM outbox WHERE chave = ?").get(key) as { estado: string; tentativas: number; erro: string | null };

function databaseWith(path: string, rows: number) {
  const db = openDatabase(path);
  db.transaction(() => {
    for (let i = 0; i < rows; i++) enqueue(db, { kind: "email", key: `lembrete:${i}`, payload: { to: `c${i}@exemplo.com.br` } });
  });
  return db;
}

describe("outbox across processes", () => {
  test("a sender killed with -9 mid-send leaves its row `incerta` once Cofre starts again, and no sender sends it again", async () => {
    const path = join(mkdtempSync(join(tmpdir(), "cofre-outbox-kill-")), "app.db");
    await databaseWithUser(path, ADMIN);
    const db = databaseWith(path, 1);
    const hung = spawnSender(path, "hang");
    await hung.until("pronto");
    hung.go();
    await hung.until("enviando c0@exemplo.com.br");
    // While it lives, another process's start leaves its send alone.
    expect(markInterrupted(db)).toBe(0);
    expect(stateOf(db, "lembrete:0")).toMatchObject({ estado: "enviando", tentativas: 1 });
    hung.proc.kill(9);
    await hung.proc.exited;
    // The restart: a real server on the file.
    const server = await startCofre({ DATABASE_PATH: path });
    try {
      await eventually(async () => stateOf(db, "lembrete:0").estado, "incerta", 30_000);
      expect(stateOf(db, "lembrete:0")).toEqual({ estado: "incerta", tentativas: 1, erro: INTERRUPTED });
    } finally {
      server.proc.kill("SIGTERM");
      await server.proc.exited;
    }
    // A sender pass after it: nothing to send.
    const after = spawnSender(path, "send");
    await after.until("pronto");
    after.go();
    expect(await after.proc.exited).toBe(0);
    await after.reading;
    expect(after.lines.filter((l) => l.startsWith("enviada"))).toEqual([]);
    expect(stateOf(db, "lembrete:0").estado).toBe("incerta");
    closeDatabase(db);
  }, SLOW);

  test("4 sender processes on one file at once: each of 80 rows is sent exactly once", async () => {
    const path = join(mkdtempSync(join(tmpdir(), "cofre-outbox-race-")), "app.db");
    await databaseWithUser(path, ADMIN);
    const db = databaseWith(path, 80);
    const senders = Array.from({ length: 4 }, () => spawnSender(path, "send"));
    for (const s of senders) await s.until("pronto");
    for (const s of senders) s.go();
    for (const s of senders) {
      expect(await s.proc.exited).toBe(0);
      await s.reading;
    }
    const sent = senders.flatMap((s) => s.lines.filter((l) => l.startsWith("enviada ")));
    expect(sent.length).toBe(80);
    expect(new Set(sent).size).toBe(80);
    expect(senders.filter((s) => s.lines.some((l) => l.startsWith("enviada "))).length).toBeGreaterThan(1); // they did race
    expect(db.$client.query("SELECT estado, count(*) AS n, max(tentativas) AS t FROM outbox GROUP BY estado").all()).toEqual([{ estado: "enviada", n: 80, t: 1 }]);
    closeDatabase(db);
  }, SLOW);
});
