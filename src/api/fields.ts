import { z } from "zod/mini";
import { isValidPhone, normalizePhone } from "../lib/brazil";
import { MAX_MONEY_CENTS, parseMoney, type Cents } from "../lib/money";

// Field rules shared by the forms (registers, receivables and payables). Client-safe: the
// islands import them with the schemas.

export const MAX_TEXT = 255;
export const TOO_LONG = `Máximo de ${MAX_TEXT} caracteres`;
const WRONG_TYPE = "Formato inválido";
export const INVALID_CHARACTER = "Caractere inválido no texto";

// Zero-width characters (ZWSP, ZWNJ, ZWJ, word joiner, BOM) show as nothing: at the ends of a
// value they go like spaces, so a value made only of them is empty.
const BLANK_EDGES = /^[\s\u200B-\u200D\u2060\uFEFF]+|[\s\u200B-\u200D\u2060\uFEFF]+$/g;

/**
 * Text as stored (DECISIONS §4): NFC, so "José" typed on any keyboard is one spelling (and one
 * unique value), and trimmed of spaces and zero-width characters.
 */
export const cleanText = (text: string) => text.normalize("NFC").replace(BLANK_EDGES, "");
/** NUL ends strings in C tools and logs: refused, never stored. */
const hasNoNul = (text: string) => !text.includes("\0");

/** A required text field: clean, 1–`max` characters; missing, null or blank → `required`. */
export function requiredText(required: string, max = MAX_TEXT) {
  const tooLong = max === MAX_TEXT ? TOO_LONG : `Máximo de ${max} caracteres`;
  return z
    .string({ error: (issue) => (issue.input == null ? required : WRONG_TYPE) })
    .check(z.overwrite(cleanText), z.refine(hasNoNul, INVALID_CHARACTER), z.minLength(1, required), z.maxLength(max, tooLong));
}

/** A required, valid e-mail (clean); missing or blank → `invalid` too, as SPEC words it. */
export function requiredEmail(invalid: string) {
  return z
    .string({ error: (issue) => (issue.input == null ? invalid : WRONG_TYPE) })
    .check(z.overwrite(cleanText), z.maxLength(MAX_TEXT, TOO_LONG), z.email(invalid));
}

/** A required phone (DECISIONS §2), stored as bare digits. */
export function requiredPhone(required: string) {
  return z.pipe(
    requiredText(required).check(z.refine(isValidPhone, "Telefone inválido")),
    z.transform((phone: string) => normalizePhone(phone)),
  );
}

interface OptionalTextRule {
  isValid?: (text: string) => boolean;
  invalid?: string;
  normalize?: (text: string) => string;
}

/** An optional text field: missing, null or blank → null; otherwise clean, checked, normalized. */
export function optionalText(rule: OptionalTextRule = {}) {
  return z.pipe(
    z.optional(z.nullable(z.string(WRONG_TYPE))),
    z.transform((value: string | null | undefined, ctx): string | null => {
      const text = cleanText(value ?? "");
      if (text === "") return null;
      let message: string | null = null;
      if (!hasNoNul(text)) message = INVALID_CHARACTER;
      else if (text.length > MAX_TEXT) message = TOO_LONG;
      else if (rule.isValid && !rule.isValid(text)) message = rule.invalid ?? WRONG_TYPE;
      if (message) {
        ctx.issues.push({ code: "custom", message, input: value });
        return z.NEVER;
      }
      return (rule.normalize ? rule.normalize(text) : text) || null;
    }),
  );
}

// The largest amount any money field takes (R$ 999 bilhões): its home is src/lib/money.ts, where
// the OFX parser reads it too.
export { MAX_MONEY_CENTS };
const INVALID_MONEY = "Valor inválido";
const NOT_POSITIVE = "Valor deve ser maior que zero";
const NEGATIVE = "Valor não pode ser negativo";

/**
 * Money as the API takes it (DECISIONS §2): "1234.56" or 1234.56, at most two decimals, never
 * pt-BR text, at most MAX_MONEY_CENTS. `missing` is the message when absent (null: absent or
 * blank is allowed and gives null); `min` 1 refuses zero ('Valor deve ser maior que zero'),
 * `min` 0 refuses only negatives.
 */
export function moneyField(missing: string | null, min: 0 | 1) {
  return z.pipe(
    z.optional(z.nullable(z.union([z.string(), z.number()], INVALID_MONEY))),
    z.transform((value: string | number | null | undefined, ctx): Cents | null => {
      const refuse = (message: string) => {
        ctx.issues.push({ code: "custom", message, input: value });
        return z.NEVER;
      };
      if (value == null || (typeof value === "string" && value.trim() === "")) return missing ? refuse(missing) : null;
      const amount = parseMoney(typeof value === "string" ? value.trim() : value);
      if (amount === null || amount > MAX_MONEY_CENTS) return refuse(INVALID_MONEY);
      if (amount < min) return refuse(min === 1 ? NOT_POSITIVE : NEGATIVE);
      return amount;
    }),
  );
}
