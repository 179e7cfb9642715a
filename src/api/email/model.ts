import { z } from "zod/mini";
import { MAX_TEXT, optionalText, TOO_LONG } from "../fields";
import { SECURITY, type Security } from "./form-values";

// The form's values and words (no zod: the settings page loads these schemas with the form's
// first use) are in ./form-values.ts.
export * from "./form-values";

// The SMTP settings (DECISIONS §7, issue 33 §1), used by the EmailSettings island and by
// PUT /api/settings/email. Client-safe (zod/mini, no server imports).

const HOST_INVALID = "Servidor inválido: use um nome como smtp.exemplo.com.br ou um endereço IP";
const PORT_INVALID = "Porta deve ser um número inteiro entre 1 e 65535";
const SECURITY_INVALID = "Segurança deve ser nenhuma, STARTTLS ou TLS";
const EMAIL_INVALID = "E-mail inválido";
const SENDER_REQUIRED = "Informe o e-mail do remetente";
const PASSWORD_INVALID = "A senha não pode ter quebras de linha";
const PASSWORD_OR_REMOVE = "Digite uma nova senha ou remova a senha, não os dois";
const USER_FOR_PASSWORD = "Informe o usuário da senha";

const WRONG_TYPE = "Formato inválido";
// A host name or an IPv4/IPv6 address: letters, digits, dots, hyphens and the colons of IPv6.
const HOST_SHAPE = /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.?|\[?[0-9A-Fa-f:.]+\]?)$/;
const emailShape = z.email();

/** Optional text (the registers' rule: clean, no NUL, at most 255 characters, optionally checked); missing, null or blank → "". */
const text = (isValid?: (value: string) => boolean, invalid?: string) =>
  z.pipe(optionalText({ isValid, invalid }), z.transform((value: string | null): string => value ?? ""));

const isEmail = (value: string) => emailShape.safeParse(value).success;
const email = text(isEmail, EMAIL_INVALID);

/** 1–65535, as a number or the digits a form sends; blank → null (the usual port of the security). */
const port = z.pipe(
  z.optional(z.nullable(z.union([z.number(PORT_INVALID), z.string(PORT_INVALID)], PORT_INVALID))),
  z.transform((value: number | string | null | undefined, ctx): number | null => {
    if (value == null || (typeof value === "string" && value.trim() === "")) return null;
    const n = typeof value === "number" ? value : /^\s*\d{1,5}\s*$/.test(value) ? Number(value) : NaN;
    if (!Number.isInteger(n) || n < 1 || n > 65535) {
      ctx.issues.push({ code: "custom", message: PORT_INVALID, input: value });
      return z.NEVER;
    }
    return n;
  }),
);

/**
 * The password as typed (not trimmed: spaces may be part of it). Missing, null or "" keeps the
 * stored one: the form never holds the stored value. CR/LF would break the SMTP dialogue.
 */
const password = z.pipe(
  z.optional(z.nullable(z.string(WRONG_TYPE))),
  z.transform((value: string | null | undefined, ctx): string | null => {
    if (!value) return null;
    const message = /[\r\n\0]/.test(value) ? PASSWORD_INVALID : value.length > MAX_TEXT ? TOO_LONG : null;
    if (message) {
      ctx.issues.push({ code: "custom", message, input: "" }); // never echo a password back
      return z.NEVER;
    }
    return value;
  }),
);

const emailFields = z.object(
  {
    host: text((value) => HOST_SHAPE.test(value), HOST_INVALID),
    porta: port,
    seguranca: z._default(z.enum(SECURITY, SECURITY_INVALID), "starttls"),
    usuario: text(),
    /** A new password; null keeps the stored one. */
    senha: password,
    /** Forget the stored password (a server that takes mail without authentication). */
    removerSenha: z._default(z.boolean("Remover senha deve ser verdadeiro ou falso"), false),
    remetenteNome: text(),
    remetenteEmail: email,
    responderPara: email,
    aceitarAutoassinado: z._default(z.boolean("Aceitar certificado autoassinado deve ser verdadeiro ou falso"), false),
  },
  "Dados inválidos",
);

type EmailFields = z.output<typeof emailFields>;

/** Runs only when the object and the fields it reads passed, so each message shows once. */
const whenValid = (fields: string[]) => (payload: { value: unknown; issues: readonly { path?: readonly PropertyKey[] }[] }) =>
  typeof payload.value === "object" && payload.value !== null && !payload.issues.some((issue) => ["", ...fields].includes(String(issue.path?.[0] ?? "")));

/**
 * PUT /api/settings/email. A blank server turns e-mail off (the other fields are kept for when it
 * is filled in again); a server needs the sender's address (the From of every message).
 */
export const emailSettingsSchema = emailFields.check(
  z.refine<EmailFields>((s) => s.host === "" || s.remetenteEmail !== "", { message: SENDER_REQUIRED, path: ["remetenteEmail"], when: whenValid(["host", "remetenteEmail"]) }),
  z.refine<EmailFields>((s) => !(s.removerSenha && s.senha !== null), { message: PASSWORD_OR_REMOVE, path: ["senha"], when: whenValid(["senha", "removerSenha"]) }),
  z.refine<EmailFields>((s) => s.senha === null || s.usuario !== "", { message: USER_FOR_PASSWORD, path: ["usuario"], when: whenValid(["senha", "usuario"]) }),
);

export type EmailSettingsInput = z.output<typeof emailSettingsSchema>;

/** POST /api/settings/email/test {para}. */
export const emailTestSchema = z.object(
  {
    para: z.pipe(
      email,
      z.transform((value: string, ctx): string => {
        if (value === "") {
          ctx.issues.push({ code: "custom", message: "Informe o e-mail que recebe o teste", input: value });
          return z.NEVER;
        }
        return value;
      }),
    ),
  },
  "Dados inválidos",
);
