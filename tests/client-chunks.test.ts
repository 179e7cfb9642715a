// Issue 21 §2, issue 38 §7: a page's JavaScript is gzipped file by file, so a page with islands
// loads two files: the shared chunk (React DOM and the modules that must be one instance) and its
// page bundle (its islands, all they import at start, the shell's script). The client build makes
// them (src/ssr/client-build.ts, src/ssr/page-bundles.ts); these tests read the pages the server
// renders and the files they name.
import { expect, test } from "bun:test";
import { buildClient, SHARED_MODULES, type ClientBuild } from "../src/ssr/client-build";
import { useTestApp } from "./support";

const t = useTestApp();

const LIST_PAGES = ["/clients", "/subscriptions", "/receivables", "/payables", "/suppliers", "/partners", "/reconciliation", "/history", "/users"];

/** The script files a page names (its preloads and its scripts), as the bench counts them. */
async function scriptsOf(path: string, signedIn = true): Promise<string[]> {
  const page = await (signedIn ? t.api(path) : t.request(path));
  expect({ path, status: page.status }).toEqual({ path, status: 200 });
  return [...new Set([...(await page.text()).matchAll(/(?:src|href)="\/assets\/([^"]+\.js)"/g)].map((m) => m[1]!))];
}

let built: ClientBuild | undefined;
/** The build the pages name: the same source gives the same content-hashed names. */
async function build(): Promise<ClientBuild & { holding(module: string): string }> {
  built ??= await buildClient();
  const { sources, entries } = built;
  // The plain scripts (login, shell, copy) carry their own copies: they never meet an island.
  const plain = new Set(["login", "shell", "copy"].map((name) => entries[name]));
  /** The one file of the islands' world holding a module. */
  const holding = (module: string) => {
    const files = Object.keys(sources!).filter((name) => !plain.has(name) && sources![name]!.includes(module));
    expect({ module, files: files.length }).toEqual({ module, files: 1 });
    return files[0]!;
  };
  return { ...built, holding };
}

test("the FEBRABAN bank list never reaches a browser: the server resolves names (issue 34 §3)", async () => {
  const { sources } = await build();
  const holding = Object.keys(sources!).filter((file) => sources![file]!.some((module) => module.includes("bancos-brasileiros") || module.endsWith("src/lib/banks.ts")));
  expect(holding).toEqual([]);
});

test("each shared module is in one file, React DOM's, and nothing else is there but React", async () => {
  const { holding, sources } = await build();
  const vendor = holding("node_modules/react-dom/cjs/react-dom-client.production.js");
  for (const module of SHARED_MODULES) expect({ module, file: holding(module) }).toEqual({ module, file: vendor });
  // What the shared modules import comes along (the flash names, the signal); no island, no list kit.
  expect(sources![vendor]!.filter((module) => module.startsWith("islands/") && !SHARED_MODULES.includes(module))).toEqual([]);
});

test("a page with islands loads two files: the shared chunk and its own bundle", async () => {
  const { entries, holding } = await build();
  const vendor = holding("node_modules/react-dom/cjs/react-dom-client.production.js");
  for (const path of [...LIST_PAGES, "/", "/installments", "/settings", "/account", "/categories"]) {
    const files = await scriptsOf(path);
    const bundles = files.filter((file) => Object.values(entries).includes(file) && file.startsWith("page-"));
    expect({ path, files: files.toSorted() }).toEqual({ path, files: [vendor, ...bundles].toSorted() });
    expect({ path, bundles: bundles.length }).toEqual({ path, bundles: 1 });
  }
});

test("the sign-in page's and the shell's plain scripts are whole in their file, without React", async () => {
  const { entries } = await build();
  expect(await scriptsOf("/login", false)).toEqual([entries.login!]);
  // A signed-in page with no island (the DRE report): the shell's script alone.
  expect(await scriptsOf("/reports?aba=dre")).toEqual([entries.shell!]);
});

test("a page's bundle holds the islands it shares a page with: two bundles on one page would each carry their common code", async () => {
  const { entries, sources } = await build();
  const islandsOf = (bundle: string) => sources![entries[bundle]!]!.filter((module) => /^islands\/[A-Z][A-Za-z]+\.tsx$/.test(module)).toSorted();
  expect(islandsOf("page-ledger")).toEqual(["islands/LedgerCards.tsx", "islands/LedgerList.tsx"]);
  expect(islandsOf("page-ReconciliationScreen")).toEqual(["islands/ReconciliationScreen.tsx"]);
  // An island of a set has no bundle of its own.
  expect(entries["page-LedgerList"]).toBeUndefined();
});

test("a list page's confirmations load with their first opening, like its dialogs", async () => {
  const { sources } = await build();
  for (const path of LIST_PAGES) {
    const modules = (await scriptsOf(path)).flatMap((file) => sources![file] ?? []);
    expect({ path, confirm: modules.includes("src/ui/ConfirmDialog.tsx") }).toEqual({ path, confirm: false });
  }
});

test("the dashboard, Minha conta and Configurações load no list kit; a list page's dialogs and bulk bar are not in its start", async () => {
  const { sources } = await build();
  const modulesOf = async (path: string) => (await scriptsOf(path)).flatMap((file) => sources![file] ?? []);
  for (const path of ["/", "/account", "/settings"]) expect({ path, kit: (await modulesOf(path)).includes("islands/lib/list-kit.tsx") }).toEqual({ path, kit: false });
  const ledger = await modulesOf("/receivables");
  expect(ledger).toContain("islands/lib/list-kit.tsx");
  for (const part of ["islands/ledger/PaymentDialog.tsx", "islands/ledger/BulkBar.tsx", "src/ui/Dialog.tsx"]) expect({ part, atStart: ledger.includes(part) }).toEqual({ part, atStart: false });
});
