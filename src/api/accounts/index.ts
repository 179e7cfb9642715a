import { Elysia, type AnyElysia } from "elysia";
import { z } from "zod/mini";
import type { AppDeps } from "../../context";
import { parseId, parseWith } from "../../http/validate";
import { signedIn } from "../auth/plugin";
import { actorOf } from "../history/record";
import { accountSchema } from "./model";
import { attachStatement, bankOptions, createAccount, deleteAccount, listAccounts, updateAccount } from "./service";

const positiveId = (invalid: string) =>
  z.pipe(
    z.union([z.number(), z.string()], invalid),
    z.transform((value: number | string, ctx): number => {
      const id = typeof value === "string" ? (/^[1-9]\d{0,14}$/.test(value.trim()) ? Number(value.trim()) : NaN) : value;
      if (Number.isSafeInteger(id) && id > 0) return id;
      ctx.issues.push({ code: "custom", message: invalid, input: value });
      return z.NEVER;
    }),
  );

/** POST /api/accounts may name the statement it was asked from ("Cadastrar esta conta"): attached with it. */
const createSchema = z.object({ ...accountSchema.shape, extratoId: z.optional(z.nullable(positiveId("Extrato inválido"))) }, "Dados inválidos");
const attachSchema = z.object({ contaId: positiveId("Escolha uma conta") }, "Dados inválidos");

/**
 * Contas bancárias (issue 34 §3): GET/POST /api/accounts, PATCH/DELETE /api/accounts/:id, the
 * bank picker's list (GET /api/banks) and a statement's account chosen (POST /api/statements/:id/account).
 */
// Its type erased (AnyElysia), as the other late plugins: the app's chain is at TypeScript's limit.
export function accountsApi(deps: AppDeps): AnyElysia {
  const { db } = deps;
  return new Elysia({ name: "api.accounts" })
    .use(signedIn)
    .get("/api/accounts", () => listAccounts(db))
    .post("/api/accounts", ({ body, set, user }) => {
      const account = createAccount(db, actorOf(user), parseWith(createSchema, body));
      set.status = 201;
      return account;
    })
    .patch("/api/accounts/:id", ({ params, body, user }) => updateAccount(db, actorOf(user), parseId(params.id), parseWith(accountSchema, body)))
    .delete("/api/accounts/:id", ({ params, user }) => {
      deleteAccount(db, actorOf(user), parseId(params.id));
      return { message: "Conta bancária excluída com sucesso!" };
    })
    .get("/api/banks", () => bankOptions())
    .post("/api/statements/:id/account", ({ params, body }) => {
      const id = parseId(params.id);
      const account = attachStatement(db, id, parseWith(attachSchema, body).contaId);
      return { message: `Extrato ligado à conta ${account.nome}`, conta: account };
    });
}
