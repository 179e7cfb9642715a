import { expect, test } from "bun:test";
import { unusedExports } from "../scripts/exports";
import { circles, folderGraph, importGraph, upwardImports } from "../scripts/imports";

// The house (docs/architecture.md): no circle in the imports, and no arrow from a lower layer
// (lib, db, ui, features) up to a higher one (islands, pages, the app).
const graph = importGraph();

test("the product's imports hold no circle", () => {
  expect(circles(graph)).toEqual([]);
});

test("the folders' imports hold no circle (a leaf folder is one node, a file beside folders its own)", () => {
  expect(circles(folderGraph(graph))).toEqual([]);
});

test("the folder graph names leaf folders as one node and files beside folders as their own", () => {
  const folders = folderGraph(graph);
  expect(folders.get("src/api/installments/")).toContain("src/api/ledger/");
  expect(folders.get("src/api/list.ts")).toBeDefined();
  expect(folders.get("islands/registry.ts")).toContain("islands/ClientsList.tsx");
  expect(folders.has("src/api/ledger/table.ts")).toBe(false);
  // A circle between two folders is found though no two files form one.
  const twoFolders = new Map([
    ["src/a/x.ts", ["src/b/y.ts"]],
    ["src/b/z.ts", ["src/a/w.ts"]],
    ["src/a/w.ts", []],
    ["src/b/y.ts", []],
    ["src/c.ts", []],
  ]);
  expect(circles(twoFolders)).toEqual([]);
  expect(circles(folderGraph(twoFolders))).toEqual([["src/a/", "src/b/"]]);
});

test("no import runs from a lower layer up to a higher one", () => {
  expect(upwardImports(graph)).toEqual([]);
});

test("the checker sees the real graph (a file's known imports are in it)", () => {
  expect(graph.get("db/client.ts")).toContain("db/backfill.ts");
  expect(graph.get("src/server.ts")).toContain("src/pages/auth-forms.ts");
});

// Export only what others import (scripts/exports.ts): a name exported to be used in its own file
// alone widens the module's surface for nothing. Tests count as importers.
test("every export is imported by another file", async () => {
  expect(await unusedExports()).toEqual([]);
});
