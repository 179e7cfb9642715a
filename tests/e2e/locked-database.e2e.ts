// The waits that take seconds (src/cli/locked-or-newer.test.ts has the rest): a lock held past
// the start-up's and the commands' wait, and 10 `cofre subscriptions run` at once on one file.
import { describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { COMMAND_BUSY_TIMEOUT_MS } from "../../db/client";
import { EXIT } from "../../src/cli/cli-error";
import { expectOneLineBusy, holdWriteLock, run, serve } from "../locked-database";
import { databaseWithSubscriptions, duplicates, expectedMonths } from "../subscriptions-cli";

const SLOW = 120_000;

describe("a database held by another process", () => {
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
