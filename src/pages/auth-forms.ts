import { Elysia } from "elysia";
import { signedIn } from "../api/auth/plugin";
import type { SignInRules } from "../api/auth/sign-in";
import { HttpError } from "../http/errors";
import { loginPage } from "./LoginPage";

/**
 * The sign-in and "Sair" forms without (or before) their script: the API's rules and throttle,
 * answered as pages (a redirect, or the login page saying why).
 */
export function authForms(rules: SignInRules) {
  return new Elysia({ name: "pages.auth-forms" })
    .post("/login", async (context) => {
      // The API's body parser leaves a form's urlencoded text as it is: the fields are read here.
      const fields = typeof context.body === "string" ? Object.fromEntries(new URLSearchParams(context.body)) : {};
      try {
        await rules.signIn({ ...context, body: fields });
        return context.redirect("/", 303);
      } catch (error) {
        if (!(error instanceof HttpError) || error.status >= 500) throw error;
        const page = loginPage({ status: error.status, error: error.message, email: fields.email ?? "" });
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
