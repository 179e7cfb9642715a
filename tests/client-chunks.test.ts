// Issue 21 §2: a page's JavaScript is gzipped file by file, so what the list pages share must
// come in a few files, not in one chunk per set of islands that happen to use it. The client
// build groups it (CHUNK_GROUPS in src/ssr/client-build.ts); these tests read the pages the
// server renders and the files they name.
import { expect, test } from "bun:test";
import { buildClient, CHUNK_GROUPS, type ClientBuild } from "../src/ssr/client-build";
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
  const { sources } = built;
  const holding = (module: string) => {
    const files = Object.keys(sources!).filter((name) => sources![name]!.includes(module));
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

test("each chunk group lands in one file of its own", async () => {
  const { holding } = await build();
  const files = Object.values(CHUNK_GROUPS).map((modules) => [...new Set(modules.filter((m) => !m.startsWith("react")).map(holding))]);
  expect(files.map((f) => f.length)).toEqual(files.map(() => 1));
  expect(new Set(files.flat()).size).toBe(files.length);
});

test("what every list page loads comes in the client entry, the base, forms and lists chunks, and the shell's plain script with what it shares", async () => {
  const { entries, holding } = await build();
  const pages = await Promise.all(LIST_PAGES.map((path) => scriptsOf(path)));
  const shared = pages.reduce((common, files) => common.filter((file) => files.includes(file)));
  // The sign-in page's script shares a few bytes with the shell (auth-storage), without React.
  const withLogin = (await scriptsOf("/login", false)).filter((file) => file !== entries.login);
  // The shell (islands/lib/shell.ts, no React) shares the toasts' store and the flashed toast with
  // the islands, in one file (the shared group).
  expect(holding("src/ui/flash.ts")).toBe(holding("src/ui/toast.ts"));
  const shell = [entries.shell!, holding("src/ui/toast.ts")];
  const expected = [entries.client!, holding("src/lib/money.ts"), holding("src/ui/Select.tsx"), holding("islands/lib/list-kit.tsx"), ...shell, ...withLogin];
  expect(shared.toSorted()).toEqual(expected.toSorted());
});

test("a list page's confirmations load with their first opening, like its dialogs", async () => {
  const { sources } = await build();
  for (const path of LIST_PAGES) {
    const modules = (await scriptsOf(path)).flatMap((file) => sources![file] ?? []);
    expect({ path, confirm: modules.includes("src/ui/ConfirmDialog.tsx") }).toEqual({ path, confirm: false });
  }
});

test("the dashboard loads the base chunk but not the lists'", async () => {
  const { holding } = await build();
  const scripts = await scriptsOf("/");
  expect(scripts).toContain(holding("src/ui/toast.ts"));
  expect(scripts).not.toContain(holding("islands/lib/list-kit.tsx"));
});
