// Worked by hand from how Brazilian receipts and checks write amounts (no generator consulted).
import { describe, expect, test } from "bun:test";
import { numeroPorExtenso, valorPorExtenso } from "./extenso";

describe("valorPorExtenso", () => {
  const cases: [number, string][] = [
    [123456, "mil duzentos e trinta e quatro reais e cinquenta e seis centavos"],
    [100, "um real"],
    [1, "um centavo"],
    [200000000, "dois milhões de reais"],
    [110000000, "um milhão e cem mil reais"],
    [0, "zero real"],
    [99, "noventa e nove centavos"],
    [101, "um real e um centavo"],
    [200, "dois reais"],
    [1000, "dez reais"],
    [1100, "onze reais"],
    [1500, "quinze reais"],
    [1900, "dezenove reais"],
    [2100, "vinte e um reais"],
    [10000, "cem reais"],
    [10100, "cento e um reais"],
    [11000, "cento e dez reais"],
    [14000, "cento e quarenta reais"],
    [35050, "trezentos e cinquenta reais e cinquenta centavos"],
    [100000, "mil reais"],
    [100500, "mil e cinco reais"],
    [110000, "mil e cem reais"],
    [120000, "mil e duzentos reais"],
    [125000, "mil duzentos e cinquenta reais"],
    [200000, "dois mil reais"],
    [2100000, "vinte e um mil reais"],
    [10000000, "cem mil reais"],
    [10100000, "cento e um mil reais"],
    [99999999, "novecentos e noventa e nove mil novecentos e noventa e nove reais e noventa e nove centavos"],
    [100000000, "um milhão de reais"],
    [100000100, "um milhão e um reais"],
    [100100000, "um milhão e mil reais"],
    [123456789, "um milhão duzentos e trinta e quatro mil quinhentos e sessenta e sete reais e oitenta e nove centavos"],
    [200000050, "dois milhões de reais e cinquenta centavos"],
    [100000000000, "um bilhão de reais"],
    [100000010000, "um bilhão e cem reais"],
    [999999999999, "nove bilhões novecentos e noventa e nove milhões novecentos e noventa e nove mil novecentos e noventa e nove reais e noventa e nove centavos"],
  ];
  for (const [cents, words] of cases) {
    test(`${cents} cents → ${words}`, () => expect(valorPorExtenso(cents)).toBe(words));
  }

  test("refuses what is not integer cents", () => {
    expect(() => valorPorExtenso(1.5)).toThrow(RangeError);
    expect(() => valorPorExtenso(-1)).toThrow(RangeError);
  });
});

describe("numeroPorExtenso", () => {
  test("teens, hundreds and 'cem'", () => {
    expect(numeroPorExtenso(14)).toBe("quatorze");
    expect(numeroPorExtenso(16)).toBe("dezesseis");
    expect(numeroPorExtenso(100)).toBe("cem");
    expect(numeroPorExtenso(700)).toBe("setecentos");
    expect(numeroPorExtenso(1001)).toBe("mil e um");
    expect(numeroPorExtenso(2_000_000)).toBe("dois milhões");
  });
});
