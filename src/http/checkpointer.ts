// Checkpoints off the event loop (issue 38 §3). SQLite's automatic checkpoint runs inside the
// commit that pushes the WAL past 1,000 pages: on the server's connection, that commit (an OFX
// import's slice, a generation's) wrote and synced the WAL's pages into the database while
// /healthz waited (at --scale 50 a generation's loop ticks of 21–35 ms writing 20–25 MB each, the
// loop's own CPU ~14 ms; bench-loop's longest 56–135 ms). The server's connection has it off; a
// thread of its own (src/workers/checkpoint-thread.ts) does it, with its own connection, PASSIVE:
// it never waits for the server's readers or writer, and the server's writes never wait for it.
//
// The thread exists only while there is work: the loop looks at the WAL's size every 250 ms (one
// stat), starts the thread when the WAL has grown past the threshold with new writes, and ends it
// once no checkpoint has been asked for IDLE_MS. A Worker is a JavaScript heap of its own (~3 MB
// of the server's idle RSS when it lived as long as the server).
import { existsSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import type { Db } from "../../db/client";

/** What the thread is sent first: the file. */
export interface CheckpointerStart {
  path: string;
}

/** What the thread says after a checkpoint: the WAL's frames, those copied (equal: all of it), busy when one could not finish. */
export interface CheckpointDone {
  busy: number;
  log: number;
  checkpointed: number;
}

/** The thread's messages: a checkpoint's result, one that failed (busy, a full disk: the WAL stays valid), its end. */
export type CheckpointerMessage = CheckpointDone | "failed" | "stopped";

/** SQLite's own threshold (1,000 pages of 4 KB). */
const WAL_BYTES = 4 * 1024 * 1024;
const EVERY_MS = 250;
/** Quiet this long (no checkpoint asked) and the thread is ended; the next growth starts another. */
const IDLE_MS = 30_000;

/** The thread's entry: beside src/ from source; `workers/` beside the entry in a bundle or the compiled binary (scripts/build.ts). */
function threadEntry(): string | null {
  const candidates = [join(import.meta.dir, "..", "workers", "checkpoint-thread.ts"), join(dirname(Bun.main), "workers", "checkpoint-thread.js")];
  return candidates.find((path) => existsSync(path)) ?? null;
}

export interface Checkpointer {
  /** Ends the thread (its connection closed) and gives the connection its automatic checkpoint back. */
  stop(): Promise<void>;
  /** Whether the thread is alive now (checkpointing, or within IDLE_MS of its last checkpoint). */
  threadAlive(): boolean;
}

/** How long a stop waits for the thread to close its connection (a checkpoint under way ends first). */
const STOP_WAIT_MS = 2000;

/** Bun's Worker: ref()/unref() as a timer's (not in the DOM's type). */
type BunWorker = Worker & { ref(): void; unref(): void };

interface Thread {
  worker: BunWorker;
  /** Resolves once the thread has closed its connection (or is gone). */
  ended: Promise<void>;
  end: () => void;
}

/**
 * Moves `db`'s checkpoints to their thread. Without its entry (a build that left it out) the
 * connection keeps SQLite's automatic checkpoint, and says so: slower moments, nothing lost.
 */
export function startCheckpointer(
  db: Db,
  { walBytes = WAL_BYTES, everyMs = EVERY_MS, idleMs = IDLE_MS, onCheckpoint }: { walBytes?: number; everyMs?: number; idleMs?: number; onCheckpoint?: (done: CheckpointDone) => void } = {},
): Checkpointer {
  const path = db.$client.filename;
  const entry = threadEntry();
  if (!path || path === ":memory:" || !entry) {
    if (!entry) console.error("[banco] checkpoint em segundo plano indisponível (workers/checkpoint-thread.js não encontrado): o checkpoint automático continua.");
    return { stop: async () => {}, threadAlive: () => false };
  }
  const wal = `${path}-wal`;
  let thread: Thread | null = null;
  /** The WAL's size and time when a checkpoint was asked, while it runs. */
  let asked: string | null = null;
  /** The WAL's size and time when one copied all of it: the WAL is reused from its start once copied, so its size stays; only new writes count. */
  let copied = "";
  let lastAsked = 0;
  let failed = false;

  const startThread = (): Thread => {
    const worker = new Worker(entry, { smol: true }) as BunWorker;
    // The server ends without waiting for it (stop() or the process exit).
    worker.unref();
    let end = () => {};
    const ended = new Promise<void>((resolve) => (end = resolve));
    const started: Thread = { worker, ended, end };
    worker.onmessage = ({ data }: MessageEvent<CheckpointerMessage>) => {
      if (data === "stopped") return end();
      const stamp = asked;
      asked = null;
      if (data === "failed") return;
      if (data.busy === 0 && data.log === data.checkpointed && stamp) copied = stamp;
      onCheckpoint?.(data);
    };
    worker.onerror = (event) => {
      // The thread is gone: the connection checkpoints itself again.
      console.error(`[banco] checkpoint em segundo plano falhou (${event.message}): o checkpoint automático volta.`);
      failed = true;
      clearInterval(timer);
      if (thread === started) thread = null;
      void worker.terminate();
      end();
      db.$client.exec("PRAGMA wal_autocheckpoint = 1000");
    };
    worker.addEventListener("close", () => {
      // Gone by itself (not ended by endThread, which lets go of it first): the next look starts another.
      if (thread === started) {
        thread = null;
        asked = null;
      }
      end();
    });
    worker.postMessage({ path } satisfies CheckpointerStart);
    return started;
  };

  /** Asks the thread to close its connection, then ends it. */
  const endThread = async (ending: Thread): Promise<void> => {
    if (thread === ending) thread = null;
    ending.worker.postMessage("stop");
    await Promise.race([ending.ended, Bun.sleep(STOP_WAIT_MS)]);
    void ending.worker.terminate();
  };

  const look = () => {
    if (asked !== null) return; // a checkpoint is under way
    let stamp: string | null = null;
    try {
      const { size, mtimeMs } = statSync(wal);
      if (size >= walBytes) stamp = `${size}:${mtimeMs}`;
    } catch {
      // no WAL now (closed and truncated): nothing to copy
    }
    if (stamp === null || stamp === copied) {
      if (thread && performance.now() - lastAsked >= idleMs) void endThread(thread);
      return;
    }
    thread ??= startThread();
    asked = stamp;
    lastAsked = performance.now();
    thread.worker.postMessage("checkpoint");
  };
  const timer = setInterval(look, everyMs);
  timer.unref();
  db.$client.exec("PRAGMA wal_autocheckpoint = 0");

  return {
    async stop() {
      clearInterval(timer);
      // The server stops: its connection's last checkpoint must not meet this one's.
      if (thread) await endThread(thread);
      if (!failed) db.$client.exec("PRAGMA wal_autocheckpoint = 1000");
    },
    threadAlive: () => thread !== null,
  };
}
