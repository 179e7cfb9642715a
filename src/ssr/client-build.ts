import type { BunPlugin } from "bun";
import { join } from "node:path";

/** Root of the source tree, from this file's place (src/ssr). */
const ROOT = join(import.meta.dir, "..", "..");

export interface BuiltFile {
  /** Content-hashed file name, served under /assets/. */
  name: string;
  bytes: Uint8Array<ArrayBuffer>;
  /** Files this one imports statically (to preload them with it). */
  imports: string[];
}

export interface ClientBuild {
  files: BuiltFile[];
  /** Entry name ("client", "login", "app", "ClientsList" …) → file name. */
  entries: Record<string, string>;
}

/**
 * The signals runtime imports use-sync-external-store's shim, a React 17 polyfill: React 19
 * has the hook, so the bundle takes React's own (the shim cost every page ~0.4 KB gzipped).
 */
const reactOwnSyncExternalStore: BunPlugin = {
  name: "react-own-useSyncExternalStore",
  setup(build) {
    build.onResolve({ filter: /^use-sync-external-store\/shim(\/index\.js)?$/ }, () => ({ path: join(ROOT, "islands", "lib", "use-sync-external-store.ts") }));
  },
};

/**
 * Bundles the browser code: the hydrating entry, one entry per island (so a page loads only
 * its islands) and the stylesheet. Used at start-up from source and by the binary's build.
 */
export async function buildClient(): Promise<ClientBuild> {
  const { islands } = await import("../../islands/lib/registry");
  const islandEntries = Object.keys(islands).map((name) => join(ROOT, "islands", `${name}.tsx`));
  const result = await Bun.build({
    // The login page's script is an entry of its own, without React (src/pages/LoginPage.tsx).
    entrypoints: [join(ROOT, "islands", "lib", "client.ts"), join(ROOT, "islands", "lib", "login.ts"), join(ROOT, "src", "styles", "app.css"), ...islandEntries],
    target: "browser",
    format: "esm",
    splitting: true,
    minify: true,
    metafile: true,
    naming: { entry: "[name]-[hash].[ext]", chunk: "chunk-[hash].[ext]", asset: "[name]-[hash].[ext]" },
    define: { "process.env.NODE_ENV": '"production"' },
    plugins: [reactOwnSyncExternalStore],
  });
  if (!result.success) throw new AggregateError(result.logs, "Client build failed");

  const files: BuiltFile[] = [];
  const entries: Record<string, string> = {};
  const outputs = (result.metafile?.outputs ?? {}) as Record<string, { imports?: { path: string; kind: string }[]; entryPoint?: string }>;
  for (const artifact of result.outputs) {
    const name = artifact.path.split("/").pop()!;
    const meta = Object.entries(outputs).find(([path]) => path.endsWith(name))?.[1];
    const imports = (meta?.imports ?? [])
      .filter((i) => i.kind === "import-statement")
      .map((i) => i.path.split("/").pop()!);
    files.push({ name, bytes: new Uint8Array(await artifact.arrayBuffer()), imports });
    if (artifact.kind === "entry-point" || name.endsWith(".css")) entries[name.replace(/-[a-z0-9]+\.(js|css)$/, "")] = name;
  }
  return { files, entries };
}
