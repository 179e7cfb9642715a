import type { BunPlugin } from "bun";
import { dirname, join, relative } from "node:path";
import type { IslandName } from "../../islands/registry";
import { pageBundles } from "./page-bundles";

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
  /** Entry name ("page-ledger", "page-ReconciliationScreen", "login", "shell", "app" …) → file name. */
  entries: Record<string, string>;
  /** File name → the source modules in it (paths from the root), for tests and inspection. */
  sources?: Record<string, string[]>;
  /** File name → source module → its minified bytes in that file (scripts/bundles.ts). */
  weights?: Record<string, Record<string, number>>;
}

/**
 * The islands read signals through useSignalValue (src/ui/use-signal.ts), not signals-react's
 * runtime, which the package's entry re-exports and which runs code on load, so a bundler keeps
 * it (~0.6 KB gzipped on every page, with the React 17 shim of useSyncExternalStore it imports):
 * the bundle takes the signals core that entry re-exports. A runtime hook imported from
 * "@preact/signals-react" (useSignal…) then fails the build.
 */
const signalsCore: BunPlugin = {
  name: "signals-core",
  setup(build) {
    const core = Bun.resolveSync("@preact/signals-core", dirname(Bun.resolveSync("@preact/signals-react", ROOT)));
    build.onResolve({ filter: /^@preact\/signals-react$/ }, () => ({ path: core }));
  },
};

/**
 * The modules a page and the parts it loads on demand must share (one instance per page): React
 * and React DOM, and the app's modules with state or identity — the toasts' store, the flashed
 * toast, the read-only context, the islands' shared signals, ApiError (a part's `instanceof`
 * meets the page's errors), the parts' loader. They land in one file with React DOM (the vendor
 * chunk), which every page with islands loads and caches. Anything else is copied (below).
 */
export const SHARED_MODULES = [
  "src/ui/toast.ts",
  "src/ui/signal.ts",
  "src/ui/flash.ts",
  "src/lib/flash.ts",
  "islands/lib/api.ts",
  "islands/lib/auth-storage.ts",
  "islands/lib/can-write.ts",
  "islands/lib/state.ts",
  "islands/lib/on-demand.tsx",
];
const SHARED_PACKAGES = ["react", "react/jsx-runtime", "react-dom", "react-dom/client"];
const SHARED_PATH = /\/node_modules\/(react|react-dom|scheduler)\//;

/** Where the copies live in the build's graph (paths no file has): COPIES/<space>/<path from the root>. */
const COPIES = join(ROOT, "@copy");
/** The page bundles' modules, written by the build: PAGES/page-<bundle>.ts. */
const PAGES = join(ROOT, "@page");

/** A module's copy in a space. */
const copyPath = (space: string, real: string) => join(COPIES, space, relative(ROOT, real));

/**
 * A page's JavaScript in two files (issue 38 §7). Bun's splitting puts each module in the chunk of
 * the exact set of entries (and import()ed parts) that reach it, and has no manualChunks: with an
 * entry per island, a list page loaded a dozen small files, each gzipped alone (~3 KB more than the
 * same code in one). So each module is given a copy per "space", a path of its own in the graph:
 * - a page bundle's space (`page-<bundle>`): its islands and all they import at start, in its file;
 * - "part", for what an island import()s (dialogs, the bulk bar, uPlot…) and what those import:
 *   they load on demand, in chunks among the parts, never at a page's start;
 * - a plain script's own (login, shell, copy): whole in its file, React-free;
 * except the shared modules above, which stay one (a bundle and every part import them all, so
 * they land in one chunk: React DOM's). A page's bundle and its parts do not share a copy of
 * Button, say: a part carries its own (a few KB more on a click, none at start).
 */
function copies(bundles: Record<string, readonly string[]>): BunPlugin {
  const shared = new Set(SHARED_MODULES.map((path) => join(ROOT, path)));
  const spaceOf = (path: string) => (path.startsWith(`${COPIES}/`) ? path.slice(COPIES.length + 1).split("/")[0]! : null);
  const realOf = (path: string) => {
    const space = spaceOf(path);
    return space ? join(ROOT, path.slice(COPIES.length + 2 + space.length)) : path;
  };
  const plain = (space: string) => space.startsWith("plain-");
  const sharedImport = `import "cofre-shared";\n`;
  const LOADERS: Record<string, "ts" | "tsx" | "js" | "jsx" | "json"> = { ts: "ts", tsx: "tsx", js: "js", mjs: "js", cjs: "js", jsx: "jsx", json: "json" };
  return {
    name: "cofre-copies",
    setup(build) {
      // The shared modules, imported by every bundle and part so that they reach all of them together.
      build.onResolve({ filter: /^cofre-shared$/ }, () => ({ path: "cofre-shared", namespace: "cofre-shared" }));
      build.onLoad({ filter: /.*/, namespace: "cofre-shared" }, () => ({
        contents: [...SHARED_PACKAGES.map((name) => Bun.resolveSync(name, ROOT)), ...shared].map((path) => `import ${JSON.stringify(path)};`).join("\n"),
        loader: "js",
      }));
      // A page bundle: its islands, started by islands/lib/hydrate.ts.
      build.onLoad({ filter: new RegExp(`^${PAGES.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}/`) }, ({ path }) => {
        const name = path.slice(PAGES.length + 1).replace(/^page-|\.ts$/g, "");
        const islands = bundles[name]!;
        const lines = [
          `import startPage from ${JSON.stringify(join(ROOT, "islands", "lib", "hydrate.ts"))};`,
          ...islands.map((island) => `import ${island} from ${JSON.stringify(join(ROOT, "islands", `${island}.tsx`))};`),
          `startPage({ ${islands.join(", ")} });`,
        ];
        return { contents: sharedImport + lines.join("\n"), loader: "ts" };
      });
      build.onResolve({ filter: /.*/ }, ({ path, importer, kind }) => {
        if (path.startsWith("cofre-")) return undefined;
        // The entries: a plain script's copy, a page bundle.
        if (path.startsWith(`${COPIES}/`) || path.startsWith(`${PAGES}/`)) return { path };
        const page = importer.startsWith(`${PAGES}/`) ? `page-${importer.slice(PAGES.length + 1).replace(/^page-|\.ts$/g, "")}` : null;
        const space = page ?? spaceOf(importer);
        if (!space) return undefined;
        const real = Bun.resolveSync(path, dirname(page ? join(ROOT, "islands", "x") : realOf(importer)));
        if (plain(space)) return { path: copyPath(space, real) };
        if (shared.has(real) || SHARED_PATH.test(real)) return { path: real };
        return { path: copyPath(kind === "dynamic-import" ? "part" : space, real) };
      });
      build.onLoad({ filter: new RegExp(`^${COPIES.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}/`) }, async ({ path }) => {
        const real = realOf(path);
        const loader = LOADERS[real.split(".").pop()!] ?? "js";
        const text = await Bun.file(real).text();
        // An app module of a bundle or a part reaches the shared modules: all of them.
        const app = !plain(spaceOf(path)!) && !real.includes("/node_modules/") && (loader === "ts" || loader === "tsx");
        return { contents: app ? sharedImport + text : text, loader };
      });
    },
  };
}

/**
 * Bundles the browser code: a bundle per set of islands that share a page (src/ssr/page-bundles.ts:
 * a page loads only its islands' code), the plain scripts and the stylesheets. Used at start-up
 * from source and by the binary's build.
 */
export function buildClient(): Promise<ClientBuild> {
  // One build per process: the same sources give the same build (a test run asked for it four
  // times, ~100 ms of CPU each).
  return (built ??= build());
}
let built: Promise<ClientBuild> | undefined;

async function build(): Promise<ClientBuild> {
  const { islands } = await import("../../islands/registry");
  const bundles = pageBundles(Object.keys(islands) as IslandName[]);
  const plainEntry = (name: string) => copyPath(`plain-${name}`, join(ROOT, "islands", "lib", `${name}.ts`));
  const result = await Bun.build({
    // The login page's script is an entry of its own, without React (src/pages/LoginPage.tsx).
    // The client's page and receipts (src/pages/public/) have their own small stylesheet and a
    // plain script (copy, print): no React, nothing of the app's CSS. The shell's script is a
    // signed-in page's without islands (a page with islands has it in its bundle).
    entrypoints: [
      ...["login", "shell", "copy"].map(plainEntry),
      join(ROOT, "src", "styles", "app.css"),
      join(ROOT, "src", "styles", "public-page.css"),
      ...Object.keys(bundles).map((name) => join(PAGES, `page-${name}.ts`)),
    ],
    target: "browser",
    format: "esm",
    splitting: true,
    // Bun's own preloading of an import()ed file's imports costs every page a table of the chunks'
    // hashes and a runtime (~1 KB gzipped): the server already preloads a page's files, and a
    // part's own imports follow it a round trip later, which its preload on intent (on-demand.tsx) hides.
    modulePreload: false,
    minify: true,
    metafile: true,
    naming: { entry: "[name]-[hash].[ext]", chunk: "chunk-[hash].[ext]", asset: "[name]-[hash].[ext]" },
    define: { "process.env.NODE_ENV": '"production"' },
    plugins: [signalsCore, copies(bundles)],
  });
  if (!result.success) throw new AggregateError(result.logs, "Client build failed");

  const files: BuiltFile[] = [];
  const entries: Record<string, string> = {};
  const sources: Record<string, string[]> = {};
  const weights: Record<string, Record<string, number>> = {};
  const outputs = (result.metafile?.outputs ?? {}) as Record<string, { imports?: { path: string; kind: string }[]; entryPoint?: string; inputs?: Record<string, { bytesInOutput?: number }> }>;
  // A module's source path, without the copy's space.
  const source = (input: string) => relative(ROOT, join(ROOT, input)).replace(/^@copy\/[^/]+\//, "");
  for (const artifact of result.outputs) {
    const name = artifact.path.split("/").pop()!;
    const meta = Object.entries(outputs).find(([path]) => path.endsWith(name))?.[1];
    const imports = (meta?.imports ?? [])
      .filter((i) => i.kind === "import-statement")
      .map((i) => i.path.split("/").pop()!);
    files.push({ name, bytes: new Uint8Array(await artifact.arrayBuffer()), imports });
    sources[name] = [...new Set(Object.keys(meta?.inputs ?? {}).map(source))];
    weights[name] = {};
    for (const [input, info] of Object.entries(meta?.inputs ?? {})) weights[name][source(input)] = (weights[name][source(input)] ?? 0) + (info.bytesInOutput ?? 0);
    if (artifact.kind === "entry-point" || name.endsWith(".css")) entries[name.replace(/-[a-z0-9]+\.(js|css)$/, "")] = name;
  }
  return { files, entries, sources, weights };
}
