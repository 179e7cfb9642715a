// Every kept statement (`sql()` in src/api/prepared.ts) is prepared against a freshly migrated
// database: SQLite checks each table and column name when it prepares, so a misspelt column, or
// one renamed in db/schema.ts and its migration but not in a statement, fails here instead of in
// production. The modules are loaded by file, so a new module's statements are checked without
// anyone listing them.
import { Database } from "bun:sqlite";
import { afterAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { definedStatements, sql } from "../src/api/prepared";
import { migrate } from "./migrate";

const ROOT = join(import.meta.dir, "..");
const dir = mkdtempSync(join(tmpdir(), "cofre-statements-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// Entry points run their command when loaded; everything else only defines things.
const ENTRY_POINTS = new Set(["src/index.ts"]);

async function loadEveryModule(): Promise<number> {
  let loaded = 0;
  for (const folder of ["db", "src"]) {
    for await (const file of new Bun.Glob("**/*.{ts,tsx}").scan({ cwd: join(ROOT, folder) })) {
      const path = `${folder}/${file}`;
      if (/\.(test|e2e|process|slow)\.tsx?$/.test(path) || ENTRY_POINTS.has(path)) continue;
      await import(join(ROOT, path));
      loaded++;
    }
  }
  return loaded;
}

function migratedDatabase(): Database {
  const sqlite = new Database(join(dir, "app.db"), { strict: true });
  migrate(sqlite, join(ROOT, "db", "migrations"));
  return sqlite;
}

test("every kept statement prepares against the migrated schema", async () => {
  expect(await loadEveryModule()).toBeGreaterThan(50);
  const sqlite = migratedDatabase();
  const statements = definedStatements();
  expect(statements.length).toBeGreaterThan(0);
  const failures: string[] = [];
  for (const statement of statements) {
    try {
      sqlite.prepare(statement.text).finalize();
    } catch (error) {
      failures.push(`${(error as Error).message}\n  in: ${statement.text.slice(0, 200)}`);
    }
  }
  sqlite.close();
  expect(failures).toEqual([]);
});

test("a statement naming a column the schema does not have is caught", () => {
  const misspelt = sql<{ n: number }>("SELECT valor_mensalidadee AS n FROM clients");
  expect(definedStatements()).toContain(misspelt);
  const sqlite = migratedDatabase();
  expect(() => sqlite.prepare(misspelt.text)).toThrow(/no such column/);
  sqlite.close();
});
