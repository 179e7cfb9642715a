// Applies drizzle-kit's migrations (db/migrations: meta/_journal.json and one SQL file per
// entry) the way drizzle-orm's migrator does — the same __drizzle_migrations table, sha256 of
// each file, created_at = the journal's `when`, every pending one in one transaction — so a
// database migrated by either is the same. Ours reads and hashes only the pending files and
// does not import node:crypto, which cost every start-up ~8 ms for nothing.
import type { Database } from "bun:sqlite";
import { readFileSync } from "node:fs";
import { join } from "node:path";

interface JournalEntry {
  tag: string;
  when: number;
}

const TABLE = `"__drizzle_migrations"`;

/**
 * The database holds migrations this binary does not know: a newer version migrated it. Its
 * schema may differ in ways this version's writes break on (a new NOT NULL column: every insert
 * a 500), so nothing may run on it.
 */
export class DatabaseNewerError extends Error {
  constructor(readonly path: string, readonly unknown: number) {
    super(
      `O banco de dados ${path} foi atualizado por uma versão mais nova do Cofre (${unknown} ${unknown === 1 ? "migração" : "migrações"} que esta versão não conhece). ` +
        "Use a versão mais nova, ou restaure a cópia de segurança feita antes da atualização.",
    );
    this.name = "DatabaseNewerError";
  }
}

const readJournal = (folder: string) => (JSON.parse(readFileSync(join(folder, "meta", "_journal.json"), "utf8")) as { entries: JournalEntry[] }).entries;

/**
 * Refuses a database a newer version migrated: one with a migration made after this binary's
 * last (drizzle-kit stamps each with the time it was generated, `when`, stored as created_at).
 * Without this the pending list below is empty and the binary ran on the newer schema silently.
 * (An applied migration dated before the last one that the journal does not list is not a newer
 * version's: migrations are only ever added after the last.)
 */
export function refuseNewerDatabase(sqlite: Database, entries: JournalEntry[] | string): void {
  const journal = typeof entries === "string" ? readJournal(entries) : entries;
  const newest = journal.reduce((max, entry) => Math.max(max, entry.when), 0);
  const exists = sqlite.query("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '__drizzle_migrations'").get();
  if (!exists) return;
  const { n } = sqlite.query<{ n: number }, [number]>(`SELECT count(*) AS n FROM ${TABLE} WHERE created_at > ?`).get(newest)!;
  if (n > 0) throw new DatabaseNewerError(sqlite.filename, n);
}

export function migrate(sqlite: Database, folder: string): void {
  const entries = readJournal(folder);
  refuseNewerDatabase(sqlite, entries);
  sqlite.run(`CREATE TABLE IF NOT EXISTS ${TABLE} (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at numeric)`);
  const pendingNow = () => {
    const last = sqlite.query<{ created_at: number | string }, []>(`SELECT created_at FROM ${TABLE} ORDER BY created_at DESC LIMIT 1`).get();
    return entries.filter((entry) => last === null || Number(last.created_at) < entry.when);
  };
  if (pendingNow().length === 0) return;
  // Read again under the write lock: two processes opening a new file at once both saw it
  // pending; the second waits for the first's lock and then finds nothing left to apply.
  sqlite.transaction(() => {
    for (const entry of pendingNow()) {
      const text = readFileSync(join(folder, `${entry.tag}.sql`), "utf8");
      for (const statement of text.split("--> statement-breakpoint")) {
        if (statement.trim()) sqlite.run(statement);
      }
      const hash = new Bun.CryptoHasher("sha256").update(text).digest("hex");
      sqlite.run(`INSERT INTO ${TABLE} ("hash", "created_at") VALUES (?, ?)`, [hash, entry.when]);
    }
  }).immediate();
}
