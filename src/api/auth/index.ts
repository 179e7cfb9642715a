import { Elysia } from "elysia";
import { signedIn } from "./plugin";
import type { SignInRules } from "./sign-in";

/** POST /api/auth/login, /logout and GET /me (SPEC §7): the island's JSON calls. */
export function authApi(rules: SignInRules) {
  return new Elysia({ name: "api.auth", prefix: "/api/auth" })
    .post("/login", async (context) => ({ user: await rules.signIn(context) }))
    .use(signedIn)
    .post("/logout", ({ request, set, sessionToken, user }) => {
      rules.signOut(set, request, sessionToken, user);
      return { message: "Sessão encerrada" };
    })
    .get("/me", ({ user }) => ({ user }));
}
