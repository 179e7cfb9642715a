// The checkpointer's thread (src/http/checkpointer.ts starts it when the WAL has grown and ends it
// once quiet). It opens its own connection to the server's database file and, each time it is
// asked, copies what the WAL holds into the database (PRAGMA wal_checkpoint(PASSIVE): without
// waiting for readers or the writer). On the server's connection this was SQLite's automatic
// checkpoint, run inside whichever commit pushed the WAL past 1,000 pages: 4 MB written and
// synced while the event loop stood still (56–135 ms at --scale 50, issue 38 §3). Imports nothing
// but bun:sqlite: the thread is small. An entry point of the build too (scripts/build.ts,
// tests/cofre-bundle.ts).
import { Database } from "bun:sqlite";
// Types only (erased): the thread stays bun:sqlite alone.
import type { CheckpointDone, CheckpointerMessage, CheckpointerStart } from "../http/checkpointer";

declare const self: Worker;

let db: Database | null = null;
const answer = (message: CheckpointerMessage) => postMessage(message);

self.onmessage = ({ data }: MessageEvent<CheckpointerStart | "checkpoint" | "stop">) => {
  if (data === "stop") {
    // Ended (quiet, or the server stops: its connection's last checkpoint must not meet this one's).
    db?.close();
    db = null;
    answer("stopped");
    return;
  }
  if (data === "checkpoint") {
    try {
      answer(db!.query<CheckpointDone, []>("PRAGMA wal_checkpoint(PASSIVE)").get()!);
    } catch {
      // Busy or a full disk: the WAL stays valid; the next look asks again.
      answer("failed");
    }
    return;
  }
  const connection = new Database(data.path, { create: false, strict: true });
  db = connection;
  // The server's durability (synchronous NORMAL): a checkpoint syncs the WAL, then the database.
  connection.exec("PRAGMA synchronous = NORMAL");
  connection.exec("PRAGMA busy_timeout = 0");
};
