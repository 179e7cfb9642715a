// `bun run build`: dist/cofre, one executable holding the server, pages, client bundles,
// CSS, icons and migrations. Copied alone into an empty directory, it runs.
import { $ } from "bun";
import { mkdirSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { buildClient } from "../src/ssr/client-build";
import { BUILT_CLIENT_DIR, writeBuiltClient } from "../src/ssr/assets";

const root = join(import.meta.dir, "..");
process.chdir(root);
const clientDir = join(root, BUILT_CLIENT_DIR);
rmSync(join(root, "dist"), { recursive: true, force: true });
mkdirSync(clientDir, { recursive: true });

const started = performance.now();
await writeBuiltClient(clientDir, await buildClient());

const outfile = join(root, "dist", "cofre");
// The writer and checkpoint threads (src/http/writer.ts, checkpointer.ts) are entry points of their own: a Worker in a compiled
// binary loads only files built into it, here /$bunfs/root/workers/{writer,checkpoint}-thread.js.
await $`bun build --compile --minify --bytecode --format=esm \
  --define process.env.NODE_ENV='"production"' \
  --no-compile-autoload-dotenv --no-compile-autoload-bunfig \
  --asset ${BUILT_CLIENT_DIR} --asset db/migrations \
  src/index.ts src/workers/writer-thread.ts src/workers/checkpoint-thread.ts --outfile ${outfile}`.quiet();

const mb = (statSync(outfile).size / 1024 / 1024).toFixed(1);
console.log(`dist/cofre: ${mb} MB in ${Math.round(performance.now() - started)} ms`);
