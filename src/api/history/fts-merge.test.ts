import { afterAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { closeDatabase, openDatabase, type Db } from "../../../db/client";
import { writeMigratedDatabase } from "../../../tests/support";
import { mergeAll } from "./fts-merge";
import { recordEvent, SYSTEM } from "./record";

// history_fts's merging (issue 38 §3): FTS5's automerge is off (it merged inside whichever write
// crossed its quantum), and the doses after the writes merge the segments the commits left.

const dir = mkdtempSync(join(tmpdir(), "cofre-fts-merge-"));
const opened: Db[] = [];
afterAll(() => {
  for (const db of opened) closeDatabase(db);
  rmSync(dir, { recursive: true, force: true });
});

function database(name: string): Db {
  const path = join(dir, `${name}.db`);
  writeMigratedDatabase(path);
  const db = openDatabase(path);
  opened.push(db);
  return db;
}

/** The index's segments (each commit that wrote events adds one). */
const segments = (db: Db) => db.$client.query<{ n: number }, []>("SELECT count(DISTINCT segid) AS n FROM history_fts_idx").get()!.n;
const found = (db: Db, text: string) => db.$client.query<{ n: number }, [string]>("SELECT count(*) AS n FROM history_fts WHERE history_fts MATCH ?").get(`"${text}"`)!.n;

/** `n` events, each in a transaction of its own (as n payments through the API). */
function writeEvents(db: Db, n: number, from = 0): void {
  for (let i = from; i < from + n; i++) {
    db.transaction(() => recordEvent(db, SYSTEM, { action: "create", entity: "client", entityId: i, label: `Padaria número ${i}`, clientId: null }), { behavior: "immediate" });
  }
}

test("the index's automerge is off: no write does merge work in its own transaction", () => {
  const db = database("config");
  expect(db.$client.query("SELECT v FROM history_fts_config WHERE k = 'automerge'").get()).toEqual({ v: 0 });
  // Forty commits: inside them only FTS5's crisis merge (16 segments at a level) merges.
  writeEvents(db, 40);
  expect(segments(db)).toBeGreaterThanOrEqual(8);
});

test("the doses merge what the commits left, and the index still finds every event", () => {
  const db = database("doses");
  writeEvents(db, 40);
  mergeAll(db.$client);
  expect(segments(db)).toBeLessThan(8);
  db.$client.exec("INSERT INTO history_fts (history_fts) VALUES ('integrity-check')");
  expect(found(db, "padaria numero")).toBe(40);
  expect(found(db, "numero 37")).toBe(1);
});

test("a write asks for doses, which run after its commit, outside any transaction", async () => {
  const db = database("soon");
  writeEvents(db, 40);
  // The doses are timers a turn apart: they merge without anyone asking again.
  const until = Date.now() + 5000;
  while (segments(db) >= 8 && Date.now() < until) await Bun.sleep(20);
  expect(segments(db)).toBeLessThan(8);
  db.$client.exec("INSERT INTO history_fts (history_fts) VALUES ('integrity-check')");
  expect(found(db, "padaria numero")).toBe(40);
});
