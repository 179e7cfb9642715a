import { getPixKeyInfo, isValidPixKey, type PixKeyType } from "@brazilian-utils/brazilian-utils";
import { z } from "zod/mini";
import { formatCnpj, formatPhone, isValidCnpj, normalizeCnpj } from "../../lib/brazil";
import { cleanText, INVALID_CHARACTER, MAX_TEXT, TOO_LONG } from "../fields";

// Cobrança settings (DECISIONS §7), used by the SettingsForm island and by PUT /api/settings.
// Client-safe: only the settings island imports it (the PIX key rules come with it; the
// receivables screen never does).

/** The placeholders a message template may use, each filled by src/api/charges/message.ts. */
export const PLACEHOLDERS = ["cliente", "contato", "parcela", "valor", "vencimento", "pix", "empresa"] as const;
export type Placeholder = (typeof PLACEHOLDERS)[number];

/**
 * The message when none was saved. The paragraph holding {pix} is left out of a message
 * without a PIX code (no key configured), so the rest still reads well.
 */
export const DEFAULT_MESSAGE = [
  "Olá, {contato}! Tudo bem?",
  "",
  "Segue a cobrança da parcela {parcela} de {cliente}, no valor de {valor}, com vencimento em {vencimento}.",
  "",
  "Para pagar, use o PIX copia e cola abaixo:",
  "{pix}",
  "",
  "Qualquer dúvida, estamos à disposição.",
  "{empresa}",
].join("\n");

export const MAX_MESSAGE = 1000;
export const INVALID_PIX_KEY = "Chave PIX inválida: use CPF, CNPJ, e-mail, celular com DDD ou chave aleatória";
const EMPRESA_FOR_PIX = "Informe o nome da empresa para gerar o PIX";
const CIDADE_FOR_PIX = "Informe a cidade para gerar o PIX";
/** The BR Code carries only printable ASCII: a name with nothing left after folding cannot go in it. */
const NEEDS_LATIN = "Use ao menos uma letra ou número sem símbolos especiais";

const KEY_LABELS: Record<PixKeyType, string> = { cpf: "CPF", cnpj: "CNPJ", email: "E-mail", phone: "Celular", evp: "Chave aleatória" };

/** "CPF", "Celular"… for the key as saved; null when there is none or it is not a key. */
export function pixKeyLabel(key: string | null): string | null {
  const info = key ? getPixKeyInfo(key) : null;
  return info ? KEY_LABELS[info.type] : null;
}

/**
 * The saved key as a person reads it, by its kind (issue 37 §15): CNPJ 11.222.333/0001-81, CPF
 * 123.456.789-09, phone +55 (11) 98765-4321, e-mail and random key as stored. The form shows it
 * so; the API reads every one of these back to the same stored key.
 */
function formatPixKey(key: string | null): string {
  const info = key ? getPixKeyInfo(key) : null;
  if (!key || !info) return key ?? "";
  const v = info.value;
  if (info.type === "cnpj") return formatCnpj(v);
  if (info.type === "cpf") return `${v.slice(0, 3)}.${v.slice(3, 6)}.${v.slice(6, 9)}-${v.slice(9)}`;
  if (info.type === "phone") return `+55 ${formatPhone(v.replace(/^\+55/, ""))}`;
  return v;
}

/** The same key, however typed or formatted (the DICT form); null when it is not a key. */
export function storedPixKey(typed: string): string | null {
  return typed && isValidPixKey(typed) ? (getPixKeyInfo(typed)?.value ?? null) : null;
}

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

/** GET /api/settings; the PUT answers `{message, settings}`. `modeloMensagem` is the text in force (the default when none was saved). */
export interface SettingsJson {
  empresa: string;
  cidade: string;
  /** "11.222.333/0001-81" (punctuated for display, as clients' CNPJ); "" when not given. */
  cnpjEmpresa: string;
  enderecoEmpresa: string;
  chavePix: string | null;
  /** What kind of key `chavePix` is ("CPF", "E-mail"…), for the form's hint. */
  tipoChavePix: string | null;
  modeloMensagem: string;
  /** Subscriptions: generate a month this many days before its due date. */
  antecedenciaDias: number;
  /** Subscriptions: a due date on a weekend or bank holiday moves to the next business day. */
  vencimentoEmDiaUtil: boolean;
  /** Late fees (issue 34 §4), in percent: multa once, juros a month pro rata per day. */
  multaPercentual: number;
  jurosMensalPercentual: number;
  /** Blocking grace days: the saved setting, else BLOCK_GRACE_DAYS. */
  diasCarencia: number;
  updatedAt: string | null;
}

/**
 * GET /api/settings/subscription-rules: the two rules the subscription dialog's preview needs,
 * for every role (DECISIONS §7: the settings themselves — the PIX key, the template — are the
 * administrators').
 */
export type SubscriptionRulesJson = Pick<SettingsJson, "antecedenciaDias" | "vencimentoEmDiaUtil">;

export interface SettingsAnswer {
  message: string;
  settings: SettingsJson;
}

/** The form's values, as the inputs hold them. */
export interface SettingsFormValues {
  empresa: string;
  cidade: string;
  cnpjEmpresa: string;
  enderecoEmpresa: string;
  chavePix: string;
  modeloMensagem: string;
  antecedenciaDias: string;
  vencimentoEmDiaUtil: boolean;
  multaPercentual: string;
  jurosMensalPercentual: string;
  diasCarencia: string;
}

/** The stored bare CNPJ as the API shows it. */
export const cnpjForDisplay = (bare: string) => (bare === "" ? "" : formatCnpj(bare));

export const settingsFormValues = (settings: SettingsJson): SettingsFormValues => ({
  empresa: settings.empresa,
  cidade: settings.cidade,
  cnpjEmpresa: settings.cnpjEmpresa,
  enderecoEmpresa: settings.enderecoEmpresa,
  chavePix: formatPixKey(settings.chavePix),
  modeloMensagem: settings.modeloMensagem,
  antecedenciaDias: String(settings.antecedenciaDias),
  vencimentoEmDiaUtil: settings.vencimentoEmDiaUtil,
  // Percent as a person types it: "2", "2,5".
  multaPercentual: String(settings.multaPercentual).replace(".", ","),
  jurosMensalPercentual: String(settings.jurosMensalPercentual).replace(".", ","),
  diasCarencia: String(settings.diasCarencia),
});
