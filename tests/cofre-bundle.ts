// What the processes the tests start run (tests/serve.ts). Preloaded (bunfig.toml): the build
// starts with the run, on Bun's own threads while the first files' tests run, and the files that
// spawn cofre find it built instead of waiting ~0.2 s for it.
import { mkdtempSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { writeBuiltClient } from "../src/ssr/assets";
import { buildClient } from "../src/ssr/client-build";

const ROOT = join(import.meta.dir, "..");

let bundle: Promise<string> | null = null;

/**
 * `cofre` laid out as the binary carries it, built once per test run from this tree: the code in
 * one bundle (Bun.build, what `bun run build` compiles, with NODE_ENV production), beside it the
 * client it serves (`client/`) and the migrations (`migrations/`) where the binary has its
 * embedded ones. A server starts from it in ~90 ms and 130 ms of CPU; from source, every file
 * transpiled again, in 170 ms and 255 ms. Its path, for `bun PATH command…`.
 */
export function cofreBundle(): Promise<string> {
  bundle ??= (async () => {
    // In the run's own folder, removed when the run ends (tests/setup-tmpdir.ts).
    const dir = mkdtempSync(join(tmpdir(), "cofre-bundle-"));
    const [server, client] = await Promise.all([
      Bun.build({ entrypoints: [join(ROOT, "src", "index.ts")], target: "bun", outdir: dir, define: { "process.env.NODE_ENV": '"production"' } }),
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
