import { describe, expect, test } from "bun:test";
import { databaseWithSubscriptions, duplicates, ENTRY, env, expectedMonths } from "../../tests/subscriptions-cli";

// `cofre subscriptions run` as an operator (or cron) runs it. The race of 20 processes, some
// killed mid-run, is in tests/e2e/subscriptions-race.e2e.ts (it takes seconds).
const SLOW = 60_000;

describe("cofre subscriptions run", () => {
  test("--dry-run lists what it would generate and writes nothing; the run writes it once; a second run writes nothing", () => {
    const path = databaseWithSubscriptions("dry.db", 2);
    const expected = expectedMonths(path);
    const dry = Bun.spawnSync(["bun", ENTRY, "subscriptions", "run", "--dry-run"], { env: env(path) });
    expect(dry.stderr.toString()).toBe("");
    expect(dry.stdout.toString()).toContain(`Simulação (nada foi gravado): ${expected} parcelas seriam geradas`);
    expect(dry.stdout.toString()).toContain("Cliente 1 — Mensalidade 01/2024");
    expect(duplicates(path).total).toBe(0);
    const real = Bun.spawnSync(["bun", ENTRY, "subscriptions", "run"], { env: env(path) });
    expect(real.stdout.toString()).toContain(`${expected} parcelas geradas`);
    expect(duplicates(path).total).toBe(expected);
    const again = Bun.spawnSync(["bun", ENTRY, "subscriptions", "run"], { env: env(path) });
    expect(again.stdout.toString()).toContain("0 parcelas geradas");
    const bad = Bun.spawnSync(["bun", ENTRY, "subscriptions", "run", "--date", "amanhã"], { env: env(path) });
    expect(bad.exitCode).not.toBe(0);
    expect(bad.stderr.toString()).toContain("Informe a data como AAAA-MM-DD");
  }, SLOW);
});
