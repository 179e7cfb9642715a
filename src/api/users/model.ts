import { z } from "zod/mini";
import type { ListParams } from "../../lib/list-spec";
import { isUserEmail } from "../../lib/user-email";
import { ROLES, type Role } from "../../lib/roles";
import { requiredText } from "../fields";
import { ROLE_INVALID, USER_LIST } from "./list-spec";

export * from "./password-words";

// Users and "Minha conta" (issue 20, DECISIONS §10): the forms' schemas (shared by the islands and
// the API), the API's shapes and the /users list's URL contract. Client-safe.

export const LAST_ADMIN = "Este é o último administrador ativo: promova ou reative outro antes";

/** A user as the API sends it (never the hash). */
export interface UserJson {
  id: number;
  email: string;
  nome: string;
  papel: Role;
  ativo: boolean;
  trocarSenha: boolean;
  ultimoAcesso: string | null;
  createdAt: string;
}

/** POST /api/users answer; `senhaTemporaria` only when the request gave no password (shown once). */
export interface CreatedUserAnswer {
  message: string;
  user: UserJson;
  senhaTemporaria?: string;
}

export interface ResetPasswordAnswer {
  message: string;
  senhaTemporaria: string;
}

/** One of the signed-in person's sessions (GET /api/auth/sessions). */
export interface SessionJson {
  id: string;
  criadaEm: string;
  ultimoUso: string | null;
  /** "Chrome no Windows", from the User-Agent; "Navegador desconhecido" without one. */
  navegador: string;
  /** The client's address at sign-in (TRUST_PROXY: the client's behind a proxy); null for sessions from before it was kept. */
  endereco: string | null;
  atual: boolean;
}

const role = z.enum(ROLES, ROLE_INVALID);

/** POST /api/users: {email, nome, papel, senha?} (no senha: a temporary one is made and shown once). */
export const newUserSchema = z.object(
  {
    email: z.pipe(
      requiredText("E-mail é obrigatório"),
      z.transform((email: string, ctx) => {
        const normal = email.trim().toLowerCase();
        if (!isUserEmail(normal)) {
          ctx.issues.push({ code: "custom", message: "E-mail inválido", input: email });
          return z.NEVER;
        }
        return normal;
      }),
    ),
    nome: requiredText("Nome é obrigatório"),
    papel: role,
    senha: z.optional(z.nullable(z.string("Senha inválida"))),
  },
  "Dados inválidos",
);
export type NewUserInput = z.output<typeof newUserSchema>;

/** PATCH /api/users/:id: {nome?, papel?, ativo?}. */
export const userPatchSchema = z.object(
  {
    nome: z.optional(requiredText("Nome é obrigatório")),
    papel: z.optional(role),
    ativo: z.optional(z.boolean("Ativo deve ser verdadeiro ou falso")),
  },
  "Dados inválidos",
);
export type UserPatch = z.output<typeof userPatchSchema>;

export { passwordChangeSchema } from "./password-schema";

export interface UserQuery {
  q: string;
  papel: Role | "";
  ativo: "" | "sim" | "nao";
  sort: { key: "email" | "nome" | "papel" | "ultimoAcesso"; dir: "asc" | "desc" };
  page: number;
  perPage: number;
  view: ListParams;
}

export { USER_LIST };
