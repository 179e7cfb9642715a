import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "bun";
import type { IslandName } from "../../islands/registry";
import { bundlesFor, PAGE_BUNDLES } from "./page-bundles";
// Type only: the bundler (Bun.build) is loaded when running from source, never by the binary.
import type { BuiltFile, ClientBuild } from "./client-build";

interface Asset {
  bytes: Uint8Array<ArrayBuffer>;
  gzip: Uint8Array<ArrayBuffer> | null;
  type: string;
  imports: string[];
}

interface AssetManifest {
  /** The stylesheet's URL. */
  css: string;
  /** What a page with these islands loads: its bundles' URLs (to run) and every file they import too (to preload). */
  scriptsFor(islands: ReadonlySet<IslandName>): { run: string[]; preload: string[] };
  /** A build entry by name ("login": islands/lib/login.ts): its URL first, then those it imports. */
  entryScripts(name: string): string[];
  get(name: string): Asset | undefined;
}

/** Where the binary's build writes the prebuilt client, embedded with `--asset dist/client`. */
export const BUILT_CLIENT_DIR = join("dist", "client");
/** Bun embeds an --asset folder under its last name, beside the bundled code. */
const EMBEDDED_CLIENT_DIR = join(import.meta.dir, "client");

const TYPES: Record<string, string> = {
  js: "text/javascript; charset=utf-8",
  css: "text/css; charset=utf-8",
  svg: "image/svg+xml",
  woff2: "font/woff2",
  png: "image/png",
  ico: "image/x-icon",
};

const typeOf = (name: string) => TYPES[name.split(".").pop() ?? ""] ?? "application/octet-stream";

/** Text is served gzipped: compressed once, by the binary's build or at start-up from source. */
function compressAsset(name: string, bytes: Uint8Array<ArrayBuffer>): Uint8Array<ArrayBuffer> | null {
  const type = typeOf(name);
  return type.startsWith("text/") || type === "image/svg+xml" ? gzipSync(bytes, { level: 9 }) : null;
}

type LoadedFile = BuiltFile & { gzip?: Uint8Array<ArrayBuffer> | null };

function fromBuild(build: { entries: ClientBuild["entries"]; files: LoadedFile[] }): AssetManifest {
  const files = new Map<string, Asset>();
  for (const file of build.files) {
    const gzip = file.gzip !== undefined ? file.gzip : compressAsset(file.name, file.bytes);
    files.set(file.name, { bytes: file.bytes, gzip, type: typeOf(file.name), imports: file.imports });
  }
  const url = (name: string) => `/assets/${name}`;
  // The page bundles the build wrote (src/ssr/client-build.ts): a page's, or an island's alone.
  const bundles = Object.fromEntries(
    Object.keys(build.entries)
      .filter((name) => name.startsWith("page-"))
      .map((name) => name.slice("page-".length))
      .map((name) => [name, PAGE_BUNDLES[name] ?? [name as IslandName]]),
  );
  const withImports = (name: string, into: Set<string>) => {
    if (into.has(name)) return;
    into.add(name);
    for (const dep of files.get(name)?.imports ?? []) withImports(dep, into);
  };
  const entry = (name: string) => {
    const file = build.entries[name];
    if (!file) throw new Error(`Client build has no entry ${name}`);
    return file;
  };
  return {
    css: url(entry("app")),
    scriptsFor(islands) {
      const run = bundlesFor(islands, bundles).map((name) => entry(`page-${name}`));
      const names = new Set<string>();
      for (const file of run) withImports(file, names);
      return { run: run.map(url), preload: [...names].map(url) };
    },
    entryScripts(name) {
      const names = new Set<string>();
      withImports(entry(name), names);
      return [...names].map(url);
    },
    get: (name) => files.get(name),
  };
}

let manifest: AssetManifest | null = null;

/** What build.json lists of a prebuilt client: its entries and files (with their gzipped twin). */
type SavedBuild = Omit<ClientBuild, "files" | "sources"> & { files: { name: string; imports: string[]; gzip?: string }[] };

/**
 * A client build written to `dir` as the binary embeds it (`bun run build`): each file, its
 * gzipped twin (compressed once, here, so a start does not) and build.json listing them.
 */
export async function writeBuiltClient(dir: string, client: ClientBuild): Promise<void> {
  const saved: SavedBuild = { entries: client.entries, files: [] };
  for (const file of client.files) {
    await Bun.write(join(dir, file.name), file.bytes);
    const gzip = compressAsset(file.name, file.bytes);
    if (gzip) await Bun.write(join(dir, `${file.name}.gz`), gzip);
    saved.files.push({ name: file.name, imports: file.imports, ...(gzip ? { gzip: `${file.name}.gz` } : {}) });
  }
  await Bun.write(join(dir, "build.json"), JSON.stringify(saved));
}

/**
 * Serves the prebuilt client in `dir` (see writeBuiltClient) from now on: what the binary does
 * with the one it carries. False when `dir` holds none.
 */
function useBuiltClient(dir: string): boolean {
  const listed = join(dir, "build.json");
  if (!existsSync(listed)) return false;
  const saved = JSON.parse(readFileSync(listed, "utf8")) as SavedBuild;
  const read = (name: string) => new Uint8Array(readFileSync(join(dir, name)));
  const files = saved.files.map((f) => ({ name: f.name, imports: f.imports, bytes: read(f.name), gzip: f.gzip ? read(f.gzip) : null }));
  manifest = fromBuild({ entries: saved.entries, files });
  return true;
}

/**
 * The compiled binary carries its prebuilt client; running from source builds it in memory
 * at start-up (a few hundred ms), so `bun start` needs no separate build step.
 */
export async function loadAssets(): Promise<AssetManifest> {
  if (manifest) return manifest;
  if (!useBuiltClient(EMBEDDED_CLIENT_DIR)) {
    const { buildClient } = await import("./client-build");
    manifest = fromBuild(await buildClient());
  }
  return manifest!;
}

export function assets(): AssetManifest {
  if (!manifest) throw new Error("loadAssets() must run before rendering pages");
  return manifest;
}
