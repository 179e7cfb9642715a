import { Database } from "bun:sqlite";
import { afterAll, expect, test } from "bun:test";
import { drizzle } from "drizzle-orm/bun-sqlite";
import { migrate as drizzleMigrate } from "drizzle-orm/bun-sqlite/migrator";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseNewerError, migrate, refuseNewerDatabase } from "./migrate";

const FOLDER = join(import.meta.dir, "migrations");
const dir = mkdtempSync(join(tmpdir(), "cofre-migrate-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// Whitespace aside: drizzle writes its CREATE TABLE over several lines.
const schemaOf = (db: Database) =>
  (db.query("SELECT type, name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY name").all() as { sql: string | null }[]).map((row) => ({
    ...row,
    sql: row.sql?.replace(/\s+/g, " ").replace(/\( /g, "(").replace(/ \)/g, ")"),
  }));
const applied = (db: Database) => db.query(`SELECT hash, created_at FROM "__drizzle_migrations" ORDER BY created_at`).all();

test("a new database gets the same schema and migration rows as drizzle's migrator gives it", () => {
  const ours = new Database(join(dir, "ours.db"));
  const theirs = new Database(join(dir, "theirs.db"));
  migrate(ours, FOLDER);
  drizzleMigrate(drizzle({ client: theirs }), { migrationsFolder: FOLDER });
  expect(schemaOf(ours)).toEqual(schemaOf(theirs));
  expect(applied(ours)).toEqual(applied(theirs));
  expect(applied(ours).length).toBe(JSON.parse(readFileSync(join(FOLDER, "meta", "_journal.json"), "utf8")).entries.length);
  // Nothing pending: a second run changes nothing.
  migrate(ours, FOLDER);
  expect(applied(ours)).toEqual(applied(theirs));
});

test("a database drizzle migrated with an older build gets only the newer migrations", () => {
  const older = join(dir, "older");
  cpSync(FOLDER, older, { recursive: true });
  const journalPath = join(older, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8"));
  journal.entries = journal.entries.slice(0, 2);
  writeFileSync(journalPath, JSON.stringify(journal));
  const upgraded = new Database(join(dir, "upgraded.db"));
  drizzleMigrate(drizzle({ client: upgraded }), { migrationsFolder: older });
  expect(applied(upgraded).length).toBe(2);
  migrate(upgraded, FOLDER);
  const fresh = new Database(join(dir, "fresh.db"));
  migrate(fresh, FOLDER);
  expect(schemaOf(upgraded)).toEqual(schemaOf(fresh));
  expect(applied(upgraded)).toEqual(applied(fresh));
});

test("a migration that fails leaves the database as it was", () => {
  const broken = join(dir, "broken");
  cpSync(FOLDER, broken, { recursive: true });
  const journalPath = join(broken, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8"));
  const last = journal.entries.at(-1);
  journal.entries.push({ ...last, idx: last.idx + 1, when: last.when + 1, tag: "9999_broken" });
  writeFileSync(journalPath, JSON.stringify(journal));
  writeFileSync(join(broken, "9999_broken.sql"), "CREATE TABLE novidade (id integer);--> statement-breakpoint\nINSERT INTO tabela_que_nao_existe VALUES (1);");
  const db = new Database(join(dir, "broken.db"));
  migrate(db, FOLDER);
  const before = { schema: schemaOf(db), applied: applied(db) };
  expect(() => migrate(db, broken)).toThrow();
  expect({ schema: schemaOf(db), applied: applied(db) }).toEqual(before);
});

test("a database a newer version migrated is refused before anything runs; one an older version left is migrated", () => {
  const journal = JSON.parse(readFileSync(join(FOLDER, "meta", "_journal.json"), "utf8")) as { entries: { when: number }[] };
  const newer = new Database(join(dir, "newer.db"));
  migrate(newer, FOLDER);
  newer.run(`INSERT INTO "__drizzle_migrations" (hash, created_at) VALUES ('de uma versão nova', ?), ('e outra', ?)`, [journal.entries.at(-1)!.when + 1, journal.entries.at(-1)!.when + 2]);
  const before = { schema: schemaOf(newer), applied: applied(newer) };
  expect(() => migrate(newer, FOLDER)).toThrow(new DatabaseNewerError(join(dir, "newer.db"), 2));
  expect(() => migrate(newer, FOLDER)).toThrow("foi atualizado por uma versão mais nova do Cofre (2 migrações que esta versão não conhece)");
  expect({ schema: schemaOf(newer), applied: applied(newer) }).toEqual(before);
  // A row dated before this binary's last one is no newer version's (a development build's
  // renumbered migration): not refused.
  const older = new Database(join(dir, "older-row.db"));
  migrate(older, FOLDER);
  older.run(`INSERT INTO "__drizzle_migrations" (hash, created_at) VALUES ('antiga', ?)`, [journal.entries[3]!.when + 1]);
  expect(() => migrate(older, FOLDER)).not.toThrow();
  // A new file has no migrations table yet: nothing to refuse.
  expect(() => refuseNewerDatabase(new Database(":memory:"), FOLDER)).not.toThrow();
});
