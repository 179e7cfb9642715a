// The server's daily work (automatic blocking today; recurring billing next): each job runs
// right after start-up and again once the date in APP_TZ changes — checked every minute, so a
// sleeping machine or a DST change cannot skip a day. A job that fails (a busy database) logs
// one line and is tried again at the next check; the others are not held up by it.
import { codeOf, isBusyError, isDiskFullError, type Db } from "../../db/client";
import { unexpectedErrorLog } from "../http/errors";
import { today } from "../lib/clock";

export interface DailyJob {
  /** For the log, in pt-BR: "Bloqueio automático". */
  name: string;
  /** Does the day's work inside its own immediate transaction; returns a line to log, or null. */
  run(db: Db, day: string): string | null;
}

/** The query planner's statistics follow the data as it grows (openDatabase ran a sampled one). */
export const plannerStatisticsJob: DailyJob = {
  name: "Estatísticas do banco",
  run(db) {
    db.$client.exec("PRAGMA optimize");
    return null;
  },
};

const CHECK_EVERY_MS = 60_000;
const START_DELAY_MS = 200;

/** Why a run failed, in one line: the expected causes in words, anything else with its stack. */
export function jobFailureLog(name: string, error: unknown): string {
  if (isBusyError(error)) return `[${name}] banco de dados ocupado por outro processo: nova tentativa em 1 minuto`;
  if (isDiskFullError(error)) return `[${name}] sem espaço em disco (${codeOf(error)}): nova tentativa em 1 minuto`;
  return unexpectedErrorLog(name, error);
}

export interface DailyJobs {
  stop(): void;
  /** What the minute's timer does: runs each job not yet done today. */
  check(): void;
}

type Log = Pick<Console, "log" | "error">;

/**
 * Starts the jobs. The first run waits `firstRunAfterMs`: the requests already queued at
 * start-up come first (a job's first "today" pays for ICU's time-zone data, ~12 ms).
 */
export function startDailyJobs(db: Db, jobs: DailyJob[], firstRunAfterMs = START_DELAY_MS, log: Log = console): DailyJobs {
  const doneOn = new Map<DailyJob, string>();
  const check = () => {
    const day = today();
    for (const job of jobs) {
      if (doneOn.get(job) === day) continue;
      try {
        const said = db.transaction(() => job.run(db, day), { behavior: "immediate" });
        doneOn.set(job, day);
        if (said) log.log(`${job.name} (${day}): ${said}`);
      } catch (error) {
        log.error(jobFailureLog(job.name, error));
      }
    }
  };
  const first = setTimeout(check, firstRunAfterMs);
  const timer = setInterval(check, CHECK_EVERY_MS);
  timer.unref();
  return {
    stop() {
      clearTimeout(first);
      clearInterval(timer);
    },
    check,
  };
}
