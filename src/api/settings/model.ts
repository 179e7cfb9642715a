import { getPixKeyInfo, isValidPixKey } from "@brazilian-utils/brazilian-utils";
import { z } from "zod/mini";
import { isValidCnpj, normalizeCnpj } from "../../lib/brazil";
import { cleanText, INVALID_CHARACTER, MAX_TEXT, TOO_LONG } from "../fields";
import { DEFAULT_MESSAGE, MAX_MESSAGE, PLACEHOLDERS, type Placeholder } from "./form-values";

// The form's values, words and the key's display (no zod: the settings page loads this schema
// with the form's first use) are in ./form-values.ts.
export * from "./form-values";

// Cobrança settings (DECISIONS §7), used by the SettingsForm island (on demand) and by PUT
// /api/settings. Client-safe: only the settings island imports it (the PIX key rules come with it;
// the receivables screen never does).

export const INVALID_PIX_KEY = "Chave PIX inválida: use CPF, CNPJ, e-mail, celular com DDD ou chave aleatória";
const EMPRESA_FOR_PIX = "Informe o nome da empresa para gerar o PIX";
const CIDADE_FOR_PIX = "Informe a cidade para gerar o PIX";
/** The BR Code carries only printable ASCII: a name with nothing left after folding cannot go in it. */
const NEEDS_LATIN = "Use ao menos uma letra ou número sem símbolos especiais";

/** What the BR Code keeps of a name or city: printable ASCII (as the library folds it). */
const hasAsciiContent = (text: string) => /[A-Za-z0-9]/.test(text.normalize("NFD"));

const WRONG_TYPE = "Formato inválido";

/** Optional text: missing, null or blank → ""; clean, no NUL, at most `max` characters. */
function text(max: number) {
  const tooLong = max === MAX_TEXT ? TOO_LONG : `Máximo de ${max} caracteres`;
  return z.pipe(
    z.optional(z.nullable(z.string(WRONG_TYPE))),
    z.transform((value: string | null | undefined, ctx): string => {
      const cleaned = cleanText(value ?? "");
      const message = cleaned.includes("\0") ? INVALID_CHARACTER : cleaned.length > max ? tooLong : null;
      if (message) {
        ctx.issues.push({ code: "custom", message, input: value });
        return z.NEVER;
      }
      return cleaned;
    }),
  );
}

/** The PIX key in its DICT form (CPF/CNPJ digits, e-mail lower-cased, +55 phone, lower-case EVP); blank → null. */
const pixKey = z.pipe(
  text(MAX_TEXT),
  z.transform((key: string, ctx): string | null => {
    if (key === "") return null;
    const info = isValidPixKey(key) ? getPixKeyInfo(key) : null;
    if (!info) {
      ctx.issues.push({ code: "custom", message: INVALID_PIX_KEY, input: key });
      return z.NEVER;
    }
    return info.value;
  }),
);

/** Unknown {marcadores} are typing mistakes that would reach the client as is. */
const template = z.pipe(
  text(MAX_MESSAGE),
  z.transform((message: string, ctx): string | null => {
    const unknown = [...message.matchAll(/\{([^{}\s]*)\}/g)].map((m) => m[1]!).find((name) => !PLACEHOLDERS.includes(name as Placeholder));
    if (unknown !== undefined) {
      ctx.issues.push({ code: "custom", message: `Marcador desconhecido: {${unknown}}`, input: message });
      return z.NEVER;
    }
    // Blank means "the default text", which then follows future improvements of it.
    return message === "" || message === DEFAULT_MESSAGE ? null : message;
  }),
);

const MAX_ANTECEDENCIA = 60;
const ANTECEDENCIA_INVALID = `Antecedência deve ser um número inteiro de dias entre 0 e ${MAX_ANTECEDENCIA}`;

/** Days before a due date a subscription's month is generated: 0–60, as a number or the digits a form sends; missing keeps what is saved. */
const antecedencia = z.optional(
  z.pipe(
    z.union([z.number(ANTECEDENCIA_INVALID), z.string(ANTECEDENCIA_INVALID)], ANTECEDENCIA_INVALID),
    z.transform((value: number | string, ctx): number => {
      const n = typeof value === "number" ? value : /^\s*\d{1,3}\s*$/.test(value) ? Number(value) : NaN;
      if (!Number.isInteger(n) || n < 0 || n > MAX_ANTECEDENCIA) {
        ctx.issues.push({ code: "custom", message: ANTECEDENCIA_INVALID, input: value });
        return z.NEVER;
      }
      return n;
    }),
  ),
);

/**
 * A fee rate in percent (issue 34 §4): a number or a decimal string ("2", "2.5", "2,5" from the
 * form), 0 to `max`, at most 2 decimals; kept as hundredths of a percent. Missing keeps what is saved.
 */
function percent(invalid: string, max: number) {
  return z.optional(
    z.pipe(
      z.union([z.number(invalid), z.string(invalid)], invalid),
      z.transform((value: number | string, ctx): number => {
        const text = typeof value === "number" ? String(value) : value.trim().replace(",", ".");
        const ok = /^\d{1,3}(\.\d{1,2})?$/.test(text);
        const hundredths = ok ? Math.round(Number(text) * 100) : NaN;
        if (!Number.isInteger(hundredths) || hundredths < 0 || hundredths > max * 100) {
          ctx.issues.push({ code: "custom", message: invalid, input: value });
          return z.NEVER;
        }
        return hundredths;
      }),
    ),
  );
}
const MULTA_INVALID = "Multa deve ser um percentual entre 0 e 20, com até 2 casas decimais";
const JUROS_INVALID = "Juros devem ser um percentual ao mês entre 0 e 20, com até 2 casas decimais";
const MAX_CARENCIA = 365;
const CARENCIA_INVALID = `Carência deve ser um número inteiro de dias entre 0 e ${MAX_CARENCIA}`;
const carencia = z.optional(
  z.pipe(
    z.union([z.number(CARENCIA_INVALID), z.string(CARENCIA_INVALID)], CARENCIA_INVALID),
    z.transform((value: number | string, ctx): number => {
      const n = typeof value === "number" ? value : /^\s*\d{1,3}\s*$/.test(value) ? Number(value) : NaN;
      if (!Number.isInteger(n) || n < 0 || n > MAX_CARENCIA) {
        ctx.issues.push({ code: "custom", message: CARENCIA_INVALID, input: value });
        return z.NEVER;
      }
      return n;
    }),
  ),
);

const INVALID_CNPJ = "CNPJ inválido";

/** The company's CNPJ (DECISIONS §2, alphanumeric too), stored bare; blank → "" (not yet given). Missing keeps what is saved. */
const cnpjEmpresa = z.optional(
  z.pipe(
    text(MAX_TEXT),
    z.transform((cnpj: string, ctx): string => {
      if (cnpj === "") return "";
      if (!isValidCnpj(cnpj)) {
        ctx.issues.push({ code: "custom", message: INVALID_CNPJ, input: cnpj });
        return z.NEVER;
      }
      return normalizeCnpj(cnpj);
    }),
  ),
);

const settingsFields = z.object(
  {
    empresa: text(MAX_TEXT),
    cidade: text(MAX_TEXT),
    // CDC art. 42-A: both go on every collection message (the régua cannot start without them).
    cnpjEmpresa,
    enderecoEmpresa: z.optional(text(MAX_TEXT)),
    chavePix: pixKey,
    modeloMensagem: template,
    antecedenciaDias: antecedencia,
    vencimentoEmDiaUtil: z.optional(z.boolean("Vencimento em dia útil deve ser verdadeiro ou falso")),
    // The company's fee rules (issue 34 §4): hundredths of a percent once parsed.
    multaPercentual: percent(MULTA_INVALID, 20),
    jurosMensalPercentual: percent(JUROS_INVALID, 20),
    diasCarencia: carencia,
  },
  "Dados inválidos",
);

type SettingsFields = z.output<typeof settingsFields>;

/** Checked even when another field failed (an invalid key is still a key), so every message shows at once. */
function neededForPix(field: "empresa" | "cidade", missing: string) {
  const when = (payload: { value: unknown; issues: readonly { path?: readonly PropertyKey[] }[] }) =>
    typeof payload.value === "object" &&
    payload.value !== null &&
    !Array.isArray(payload.value) &&
    !payload.issues.some((issue) => ["", field].includes(String(issue.path?.[0] ?? "")));
  return [
    z.refine<SettingsFields>((s) => s.chavePix === null || s[field] !== "", { message: missing, path: [field], when }),
    z.refine<SettingsFields>((s) => s.chavePix === null || s[field] === "" || hasAsciiContent(s[field]), { message: NEEDS_LATIN, path: [field], when }),
  ];
}

/** PUT /api/settings: name and city are required once there is a PIX key (the BR Code needs them). */
export const settingsSchema = settingsFields.check(...neededForPix("empresa", EMPRESA_FOR_PIX), ...neededForPix("cidade", CIDADE_FOR_PIX));

export type SettingsInput = z.output<typeof settingsSchema>;
