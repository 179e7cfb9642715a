import { describe, expect, test } from "bun:test";
import { type Cents, cents, centsToDecimal, formatBRL, formatBRLByIntl, formatTypedMoney, parseBRL, parseMoney, parseTypedMoney, sumCents } from "./money.ts";

const NBSP = "\u00A0";

describe("cents", () => {
  test("brands safe integers", () => {
    expect(cents(123450)).toBe(cents(123450));
    expect(cents(-5)).toBe(cents(-5));
    expect(cents(Number.MAX_SAFE_INTEGER)).toBe(cents(Number.MAX_SAFE_INTEGER));
  });

  test("turns -0 into 0", () => {
    expect(Object.is(cents(-0), 0)).toBe(true);
  });

  test.each([0.5, Number.NaN, Number.POSITIVE_INFINITY, Number.MAX_SAFE_INTEGER + 1, 1e21])(
    "throws for %p",
    (n) => {
      expect(() => cents(n)).toThrow(RangeError);
    },
  );
});

describe("parseMoney (the API's strict parser)", () => {
  test.each<[unknown, number]>([
    ["1234.5", 123450],
    ["1234.50", 123450],
    ["-3", -300],
    ["0.07", 7],
    ["0", 0],
    ["-0", 0],
    ["-0.00", 0],
    ["0.29", 29],
    ["1.15", 115],
    ["19.99", 1999],
    ["4.35", 435],
    ["1.00", 100],
    ["007.50", 750],
    ["90071992547409.91", Number.MAX_SAFE_INTEGER],
    ["-90071992547409.91", -Number.MAX_SAFE_INTEGER],
    [1234.5, 123450],
    [0.29, 29],
    [1.15, 115],
    [19.99, 1999],
    [0.07, 7],
    [-3, -300],
    [-0, 0],
    [4.35, 435],
    [8.2, 820],
    [100, 10000],
  ])("%p → %p cents", (input, expected) => {
    const parsed = parseMoney(input);
    expect(parsed).not.toBeNull();
    expect(Object.is(parsed, expected)).toBe(true);
  });

  test("reads a float as its shortest decimal form, never multiplying by 100", () => {
    // 0.29 * 100 === 28.999999999999996 and 1.15 * 100 === 114.99999999999999.
    expect(0.29 * 100).not.toBe(29);
    expect(parseMoney(0.29)).toBe(cents(29));
    expect(parseMoney(1.15)).toBe(cents(115));
  });

  test.each<[string, unknown]>([
    ["NaN", Number.NaN],
    ["Infinity", Number.POSITIVE_INFINITY],
    ["-Infinity", Number.NEGATIVE_INFINITY],
    ["a float with float noise", 0.1 + 0.2],
    ["three decimals", 1.005],
    ["a number printed with an exponent", 1e21],
    ["a tiny number printed with an exponent", 1e-7],
    ["a number beyond the safe cents range", 123456789012345680000],
    ["a string with three decimals", "1.234"],
    ["an exponent string", "1e3"],
    ["an upper-case exponent string", "1E3"],
    ["a pt-BR string", "1.234,56"],
    ["a comma decimal", "12,50"],
    ["an empty string", ""],
    ["a whitespace string", "   "],
    ["surrounding spaces", " 12.50 "],
    ["a leading plus", "+3"],
    ["a trailing dot", "1."],
    ["a leading dot", ".5"],
    ["a negative leading dot", "-.5"],
    ["a double minus", "--3"],
    ["a currency symbol", "R$ 3"],
    ["the string NaN", "NaN"],
    ["the string Infinity", "Infinity"],
    ["hex", "0x10"],
    ["underscores", "1_000"],
    ["one cent beyond the safe range", "90071992547409.92"],
    ["a huge string", "9".repeat(30)],
    ["null", null],
    ["undefined", undefined],
    ["a boolean", true],
    ["a bigint", 10n],
    ["an object", { valor: "1.00" }],
    ["an array", ["1.00"]],
  ])("rejects %s", (_label, input) => {
    expect(parseMoney(input)).toBeNull();
  });
});

describe("centsToDecimal", () => {
  test.each<[number, string]>([
    [123450, "1234.50"],
    [-5, "-0.05"],
    [0, "0.00"],
    [-0, "0.00"],
    [7, "0.07"],
    [100, "1.00"],
    [-123456, "-1234.56"],
    [Number.MAX_SAFE_INTEGER, "90071992547409.91"],
  ])("%p → %p", (c, expected) => {
    expect(centsToDecimal(c as Cents)).toBe(expected);
  });

  test("round-trips through parseMoney", () => {
    for (const c of [0, 1, 9, 10, 99, 100, 101, 123456789, -1, -100, -987654321, Number.MAX_SAFE_INTEGER]) {
      expect(parseMoney(centsToDecimal(cents(c)))).toBe(cents(c));
    }
  });
});

describe("formatBRL", () => {
  // Intl writes U+00A0 (no-break space) after "R$" and puts the minus before the symbol.
  test.each<[number, string]>([
    [123456, `R$${NBSP}1.234,56`],
    [123450, `R$${NBSP}1.234,50`],
    [0, `R$${NBSP}0,00`],
    [5, `R$${NBSP}0,05`],
    [100000000, `R$${NBSP}1.000.000,00`],
    [-123456, `-R$${NBSP}1.234,56`],
    [-5, `-R$${NBSP}0,05`],
  ])("%p → %p", (c, expected) => {
    expect(formatBRL(c as Cents)).toBe(expected);
  });

  test("keeps every cent at the top of the safe range (c / 100 would not)", () => {
    expect(formatBRL(cents(Number.MAX_SAFE_INTEGER))).toBe(`R$${NBSP}90.071.992.547.409,91`);
  });

  test("never shows a negative zero", () => {
    expect(formatBRL(-0 as Cents)).toBe(`R$${NBSP}0,00`);
  });

  test("is Intl's pt-BR currency format, digit for digit, at every length and sign", () => {
    const amounts = [0, 1, 99, 100, 999, 1000, 99_999, 100_000, 123_456_789, 99_999_999_999_999, Number.MAX_SAFE_INTEGER];
    // Every length from 1 to 16 digits, and a spread of ordinary amounts.
    for (let digits = 1, n = 7; digits <= 16; digits++, n = n * 10 + ((digits * 3) % 10)) amounts.push(n);
    for (let n = 1; n < 5_000_000; n = Math.ceil(n * 1.37) + 11) amounts.push(n);
    for (const c of amounts.flatMap((n) => [n, -n])) expect(formatBRL(cents(c))).toBe(formatBRLByIntl(cents(c)));
  });
});

describe("parseBRL (amounts typed in forms)", () => {
  test.each<[string, number]>([
    ["1.234,56", 123456],
    ["1234,56", 123456],
    ["R$ 1.234,56", 123456],
    [`R$${NBSP}1.234,56`, 123456],
    ["R$1.234,56", 123456],
    ["1234", 123400],
    ["1234.56", 123456],
    ["1234.5", 123450],
    ["0,5", 50],
    ["0,05", 5],
    ["12,50", 1250],
    ["1.234", 123400],
    ["1.23", 123],
    ["12.345.678,90", 1234567890],
    ["  42  ", 4200],
    ["-1.234,56", -123456],
    [`-R$${NBSP}1.234,56`, -123456],
    ["R$ -10,00", -1000],
    ["0", 0],
    ["0,29", 29],
    ["1,15", 115],
    ["19,99", 1999],
  ])("%p → %p cents", (text, expected) => {
    expect(parseBRL(text)).toBe(cents(expected));
  });

  test("reads back what formatBRL writes", () => {
    for (const c of [0, 5, 99, 123456, 100000000, -123456]) {
      expect(parseBRL(formatBRL(cents(c)))).toBe(cents(c));
    }
  });

  test.each([
    "",
    "   ",
    "R$",
    "abc",
    "12a",
    "1,234",
    "1.234,567",
    "1234.567",
    "1.2.3",
    "1.234.5",
    "12.34,56",
    "1,234.56",
    "1.",
    "1,",
    ".5",
    ",5",
    "+5",
    "--5",
    "-R$ -5",
    "1e3",
    "R$ 1 234,56",
    "99999999999999999,00",
  ])("rejects %p", (text) => {
    expect(parseBRL(text)).toBeNull();
  });
});

describe("sumCents", () => {
  test("adds branded cents exactly", () => {
    expect(sumCents([cents(10), cents(20), cents(-5)])).toBe(cents(25));
    expect(sumCents([])).toBe(cents(0));
    expect(sumCents(new Set([cents(29), cents(115)]))).toBe(cents(144));
  });

  test("accepts any iterable, including generators", () => {
    function* values(): Generator<Cents> {
      for (let i = 1; i <= 100; i++) yield cents(i);
    }
    expect(sumCents(values())).toBe(cents(5050));
  });

  test("throws rather than lose cents beyond the safe range", () => {
    expect(() => sumCents([cents(Number.MAX_SAFE_INTEGER), cents(1)])).toThrow(RangeError);
  });
});

describe("parseTypedMoney (what MoneyInput accepts)", () => {
  const accepted: [string, number | null][] = [
    ["1.234,56", 123456],
    ["1234,56", 123456],
    ["1234", 123400],
    ["0,5", 50],
    ["1.234,5", 123450],
    ["250,50", 25050],
    ["R$ 1.234,56", 123456],
    ["  620,00 ", 62000],
    ["1.000.000", 100000000],
    ["0", 0],
    ["", null],
    ["   ", null],
  ];
  for (const [text, expected] of accepted) {
    test(`"${text}" → ${expected}`, () => {
      expect(parseTypedMoney(text)).toEqual({ cents: expected === null ? null : cents(expected), error: null });
    });
  }

  const refused: [string, string][] = [
    ["12,345", "Valor inválido"],
    ["1,2,3", "Valor inválido"],
    ["abc", "Valor inválido"],
    ["12345678901234567", "Valor inválido"],
    ["1.23.4", "Valor inválido"],
    ["1e3", "Valor inválido"],
    ["-1", "Valor não pode ser negativo"],
    ["-0,50", "Valor não pode ser negativo"],
    ["R$ -5", "Valor não pode ser negativo"],
  ];
  for (const [text, message] of refused) {
    test(`"${text}" is refused: ${message}`, () => {
      expect(parseTypedMoney(text)).toEqual({ cents: null, error: message });
    });
  }

  test("formatTypedMoney shows pt-BR digits without the currency sign, and round-trips", () => {
    expect(formatTypedMoney(cents(123456))).toBe("1.234,56");
    expect(formatTypedMoney(cents(62000))).toBe("620,00");
    expect(formatTypedMoney(cents(5))).toBe("0,05");
    for (const c of [0, 1, 99, 100, 123456, 99999999999]) expect(parseTypedMoney(formatTypedMoney(cents(c))).cents).toBe(cents(c));
  });
});
