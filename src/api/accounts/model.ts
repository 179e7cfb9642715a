// Contas bancárias (issue 34 §3): the form's rules, shared by the /accounts island and the routes,
// and the API's shapes. Client-safe: no bank list here (src/lib/banks.ts is the server's; the
// server sends each account's bank name and the picker's options).
import { z } from "zod/mini";
import { isAcceptedDate } from "../../lib/dates";
import { INVALID_MONEY, MAX_MONEY_CENTS, parseMoney, type Cents } from "../../lib/money";
import { cleanText, requiredText } from "../fields";

export const MAX_APELIDO = 120;
const MAX_NUMBER = 20;
const INVALID_DATE = "Data inválida";

type Ctx = { issues: { push(issue: { code: "custom"; message: string; input: unknown }): unknown } };
const refuse = (ctx: Ctx, message: string, input: unknown) => {
  ctx.issues.push({ code: "custom", message, input });
  return z.NEVER;
};

/**
 * The FEBRABAN (COMPE) code: 1 to 3 digits, stored as three ("1" → "001"); the picker's own text,
 * "Itaú Unibanco (341)", is its code too (the form sends what the person chose in the list).
 */
const banco = z.pipe(
  z.optional(z.nullable(z.union([z.string(), z.number()], "Banco inválido"))),
  z.transform((value: string | number | null | undefined, ctx): string => {
    const text = value == null ? "" : String(value).trim();
    if (text === "") return refuse(ctx, "Banco é obrigatório", value);
    const code = /^\d{1,3}$/.test(text) ? text : /\((\d{3})\)$/.exec(text)?.[1];
    if (!code) return refuse(ctx, "Banco inválido: escolha na lista ou digite o código de 3 dígitos (ex.: 341)", value);
    return code.padStart(3, "0");
  }),
);

/** Agência and conta as the bank writes them: digits, with an optional check digit after "-" (1234-5, 56789-X). */
const NUMBER_SHAPE = /^[0-9A-Za-z]+(?:-[0-9A-Za-z]{1,2})?$/;
function bankNumber(required: string | null, invalid: string) {
  return z.pipe(
    z.optional(z.nullable(z.union([z.string(), z.number()], invalid))),
    z.transform((value: string | number | null | undefined, ctx): string => {
      const text = value == null ? "" : cleanText(String(value)).replace(/\s+/g, "").toUpperCase();
      if (text === "") return required ? refuse(ctx, required, value) : "";
      if (text.length > MAX_NUMBER || !NUMBER_SHAPE.test(text)) return refuse(ctx, invalid, value);
      return text;
    }),
  );
}

/** The opening balance: signed money ("-150.00": an account opened overdrawn), "0.00" when absent. */
const saldoInicial = z.pipe(
  z.optional(z.nullable(z.union([z.string(), z.number()], INVALID_MONEY))),
  z.transform((value: string | number | null | undefined, ctx): Cents => {
    if (value == null || (typeof value === "string" && value.trim() === "")) return 0 as Cents;
    const amount = parseMoney(typeof value === "string" ? value.trim() : value);
    if (amount === null || Math.abs(amount) > MAX_MONEY_CENTS) return refuse(ctx, INVALID_MONEY, value);
    return amount;
  }),
);

const requiredDate = z.pipe(
  z.optional(z.nullable(z.string(INVALID_DATE))),
  z.transform((value: string | null | undefined, ctx): string => {
    const date = (value ?? "").trim();
    if (date === "") return refuse(ctx, "Data do saldo inicial é obrigatória", value);
    return isAcceptedDate(date) ? date : refuse(ctx, INVALID_DATE, value);
  }),
);

const flag = (invalid: string, absent: boolean) =>
  z.pipe(
    z.optional(z.union([z.boolean(), z.literal("true"), z.literal("false")], invalid)),
    z.transform((value: boolean | "true" | "false" | undefined) => (value === undefined ? absent : value === true || value === "true")),
  );

/** An optional apelido: blank is "" (the bank's name shows). */
const apelido = z.pipe(
  z.optional(z.nullable(z.string("Formato inválido"))),
  z.transform((value: string | null | undefined, ctx): string => {
    const text = cleanText(value ?? "");
    if (text.includes("\0")) return refuse(ctx, "Caractere inválido no texto", value);
    if (text.length > MAX_APELIDO) return refuse(ctx, `Máximo de ${MAX_APELIDO} caracteres`, value);
    return text;
  }),
);

/** POST /api/accounts and PATCH /api/accounts/:id (the whole form each time). */
export const accountSchema = z.object(
  {
    banco,
    agencia: bankNumber(null, "Agência inválida: só números e, se houver, o dígito (ex.: 1234-5)"),
    conta: bankNumber("Conta é obrigatória", "Conta inválida: só números e o dígito (ex.: 56789-0)"),
    apelido,
    saldoInicial,
    saldoInicialData: requiredDate,
    padrao: flag("Conta padrão inválida", false),
    ativa: flag("Situação inválida", true),
  },
  "Dados inválidos",
);
export type AccountInput = z.output<typeof accountSchema>;

/** An account as the API sends it (GET /api/accounts rows). */
export interface AccountJson {
  id: number;
  /** The FEBRABAN code, three digits, and its name as the server resolves it: "Itaú Unibanco (341)". */
  banco: string;
  bancoNome: string;
  agencia: string;
  conta: string;
  apelido: string;
  /** What names it everywhere (lists, CSV, the payment dialog): the apelido, else bank · agência · conta. */
  nome: string;
  saldoInicial: string;
  saldoInicialData: string;
  padrao: boolean;
  ativa: boolean;
  /** Payments and statements that name it: in use, it cannot be deleted (deactivate it). */
  emUso: number;
  /** Its balance at the end of today (src/api/accounts/balance.ts). */
  saldo: string;
}

/** An account a payment may name (the Baixar dialog's select): the active ones. */
export interface AccountChoice {
  id: number;
  nome: string;
  padrao: boolean;
}

/** A bank of the picker: its code and "Itaú Unibanco (341)". */
export interface BankChoice {
  codigo: string;
  nome: string;
}

export const ACCOUNT_NOT_FOUND = "Conta bancária não encontrada";
