// CNPJ and phone: stored bare, validated here, punctuated only for display (SPEC §5,
// DECISIONS §2). CNPJs may be alphanumeric (IN RFB 2.229/2024): letters in the first 12
// positions, digits in the 2 check positions.

const CNPJ_SHAPE = /^[0-9A-Z]{12}[0-9]{2}$/;
const CNPJ_WEIGHTS_1 = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] as const;
const CNPJ_WEIGHTS_2 = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] as const;
// What may surround a phone's digits; letters mean it is not a phone number.
const PHONE_CHARS = /^[\d\s()+.\-]*$/;

/**
 * Strips every separator (SPEC §5: whatever is neither a letter nor a digit — ".", "/", "-",
 * ",", "_", ":", spaces…) and upper-cases ASCII letters. Other letters and digits (non-ASCII)
 * are kept, so they fail validation instead of vanishing.
 */
export function normalizeCnpj(s: string): string {
  // ASCII-only upper-casing: String#toUpperCase maps "ß" to "SS" and "ı" to "I", which could
  // turn garbage into a well-formed CNPJ.
  return s.replace(/[^\p{L}\p{N}]/gu, "").replace(/[a-z]/g, (c) => c.toUpperCase());
}

export function isValidCnpj(s: string): boolean {
  const n = normalizeCnpj(s);
  if (!CNPJ_SHAPE.test(n)) return false;
  if (/^(.)\1*$/.test(n)) return false;
  return cnpjCheckDigits(n.slice(0, 12)) === n.slice(12);
}

/**
 * The two check digits for a 12-character base (SPEC §5 modulo 11; each character counts as
 * its char code − 48, so digits keep their value and A = 17 … Z = 42).
 */
export function cnpjCheckDigits(base: string): string {
  if (!/^[0-9A-Z]{12}$/.test(base)) throw new RangeError(`Not a 12-character CNPJ base: ${base}`);
  const first = checkDigit(base, CNPJ_WEIGHTS_1);
  const second = checkDigit(base + first, CNPJ_WEIGHTS_2);
  return `${first}${second}`;
}

/** A well-formed 14-character value → "00.000.000/0000-00" (letters kept); else unchanged. */
export function formatCnpj(s: string): string {
  const n = normalizeCnpj(s);
  if (!CNPJ_SHAPE.test(n)) return s;
  return `${n.slice(0, 2)}.${n.slice(2, 5)}.${n.slice(5, 8)}/${n.slice(8, 12)}-${n.slice(12)}`;
}

/** Progressive input mask: "123" → "12.3", "12345678000" → "12.345.678/000". */
export function maskCnpj(typed: string): string {
  let chars = "";
  for (const c of typed) {
    if (chars.length >= 14) break;
    if (/[0-9]/.test(c)) chars += c;
    else if (/[A-Za-z]/.test(c) && chars.length < 12) chars += c.toUpperCase();
  }
  return punctuate(chars, { 2: ".", 5: ".", 8: "/", 12: "-" });
}

/** Drops an optional leading "+55", then keeps digits only. */
export function normalizePhone(s: string): string {
  return s.replace(/^\s*\+\s*55/, "").replace(/\D/g, "");
}

/** 10 or 11 digits, area code not starting with 0; only digits and phone punctuation allowed. */
export function isValidPhone(s: string): boolean {
  if (!PHONE_CHARS.test(s)) return false;
  const n = normalizePhone(s);
  return (n.length === 10 || n.length === 11) && n[0] !== "0";
}

/** 11 digits → "(11) 98765-4321", 10 → "(11) 3456-7890"; anything else unchanged. */
export function formatPhone(s: string): string {
  if (!PHONE_CHARS.test(s)) return s;
  const n = normalizePhone(s);
  if (n.length === 11) return `(${n.slice(0, 2)}) ${n.slice(2, 7)}-${n.slice(7)}`;
  if (n.length === 10) return `(${n.slice(0, 2)}) ${n.slice(2, 6)}-${n.slice(6)}`;
  return s;
}

/** Progressive input mask: "(11", "(11) 9876", "(11) 9876-5432", "(11) 98765-4321". */
export function maskPhone(typed: string): string {
  const n = normalizePhone(typed).slice(0, 11);
  if (n.length === 0) return "";
  if (n.length === 11) return `(${n.slice(0, 2)}) ${n.slice(2, 7)}-${n.slice(7)}`;
  return punctuate(n, { 0: "(", 2: ") ", 6: "-" });
}

function checkDigit(chars: string, weights: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < weights.length; i++) sum += (chars.charCodeAt(i) - 48) * (weights[i] ?? 0);
  const remainder = sum % 11;
  return remainder < 2 ? 0 : 11 - remainder;
}

// Inserts separators[i] before the character at index i, only once that character exists.
function punctuate(chars: string, separators: Record<number, string>): string {
  let out = "";
  for (let i = 0; i < chars.length; i++) out += (separators[i] ?? "") + chars[i];
  return out;
}
