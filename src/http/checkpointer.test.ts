import { afterEach, expect, test } from "bun:test";
import { existsSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { closeDatabase, openDatabase, type Db } from "../../db/client";
import { writeMigratedDatabase } from "../../tests/support";
import { startCheckpointer, type CheckpointDone, type Checkpointer } from "./checkpointer";

const dir = mkdtempSync(join(tmpdir(), "cofre-checkpointer-"));
let open: { db: Db; checkpointer: Checkpointer } | null = null;
afterEach(async () => {
  await open?.checkpointer.stop();
  if (open) closeDatabase(open.db);
  open = null;
});

const autocheckpoint = (db: Db) => db.$client.query<{ wal_autocheckpoint: number }, []>("PRAGMA wal_autocheckpoint").get()!.wal_autocheckpoint;

test("the server's connection never checkpoints in a commit: its thread copies the WAL (all of it) once it has grown, and a stop hands the checkpoint back", async () => {
  const path = join(dir, "app.db");
  writeMigratedDatabase(path);
  const db = openDatabase(path);
  const done: CheckpointDone[] = [];
  const checkpointer = startCheckpointer(db, { walBytes: 64 * 1024, everyMs: 10, onCheckpoint: (d) => done.push(d) });
  open = { db, checkpointer };
  expect(autocheckpoint(db)).toBe(0);
  // ~1 MB of pages, in commits of 50 rows: SQLite's own checkpoint would not run (0), the thread's does.
  db.$client.run("CREATE TABLE filler (x TEXT)");
  const insert = db.$client.query("INSERT INTO filler (x) VALUES (?)");
  for (let i = 0; i < 20; i++) db.$client.transaction(() => { for (let j = 0; j < 50; j++) insert.run("x".repeat(1000)); })();
  // Waits for the state (a copy of all of it), not for a time.
  const copiedAll = () => done.some((d) => d.busy === 0 && d.log > 0 && d.checkpointed === d.log);
  for (let waited = 0; !copiedAll() && waited < 10_000; waited += 10) await Bun.sleep(10);
  expect(copiedAll()).toBe(true);
  const walBefore = statSync(`${path}-wal`).size;
  expect(walBefore).toBeGreaterThan(64 * 1024);

  await checkpointer.stop();
  expect(autocheckpoint(db)).toBe(1000);
  open = null;
  closeDatabase(db);
  // The last connection closed after the thread's: the WAL folded in and gone.
  expect(existsSync(`${path}-wal`) ? statSync(`${path}-wal`).size : 0).toBe(0);
  const again = openDatabase(path);
  expect(again.$client.query("SELECT count(*) AS n FROM filler").get()).toEqual({ n: 1000 });
  closeDatabase(again);
  rmSync(dir, { recursive: true, force: true });
});
