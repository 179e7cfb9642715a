import { describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { today } from "../lib/clock";
import { databaseWithSubscriptions, duplicates, env, expectedMonths } from "../../tests/subscriptions-cli";
import { cofreCommand } from "../../tests/serve";
import { CliError } from "./cli-error";
import { parseRunArgs, runFromShell } from "./subscriptions";

// `cofre subscriptions run` as an operator (or cron) runs it: the command's code in this process,
// and one real process for the wiring. The race of 20 processes, some killed mid-run, is in
// tests/e2e/subscriptions-race.e2e.ts (it takes seconds).
const SLOW = 60_000;

describe("cofre subscriptions run", () => {
  test("--dry-run lists what it would generate and writes nothing; the run writes it once; a second run writes nothing", async () => {
    const path = databaseWithSubscriptions("dry.db", 2);
    const expected = expectedMonths(path);
    const dry = Bun.spawnSync(await cofreCommand("subscriptions", "run", "--dry-run"), { env: env(path) });
    expect(dry.stderr.toString()).toBe("");
    expect(dry.stdout.toString()).toContain(`Simulação (nada foi gravado): ${expected} parcelas seriam geradas`);
    expect(dry.stdout.toString()).toContain("Cliente 1 — Mensalidade 01/2024");
    expect(duplicates(path).total).toBe(0);
    const file = new Database(path);
    expect(file.query("SELECT count(*) AS n FROM jobs").get()).toEqual({ n: 0 }); // a simulation is not the day's run
    const run = () => runFromShell(path, "America/Sao_Paulo", 0, parseRunArgs([]));
    expect(await run()).toContain(`${expected} parcelas geradas`);
    expect(duplicates(path).total).toBe(expected);
    // It was the daily job's run: the server started later today does not run it again.
    expect(file.query("SELECT ultimo_dia AS dia FROM jobs WHERE nome = 'Assinaturas'").get()).toEqual({ dia: today() });
    file.close();
    expect(await run()).toStartWith("0 parcelas geradas");
    expect(() => parseRunArgs(["--date", "amanhã"])).toThrow(new CliError("Informe a data como AAAA-MM-DD: cofre subscriptions run --date 2026-12-31"));
    expect(() => parseRunArgs(["--depressa"])).toThrow(CliError);
    expect(parseRunArgs(["--date=2026-12-01", "--dry-run"])).toEqual({ date: "2026-12-01", dryRun: true });
  }, SLOW);
});
