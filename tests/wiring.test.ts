// The steps of docs/architecture.md's recipes ("Add a list screen", "Add a register the ledger
// uses") that nothing else would catch when forgotten fail here, each naming the step. The other
// steps fail elsewhere by themselves: a route without a row in the role table
// (tests/permissions.test.ts), a history entity without its noun (src/lib/history-text.ts is a
// Record over every entity: it does not compile), a misspelt column (db/statements.test.ts).
import { describe, expect, test } from "bun:test";
import { getTableColumns, getTableName, is } from "drizzle-orm";
import { SQLiteTable } from "drizzle-orm/sqlite-core";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import * as schema from "../db/schema";
import { REGISTER_SEARCH_FIELDS } from "../db/search-columns";
import { islands } from "../islands/registry";
import { MENU } from "../src/pages/AppShell";
import type { ListSpec } from "../src/lib/list-spec";
import { useTestApp } from "./support";

const ROOT = join(import.meta.dir, "..");
const read = (path: string) => readFileSync(join(ROOT, path), "utf8");

async function* files(folder: string, pattern: string): AsyncGenerator<string> {
  for await (const file of new Bun.Glob(pattern).scan({ cwd: join(ROOT, folder) })) yield `${folder}/${file}`;
}

const isListSpec = (value: unknown): value is ListSpec =>
  typeof value === "object" && value !== null && ["path", "endpoint", "filters", "sorts", "defaultSort", "perPage", "listName"].every((key) => key in value);

// Lists whose contract is checked elsewhere, and why.
const CONTRACT_ELSEWHERE: Record<string, string> = {
  TRANSACTION_LIST: "a statement's lines: its endpoint carries the statement's id (src/api/statements/statements.test.ts)",
};

describe("the recipes' steps, when forgotten, fail here", () => {
  test("every exported ListSpec is in tests/list-contract.test.ts (Add a list screen, step 3)", async () => {
    // The LISTS table that the contract's first test walks, from its declaration to its end.
    const contract = read("tests/list-contract.test.ts").split("const LISTS")[1]!.split("\n];")[0]!;
    const missing: string[] = [];
    for await (const path of files("src/api", "**/{list-spec,model}.ts")) {
      for (const [name, value] of Object.entries(await import(join(ROOT, path)))) {
        if (!isListSpec(value) || name in CONTRACT_ELSEWHERE) continue;
        if (!new RegExp(`\\[${name},`).test(contract)) missing.push(`${name} (${path})`);
      }
    }
    expect(missing).toEqual([]);
  });

  test("every island file is in islands/registry.ts, and every entry there has its file (Add an island, step 2)", async () => {
    const onDisk: string[] = [];
    for await (const path of files("islands", "*.tsx")) if (!path.endsWith(".test.tsx")) onDisk.push(path.slice("islands/".length, -".tsx".length));
    expect(Object.keys(islands).sort()).toEqual(onDisk.sort());
  });

  test("every stylesheet is reached from an entry stylesheet of the client build (a register's or a screen's own CSS: from app.css)", async () => {
    const reached = new Set<string>();
    const walk = (path: string) => {
      if (reached.has(path)) return;
      reached.add(path);
      for (const [, target] of read(path).matchAll(/@import\s+"(\.{1,2}\/[^"]+)"/g)) walk(join(path, "..", target!).replace(`${ROOT}/`, ""));
    };
    // Each stylesheet the client build names as an entry (the app's, the client's page's) is a root.
    const build = read("src/ssr/client-build.ts");
    const roots = [...build.matchAll(/join\(ROOT, "src", "styles", "([\w-]+\.css)"\)/g)].map((m) => `src/styles/${m[1]}`);
    expect(roots).toContain("src/styles/app.css");
    for (const root of roots) walk(root);
    const unreached: string[] = [];
    for (const folder of ["src/styles", "src/ui"]) for await (const path of files(folder, "*.css")) if (!reached.has(path)) unreached.push(path);
    expect(unreached).toEqual([]);
  });

  test("every table with nome_ordem and busca is a register of db/search-columns.ts (Add a register, its search columns)", () => {
    const tables = (Object.values(schema) as unknown[]).filter((value): value is SQLiteTable => is(value, SQLiteTable));
    const registers = tables
      .filter((table) => "nomeOrdem" in getTableColumns(table) && "busca" in getTableColumns(table))
      .map((table) => getTableName(table))
      .sort();
    expect(registers.length).toBeGreaterThan(0);
    expect(registers).toEqual(Object.keys(REGISTER_SEARCH_FIELDS).sort());
  });
});

describe("the menu", () => {
  const t = useTestApp();
  test("every entry is a page the app serves (Add a page, step 3)", async () => {
    for (const { href } of MENU) {
      const page = await t.api(href);
      expect([href, page.status]).toEqual([href, 200]);
    }
  });
});
