// Money is integer cents inside the app; decimal strings only at the API edge,
// pt-BR text only in the UI. Parsing always works on the decimal digits, never on floats.
import { lazily } from "./numbers";

export type Cents = number & { readonly __brand: "Cents" };

const MAX_CENTS = BigInt(Number.MAX_SAFE_INTEGER);

const BRL = lazily(() => new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" }));

export function cents(n: number): Cents {
  if (!Number.isSafeInteger(n)) throw new RangeError(`Not a whole number of cents: ${n}`);
  // `+ 0` turns -0 into 0, which would otherwise format as "-R$ 0,00".
  return (n + 0) as Cents;
}

export const ZERO = cents(0);

/** The API's strict parser: a JS number or a "1234.50"-style string, at most 2 decimals. */
export function parseMoney(input: unknown): Cents | null {
  let text: string;
  if (typeof input === "number") {
    if (!Number.isFinite(input)) return null;
    // String() is the shortest round-trip form: 0.29 → "0.29", 0.1 + 0.2 → "0.30000000000000004".
    text = String(input);
  } else if (typeof input === "string") {
    text = input;
  } else {
    return null;
  }
  const m = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!m) return null;
  return fromDigits(m[1] === "-", m[2] ?? "", m[3] ?? "");
}

/** "1234.50", "-0.05", "0.00": the API's wire format. */
export function centsToDecimal(c: Cents | bigint): string {
  // A sum of many amounts is read as a bigint (exact beyond 2^53 cents: src/api/prepared.ts).
  const digits = (typeof c === "bigint" ? (c < 0n ? -c : c).toString() : String(Math.abs(c))).padStart(3, "0");
  const sign = c < 0 ? "-" : "";
  return `${sign}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/**
 * centsToDecimal's SQL twin for a column (or expression) of non-negative cents: "1234.50", in
 * SQLite, so a list read straight into its JSON needs no JavaScript per row. Exact for any
 * non-negative integer; every amount the schema keeps is one (its CHECKs and the forms).
 */
export const centsToDecimalSql = (column: string): string => `printf('%d.%02d', ${column} / 100, ${column} % 100)`;

/**
 * "R$ 1.234,56" (U+00A0 after R$), negatives as Intl writes them: "-R$ 1.234,56". Written out by
 * hand: a page of 50 ledger rows formats ~100 amounts, and Intl's `format` was most of a row's
 * time (issue 38 §1); money.test.ts checks it against Intl's pt-BR currency format, digit for digit.
 */
export function formatBRL(c: Cents): string {
  // From the cents' digits: c / 100 would lose cents above ~2^53 / 100.
  const digits = String(Math.abs(c)).padStart(3, "0");
  let whole = digits.slice(0, -2);
  for (let at = whole.length - 3; at > 0; at -= 3) whole = `${whole.slice(0, at)}.${whole.slice(at)}`;
  return `${c < 0 ? "-" : ""}R$\u00a0${whole},${digits.slice(-2)}`;
}

/** Intl's own pt-BR currency format, the reference formatBRL is tested against. */
export const formatBRLByIntl = (c: Cents): string => BRL().format(centsToDecimal(c) as `${number}`);

/**
 * Lenient parser for amounts typed in forms: "1.234,56", "1234,56", "R$ 1.234,56", "1234",
 * "1234.56", "0,5". A lone dot followed by 1–2 digits is a decimal point; followed by 3
 * digits it groups thousands ("1.234" → R$ 1.234,00).
 */
export function parseBRL(text: string): Cents | null {
  const m = /^(-?)\s*(?:R\$\s*)?(-?)(.*)$/.exec(text.trim());
  if (!m) return null;
  const [, signBefore = "", signAfter = "", body = ""] = m;
  if (signBefore && signAfter) return null;
  const negative = Boolean(signBefore || signAfter);

  const grouped = /^(\d{1,3}(?:\.\d{3})+)(?:,(\d{1,2}))?$/.exec(body);
  if (grouped) return fromDigits(negative, (grouped[1] ?? "").replaceAll(".", ""), grouped[2] ?? "");
  const comma = /^(\d+)(?:,(\d{1,2}))?$/.exec(body);
  if (comma) return fromDigits(negative, comma[1] ?? "", comma[2] ?? "");
  const dot = /^(\d+)\.(\d{1,2})$/.exec(body);
  if (dot) return fromDigits(negative, dot[1] ?? "", dot[2] ?? "");
  return null;
}

export function sumCents(values: Iterable<Cents>): Cents {
  let total = ZERO;
  // Checked at every step so an overflow can never come back into range unnoticed.
  for (const v of values) total = cents(total + v);
  return total;
}

function fromDigits(negative: boolean, whole: string, fraction: string): Cents | null {
  const text = whole + fraction.padEnd(2, "0");
  // Up to 15 digits a Number is exact (below 2^53): no BigInt for the amounts people have.
  if (text.length <= 15) return cents(negative ? -Number(text) : Number(text));
  const big = BigInt(text);
  if (big > MAX_CENTS) return null;
  return cents(Number(negative ? -big : big));
}

/** A money field's content as MoneyInput hands it to a form: cents, nothing typed, or why not. */
type TypedMoney = { cents: Cents | null; error: null } | { cents: null; error: string };

export const INVALID_MONEY = "Valor inválido";
const NEGATIVE_MONEY = "Valor não pode ser negativo";
/**
 * The largest amount any money field takes, typed in a form or sent to the API: R$ 999 bilhões.
 * Above it an amount is a typing mistake, and valor + multa + juros stays exact. One limit for
 * every field (a monthly fee and an installment alike) and for an OFX file's amounts.
 */
export const MAX_MONEY_CENTS = 99_999_999_999_999;

/**
 * What a person typed in a money field (DECISIONS §2), pt-BR first: "1.234,56", "1234,56",
 * "1234", "0,5", "R$ 1.234,56". Empty is "nothing typed"; negatives and anything else are refused.
 */
export function parseTypedMoney(text: string): TypedMoney {
  if (text.trim() === "") return { cents: null, error: null };
  const amount = parseBRL(text);
  if (amount === null || amount > MAX_MONEY_CENTS) return { cents: null, error: INVALID_MONEY };
  if (amount < 0 || /^\s*-/.test(text) || /R\$\s*-/.test(text)) return { cents: null, error: NEGATIVE_MONEY };
  return { cents: amount, error: null };
}

const PLAIN = lazily(() => new Intl.NumberFormat("pt-BR", { minimumFractionDigits: 2, maximumFractionDigits: 2 }));

/** "1.234,56": how a money field shows its amount (the R$ sits beside the field, not in it). */
export function formatTypedMoney(c: Cents): string {
  return PLAIN().format(centsToDecimal(c) as `${number}`);
}
