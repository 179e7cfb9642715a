import { Elysia } from "elysia";
import { signedIn, writeFlashCookie } from "../api/auth/plugin";
import type { SignInRules } from "../api/auth/sign-in";
import type { Config } from "../config";
import { HttpError } from "../http/errors";
import { loginPage } from "./LoginPage";

/**
 * The sign-in and "Sair" forms (no island: plain posts): the API's rules and throttle, answered
 * as pages (a redirect, or the login page saying why).
 */
export function authForms(rules: SignInRules, config: Config) {
  return new Elysia({ name: "pages.auth-forms" })
    .post("/login", async (context) => {
      // The API's body parser leaves a form's urlencoded text as it is: the fields are read here.
      const fields = typeof context.body === "string" ? Object.fromEntries(new URLSearchParams(context.body)) : {};
      try {
        // Named one by one: a spread of Elysia's context drops `server` (a getter), and with it
        // the client's address — every form sign-in shared one throttle bucket ("local").
        await rules.signIn({ body: fields, request: context.request, server: context.server, set: context.set });
        // SPEC §8's "Login realizado com sucesso!", shown by the page the redirect lands on.
        writeFlashCookie(config, context.set, context.request, "login");
        return context.redirect("/", 303);
      } catch (error) {
        if (!(error instanceof HttpError) || error.status >= 500) throw error;
        // The schema's refusals go under their fields; any other (credentials, throttle, a
        // deactivated user) is the "Erro no login" toast.
        const page = error.errors
          ? loginPage({ status: error.status, errors: error.errors, email: fields.email ?? "" })
          : loginPage({ status: error.status, refused: error.message, email: fields.email ?? "" });
        for (const [name, value] of Object.entries(error.headers ?? {})) page.headers.set(name, value);
        return page;
      }
    })
    .use(signedIn)
    .post("/logout", ({ request, set, sessionToken, redirect, user }) => {
      rules.signOut(set, request, sessionToken, user);
      return redirect("/login", 303);
    });
}
