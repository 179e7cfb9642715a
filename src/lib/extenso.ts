// An amount in words, as a Brazilian receipt writes it (DECISIONS §12): "mil duzentos e trinta e
// quatro reais e cinquenta e seis centavos". Integer cents in, no floats.

const UNITS = ["", "um", "dois", "três", "quatro", "cinco", "seis", "sete", "oito", "nove", "dez", "onze", "doze", "treze", "quatorze", "quinze", "dezesseis", "dezessete", "dezoito", "dezenove"];
const TENS = ["", "", "vinte", "trinta", "quarenta", "cinquenta", "sessenta", "setenta", "oitenta", "noventa"];
const HUNDREDS = ["", "cento", "duzentos", "trezentos", "quatrocentos", "quinhentos", "seiscentos", "setecentos", "oitocentos", "novecentos"];
/** Each group of three digits' name, singular and plural, from the units up. */
const SCALES: [string, string][] = [
  ["", ""],
  ["mil", "mil"],
  ["milhão", "milhões"],
  ["bilhão", "bilhões"],
  ["trilhão", "trilhões"],
];

/** 1–999 in words: "cento e vinte e três", "cem", "quatorze". */
function upTo999(n: number): string {
  if (n === 100) return "cem";
  const parts: string[] = [];
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  if (hundreds) parts.push(HUNDREDS[hundreds]!);
  if (rest >= 20) {
    parts.push(TENS[Math.floor(rest / 10)]!);
    if (rest % 10) parts.push(UNITS[rest % 10]!);
  } else if (rest) parts.push(UNITS[rest]!);
  return parts.join(" e ");
}

/** A whole number in words (masculine): "um milhão e cem mil", "mil duzentos e trinta e quatro". */
export function numeroPorExtenso(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`Not a whole number: ${n}`);
  if (n === 0) return "zero";
  const groups: number[] = [];
  for (let rest = n; rest > 0; rest = Math.floor(rest / 1000)) groups.push(rest % 1000);
  if (groups.length > SCALES.length) throw new RangeError(`Too large: ${n}`);
  const words: { text: string; value: number }[] = [];
  for (let i = groups.length - 1; i >= 0; i--) {
    const value = groups[i]!;
    if (!value) continue;
    const [one, many] = SCALES[i]!;
    // "mil", never "um mil".
    const text = i === 1 && value === 1 ? "mil" : [upTo999(value), value === 1 ? one : many].filter(Boolean).join(" ");
    words.push({ text, value });
  }
  // The last group joins with "e" when it is below a hundred or whole hundreds ("mil e cem",
  // "um milhão e cem mil", "dois mil e cinco"); otherwise a space ("mil duzentos e trinta").
  const last = words.at(-1)!;
  if (words.length > 1 && (last.value < 100 || last.value % 100 === 0)) {
    return `${words.slice(0, -1).map((w) => w.text).join(" ")} e ${last.text}`;
  }
  return words.map((w) => w.text).join(" ");
}

/** Integer cents in words: "um real", "um centavo", "dois milhões de reais", "mil reais e dez centavos". */
export function valorPorExtenso(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError(`Not integer cents: ${cents}`);
  const reais = Math.floor(cents / 100);
  const centavos = cents % 100;
  const parts: string[] = [];
  if (reais > 0) {
    // "de reais" after a whole number of millions, billions…: "dois milhões de reais".
    const de = reais >= 1_000_000 && reais % 1_000_000 === 0 ? "de " : "";
    parts.push(`${numeroPorExtenso(reais)} ${de}${reais === 1 ? "real" : "reais"}`);
  }
  if (centavos > 0) parts.push(`${numeroPorExtenso(centavos)} ${centavos === 1 ? "centavo" : "centavos"}`);
  return parts.length ? parts.join(" e ") : "zero real";
}
