import type { BunPlugin } from "bun";
import { dirname, join, relative } from "node:path";

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
 * The shared code in two files (issue 21 §2). Bun's splitting puts each module in the chunk of
 * the exact set of entries that reach it, and has no manualChunks: the list kit came in some 30
 * files of a few hundred bytes, each gzipped on its own (a list page paid ~26 KB for what
 * gzips to ~19 KB in one piece). So every entry of a group imports the group's modules (the
 * plugin below prepends the import at build time): reached by the same entries, they land in
 * one file, with all they import.
 * - shared, for the shell's plain script and everything below: the toasts' store and the flashed
 *   toast (every signed-in page loads them with the shell; in one file, not two).
 * - base, for every island and the client entry: React, the API client, money and months, the
 *   Button, the icons and the form fields, the table and a row action's ending ("Minha conta" has
 *   them without the list kit). The toasts' store is not in it: the shell's plain
 *   script (islands/lib/shell.ts, no React) shares it with the islands, in a chunk of its own.
 * - forms, for the lists' islands and FORMS_ONLY's: selects, dates, the list specs' shape (Gerar
 *   parcelas has them without the list kit; in the lists chunk they would cut it in two).
 * - lists, for every island but BASE_ONLY's and FORMS_ONLY's: the list hook and kit (pager,
 *   export), the filter bar, row actions and menus.
 * The parts the islands import() on demand (dialogs) need no import: Bun puts what a part shares
 * with the islands that open it in their chunks. What only a few pages use stays out of the
 * groups, or the other pages would load it for nothing (the registers' kit, the party picker, a
 * feature's words, the charts' code). tests/client-chunks.test.ts checks the outcome.
 */
export const CHUNK_GROUPS = {
  shared: ["src/ui/toast.ts", "src/ui/flash.ts"],
  base: ["react", "react/jsx-runtime", "src/ui/Button.tsx", "src/ui/Icon.tsx", "src/ui/Field.tsx", "src/ui/Input.tsx", "src/ui/Badge.tsx", "islands/lib/api.ts", "islands/lib/can-write.ts", "src/lib/money.ts", "src/lib/months.ts", "src/lib/numbers.ts", "src/ui/Table.tsx", "islands/lib/row-action.ts"],
  forms: ["src/ui/Select.tsx", "src/lib/dates.ts", "src/lib/list-spec.ts"],
  lists: ["islands/lib/list.ts", "islands/lib/list-kit.tsx", "islands/lib/on-demand.tsx", "islands/lib/state.ts", "src/ui/FilterBar.tsx", "src/ui/RowMenu.tsx", "src/ui/IconAction.tsx", "src/ui/EmptyState.tsx", "src/lib/clock.ts"],
};

/** Each group's entries import the group above it too: lists ⊃ forms ⊃ base. */
const PARENT: Partial<Record<keyof typeof CHUNK_GROUPS, keyof typeof CHUNK_GROUPS>> = { lists: "forms", forms: "base", base: "shared" };

/** Islands of a page with a form but without the list kit (Gerar parcelas): base and forms. */
export const FORMS_ONLY = ["GenerateInstallments"];

/** Islands of pages without the list kit (dashboard, reports, settings): base only. */
export const BASE_ONLY = ["DashboardStats", "RevenueChart", "MrrChart", "CashFlowChart", "ReportPartyPick", "SettingsForm", "EmailSettings", "AccountScreen"];

/** Prepends `import "cofre-chunk:<group>"` to each entry of a group; that module imports the group's modules. */
function chunkGroups(members: Record<keyof typeof CHUNK_GROUPS, string[]>): BunPlugin {
  const groupOf = new Map(Object.entries(members).flatMap(([group, paths]) => paths.map((path) => [path, group] as const)));
  const escape = (path: string) => path.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
  return {
    name: "cofre-chunk-groups",
    setup(build) {
      build.onResolve({ filter: /^cofre-chunk:/ }, ({ path }) => ({ path: path.slice("cofre-chunk:".length), namespace: "cofre-chunk" }));
      build.onLoad({ filter: /.*/, namespace: "cofre-chunk" }, ({ path }) => {
        const group = path as keyof typeof CHUNK_GROUPS;
        const modules = CHUNK_GROUPS[group].map((module) => Bun.resolveSync(module.startsWith("react") ? module : `./${module}`, ROOT));
        const parent = PARENT[group];
        const lines = [...(parent ? [`cofre-chunk:${parent}`] : []), ...modules].map((module) => `import ${JSON.stringify(module)};`);
        return { contents: lines.join("\n"), loader: "js" };
      });
      build.onLoad({ filter: new RegExp(`^(${[...groupOf.keys()].map(escape).join("|")})$`) }, async ({ path }) => ({
        contents: `import "cofre-chunk:${groupOf.get(path)}";\n${await Bun.file(path).text()}`,
        loader: path.endsWith("x") ? "tsx" : "ts",
      }));
    },
  };
}

/**
 * Bundles the browser code: the hydrating entry, one entry per island (so a page loads only
 * its islands) and the stylesheet. Used at start-up from source and by the binary's build.
 */
export function buildClient(): Promise<ClientBuild> {
  // One build per process: the same sources give the same build (a test run asked for it four
  // times, ~100 ms of CPU each).
  return (built ??= build());
}
let built: Promise<ClientBuild> | undefined;

async function build(): Promise<ClientBuild> {
  const { islands } = await import("../../islands/registry");
  const names = Object.keys(islands);
  const entryOf = (name: string) => join(ROOT, "islands", `${name}.tsx`);
  const islandEntries = names.map(entryOf);
  const client = join(ROOT, "islands", "lib", "client.ts");
  const shell = join(ROOT, "islands", "lib", "shell.ts");
  const groups = {
    shared: [shell],
    base: [client, ...names.filter((name) => BASE_ONLY.includes(name)).map(entryOf)],
    forms: names.filter((name) => FORMS_ONLY.includes(name)).map(entryOf),
    lists: names.filter((name) => !BASE_ONLY.includes(name) && !FORMS_ONLY.includes(name)).map(entryOf),
  };
  const result = await Bun.build({
    // The login page's script is an entry of its own, without React (src/pages/LoginPage.tsx).
    // The client's page and receipts (src/pages/public/) have their own small stylesheet and a
    // plain script (copy, print): no React, nothing of the app's CSS.
    entrypoints: [
      client,
      join(ROOT, "islands", "lib", "login.ts"),
      // Every signed-in page's toasts and tooltip, without React (issue 38 §7).
      shell,
      join(ROOT, "islands", "lib", "copy.ts"),
      join(ROOT, "src", "styles", "app.css"),
      join(ROOT, "src", "styles", "public-page.css"),
      ...islandEntries,
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
    plugins: [signalsCore, chunkGroups(groups)],
  });
  if (!result.success) throw new AggregateError(result.logs, "Client build failed");

  const files: BuiltFile[] = [];
  const entries: Record<string, string> = {};
  const sources: Record<string, string[]> = {};
  const weights: Record<string, Record<string, number>> = {};
  const outputs = (result.metafile?.outputs ?? {}) as Record<string, { imports?: { path: string; kind: string }[]; entryPoint?: string; inputs?: Record<string, { bytesInOutput?: number }> }>;
  for (const artifact of result.outputs) {
    const name = artifact.path.split("/").pop()!;
    const meta = Object.entries(outputs).find(([path]) => path.endsWith(name))?.[1];
    const imports = (meta?.imports ?? [])
      .filter((i) => i.kind === "import-statement")
      .map((i) => i.path.split("/").pop()!);
    files.push({ name, bytes: new Uint8Array(await artifact.arrayBuffer()), imports });
    sources[name] = Object.keys(meta?.inputs ?? {}).map((input) => relative(ROOT, input));
    weights[name] = Object.fromEntries(Object.entries(meta?.inputs ?? {}).map(([input, info]) => [relative(ROOT, input), info.bytesInOutput ?? 0]));
    if (artifact.kind === "entry-point" || name.endsWith(".css")) entries[name.replace(/-[a-z0-9]+\.(js|css)$/, "")] = name;
  }
  return { files, entries, sources, weights };
}
