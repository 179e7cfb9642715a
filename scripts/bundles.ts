// What a page's JavaScript is made of: `bun scripts/bundles.ts [entry …]` builds the client as the
// binary does and prints, for the entries named (default: the ledger pages' bundle), each file with
// its gzipped size, then the source modules by weight (minified bytes, and their share of the
// files' gzipped total). Entries are the build's names: a page bundle ("page-ledger",
// "page-ReconciliationScreen": src/ssr/page-bundles.ts), "shell", "login", "app".
import { gzipSync } from "bun";
import { buildClient } from "../src/ssr/client-build";

const build = await buildClient();
const wanted = process.argv.slice(2);
const names = wanted.length ? wanted : ["page-ledger"];
const files = new Map(build.files.map((f) => [f.name, f]));
const closure = new Set<string>();
const visit = (name: string) => {
  if (closure.has(name)) return;
  closure.add(name);
  for (const dep of files.get(name)?.imports ?? []) visit(dep);
};
for (const name of names) {
  const file = build.entries[name];
  if (!file) throw new Error(`no entry ${name}; entries: ${Object.keys(build.entries).join(", ")}`);
  visit(file);
}
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
let raw = 0;
let gz = 0;
const modules = new Map<string, number>();
console.log(`files of ${names.join(" + ")}:`);
for (const name of closure) {
  const bytes = files.get(name)!.bytes;
  const zipped = gzipSync(bytes, { level: 9 }).byteLength;
  raw += bytes.byteLength;
  gz += zipped;
  console.log(`  ${name.padEnd(40)} ${kb(bytes.byteLength).padStart(9)} ${kb(zipped).padStart(9)} gz`);
  for (const [module, weight] of Object.entries(build.weights?.[name] ?? {})) modules.set(module, (modules.get(module) ?? 0) + weight);
}
console.log(`  ${"total".padEnd(40)} ${kb(raw).padStart(9)} ${kb(gz).padStart(9)} gz\nmodules by weight (minified; ≈ gz at the files' ratio):`);
for (const [module, weight] of [...modules].sort((a, b) => b[1] - a[1]).filter(([, w]) => w > 0)) {
  console.log(`  ${module.padEnd(72)} ${kb(weight).padStart(9)} ≈ ${kb((weight * gz) / raw).padStart(8)} gz`);
}
