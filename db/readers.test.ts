import { Database } from "bun:sqlite";
import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdtempSync, readdirSync, readlinkSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { readerRows, releaseIdleMemory, type Db } from "./client";

const dir = mkdtempSync(join(tmpdir(), "cofre-readers-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const path = join(dir, "app.db");
const setup = new Database(path);
setup.run("create table t (n integer)");
setup.run("with recursive s(n) as (select 1 union all select n + 1 from s where n < 500) insert into t select n from s");
setup.close();

/** Closes every idle reader (whatever its file), as a quiet spell does. */
const closeIdleReaders = () => {
  const other = new Database(":memory:");
  releaseIdleMemory({ $client: other } as unknown as Db);
  other.close();
};
// The idle readers are the process's, whatever their file: a file run before this one in the
// same process (a whole list's, an export's) may have left the two there are room for, and a
// third reader read to the end is then closed, not kept.
beforeAll(closeIdleReaders);

/** The connections open on the file: this process's descriptors pointing at it. */
const openOnFile = () => readdirSync("/proc/self/fd").filter((fd) => {
  try {
    return readlinkSync(`/proc/self/fd/${fd}`) === path;
  } catch {
    return false;
  }
}).length;

test("a reader read to the end waits for the next read; one left mid-read is closed, not handed on", () => {
  const all = () => [...readerRows(path, "select n from t order by n", {})].length;
  expect(all()).toBe(500);
  expect(openOnFile()).toBe(1);
  expect(all()).toBe(500);
  expect(openOnFile()).toBe(1);
  // A download cancelled after its first row: the generator is returned mid-read.
  const rows = readerRows(path, "select n from t order by n", {});
  expect(rows.next().value).toEqual({ n: 1 });
  rows.return(undefined);
  expect(openOnFile()).toBe(0);
  expect(all()).toBe(500);
  expect(openOnFile()).toBe(1);
});

test("a quiet spell closes the idle readers (src/http/idle-gc.ts)", () => {
  expect([...readerRows(path, "select n from t", {})].length).toBe(500);
  expect(openOnFile()).toBe(1);
  closeIdleReaders();
  expect(openOnFile()).toBe(0);
});
