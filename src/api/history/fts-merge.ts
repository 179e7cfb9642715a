// history_fts's merging, in doses between requests (issue 38 §3). Each commit that writes events
// adds a small segment to the index; segments must be merged or searches read ever more of them.
// FTS5's automerge (off since migration 0035) merged inside whichever write crossed its quantum
// (64 × levels pages: 10–15 ms of CPU in one tick at 375,000 events). Here a write that records
// events asks for merging soon; the doses then run one at a time, each its own short write
// (MERGE_PAGES pages: a few ms), a turn of the event loop apart, until a dose finds nothing left.
import type { Database } from "bun:sqlite";
import type { Db } from "../../../db/client";

/** Pages merged per dose: 2–8 ms of CPU at 375,000 events. */
const MERGE_PAGES = 16;
/** Between doses: requests come first. */
const DOSE_EVERY_MS = 20;

const MERGE = `INSERT INTO history_fts (history_fts, rank) VALUES ('merge', ${MERGE_PAGES})`;
const scheduled = new WeakSet<Database>();

/**
 * One dose of merging; true when it merged something (more may be left). FTS5's own test: a
 * 'merge' that did no work changes fewer than two rows.
 */
function mergeDose(sqlite: Database): boolean {
  const before = sqlite.query<{ n: number }, []>("SELECT total_changes() AS n").get()!.n;
  sqlite.exec(MERGE);
  return sqlite.query<{ n: number }, []>("SELECT total_changes() AS n").get()!.n - before >= 2;
}

/** Merges until nothing is left, in one go: for commands (seed-demo), not the server's loop. */
export function mergeAll(sqlite: Database): void {
  while (mergeDose(sqlite));
}

/**
 * After events were written (recordEvent): doses soon, each in its own transaction, outside any
 * transaction of the caller's (the timer fires after it commits). A busy or closed database ends
 * the doses; the next write asks again.
 */
export function mergeSoon(db: Db): void {
  const sqlite = db.$client;
  if (scheduled.has(sqlite)) return;
  scheduled.add(sqlite);
  const dose = () => {
    let more = false;
    try {
      // Never inside a transaction someone left open across a turn (a reader's snapshot is another connection).
      more = sqlite.inTransaction || mergeDose(sqlite);
    } catch {
      more = false; // busy (another writer) or closed: the next write asks again
    }
    if (more) setTimeout(dose, DOSE_EVERY_MS).unref();
    else scheduled.delete(sqlite);
  };
  setTimeout(dose, DOSE_EVERY_MS).unref();
}
