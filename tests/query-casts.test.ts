// No call site casts a query's result (docs/architecture.md "One way to the database"): a row's
// type is declared once, beside its SQL (`sql<Row, Params>()` in src/api/prepared.ts, a raw
// Database's `query<Row, Params>()`) or comes from db/schema.ts through Drizzle's builder. A
// `.get(…) as {…}` compiles whatever the SQL says, so a renamed column would typecheck and fail in
// production. A cast that truly must stay carries a comment containing "cast:" on its line or
// the line before, saying why.
import { expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";

const ROOT = join(import.meta.dir, "..");

/** Index just past the `)` closing the `(` at `open`, skipping strings, templates and comments. */
function closing(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const c = text[i];
    if (c === '"' || c === "'" || c === "`") {
      for (i++; i < text.length && text[i] !== c; i++) if (text[i] === "\\") i++;
    } else if (c === "/" && text[i + 1] === "/") {
      while (i < text.length && text[i] !== "\n") i++;
    } else if (c === "/" && text[i + 1] === "*") {
      i = text.indexOf("*/", i + 2) + 1;
      if (i === 0) return -1;
    } else if (c === "(") depth++;
    else if (c === ")" && --depth === 0) return i + 1;
  }
  return -1;
}

/** `file:line` of every `.get(…) as` / `.all(…) as` / `.iterate(…) as` / `.values(…) as` without a "cast:" comment. */
export function resultCasts(path: string, text: string): string[] {
  const lines = text.split("\n");
  const found: string[] = [];
  for (const call of text.matchAll(/\.(get|all|iterate|values)\s*(<[^()]*>)?\s*\(/g)) {
    const end = closing(text, call.index + call[0].length - 1);
    if (end < 0) continue;
    // `!` and whitespace (line breaks included) may stand between the call and its cast.
    const after = /^[\s!]*as\s+(?!const\b)/.exec(text.slice(end));
    if (!after) continue;
    const at = end + after[0].length;
    const line = text.slice(0, at).split("\n").length; // 1-based line of the `as`
    const start = text.slice(0, call.index).split("\n").length;
    const near = lines.slice(Math.max(0, start - 2), line).join("\n");
    if (/\/\/.*\bcast:|\/\*.*\bcast:/.test(near)) continue;
    found.push(`${path}:${line}`);
  }
  return found;
}

async function scan(): Promise<string[]> {
  const casts: string[] = [];
  for (const folder of ["src", "db"]) {
    for await (const file of new Bun.Glob("**/*.{ts,tsx}").scan({ cwd: join(ROOT, folder) })) {
      const path = `${folder}/${file}`;
      if (/\.(test|e2e|process|slow)\.tsx?$/.test(path)) continue;
      casts.push(...resultCasts(path, readFileSync(join(ROOT, path), "utf8")));
    }
  }
  return casts;
}

test("no query result is cast at its call site without a comment saying why", async () => {
  expect(await scan()).toEqual([]);
});

test("the scan finds a cast over several lines and honours a cast: comment", () => {
  const code = [
    "const a = STATEMENT.get(db, {", // 1
    "  id,", // 2
    "}) as { n: number };", // 3
    "const b = db.$client.query(`SELECT (1)`).all() as X[];", // 4
    "// cast: bun:sqlite's pragma rows have no declared type", // 5
    "const c = db.$client.query('PRAGMA x').get() as Y;", // 6
    "const d = db.select().from(t).get();", // 7
    "const e = list.get(key) as const;", // 8
    "const f = X.get(db)!", // 9
    "  as Z;", // 10
  ].join("\n");
  expect(resultCasts("f.ts", code)).toEqual(["f.ts:3", "f.ts:4", "f.ts:10"]);
});
