import { join } from "node:path";

/** Root of the source tree, from this file's place (src/ssr). */
const ROOT = join(import.meta.dir, "..", "..");

export interface BuiltFile {
  /** Content-hashed file name, served under /assets/. */
  name: string;
  bytes: Uint8Array<ArrayBuffer>;
  /** Files to preload with this one: its static imports (and its islands' dynamic ones). */
  imports: string[];
}

export interface ClientBuild {
  files: BuiltFile[];
  /** Entry name ("client", "app", "LoginForm" …) → file name. */
  entries: Record<string, string>;
}

/**
 * Bundles the browser code: the hydrating entry, one entry per island (so a page loads only
 * its islands) and the stylesheet. Used at start-up from source and by the binary's build.
 */
export async function buildClient(): Promise<ClientBuild> {
  const { islands } = await import("../../islands/registry");
  const islandEntries = Object.keys(islands).map((name) => join(ROOT, "islands", `${name}.tsx`));
  const result = await Bun.build({
    entrypoints: [join(ROOT, "islands", "client.ts"), join(ROOT, "src", "styles", "app.css"), ...islandEntries],
    target: "browser",
    format: "esm",
    splitting: true,
    minify: true,
    metafile: true,
    naming: { entry: "[name]-[hash].[ext]", chunk: "chunk-[hash].[ext]", asset: "[name]-[hash].[ext]" },
    define: { "process.env.NODE_ENV": '"production"' },
  });
  if (!result.success) throw new AggregateError(result.logs, "Client build failed");

  const files: BuiltFile[] = [];
  const entries: Record<string, string> = {};
  const outputs = (result.metafile?.outputs ?? {}) as Record<string, { imports?: { path: string; kind: string }[]; entryPoint?: string }>;
  for (const artifact of result.outputs) {
    const name = artifact.path.split("/").pop()!;
    const meta = Object.entries(outputs).find(([path]) => path.endsWith(name))?.[1];
    // The hydrating entry's dynamic imports are the island registry (a page preloads only its
    // own islands); any other dynamic import (uPlot in the chart islands) is code its island
    // asks for as soon as it mounts, so it is preloaded with it.
    const isEntry = meta?.entryPoint?.endsWith(join("islands", "client.ts")) ?? false;
    const imports = (meta?.imports ?? [])
      .filter((i) => i.kind === "import-statement" || (i.kind === "dynamic-import" && !isEntry))
      .map((i) => i.path.split("/").pop()!);
    files.push({ name, bytes: new Uint8Array(await artifact.arrayBuffer()), imports });
    if (artifact.kind === "entry-point" || name.endsWith(".css")) entries[name.replace(/-[a-z0-9]+\.(js|css)$/, "")] = name;
  }
  return { files, entries };
}
