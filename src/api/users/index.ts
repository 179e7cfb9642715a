import { Elysia } from "elysia";
import type { AppDeps } from "../../context";
import { parseId, parseWith } from "../../http/validate";
import { signedIn } from "../auth/plugin";
import { actorOf } from "../history/record";
import { pageAnswer } from "../list";
import { newUserSchema, passwordChangeSchema, userPatchSchema } from "./model";
import { addUser, changeOwnPassword, endOtherSessions, endOwnSession, findUsers, ownSessions, parseUserQuery, resetPassword, updateUser } from "./service";

/** Users (administrators) and one's own account (everyone): issue 20, DECISIONS §10. */
export function usersApi(deps: AppDeps) {
  const { db } = deps;
  return new Elysia({ name: "api.users" })
    .use(signedIn)
    .get("/api/users", ({ query, set }) => pageAnswer(set, findUsers(db, parseUserQuery(query))))
    .post("/api/users", async ({ body, set, user }) => {
      const created = await addUser(db, actorOf(user), parseWith(newUserSchema, body));
      set.status = 201;
      return { message: created.senhaTemporaria ? "Usuário criado: anote a senha temporária, ela não será mostrada de novo" : "Usuário criado", ...created };
    })
    .patch("/api/users/:id", ({ params, body, user }) => {
      const id = parseId(params.id);
      return { message: "Usuário atualizado", user: updateUser(db, actorOf(user), id, parseWith(userPatchSchema, body)) };
    })
    .post("/api/users/:id/reset-password", async ({ params, user }) => {
      const senhaTemporaria = await resetPassword(db, actorOf(user), parseId(params.id));
      return { message: "Senha redefinida: anote a senha temporária, ela não será mostrada de novo", senhaTemporaria };
    })
    .post("/api/auth/password", async ({ body, user, sessionToken }) => {
      const { senhaAtual, novaSenha } = parseWith(passwordChangeSchema, body);
      await changeOwnPassword(db, user.id, sessionToken, senhaAtual, novaSenha);
      return { message: "Senha alterada; suas outras sessões foram encerradas" };
    })
    .get("/api/auth/sessions", ({ user, sessionToken }) => ownSessions(db, user.id, sessionToken))
    .delete("/api/auth/sessions/:id", ({ params, user }) => {
      endOwnSession(db, user.id, params.id);
      return { message: "Sessão encerrada" };
    })
    .post("/api/auth/sessions/others/end", ({ user, sessionToken }) => {
      const encerradas = endOtherSessions(db, user.id, sessionToken);
      return { message: encerradas ? `${encerradas} ${encerradas === 1 ? "sessão encerrada" : "sessões encerradas"}` : "Nenhuma outra sessão aberta", encerradas };
    });
}
