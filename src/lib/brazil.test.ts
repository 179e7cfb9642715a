import { describe, expect, test } from "bun:test";
import {
  cnpjCheckDigits,
  formatCnpj,
  formatPhone,
  isValidCnpj,
  isValidPhone,
  maskCnpj,
  maskPhone,
  normalizeCnpj,
  normalizePhone,
} from "./brazil.ts";

// An independent, deliberately plain rewrite of SPEC §5 so the generated cases do not just
// check the module against itself.
function referenceCheckDigits(base: string): string {
  const value = (c: string): number => c.charCodeAt(0) - 48;
  const digit = (s: string, weights: number[]): number => {
    let sum = 0;
    weights.forEach((w, i) => {
      sum += value(s.charAt(i)) * w;
    });
    const r = sum % 11;
    return r < 2 ? 0 : 11 - r;
  };
  const d1 = digit(base, [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  const d2 = digit(base + d1, [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  return `${d1}${d2}`;
}

const GENERATED_BASES = [
  "123456780001", "987654320001", "112223330002", "000000010001", "450000000001", "193847560001",
  "738291040001", "560012340099", "808080800001", "314159260001", "271828180001", "161803390001",
  "ABCDEFGH0001", "12ABC3450001", "ZZZZZZZZ0001", "A1B2C3D40001", "0000000A0001", "9Z8Y7X6W0001",
  "QWERTYUI0001", "COFRE0000001", "PADARIA00001", "1234ABCD5678",
];

const WELL_KNOWN_VALID = [
  "11.222.333/0001-81", "11.444.777/0001-61", "12.ABC.345/01DE-35", "00.000.000/0001-91", "33.000.167/0001-01",
  "60.746.948/0001-12", "60.701.190/0001-04", "33.592.510/0001-54", "00.360.305/0001-04", "47.960.950/0001-21",
  "02.558.157/0001-62", "61.186.888/0001-93", "76.535.764/0001-43", "06.990.590/0001-23", "92.702.067/0001-96",
  "17.155.730/0001-64",
];

describe("normalizeCnpj", () => {
  test("upper-cases and strips dots, slashes, dashes and whitespace", () => {
    expect(normalizeCnpj("11.222.333/0001-81")).toBe("11222333000181");
    expect(normalizeCnpj(" 12.abc.345/01de-35\t")).toBe("12ABC34501DE35");
    expect(normalizeCnpj("11 222 333 0001 81")).toBe("11222333000181");
  });

  test("strips any other separator too (SPEC: only letters and digits count)", () => {
    expect(normalizeCnpj("38,599,503_0001:06")).toBe("38599503000106");
    expect(isValidCnpj("38,599,503_0001:06")).toBe(true);
    expect(normalizeCnpj("11_222_333+0001*81")).toBe("11222333000181");
  });

  test("keeps letters and digits outside ASCII, so they fail validation instead of vanishing", () => {
    expect(normalizeCnpj("11.222.333/0001-8١")).toBe("112223330001" + "8١");
    expect(isValidCnpj("11.222.333/0001-8١")).toBe(false);
    expect(isValidCnpj("11.222.333/0ß001-81")).toBe(false);
  });

  test("upper-cases ASCII letters only (toUpperCase would turn ß into SS)", () => {
    expect(normalizeCnpj("ß")).toBe("ß");
    expect(normalizeCnpj("ı")).toBe("ı");
  });
});

describe("cnpjCheckDigits", () => {
  test("computes the Receita Federal example's digits", () => {
    expect(cnpjCheckDigits("12ABC34501DE")).toBe("35");
    expect(cnpjCheckDigits("112223330001")).toBe("81");
  });

  test("throws for a malformed base", () => {
    expect(() => cnpjCheckDigits("12abc34501de")).toThrow(RangeError);
    expect(() => cnpjCheckDigits("1234")).toThrow(RangeError);
  });
});

describe("isValidCnpj", () => {
  test("accepts the official alphanumeric example 12.ABC.345/01DE-35", () => {
    expect(isValidCnpj("12.ABC.345/01DE-35")).toBe(true);
    expect(isValidCnpj("12ABC34501DE35")).toBe(true);
  });

  test.each(WELL_KNOWN_VALID)("accepts the well-known %p, punctuated or bare", (cnpj) => {
    expect(isValidCnpj(cnpj)).toBe(true);
    expect(isValidCnpj(normalizeCnpj(cnpj))).toBe(true);
  });

  test.each(GENERATED_BASES)("accepts base %p with its computed check digits", (base) => {
    const cnpj = base + referenceCheckDigits(base);
    expect(cnpjCheckDigits(base)).toBe(referenceCheckDigits(base));
    expect(isValidCnpj(cnpj)).toBe(true);
    expect(isValidCnpj(formatCnpj(cnpj))).toBe(true);
  });

  test("accepts lower-case input after normalization", () => {
    expect(isValidCnpj("12.abc.345/01de-35")).toBe(true);
    expect(isValidCnpj("12abc34501de35")).toBe(true);
  });

  test("rejects a wrong digit in each of the 14 positions", () => {
    const valid = "11222333000181";
    for (let i = 0; i < 14; i++) {
      const original = Number(valid[i]);
      const wrong = valid.slice(0, i) + String((original + 1) % 10) + valid.slice(i + 1);
      expect(isValidCnpj(wrong)).toBe(false);
    }
  });

  test("rejects every wrong check-digit pair for the alphanumeric example", () => {
    for (let dv = 0; dv < 100; dv++) {
      const pair = String(dv).padStart(2, "0");
      expect(isValidCnpj(`12ABC34501DE${pair}`)).toBe(pair === "35");
    }
  });

  test("rejects a changed letter in the alphanumeric example", () => {
    expect(isValidCnpj("12ABD34501DE35")).toBe(false);
    expect(isValidCnpj("12.ABC.345/01DF-35")).toBe(false);
  });

  test.each([
    ["all zeros", "00000000000000"],
    ["all ones", "11111111111111"],
    ["all nines, punctuated", "99.999.999/9999-99"],
    ["13 characters", "1122233300018"],
    ["15 characters", "112223330001810"],
    ["empty", ""],
    ["only punctuation", "../-"],
    ["letters in the check positions", "12ABC34501DEA5"],
    ["letters in both check positions", "12ABC34501DEAB"],
    ["a non-ASCII letter", "12ÁBC34501DE35"],
    ["full-width digits", "１１２２２３３３０００１８１"],
    ["wrong first check digit", "11222333000191"],
    ["wrong second check digit", "11222333000182"],
    ["swapped check digits", "11222333000118"],
    ["a known CNPJ with an extra digit", "112223330001811"],
    ["twelve As with wrong check digits", "AAAAAAAAAAAA00"],
  ])("rejects %s (%p)", (_label, cnpj) => {
    expect(isValidCnpj(cnpj)).toBe(false);
  });

  test.each([
    ["underscores", "11_222_333_0001_81"],
    ["a comma", "11,222,333/0001-81"],
    ["a plus", "+11222333000181"],
    ["a backslash", "11.222.333\\0001-81"],
  ])("accepts a valid CNPJ written with %s (%p): separators are stripped", (_label, cnpj) => {
    expect(isValidCnpj(cnpj)).toBe(true);
  });

  test("rejects every all-same-digit CNPJ, whatever its check digits say", () => {
    for (let d = 0; d <= 9; d++) expect(isValidCnpj(String(d).repeat(14))).toBe(false);
  });
});

describe("formatCnpj", () => {
  test("punctuates a 14-character value, letters kept", () => {
    expect(formatCnpj("11222333000181")).toBe("11.222.333/0001-81");
    expect(formatCnpj("12ABC34501DE35")).toBe("12.ABC.345/01DE-35");
    expect(formatCnpj("12abc34501de35")).toBe("12.ABC.345/01DE-35");
  });

  test("is idempotent", () => {
    expect(formatCnpj("11.222.333/0001-81")).toBe("11.222.333/0001-81");
  });

  test("formats a well-formed but invalid value too: display is not validation", () => {
    expect(formatCnpj("11222333000199")).toBe("11.222.333/0001-99");
  });

  test.each(["", "1122233300018", "112223330001810", "abc", "12ABC34501DEAB", "11_222_333_0001"])(
    "shows %p unchanged",
    (s) => {
      expect(formatCnpj(s)).toBe(s);
    },
  );
});

describe("maskCnpj", () => {
  test.each([
    ["", ""],
    ["1", "1"],
    ["12", "12"],
    ["123", "12.3"],
    ["12345", "12.345"],
    ["123456", "12.345.6"],
    ["12345678", "12.345.678"],
    ["123456780", "12.345.678/0"],
    ["12345678000", "12.345.678/000"],
    ["123456780001", "12.345.678/0001"],
    ["1234567800019", "12.345.678/0001-9"],
    ["12345678000195", "12.345.678/0001-95"],
  ])("%p → %p", (typed, masked) => {
    expect(maskCnpj(typed)).toBe(masked);
  });

  test("stops at 14 characters", () => {
    expect(maskCnpj("123456780001959999")).toBe("12.345.678/0001-95");
  });

  test("re-masks its own output and pasted punctuation", () => {
    expect(maskCnpj("12.345.678/0001-95")).toBe("12.345.678/0001-95");
    expect(maskCnpj("12.345.6789")).toBe("12.345.678/9");
    expect(maskCnpj("12 345 678 0001 95")).toBe("12.345.678/0001-95");
  });

  test("upper-cases letters in the first 12 positions", () => {
    expect(maskCnpj("12abc34501de35")).toBe("12.ABC.345/01DE-35");
    expect(maskCnpj("12a")).toBe("12.A");
  });

  test("drops letters typed in the check positions", () => {
    expect(maskCnpj("12ABC34501DEX")).toBe("12.ABC.345/01DE");
    expect(maskCnpj("12ABC34501DE3X5")).toBe("12.ABC.345/01DE-35");
  });

  test("drops everything that is neither a digit nor an ASCII letter", () => {
    expect(maskCnpj("1_2*3é")).toBe("12.3");
  });
});

describe("normalizePhone", () => {
  test("strips an optional leading +55 and keeps digits", () => {
    expect(normalizePhone("(11) 98765-4321")).toBe("11987654321");
    expect(normalizePhone("+55 11 98765-4321")).toBe("11987654321");
    expect(normalizePhone("+5511987654321")).toBe("11987654321");
    expect(normalizePhone("  +55 (11) 3456-7890")).toBe("1134567890");
  });

  test("does not strip a 55 that is the area code", () => {
    expect(normalizePhone("(55) 3456-7890")).toBe("5534567890");
    expect(normalizePhone("5511987654321")).toBe("5511987654321");
  });
});

describe("isValidPhone", () => {
  test.each(["11987654321", "(11) 98765-4321", "(11) 3456-7890", "1134567890", "+55 11 98765-4321", "+55 (21) 2345-6789", "(55) 99999-0000"])(
    "accepts %p",
    (phone) => {
      expect(isValidPhone(phone)).toBe(true);
    },
  );

  test.each([
    ["9 digits", "113456789"],
    ["12 digits", "119876543210"],
    ["area code starting with 0", "(01) 98765-4321"],
    ["trunk prefix 0", "01134567890"],
    ["empty", ""],
    ["letters", "11 abcd 98765-4321"],
    ["a 55 country code without +", "5511987654321"],
  ])("rejects %s (%p)", (_label, phone) => {
    expect(isValidPhone(phone)).toBe(false);
  });
});

describe("formatPhone", () => {
  test("formats 11 and 10 digits", () => {
    expect(formatPhone("11987654321")).toBe("(11) 98765-4321");
    expect(formatPhone("1134567890")).toBe("(11) 3456-7890");
    expect(formatPhone("+55 11 98765-4321")).toBe("(11) 98765-4321");
    expect(formatPhone("(11) 98765-4321")).toBe("(11) 98765-4321");
  });

  test.each(["", "123", "119876543210", "ramal 1234567890", "0800 123 4567 8"])("shows %p unchanged", (s) => {
    expect(formatPhone(s)).toBe(s);
  });
});

describe("maskPhone", () => {
  test.each([
    ["", ""],
    ["1", "(1"],
    ["11", "(11"],
    ["119", "(11) 9"],
    ["119876", "(11) 9876"],
    ["1198765", "(11) 9876-5"],
    ["1198765432", "(11) 9876-5432"],
    ["11987654321", "(11) 98765-4321"],
    ["1134567890", "(11) 3456-7890"],
  ])("%p → %p", (typed, masked) => {
    expect(maskPhone(typed)).toBe(masked);
  });

  test("stops at 11 digits and ignores non-digits", () => {
    expect(maskPhone("119876543219999")).toBe("(11) 98765-4321");
    expect(maskPhone("(11) 98765-4321")).toBe("(11) 98765-4321");
    expect(maskPhone("11a9")).toBe("(11) 9");
  });

  test("drops a pasted +55 instead of reading it as the area code", () => {
    expect(maskPhone("+55 11 98765-4321")).toBe("(11) 98765-4321");
  });

  test("re-masking after deleting the 11th digit falls back to 4-4", () => {
    expect(maskPhone("(11) 98765-432")).toBe("(11) 9876-5432");
  });
});
