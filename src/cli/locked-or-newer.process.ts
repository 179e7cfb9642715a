// The start-up and the command line on a database they cannot use as it is: one held by another
// process (they wait, then say so in one line) and one written by a newer version (they refuse).
// Real processes on real files (this tree bundled as the binary carries it, tests/cofre-bundle.ts).
import { afterAll, describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { databaseWithSubscriptions, duplicates, expectedMonths } from "../../tests/subscriptions-cli";
import { holdWriteLock, run, serve } from "../../tests/locked-database";
import { EXIT } from "./cli-error";
import { USAGE } from "./index";

const JOURNAL = join(import.meta.dir, "..", "..", "db", "migrations", "meta", "_journal.json");
// Nothing here is timed. A lock held past the wait (5 s) and 10 parallel runs are in
// tests/e2e/locked-database.e2e.ts: their seconds would double this suite's time.
const SLOW = 90_000;

describe("a database held by another process", () => {
  test.concurrent("held ~1 s: serve, subscriptions run and user add wait for it and do their work", async () => {
    const path = databaseWithSubscriptions("held-briefly.db", 3);
    // The server on a file of its own: on a database without users its start writes the first
    // one (which `user add` would otherwise make unnecessary, whichever wins the lock).
    const serverPath = databaseWithSubscriptions("held-briefly-server.db", 1);
    const expected = expectedMonths(path);
    const locks = [holdWriteLock(path), holdWriteLock(serverPath)];
    const runs = Promise.all([run(path, ["subscriptions", "run"]), run(path, ["user", "add", "maria@empresa.com.br"])]);
    const server = serve(serverPath);
    // Each command is at its first write by now (they start in ~0.1 s); the lock outlives that.
    await Bun.sleep(1000);
    for (const lock of locks) lock.release();
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
    const users = (file: string) => {
      const db = new Database(file, { readonly: true });
      const emails = db.query("select email from users order by email").all();
      db.close();
      return emails;
    };
    expect(users(path)).toEqual([{ email: "maria@empresa.com.br" }]);
    expect(users(serverPath)).toEqual([{ email: "dono@empresa.com.br" }]);
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
