import { describe, expect, test } from "bun:test";
import { fold, searchText, sortKey } from "./text";

describe("text keys", () => {
  test("fold drops accents and case", () => {
    expect(fold("Ótica São João LTDA")).toBe("otica sao joao ltda");
  });

  test("sortKey orders pt-BR names naturally with a plain byte comparison", () => {
    const names = ["Cliente 10", "Zebra", "ávila", "Cliente 2", "Avila", "cliente 1", "Cliente 002b"];
    const sorted = [...names].sort((a, b) => (sortKey(a) < sortKey(b) ? -1 : sortKey(a) > sortKey(b) ? 1 : 0));
    expect(sorted).toEqual(["ávila", "Avila", "cliente 1", "Cliente 2", "Cliente 002b", "Cliente 10", "Zebra"]);
  });

  test("searchText joins the searchable fields, folded, skipping empty ones", () => {
    expect(searchText("Padaria Pão Quente", null, "João", "PPQ-01")).toBe("padaria pao quente joao ppq-01");
  });
});
