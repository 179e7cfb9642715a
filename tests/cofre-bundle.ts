// What the processes the tests start run (tests/serve.ts). Preloaded by `bun run test:processes`
// (package.json; plain `bun test` starts no process and does not build it): the build starts with
// the run, on Bun's own threads, and the files that spawn cofre find it built instead of waiting
// ~0.2 s for it.
import { mkdtempSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { writeBuiltClient } from "../src/ssr/assets";
import { buildClient } from "../src/ssr/client-build";

const ROOT = join(import.meta.dir, "..");

let bundle: Promise<string> | null = null;

/**
 * `cofre` laid out as the binary carries it, built once per test run from this tree: the code
 * bundled (Bun.build, as `bun run build` bundles it, with NODE_ENV production), beside it the
 * client it serves (`client/`) and the migrations (`migrations/`) where the binary has its
 * embedded ones. Split at its dynamic imports, as a start from source loads each command's code
 * only when it runs; the writer thread's entry (src/http/writer.ts) at workers/writer-thread.js, as
 * in the binary. A server starts from it in ~85 ms and 130 ms of CPU, a `backup` in 20 ms;
 * from source, every file transpiled again, in 170 ms and 255 ms, and 30 ms. Its entry's path,
 * for `bun PATH command…`.
 */
export function cofreBundle(): Promise<string> {
  bundle ??= (async () => {
    // In the run's own folder, removed when the run ends (tests/setup-tmpdir.ts).
    const dir = mkdtempSync(join(tmpdir(), "cofre-bundle-"));
    const [server, client] = await Promise.all([
      Bun.build({ entrypoints: [join(ROOT, "src", "index.ts"), join(ROOT, "src", "workers", "writer-thread.ts"), join(ROOT, "src", "workers", "checkpoint-thread.ts")], target: "bun", outdir: dir, splitting: true, define: { "process.env.NODE_ENV": '"production"' } }),
      buildClient(),
    ]);
    if (!server.success) throw new AggregateError(server.logs, "cofre did not bundle");
    await writeBuiltClient(join(dir, "client"), client);
    symlinkSync(join(ROOT, "db", "migrations"), join(dir, "migrations"));
    return join(dir, "index.js");
  })();
  return bundle;
}

// A failed build is reported by the first test that needs it.
cofreBundle().catch(() => {});
