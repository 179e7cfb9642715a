// The import graph of the product's source (db/, src/, islands/; tests excluded): its circles,
// between files and between folders, and the imports that run from a lower layer up to a higher one. `bun scripts/imports.ts` prints
// both and exits 1 when there is any; tests/imports.test.ts runs it in `bun test`.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

const ROOT = resolve(import.meta.dir, "..");
const ROOTS = ["db", "src", "islands"];

/** Lower layers first: a file may import its own layer or a lower one, never a higher one. */
const LAYERS: [string, number][] = [
  ["src/lib/", 0],
  ["db/", 1],
  // What every feature is built with: the database handle and the settings read at start.
  ["src/context.ts", 1],
  ["src/config.ts", 1],
  ["src/ui/", 2],
  ["src/api/", 3],
  ["src/http/", 3],
  ["src/cli/", 4],
  ["islands/", 4],
  ["src/ssr/", 4],
  ["src/pages/", 5],
  ["src/", 6],
];
const layerOf = (file: string) => LAYERS.find(([prefix]) => file.startsWith(prefix))?.[1] ?? 6;

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (name !== "migrations" && name !== "node_modules") sourceFiles(path, out);
    } else if (/\.tsx?$/.test(name) && !/\.(test|process|slow)\.tsx?$/.test(name) && !name.endsWith(".d.ts")) out.push(path);
  }
  return out;
}

function resolveImport(from: string, spec: string): string | null {
  if (!spec.startsWith(".")) return null;
  const base = resolve(dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts"), join(base, "index.tsx")]) {
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // not this one
    }
  }
  return null;
}

export function importGraph(): Map<string, string[]> {
  const files = ROOTS.flatMap((root) => sourceFiles(join(ROOT, root)));
  const graph = new Map<string, string[]>();
  const pattern = /(?:^|\n)\s*(?:import|export)\s+(?:type\s+)?(?:[^"';]*?\sfrom\s+)?["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)|require\(\s*["']([^"']+)["']\s*\)/g;
  for (const file of files) {
    const text = readFileSync(file, "utf8");
    const targets = new Set<string>();
    for (const match of text.matchAll(pattern)) {
      const target = resolveImport(file, match[1] ?? match[2] ?? match[3]!);
      if (target && target !== file) targets.add(relative(ROOT, target));
    }
    graph.set(relative(ROOT, file), [...targets]);
  }
  return graph;
}

/** Strongly connected components of more than one file (Tarjan): each is a circle. */
export function circles(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const indexOf = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    indexOf.set(node, index);
    low.set(node, index++);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!indexOf.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, indexOf.get(next)!));
    }
    if (low.get(node) === indexOf.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!indexOf.has(node)) visit(node);
  return found;
}

/**
 * The same graph between folders: a leaf folder (one with no source folder inside) is one node
 * named "dir/", and a file beside other folders (src/server.ts, islands/ClientsList.tsx,
 * src/api/list.ts) is a node of its own. A circle here is two features leaning on each other.
 */
export function folderGraph(graph: Map<string, string[]>): Map<string, string[]> {
  const dirs = new Set([...graph.keys()].map(dirname));
  const isLeaf = (dir: string) => ![...dirs].some((other) => other.startsWith(`${dir}/`));
  const nodeOf = (file: string) => (isLeaf(dirname(file)) ? `${dirname(file)}/` : file);
  const folders = new Map<string, Set<string>>();
  for (const [from, targets] of graph) {
    const node = nodeOf(from);
    const edges = folders.get(node) ?? new Set<string>();
    for (const to of targets) if (nodeOf(to) !== node) edges.add(nodeOf(to));
    folders.set(node, edges);
  }
  return new Map([...folders].map(([node, edges]) => [node, [...edges].sort()]));
}

/** "from → to" for each import from a lower layer to a higher one. */
export function upwardImports(graph: Map<string, string[]>): string[] {
  const found: string[] = [];
  for (const [from, targets] of graph) for (const to of targets) if (layerOf(to) > layerOf(from)) found.push(`${from} → ${to}`);
  return found.sort();
}

if (import.meta.main) {
  const graph = importGraph();
  const folders = folderGraph(graph);
  const found = circles(graph);
  const folderCircles = circles(folders);
  const upward = upwardImports(graph);
  console.log(
    `${graph.size} files; ${found.length} circles; ${folders.size} folder nodes; ${folderCircles.length} folder circles; ${upward.length} imports up a layer`,
  );
  for (const circle of found) console.log(`circle: ${circle.join(", ")}`);
  for (const circle of folderCircles) console.log(`folder circle: ${circle.join(", ")}`);
  for (const line of upward) console.log(`up: ${line}`);
  process.exit(found.length + folderCircles.length + upward.length > 0 ? 1 : 0);
}
