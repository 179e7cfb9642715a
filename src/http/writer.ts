// Writes too long for the event loop, on a thread of their own (docs/decisions.md "Writes off
// the event loop"). bun:sqlite is synchronous: a 5,000-row import or bulk action is one
// transaction (all or nothing, DECISIONS §14) of up to seconds, and on the server's connection
// the loop — /healthz, every page — stood still for all of it. Here the job goes to a Worker
// (src/workers/writer-thread.ts) with its own connection to the same WAL file: the transaction
// is as before, one, immediate, all or nothing; the loop stays free; reads go on (WAL: readers
// never wait for the writer).
//
// While the thread holds the write lock the server's own writes cannot run: requests that may
// write (any method but GET/HEAD/OPTIONS) wait for the job before their turn, without holding
// the loop (writesWaitForWorker), and a write that still meets the lock (a daily job, the outbox)
// waits at most BUSY_WHILE_WORKER_MS and fails as busy (503, or the job's next pass) instead of
// the loop standing still 250 ms. Jobs run one at a time, in the order they came. The thread is
// started by a job and kept while jobs follow one another (a start is ~140 ms of the thread's
// CPU: it evaluates the services' modules); `idleMs` after the last job it is ended, and
// its heap with it: an idle server holds no writer thread.
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { Elysia } from "elysia";
import { workerWriting, type Db } from "../../db/client";
import { clock } from "../lib/clock";
import { HttpError } from "./errors";

/** A job: plain data (it crosses to the thread by structured clone), named by `kind`; the thread's entry runs it. */
interface Job {
  kind: string;
}

/** What the thread is sent: the file, the server's clock, the job. */
export interface WriterRequest<J extends Job = Job> {
  path: string;
  timeZone: string;
  /**
   * The server's clock.now() when the job starts: the job's one instant, as a transaction's time
   * (a test's pinned clock stays pinned, so what the job stamps "now" is due at the server's now).
   */
  nowMs: number;
  job: J;
}

/** A job's error as plain data: an HttpError keeps its status and answer; another keeps SQLite's code (busy → 503, full → 507). */
type ErrorData =
  | { type: "http"; status: HttpError["status"]; message: string; errors?: HttpError["errors"]; headers?: Record<string, string>; extra?: Record<string, unknown> }
  | { type: "error"; name: string; message: string; code?: string; stack?: string };

export type WriterAnswer = { ok: true; value: unknown } | { ok: false; error: ErrorData };

export function errorAsData(error: unknown): ErrorData {
  if (error instanceof HttpError) return { type: "http", status: error.status, message: error.message, errors: error.errors, headers: error.headers, extra: error.extra };
  const e = error instanceof Error ? error : new Error(String(error));
  const code = (e as { code?: unknown }).code;
  return { type: "error", name: e.name, message: e.message, code: typeof code === "string" ? code : undefined, stack: e.stack };
}

function dataAsError(data: ErrorData): Error {
  if (data.type === "http") return new HttpError(data.status, data.message, data.errors, data.headers, data.extra);
  const error = new Error(data.message) as Error & { code?: string };
  error.name = data.name;
  if (data.code) error.code = data.code;
  if (data.stack) error.stack = `${data.stack}\n    (writer thread)`;
  return error;
}

/** The thread's entry: beside src/ from source; `workers/` beside the entry in a bundle or the compiled binary (scripts/build.ts). */
function threadEntry(): string {
  const candidates = [join(import.meta.dir, "..", "workers", "writer-thread.ts"), join(dirname(Bun.main), "workers", "writer-thread.js")];
  const found = candidates.find((path) => existsSync(path));
  if (!found) throw new Error(`writer thread not found in ${candidates.join(" or ")}`);
  return found;
}

let queue: Promise<unknown> = Promise.resolve();
let running = 0;

/** Whether a job is on the writer thread or queued for it now. */
export const writingOffLoop = (): boolean => running > 0;

/** Resolves once no job is running or queued. */
async function jobsDone(): Promise<void> {
  while (running > 0) await queue;
}

/**
 * `job` run on the writer thread against `db`'s file: its result, or its error thrown again here
 * as the routes and the error handler know it.
 */
export function writeOffLoop<T>(db: Db, job: Job & { bytes?: Uint8Array }): Promise<T> {
  const path = db.$client.filename;
  // The thread opens the file by name: an in-memory database has none to share.
  if (!path || path === ":memory:") return Promise.reject(new Error("writeOffLoop needs a database file"));
  running++;
  const run = queue.then(async () => {
    workerWriting(true);
    try {
      return await onThread<T>({ path, timeZone: clock.timeZone, nowMs: clock.now().getTime(), job }, job.bytes);
    } finally {
      workerWriting(false);
    }
  });
  const settled = () => {
    running--;
  };
  queue = run.then(settled, settled);
  return run;
}

/**
 * How long the thread is kept after a job for the next one (a person's next bulk action comes
 * sooner): `idleMs`, read as each job ends (a test shortens it).
 */
export const writerThreadOptions = { idleMs: 10_000 };

/** Bun's Worker: ref()/unref() as a timer's (not in the DOM's type). */
type BunWorker = Worker & { ref(): void; unref(): void };

/** The thread between jobs, and the job it runs (one at a time: the queue above). */
interface Thread {
  worker: BunWorker;
  job: { resolve(value: unknown): void; reject(error: Error): void } | null;
  idle?: ReturnType<typeof setTimeout>;
}
let thread: Thread | null = null;
let started = 0;

/** Whether a writer thread is alive now (running a job or waiting `idleMs` for the next). */
export const writerThreadAlive = (): boolean => thread !== null;
/** How many writer threads this process has started. */
export const writerThreadsStarted = (): number => started;

function startThread(): Thread {
  started++;
  const current: Thread = { worker: new Worker(threadEntry(), { smol: true }) as BunWorker, job: null };
  const { worker } = current;
  // Gone (an error, its end): the job it ran failed, and the next job starts another thread.
  const lost = (error: Error) => {
    if (thread === current) thread = null;
    clearTimeout(current.idle);
    const job = current.job;
    current.job = null;
    void worker.terminate();
    job?.reject(error);
  };
  worker.onmessage = ({ data }: MessageEvent<WriterAnswer>) => {
    const job = current.job;
    current.job = null;
    // Waiting for the next job holds neither the process (a stop, a test run's end) nor memory past idleMs.
    worker.unref();
    current.idle = setTimeout(() => lost(new Error("writer thread ended while idle")), writerThreadOptions.idleMs);
    current.idle.unref();
    if (data.ok) job?.resolve(data.value);
    else job?.reject(dataAsError(data.error));
  };
  worker.onerror = (event) => lost(new Error(`writer thread failed: ${event.message}`));
  // A thread that ended without answering (it cannot hold the lock once gone): the job failed.
  worker.addEventListener("close", () => lost(new Error("writer thread ended without an answer")));
  return current;
}

function onThread<T>(request: WriterRequest, bytes?: Uint8Array): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const current = (thread ??= startThread());
    clearTimeout(current.idle);
    current.job = { resolve: resolve as (value: unknown) => void, reject };
    current.worker.ref();
    // A file's bytes are moved to the thread, not copied (the server has no more use for them).
    current.worker.postMessage(request, bytes ? [bytes.buffer as ArrayBuffer] : []);
  });
}

const READS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * A request that may write waits, before its turn, for the jobs on the writer thread: it would
 * otherwise meet the lock. The loop is free meanwhile (an await, not SQLite's busy wait).
 */
export const writesWaitForWorker = new Elysia({ name: "writes-wait-for-worker" }).onRequest(async ({ request }) => {
  if (running > 0 && !READS.has(request.method)) await jobsDone();
});
