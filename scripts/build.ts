// `bun run build`: dist/cofre, one executable holding the server, pages, client bundles,
// CSS, icons and migrations. Copied alone into an empty directory, it runs.
import { $ } from "bun";
import { mkdirSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { buildClient } from "../src/ssr/client-build";
import { BUILT_CLIENT_DIR, compressAsset } from "../src/ssr/assets";

const root = join(import.meta.dir, "..");
process.chdir(root);
const clientDir = join(root, BUILT_CLIENT_DIR);
rmSync(join(root, "dist"), { recursive: true, force: true });
mkdirSync(clientDir, { recursive: true });

const started = performance.now();
const client = await buildClient();
// Gzipped here, once, so the binary does not spend its start-up compressing.
const saved = [];
for (const file of client.files) {
  await Bun.write(join(clientDir, file.name), file.bytes);
  const gzip = compressAsset(file.name, file.bytes);
  if (gzip) await Bun.write(join(clientDir, `${file.name}.gz`), gzip);
  saved.push({ name: file.name, imports: file.imports, ...(gzip ? { gzip: `${file.name}.gz` } : {}) });
}
await Bun.write(join(clientDir, "build.json"), JSON.stringify({ entries: client.entries, files: saved }));

const outfile = join(root, "dist", "cofre");
await $`bun build --compile --minify --bytecode --format=esm \
  --define process.env.NODE_ENV='"production"' \
  --no-compile-autoload-dotenv --no-compile-autoload-bunfig \
  --asset ${BUILT_CLIENT_DIR} --asset db/migrations \
  src/index.ts --outfile ${outfile}`.quiet();

const mb = (statSync(outfile).size / 1024 / 1024).toFixed(1);
console.log(`dist/cofre: ${mb} MB in ${Math.round(performance.now() - started)} ms`);
