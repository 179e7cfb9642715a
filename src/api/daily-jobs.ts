// The server's daily work (subscriptions' months, automatic blocking, the planner's statistics,
// old idempotency keys): each job runs right after start-up and again once the date in APP_TZ
// changes — checked every minute, so a sleeping machine or a DST change cannot skip a day.
// The `jobs` table remembers each job's last completed day, written in the transaction of its
// last slice: a restart does not redo a completed day, a day missed while the server was down is
// run once at start (the jobs back-fill by their own keys), and a CLI run or a second server that
// completed the day first is seen. A job that fails logs one pt-BR line (kept in `jobs` for
// GET /api/health) and is tried again at the next check; the others are not held up by it.
import { eq, sql } from "drizzle-orm";
import { codeOf, isBusyError, isDiskFullError, type Db } from "../../db/client";
import { jobs as jobTable } from "../../db/schema";
import { turn } from "../http/turns";
import { nowISO, today } from "../lib/clock";

/** A slice that left work for the next one: the runner yields to the event loop, then calls again. */
export interface MoreToDo {
  more: true;
  /** What this slice did, for the log (optional). */
  said?: string | null;
}

export interface DailyJob {
  /**
   * Its name in the log, in pt-BR ("Bloqueio automático"), and its key in the `jobs` table
   * (renaming a job makes it run again the same day: harmless, the jobs are idempotent).
   */
  name: string;
  /**
   * One slice of the day's work, inside its own immediate transaction: a line to log (or null)
   * when the day's work is done, or `{more: true}` when there is more. A slice must stay well
   * under 25 ms of the event loop: a job with large work does a bounded batch per call and
   * answers `more`; exactly-once stays with its own keys (a repeated slice writes nothing).
   * `first` is true on each run's first slice — at start-up, on a new day, and after a failure,
   * whose slice was rolled back: a job that keeps where it got to starts over then.
   */
  run(db: Db, day: string, first: boolean): string | null | MoreToDo;
  /**
   * Optional: whether the job may run now (the régua waits for its sending window). False skips
   * it until the next minute's check, without recording the day.
   */
  ready?(db: Db): boolean;
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

/**
 * Why a run failed, in one pt-BR line: the expected causes in words; anything else by its name,
 * message and the place it was thrown (its first stack frame), never a multi-line stack.
 */
export function jobFailureLog(name: string, error: unknown): string {
  if (isBusyError(error)) return `[${name}] banco de dados ocupado por outro processo: nova tentativa em 1 minuto`;
  if (isDiskFullError(error)) return `[${name}] sem espaço em disco (${codeOf(error)}): nova tentativa em 1 minuto`;
  if (!(error instanceof Error)) return `[${name}] falhou: ${String(error).split("\n")[0]}; nova tentativa em 1 minuto`;
  const code = (error as { code?: unknown }).code;
  const at = (error.stack ?? "").split("\n").find((line) => /^\s+at /.test(line))?.trim().replace(/^at /, "");
  return `[${name}] falhou: ${error.name}${typeof code === "string" ? ` ${code}` : ""}: ${error.message.split("\n")[0]}${at ? ` (em ${at})` : ""}; nova tentativa em 1 minuto`;
}

export type JobRecord = typeof jobTable.$inferSelect;

/** The day `name` last completed, or null when it never has. */
export function lastCompletedDay(db: Db, name: string): string | null {
  return db.select({ ultimoDia: jobTable.ultimoDia }).from(jobTable).where(eq(jobTable.nome, name)).get()?.ultimoDia ?? null;
}

/**
 * Records that `name` completed `day`, in the caller's transaction (the one of its last slice:
 * the work and the record commit together). A day earlier than the one recorded never goes back.
 */
export function recordJobDone(db: Db, name: string, day: string): void {
  const now = nowISO();
  db.insert(jobTable)
    .values({ nome: name, ultimoDia: day, concluidoEm: now })
    .onConflictDoUpdate({
      target: jobTable.nome,
      set: { ultimoDia: sql`max(coalesce(${jobTable.ultimoDia}, ''), excluded.ultimo_dia)`, concluidoEm: now, ultimoErro: null, erroEm: null },
    })
    .run();
}

function recordJobFailure(db: Db, name: string, line: string): void {
  const now = nowISO();
  db.insert(jobTable)
    .values({ nome: name, ultimoErro: line, erroEm: now })
    .onConflictDoUpdate({ target: jobTable.nome, set: { ultimoErro: line, erroEm: now } })
    .run();
}

/** Every job's record, by name: what GET /api/health shows an administrator. */
export function jobRecords(db: Db): JobRecord[] {
  return db.select().from(jobTable).orderBy(jobTable.nome).all();
}

type Log = Pick<Console, "log" | "error">;

const isMore = (step: string | null | MoreToDo): step is MoreToDo => typeof step === "object" && step !== null;
const ALREADY_DONE = Symbol("already done");

/**
 * Runs `job` for `day` unless the `jobs` table says that day (or a later one) is done: slice
 * after slice, each in its own immediate transaction, taking a turn of the event loop between
 * two. Whether it already ran is read again inside each slice's transaction, so a second process
 * that completed the day while this one waited for the lock is not repeated. Returns whether the
 * job ran (false: it was already done); a failure is logged, recorded and not thrown.
 */
export async function runJob(db: Db, job: DailyJob, day: string, log: Log = console): Promise<boolean> {
  try {
    // A look before taking the write lock: the minute's check of a day done costs a read.
    const done = lastCompletedDay(db, job.name);
    if (done !== null && done >= day) return false;
    if (job.ready && !job.ready(db)) return false;
    for (let first = true; ; first = false) {
      const step = db.transaction(
        () => {
          const done = lastCompletedDay(db, job.name);
          if (done !== null && done >= day) return ALREADY_DONE;
          const step = job.run(db, day, first);
          if (!isMore(step)) recordJobDone(db, job.name, day);
          return step;
        },
        { behavior: "immediate" },
      );
      if (step === ALREADY_DONE) return false;
      if (!isMore(step)) {
        if (step) log.log(`${job.name} (${day}): ${step}`);
        return true;
      }
      if (step.said) log.log(`${job.name} (${day}): ${step.said}`);
      await turn();
    }
  } catch (error) {
    const line = jobFailureLog(job.name, error);
    log.error(line);
    // Kept for GET /api/health. Not when the database is busy: recording would wait on the very
    // lock that failed the job (the log line says it, and the next minute tries again).
    if (!isBusyError(error)) {
      try {
        recordJobFailure(db, job.name, line);
      } catch {
        // a full disk refuses this too; the log line is what remains
      }
    }
    return true;
  }
}

/**
 * Work too large for one go, outside the daily runner (POST /api/subscriptions/run, the CLI):
 * `slice` (true: more is left) in its own immediate transaction, again and again, with a turn of
 * the event loop between two (behind the requests that arrived meanwhile). A failure throws,
 * leaving the slices before it committed.
 */
export async function runInSlices(db: Db, slice: () => boolean): Promise<void> {
  while (db.transaction(() => slice(), { behavior: "immediate" })) await turn();
}

export interface DailyJobs {
  stop(): void;
  /** What the minute's timer does: runs, one after another, each job not yet done today. */
  check(): Promise<void>;
}

/**
 * Starts the jobs. The first run waits `firstRunAfterMs`: the requests already queued at
 * start-up come first (a job's first "today" pays for ICU's time-zone data, ~12 ms). One check
 * at a time: a minute's timer that finds the previous check still running waits for it.
 */
export function startDailyJobs(db: Db, jobs: DailyJob[], firstRunAfterMs = START_DELAY_MS, log: Log = console): DailyJobs {
  let running: Promise<void> | null = null;
  let stopped = false;
  const runAll = async () => {
    const day = today();
    for (const job of jobs) {
      if (stopped) return;
      if (await runJob(db, job, day, log)) await turn();
    }
  };
  const check = (): Promise<void> => {
    running ??= runAll().finally(() => {
      running = null;
    });
    return running;
  };
  const first = setTimeout(check, firstRunAfterMs);
  const timer = setInterval(check, CHECK_EVERY_MS);
  timer.unref();
  return {
    stop() {
      stopped = true;
      clearTimeout(first);
      clearInterval(timer);
    },
    check,
  };
}
