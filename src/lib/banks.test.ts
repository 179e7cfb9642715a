import { expect, test } from "bun:test";
import { bankChoices, bankLabel, bankName } from "./banks";

test("a FEBRABAN code reads as the name people know, with its code; one not in the list as 'Banco NNN'", () => {
  expect(bankLabel("341")).toBe("Itaú Unibanco (341)");
  expect(bankLabel("001")).toBe("Banco do Brasil (001)");
  expect(bankLabel("1")).toBe("Banco do Brasil (001)");
  expect(bankLabel("0237")).toBe("Bradesco (237)");
  expect(bankLabel("260")).toBe("Nubank (260)");
  expect(bankLabel("104")).toBe("Caixa Econômica Federal (104)");
  expect(bankLabel("999")).toBe("Banco 999");
  expect(bankName("999")).toBeNull();
});

test("a bank without a curated name reads its legal name cleaned: no S.A., not shouting", () => {
  // "BANCO SOFISA S.A." in the list.
  expect(bankLabel("637")).toBe("Banco Sofisa (637)");
  // "Banco Cetelem S.A.": already in mixed case, kept.
  expect(bankLabel("739")).toBe("Banco Cetelem (739)");
  for (const { nome } of bankChoices()) {
    expect(nome).not.toMatch(/\bS\.?\/?A\.?\s*\(/);
    expect(nome).toMatch(/ \(\d{3}\)$/);
  }
});

test("the picker's options: every code once, the well-known banks first", () => {
  const choices = bankChoices();
  expect(choices.length).toBeGreaterThan(300);
  expect(new Set(choices.map((c) => c.codigo)).size).toBe(choices.length);
  expect(choices.slice(0, 25).map((c) => c.codigo)).toContain("341");
});
