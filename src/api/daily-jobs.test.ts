import { expect, test } from "bun:test";
import { useTestApp, whileLocked } from "../../tests/support";
import { pinClock } from "../lib/clock";
import { automaticBlockingJob } from "./clients/blocking";
import { startDailyJobs, type DailyJob } from "./daily-jobs";

const t = useTestApp();

function recorder() {
  const lines: { level: "log" | "error"; text: string }[] = [];
  return { lines, log: { log: (text: string) => lines.push({ level: "log", text }), error: (text: string) => lines.push({ level: "error", text }) } };
}

test("each job runs once a day; one that fails does not hold up the others and runs again at the next check", () => {
  const unpin = pinClock("2026-03-15T10:00:00-03:00");
  try {
    const runs: string[] = [];
    let failing = true;
    const flaky: DailyJob = { name: "Instável", run: (_db, day) => (runs.push(`instável ${day}`), failing ? (() => { throw new Error("falhou"); })() : "feito") };
    const steady: DailyJob = { name: "Estável", run: (_db, day) => (runs.push(`estável ${day}`), null) };
    const { lines, log } = recorder();
    const jobs = startDailyJobs(t.db, [flaky, steady], 60_000, log);
    jobs.check();
    jobs.check();
    failing = false;
    jobs.check();
    jobs.check();
    pinClock("2026-03-16T00:01:00-03:00");
    jobs.check();
    jobs.stop();
    expect(runs).toEqual(["instável 2026-03-15", "estável 2026-03-15", "instável 2026-03-15", "instável 2026-03-15", "instável 2026-03-16", "estável 2026-03-16"]);
    expect(lines.filter((l) => l.level === "log").map((l) => l.text)).toEqual(["Instável (2026-03-15): feito", "Instável (2026-03-16): feito"]);
  } finally {
    unpin();
  }
});

test("a busy database is one pt-BR line in the log, not a stack trace; the run happens once the lock is gone", async () => {
  const { lines, log } = recorder();
  const jobs = startDailyJobs(t.db, [automaticBlockingJob(0)], 60_000, log);
  await whileLocked(t, () => {
    jobs.check();
    expect(lines).toEqual([{ level: "error", text: "[Bloqueio automático] banco de dados ocupado por outro processo: nova tentativa em 1 minuto" }]);
  });
  jobs.check();
  jobs.stop();
  expect(lines.length).toBe(1);
});
