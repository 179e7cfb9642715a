import { afterAll, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "../../db/client";
import { BASE_ENV, cofreCommand } from "../../tests/serve";

// A restore that kept the old database's WAL, met by a real start of `cofre serve` (a process:
// `bun run test:processes`, README "Tests").
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
