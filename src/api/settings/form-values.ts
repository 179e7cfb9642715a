// Configurações › Cobrança's values and words without zod (issue 38 §7): the SettingsForm island
// shows them with the page and loads the schema (./model.ts, which re-exports all of this for the
// API) with the form's first use.
import { getPixKeyInfo, isValidPixKey, type PixKeyType } from "@brazilian-utils/brazilian-utils";
import { formatCnpj, formatPhone } from "../../lib/brazil";

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
