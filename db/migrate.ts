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

export function migrate(sqlite: Database, folder: string): void {
  const { entries } = JSON.parse(readFileSync(join(folder, "meta", "_journal.json"), "utf8")) as { entries: JournalEntry[] };
  sqlite.run(`CREATE TABLE IF NOT EXISTS ${TABLE} (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at numeric)`);
  const last = sqlite.query(`SELECT created_at FROM ${TABLE} ORDER BY created_at DESC LIMIT 1`).get() as { created_at: number | string } | null;
  const pending = entries.filter((entry) => last === null || Number(last.created_at) < entry.when);
  if (pending.length === 0) return;
  sqlite.transaction(() => {
    for (const entry of pending) {
      const text = readFileSync(join(folder, `${entry.tag}.sql`), "utf8");
      for (const statement of text.split("--> statement-breakpoint")) {
        if (statement.trim()) sqlite.run(statement);
      }
      const hash = new Bun.CryptoHasher("sha256").update(text).digest("hex");
      sqlite.run(`INSERT INTO ${TABLE} ("hash", "created_at") VALUES (?, ?)`, [hash, entry.when]);
    }
  })();
}
