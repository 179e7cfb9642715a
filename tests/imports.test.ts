import { expect, test } from "bun:test";
import { circles, importGraph, upwardImports } from "../scripts/imports";

// The house (docs/architecture.md): no circle in the imports, and no arrow from a lower layer
// (lib, db, ui, features) up to a higher one (islands, pages, the app).
const graph = importGraph();

test("the product's imports hold no circle", () => {
  expect(circles(graph)).toEqual([]);
});

test("no import runs from a lower layer up to a higher one", () => {
  expect(upwardImports(graph)).toEqual([]);
});

test("the checker sees the real graph (a file's known imports are in it)", () => {
  expect(graph.get("db/client.ts")).toContain("db/backfill.ts");
  expect(graph.get("src/server.ts")).toContain("src/pages/auth-forms.ts");
});
