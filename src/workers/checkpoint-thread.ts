// The checkpointer's thread (src/http/checkpointer.ts starts one per server). It opens its own
// connection to the server's database file and, when the WAL has grown, copies what it holds
// into the database (PRAGMA wal_checkpoint(PASSIVE): without waiting for readers or the writer).
// On the server's connection this was SQLite's automatic checkpoint, run inside whichever commit
// pushed the WAL past 1,000 pages: 4 MB written and synced while the event loop stood still
// (56–135 ms at --scale 50, issue 38 §3). Imports nothing but bun:sqlite: the thread is small.
// An entry point of the build too (scripts/build.ts, tests/cofre-bundle.ts).
import { Database } from "bun:sqlite";
import { statSync } from "node:fs";
// Types only (erased): the thread stays bun:sqlite alone.
import type { CheckpointDone, CheckpointerStart } from "../http/checkpointer";

declare const self: Worker;

let db: Database | null = null;
let timer: ReturnType<typeof setInterval> | undefined;

self.onmessage = ({ data }: MessageEvent<CheckpointerStart | "stop">) => {
  if (data === "stop") {
    // The server stops: its connection's last checkpoint must not meet this one's.
    clearInterval(timer);
    db?.close();
    db = null;
    postMessage("stopped");
    return;
  }
  const connection = new Database(data.path, { create: false, strict: true });
  db = connection;
  // The server's durability (synchronous NORMAL): a checkpoint syncs the WAL, then the database.
  connection.exec("PRAGMA synchronous = NORMAL");
  connection.exec("PRAGMA busy_timeout = 0");
  const wal = `${data.path}-wal`;
  let seen = "";
  timer = setInterval(() => {
    let stamp: string;
    try {
      const { size, mtimeMs } = statSync(wal);
      if (size < data.walBytes) return;
      stamp = `${size}:${mtimeMs}`;
    } catch {
      return; // no WAL now (closed and truncated): nothing to copy
    }
    // The WAL is reused from its start once copied, so its size stays: only new writes count.
    if (stamp === seen) return;
    try {
      const done = connection.query<CheckpointDone, []>("PRAGMA wal_checkpoint(PASSIVE)").get()!;
      if (done.busy === 0 && done.log === done.checkpointed) seen = stamp;
      postMessage(done);
    } catch {
      // Busy or a full disk: the WAL stays valid; the next look tries again.
    }
  }, data.everyMs);
};
