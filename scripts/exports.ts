// Exports no other file imports: a name exported only to be used in its own file widens the
// module's surface for nothing ("export only what others import", issue 32 §3). Tests count as
// importers. `bun scripts/exports.ts` lists them; tests/imports.test.ts keeps the list empty.
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

const ROOT = join(import.meta.dir, "..");
const FOLDERS = ["src", "db", "islands", "tests", "scripts"];

async function sourceFiles(): Promise<string[]> {
  const found: string[] = [];
  for (const folder of FOLDERS) {
    for await (const file of new Bun.Glob("**/*.{ts,tsx}").scan({ cwd: join(ROOT, folder) })) found.push(join(ROOT, folder, file));
  }
  return found.filter((file) => !file.includes("/node_modules/"));
}

function resolveImport(from: string, specifier: string): string | null {
  if (!specifier.startsWith(".")) return null;
  const base = resolve(dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts"), join(base, "index.tsx")]) {
    if (existsSync(candidate) && candidate.match(/\.tsx?$/)) return candidate;
  }
  return null;
}

const DECLARED = /^export\s+(?:declare\s+)?(?:async\s+)?(?:const|let|function\*?|class|interface|type|enum|abstract\s+class)\s+([A-Za-z_$][\w$]*)/gm;
const LISTED = /^export\s*\{([^}]*)\}\s*;?$/gm;

/** Each file's exported names (not default, not re-exports from elsewhere). */
function exportsOf(text: string): string[] {
  const names = [...text.matchAll(DECLARED)].map((m) => m[1]!);
  for (const m of text.matchAll(LISTED)) for (const part of m[1]!.split(",")) {
    const name = part.trim().replace(/^type\s+/, "").split(/\s+as\s+/).pop()!.trim();
    if (name && name !== "default") names.push(name);
  }
  return names;
}

/** What each file takes from the others: names by file, or every name (`*`). */
function importsOf(file: string, text: string): Map<string, Set<string> | "*"> {
  const taken = new Map<string, Set<string> | "*">();
  const take = (specifier: string, names: string[] | "*") => {
    const target = resolveImport(file, specifier);
    if (!target) return;
    const before = taken.get(target);
    if (names === "*" || before === "*") return taken.set(target, "*");
    const set = before ?? new Set<string>();
    for (const name of names) set.add(name);
    taken.set(target, set);
  };
  for (const m of text.matchAll(/(?:import|export)\s+(type\s+)?(?:[\w$]+\s*,\s*)?\{([^}]*)\}\s*from\s*["']([^"']+)["']/g)) {
    take(m[3]!, m[2]!.split(",").map((part) => part.trim().replace(/^type\s+/, "").split(/\s+as\s+/)[0]!.trim()).filter(Boolean));
  }
  for (const m of text.matchAll(/(?:import|export)\s+\*\s+(?:as\s+[\w$]+\s+)?from\s*["']([^"']+)["']/g)) take(m[1]!, "*");
  // import("./x") and mocks by path: whatever they use.
  for (const m of text.matchAll(/import\(\s*["']([^"']+)["']\s*\)/g)) take(m[1]!, "*");
  return taken;
}

export async function unusedExports(): Promise<string[]> {
  const files = await sourceFiles();
  const texts = new Map(files.map((file) => [file, readFileSync(file, "utf8")]));
  const used = new Map<string, Set<string> | "*">();
  for (const [file, text] of texts) {
    for (const [target, names] of importsOf(file, text)) {
      if (target === file) continue;
      const before = used.get(target);
      if (names === "*" || before === "*") used.set(target, "*");
      else used.set(target, new Set([...(before ?? []), ...names]));
    }
  }
  const unused: string[] = [];
  for (const [file, text] of texts) {
    // Entry points and test files are read by tools, not imported.
    if (/\.(test|e2e|process|slow)\.tsx?$/.test(file) || file.includes("/scripts/") || file.endsWith("drizzle.config.ts")) continue;
    const taken = used.get(file);
    if (taken === "*") continue;
    for (const name of exportsOf(text)) if (!taken?.has(name)) unused.push(`${relative(ROOT, file)}: ${name}`);
  }
  return unused.sort();
}

if (import.meta.main) {
  const unused = await unusedExports();
  for (const line of unused) console.log(line);
  console.log(`${unused.length} exports no other file imports`);
}
