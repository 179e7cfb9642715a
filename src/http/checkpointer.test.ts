import { afterAll, afterEach, expect, test } from "bun:test";
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
});

test("the thread lives only while there is work: none at start, started when the WAL grows, ended once quiet, started again by new writes", async () => {
  const path = join(dir, "idle.db");
  writeMigratedDatabase(path);
  const db = openDatabase(path);
  const done: CheckpointDone[] = [];
  const checkpointer = startCheckpointer(db, { walBytes: 64 * 1024, everyMs: 10, idleMs: 50, onCheckpoint: (d) => done.push(d) });
  open = { db, checkpointer };
  const until = async (state: () => boolean) => {
    for (let waited = 0; !state() && waited < 10_000; waited += 5) await Bun.sleep(5);
    return state();
  };
  // Nothing written: a few looks later still no thread (an idle server holds none).
  await Bun.sleep(40);
  expect(checkpointer.threadAlive()).toBe(false);
  expect(done).toEqual([]);

  db.$client.run("CREATE TABLE filler (x TEXT)");
  const insert = db.$client.query("INSERT INTO filler (x) VALUES (?)");
  const write = () => db.$client.transaction(() => { for (let j = 0; j < 200; j++) insert.run("x".repeat(1000)); })();
  write();
  const copiedAll = () => done.some((d) => d.busy === 0 && d.log > 0 && d.checkpointed === d.log);
  expect(await until(copiedAll)).toBe(true);
  // Quiet for idleMs: ended, its connection closed (the server's own checkpoint stays off).
  expect(await until(() => !checkpointer.threadAlive())).toBe(true);
  expect(autocheckpoint(db)).toBe(0);
  // New writes past the threshold start another, which copies them too.
  const before = done.length;
  write();
  expect(await until(() => done.length > before && copiedAll())).toBe(true);
  expect(db.$client.query("SELECT count(*) AS n FROM filler").get()).toEqual({ n: 400 });

  await checkpointer.stop();
  expect(checkpointer.threadAlive()).toBe(false);
  expect(autocheckpoint(db)).toBe(1000);
});

test("a stop with no thread alive gives the connection its automatic checkpoint back", async () => {
  const path = join(dir, "quiet.db");
  writeMigratedDatabase(path);
  const db = openDatabase(path);
  const checkpointer = startCheckpointer(db, { everyMs: 10 });
  open = { db, checkpointer };
  expect(autocheckpoint(db)).toBe(0);
  await checkpointer.stop();
  expect(autocheckpoint(db)).toBe(1000);
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));
