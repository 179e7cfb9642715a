// The start-up and the command line on a database they cannot use as it is: one held by another
// process (they wait, then say so in one line) and one written by a newer version (they refuse).
// Real processes on real files (this tree bundled as the binary carries it, tests/cofre-bundle.ts).
import { afterAll, describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { databaseWithSubscriptions, duplicates, expectedMonths } from "../../tests/subscriptions-cli";
import { BASE_ENV, cofreCommand } from "../../tests/serve";
import { COMMAND_BUSY_TIMEOUT_MS } from "../../db/client";
import { EXIT } from "./cli-error";
import { USAGE } from "./index";

const CHEAP_HASHING = join(import.meta.dir, "..", "..", "tests", "cheap-password-hashing.ts");
const JOURNAL = join(import.meta.dir, "..", "..", "db", "migrations", "meta", "_journal.json");
// Nothing here is timed; the waits are the product's own (COMMAND_BUSY_TIMEOUT_MS).
const SLOW = 90_000;

const children: Bun.Subprocess[] = [];
afterAll(() => {
  for (const child of children) child.kill();
});

/** Starts `cofre ARGS…` on `path`; resolves with its exit code and output once it exits. */
async function cofre(path: string, args: string[], extra: Record<string, string> = {}) {
  const [bun, ...rest] = await cofreCommand(...args);
  const proc = Bun.spawn([bun!, "--preload", CHEAP_HASHING, ...rest], {
    env: { ...BASE_ENV, DATABASE_PATH: path, APP_TZ: "America/Sao_Paulo", ADMIN_PASSWORD: "senha-longa-do-teste", ...extra },
    stdin: "ignore",
    stdout: "pipe",
    stderr: "pipe",
  });
  children.push(proc);
  return proc;
}

/** `cofre ARGS…` run to its end: its exit code and output. */
async function run(path: string, args: string[]) {
  const proc = await cofre(path, args);
  const [out, err, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
  return { code, out, err };
}

/** `serve` on a free loopback port: resolves with its address once it listens, or with how it exited. */
async function serve(path: string, extra: Record<string, string> = {}) {
  const proc = await cofre(path, ["serve"], { PORT: "0", HOST: "127.0.0.1", NODE_ENV: "production", ADMIN_EMAIL: "dono@empresa.com.br", ...extra });
  const reader = proc.stdout.getReader();
  let out = "";
  for (;;) {
    const address = out.match(/http:\/\/127\.0\.0\.1:\d+/);
    if (address) {
      reader.releaseLock();
      return { proc, url: address[0], out, code: null, err: "" };
    }
    const { value, done } = await reader.read();
    if (done) return { proc, url: null, out, code: await proc.exited, err: await new Response(proc.stderr).text() };
    out += new TextDecoder().decode(value);
  }
}

/** Another process's connection holding the write lock (as a long write of the server would). */
function holdWriteLock(path: string): { release: () => void } {
  const holder = new Database(path);
  holder.exec("BEGIN IMMEDIATE");
  return {
    release: () => {
      holder.exec("COMMIT");
      holder.close();
    },
  };
}

// The one line a locked-out command prints: no SQLiteError, no source excerpt, no stack.
function expectOneLineBusy(run: { code: number | null; err: string }, path: string) {
  expect(run.code).toBe(EXIT.busy);
  expect(run.err.trim().split("\n")).toEqual([
    `O banco de dados ${path} está ocupado por outro processo há mais de ${COMMAND_BUSY_TIMEOUT_MS / 1000} s; a operação foi interrompida sem gravar nada pela metade. Tente de novo em instantes.`,
  ]);
}

describe("a database held by another process", () => {
  test.concurrent("held ~1 s: serve, subscriptions run and user add wait for it and do their work", async () => {
    const path = databaseWithSubscriptions("held-briefly.db", 3);
    const expected = expectedMonths(path);
    const lock = holdWriteLock(path);
    const runs = Promise.all([run(path, ["subscriptions", "run"]), run(path, ["user", "add", "maria@empresa.com.br"])]);
    const server = serve(path);
    // Each command is at its first write by now (they start in ~0.1 s); the lock outlives that.
    await Bun.sleep(1200);
    lock.release();
    const [subscriptions, user] = await runs;
    expect(subscriptions.err).toBe("");
    expect(subscriptions.code).toBe(0);
    expect(subscriptions.out).toStartWith(`${expected} parcelas geradas`);
    expect(user.err).toBe("");
    expect(user.code).toBe(0);
    const started = await server;
    expect(started.err).toBe("");
    expect(started.url).not.toBeNull();
    expect((await fetch(`${started.url}/healthz`)).status).toBe(200);
    started.proc.kill();
    await started.proc.exited;
    const db = new Database(path, { readonly: true });
    expect(db.query("select email from users order by email").all()).toEqual([{ email: "dono@empresa.com.br" }, { email: "maria@empresa.com.br" }]);
    db.close();
    expect(duplicates(path)).toEqual({ rows: [], total: expected, guards: expected });
  }, SLOW);

  test.concurrent(`held longer than the wait (${COMMAND_BUSY_TIMEOUT_MS / 1000} s): one pt-BR line and exit ${EXIT.busy}, nothing written`, async () => {
    const path = databaseWithSubscriptions("held-long.db", 3);
    const lock = holdWriteLock(path);
    let runs;
    try {
      const server = serve(path);
      runs = await Promise.all([server, run(path, ["subscriptions", "run"]), run(path, ["user", "add", "maria@empresa.com.br"])]);
    } finally {
      lock.release();
    }
    for (const run of runs) expectOneLineBusy(run, path);
    expect(runs[0]!.url).toBeNull();
    expect(duplicates(path).total).toBe(0);
    const db = new Database(path, { readonly: true });
    expect(db.query("select count(*) n from users").get()).toEqual({ n: 0 });
    db.close();
  }, SLOW);

  test.concurrent("10 `subscriptions run` at once: every one succeeds, every month once", async () => {
    const path = databaseWithSubscriptions("ten-at-once.db", 40);
    const expected = expectedMonths(path);
    const runs = await Promise.all(Array.from({ length: 10 }, () => run(path, ["subscriptions", "run"])));
    expect(runs.map((run) => ({ code: run.code, err: run.err }))).toEqual(Array.from({ length: 10 }, () => ({ code: 0, err: "" })));
    const generated = runs.map((run) => Number(run.out.match(/^(\d+) parcelas? geradas?/)?.[1]));
    expect(generated.reduce((a, b) => a + b, 0)).toBe(expected);
    expect(duplicates(path)).toEqual({ rows: [], total: expected, guards: expected });
  }, SLOW);
});

/** The schema and every table's rows, to see that nothing was written. */
function contents(path: string) {
  const db = new Database(path, { readonly: true });
  const tables = db.query("SELECT name, sql FROM sqlite_master ORDER BY name").all() as { name: string; sql: string | null }[];
  const rows = Object.fromEntries(
    tables.filter((t) => t.sql?.startsWith("CREATE TABLE")).map((t) => [t.name, db.query(`SELECT * FROM "${t.name}"`).all()]),
  );
  db.close();
  return { tables, rows };
}

describe("a database written by a newer version", () => {
  test.concurrent(`serve and every command refuse it with one pt-BR line and exit ${EXIT.newerDatabase}, touching nothing`, async () => {
    const path = databaseWithSubscriptions("newer.db", 2);
    const { entries } = JSON.parse(readFileSync(JOURNAL, "utf8")) as { entries: { when: number }[] };
    // What a newer binary's migration leaves: one more row, newer than this binary's last.
    const db = new Database(path);
    db.run(`INSERT INTO "__drizzle_migrations" (hash, created_at) VALUES ('f00d', ?)`, [entries.at(-1)!.when + 60_000]);
    db.close();
    const before = contents(path);
    const runs = await Promise.all([
      serve(path),
      ...[["subscriptions", "run"], ["user", "add", "maria@empresa.com.br"], ["user", "list"], ["seed-demo"], ["backup", `${path}.copia`]].map((args) => run(path, args)),
    ]);
    for (const run of runs) {
      expect(run.code).toBe(EXIT.newerDatabase);
      expect(run.err.trim().split("\n")).toEqual([
        `O banco de dados ${path} foi atualizado por uma versão mais nova do Cofre (1 migração que esta versão não conhece). Use a versão mais nova, ou restaure a cópia de segurança feita antes da atualização.`,
      ]);
    }
    expect(contents(path)).toEqual(before);
    expect(existsSync(`${path}.copia`)).toBe(false);
  }, SLOW);
});

test("`cofre --help` lists every exit code", () => {
  for (const code of Object.values(EXIT)) expect(USAGE).toMatch(new RegExp(`^  (.* )?${code}  `, "m"));
});
