import { afterAll, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { closeSync, copyFileSync, mkdtempSync, openSync, readSync, rmSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { closeDatabase, openDatabase } from "../../db/client";
import { loadConfig } from "../config";
import { createApp } from "../server";
import { BASE_ENV, cofreCommand } from "../../tests/serve";

// A damaged file, for real: the first is a restore that kept the old database's WAL, the second
// a page of the users table overwritten on disk.
const dir = mkdtempSync(join(tmpdir(), "cofre-corrupt-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test("a restore beside the old database's WAL: the start refuses to serve, says why and what to do (exit 65)", async () => {
  const old = join(dir, "old.db");
  const db = openDatabase(old);
  // The old database is left as after a crash: its latest writes only in its WAL.
  db.$client.exec("PRAGMA wal_checkpoint(TRUNCATE)");
  db.$client.exec("PRAGMA wal_autocheckpoint = 0");
  db.$client.exec("WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 300) INSERT INTO partners (nome, empresa, email, telefone) SELECT 'Parceiro ' || i, 'Empresa', 'p@cofre.test', '11987654321' FROM n");
  const restored = join(dir, "app.db");
  const other = new Database(join(dir, "other.db"));
  other.exec("CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT); WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 3000) INSERT INTO t (v) SELECT hex(randomblob(100)) FROM n");
  other.close();
  copyFileSync(join(dir, "other.db"), restored);
  copyFileSync(`${old}-wal`, `${restored}-wal`);
  db.$client.close();

  const start = Bun.spawnSync(await cofreCommand("serve"), { env: { ...BASE_ENV, PORT: "0", HOST: "127.0.0.1", DATABASE_PATH: restored, ADMIN_EMAIL: "a@cofre.test", ADMIN_PASSWORD: "senha-forte-1" }, timeout: 30_000 });
  expect(start.exitCode).toBe(65);
  const said = start.stderr.toString();
  expect(said).toContain(`O banco de dados ${restored} está corrompido`);
  expect(said).toContain(`mova ${restored}-wal`);
  expect(said).not.toContain("    at ");
}, 60_000);

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
