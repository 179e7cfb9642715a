import { afterAll, expect, test } from "bun:test";
import { closeSync, mkdtempSync, openSync, readSync, rmSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { closeDatabase, openDatabase } from "../../db/client";
import { loadConfig } from "../config";
import { createApp } from "../server";

// A damaged file, for real: a page of the users table overwritten on disk (a restore that kept
// the old database's WAL, met by a real start: corrupt-start.process.ts).
const dir = mkdtempSync(join(tmpdir(), "cofre-corrupt-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test("/healthz answers 503 with the reason while the file is damaged", async () => {
  const path = join(dir, "damaged.db");
  const db = openDatabase(path);
  db.$client.exec("WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 50) INSERT INTO users (email, password_hash) SELECT 'u' || i || '@cofre.test', 'x' FROM n");
  // The table and its indexes (count(*) reads the smallest index).
  const roots = (db.$client.query("SELECT rootpage FROM sqlite_master WHERE tbl_name = 'users' AND rootpage > 0").all() as { rootpage: number }[]).map((r) => r.rootpage);
  const pageSize = (db.$client.query("PRAGMA page_size").get() as { page_size: number }).page_size;
  closeDatabase(db);
  // Garbage over their root pages (the page header and cell pointers).
  const originals = roots.map((root) => {
    const bytes = Buffer.alloc(64);
    const fd = openSync(path, "r");
    readSync(fd, bytes, 0, 64, (root - 1) * pageSize);
    closeSync(fd);
    return bytes;
  });
  const overwrite = (pages: Buffer[]) => {
    const fd = openSync(path, "r+");
    roots.forEach((root, i) => writeSync(fd, pages[i]!, 0, 64, (root - 1) * pageSize));
    closeSync(fd);
  };
  const garbage = roots.map(() => Buffer.alloc(64, 0xff));
  overwrite(garbage);

  // Damaged before the start: the start says so instead of a stack.
  expect(() => openDatabase(path)).toThrow(/está corrompido/);
  // Damaged while serving: /healthz says so.
  overwrite(originals);
  const reopened = openDatabase(path);
  const app = await createApp(reopened, loadConfig({ DATABASE_PATH: path }));
  overwrite(garbage);
  // Forget the pages read at start, as a long-running server's cache does over time.
  reopened.$client.exec("PRAGMA cache_size = 0");
  reopened.$client.exec("PRAGMA shrink_memory");
  const response = await app.handle(new Request("http://cofre.test/healthz"));
  expect(response.status).toBe(503);
  expect(await response.json()).toEqual({ ok: false, message: "Banco de dados corrompido: restaure a última cópia de segurança" });
  reopened.$client.close();
});
