// Checkpoints off the event loop (issue 38 §3). SQLite's automatic checkpoint runs inside the
// commit that pushes the WAL past 1,000 pages: on the server's connection, that commit (an OFX
// import's slice, a generation's) wrote and synced the WAL's pages into the database while
// /healthz waited (at --scale 50 a generation's loop ticks of 21–35 ms writing 20–25 MB each, the
// loop's own CPU ~14 ms; bench-loop's longest 56–135 ms). The server's connection has it off; a thread of its own
// (src/workers/checkpoint-thread.ts) does it, with its own connection, PASSIVE: it never waits
// for the server's readers or writer, and the server's writes never wait for it.
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import type { Db } from "../../db/client";

/** What the thread is sent to start. */
export interface CheckpointerStart {
  path: string;
  /** The WAL's size from which a checkpoint runs (SQLite's own automatic one: 1,000 pages). */
  walBytes: number;
  /** How often the WAL's size and time are looked at. */
  everyMs: number;
}

/** What the thread says after a checkpoint: the WAL's frames, those copied (equal: all of it), busy when one could not finish. */
export interface CheckpointDone {
  busy: number;
  log: number;
  checkpointed: number;
}

/** SQLite's own threshold (1,000 pages of 4 KB). */
const WAL_BYTES = 4 * 1024 * 1024;
const EVERY_MS = 250;

/** The thread's entry: beside src/ from source; `workers/` beside the entry in a bundle or the compiled binary (scripts/build.ts). */
function threadEntry(): string | null {
  const candidates = [join(import.meta.dir, "..", "workers", "checkpoint-thread.ts"), join(dirname(Bun.main), "workers", "checkpoint-thread.js")];
  return candidates.find((path) => existsSync(path)) ?? null;
}

export interface Checkpointer {
  /** Ends the thread (its connection closed) and gives the connection its automatic checkpoint back. */
  stop(): Promise<void>;
}

/** How long a stop waits for the thread to close its connection (a checkpoint under way ends first). */
const STOP_WAIT_MS = 2000;

/**
 * Moves `db`'s checkpoints to their thread. Without its entry (a build that left it out) the
 * connection keeps SQLite's automatic checkpoint, and says so: slower moments, nothing lost.
 */
export function startCheckpointer(db: Db, { walBytes = WAL_BYTES, everyMs = EVERY_MS, onCheckpoint }: { walBytes?: number; everyMs?: number; onCheckpoint?: (done: CheckpointDone) => void } = {}): Checkpointer {
  const path = db.$client.filename;
  const entry = threadEntry();
  if (!path || path === ":memory:" || !entry) {
    if (!entry) console.error("[banco] checkpoint em segundo plano indisponível (workers/checkpoint-thread.js não encontrado): o checkpoint automático continua.");
    return { stop: async () => {} };
  }
  const worker = new Worker(entry, { smol: true });
  // The server ends without waiting for it (stop() or the process exit).
  (worker as unknown as { unref(): void }).unref();
  let stopped: (() => void) | null = null;
  worker.onmessage = ({ data }: MessageEvent<CheckpointDone | "stopped">) => {
    if (data === "stopped") stopped?.();
    else onCheckpoint?.(data);
  };
  worker.onerror = (event) => {
    // The thread is gone: the connection checkpoints itself again.
    console.error(`[banco] checkpoint em segundo plano falhou (${event.message}): o checkpoint automático volta.`);
    db.$client.exec("PRAGMA wal_autocheckpoint = 1000");
  };
  worker.postMessage({ path, walBytes, everyMs } satisfies CheckpointerStart);
  db.$client.exec("PRAGMA wal_autocheckpoint = 0");
  return {
    async stop() {
      const closed = new Promise<void>((resolve) => (stopped = resolve));
      worker.postMessage("stop");
      await Promise.race([closed, Bun.sleep(STOP_WAIT_MS)]);
      void worker.terminate();
      db.$client.exec("PRAGMA wal_autocheckpoint = 1000");
    },
  };
}
