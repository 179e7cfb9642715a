import { describe, expect, test } from "bun:test";
import { databaseWithSubscriptions, duplicates, ENTRY, env, expectedMonths } from "../subscriptions-cli";

// Exactly once per (subscription, competência) is the database's rule, not only the code's:
// 20 `cofre subscriptions run` processes on one file at once, five of them killed with -9 at
// different moments of their run (start-up, mid-transaction, commit), then one more run.
const SLOW = 120_000;

describe("cofre subscriptions run, raced", () => {
  test("20 processes at once, some killed with -9 mid-run, then one more run: every month exactly once", async () => {
    const path = databaseWithSubscriptions("race.db", 300);
    const expected = expectedMonths(path);
    const runs = Array.from({ length: 20 }, () => Bun.spawn(["bun", ENTRY, "subscriptions", "run"], { env: env(path), stdout: "pipe", stderr: "pipe" }));
    await Promise.all(
      runs.slice(0, 5).map(async (child, i) => {
        await Bun.sleep(150 + i * 120);
        child.kill(9);
      }),
    );
    await Promise.all(runs.map((child) => child.exited));
    expect(duplicates(path).rows).toEqual([]);
    const final = Bun.spawnSync(["bun", ENTRY, "subscriptions", "run"], { env: env(path) });
    expect(final.exitCode).toBe(0);
    const done = duplicates(path);
    expect(done.rows).toEqual([]);
    expect(done.total).toBe(expected);
    expect(done.guards).toBe(expected);
  }, SLOW);
});
