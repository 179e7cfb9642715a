import { Database } from "bun:sqlite";
import { drizzle, type BunSQLiteDatabase } from "drizzle-orm/bun-sqlite";
import { migrate } from "drizzle-orm/bun-sqlite/migrator";
import { existsSync, mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { backfillSearchColumns } from "../src/api/registers";
import * as schema from "./schema";

export type Db = BunSQLiteDatabase<typeof schema> & { $client: Database };

/**
 * Where drizzle-kit's migrations are: beside this file when run from source, or in the
 * binary's embedded file system (`--asset db/migrations`) when compiled.
 */
function migrationsFolder(): string {
  const candidates = [join(import.meta.dir, "migrations"), join(import.meta.dir, "db", "migrations")];
  const found = candidates.find((dir) => existsSync(join(dir, "meta", "_journal.json")));
  if (!found) throw new Error(`Migrations not found in ${candidates.join(" or ")}`);
  return found;
}

/** Opens (creating if needed) the SQLite file and brings its schema up to date. */
export function openDatabase(path: string): Db {
  if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
  const sqlite = new Database(path, { create: true, strict: true });
  sqlite.exec("PRAGMA journal_mode = WAL");
  sqlite.exec("PRAGMA foreign_keys = ON");
  sqlite.exec("PRAGMA busy_timeout = 5000");
  // NORMAL is durable across application crashes in WAL mode and much faster than FULL.
  sqlite.exec("PRAGMA synchronous = NORMAL");
  const db = drizzle({ client: sqlite, schema });
  migrate(db, { migrationsFolder: migrationsFolder() });
  backfillSearchColumns(db as Db);
  return db as Db;
}

/** The SQLite constraint message of an error, looking through wrappers' `cause`. */
export function sqliteMessage(error: unknown): string | null {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    if (e.message.includes("constraint failed")) return e.message;
  }
  return null;
}
