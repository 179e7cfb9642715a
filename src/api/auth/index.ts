import type { Server } from "bun";
import { Elysia } from "elysia";
import { clearSessionCookie, sessionOf, signedIn, writeSessionCookie } from "../../auth/plugin";
import { createSession, deleteSession, normalizeEmail, verifyCredentials, type PublicUser } from "../../auth/service";
import { LoginThrottle } from "../../auth/throttle";
import type { AppDeps } from "../../context";
import { HttpError } from "../../http/errors";
import { parseWith } from "../../http/validate";
import { clock } from "../../lib/clock";
import { actorOf, recordEvent } from "../history/record";
import { loginPage } from "../../pages/LoginPage";
import { loginSchema } from "./model";

type SignInContext = { body: unknown; request: Request; server: Server<unknown> | null; set: Parameters<typeof writeSessionCookie>[1] };

export function authApi(deps: AppDeps) {
  // One per app: the attempts of this process (tests build many apps).
  const throttle = new LoginThrottle();

  /** The sign-in rules, for the island's JSON call and the form's post alike; throws 400/401/429. */
  async function signIn({ body, request, server, set }: SignInContext): Promise<PublicUser> {
    const { email, password } = parseWith(loginSchema, body);
    const address = server?.requestIP(request)?.address ?? "local";
    const keys = [`email:${normalizeEmail(email)}`, `ip:${address}`];
    const attemptAt = clock.now().getTime();
    // Counted before the password check, so a parallel burst cannot slip past the limit.
    const waitMs = throttle.reserve(keys, attemptAt);
    if (waitMs > 0) throw tooManyAttempts(waitMs);
    const user = await verifyCredentials(deps.db, email, password);
    const typed = normalizeEmail(email);
    if (!user) {
      // Bounded by the throttle: at most 5 failures per e-mail and per address are recorded in 15 minutes.
      recordEvent(deps.db, { userId: null, email: typed }, { action: "sign_in_failed", entity: "user", entityId: null, label: typed, details: { email: typed, endereco: address } });
      throw new HttpError(401, "Credenciais inválidas");
    }
    throttle.release(keys, attemptAt);
    throttle.clear(keys[0]!);
    const session = deps.db.transaction(() => {
      // Rotation: the id the browser arrived with dies; a fresh one is issued.
      const previous = sessionOf(request);
      if (previous) deleteSession(deps.db, previous.token);
      recordEvent(deps.db, actorOf(user), { action: "sign_in", entity: "user", entityId: user.id, label: user.email, details: { endereco: address } });
      return createSession(deps.db, user.id);
    });
    writeSessionCookie(deps.config, set, request, session.token, session.expiresAt);
    return user;
  }

  const api = new Elysia({ name: "api.auth", prefix: "/api/auth" })
    .post("/login", async (context) => ({ user: await signIn(context) }))
    .use(signedIn)
    .post("/logout", ({ request, set, sessionToken, user }) => {
      endSession(deps, set, request, sessionToken, user);
      return { message: "Sessão encerrada" };
    })
    .get("/me", ({ user }) => ({ user }));

  // The login form before (or without) its script posts here: the same rules, answered with a
  // redirect to the dashboard or the login page saying why.
  const form = new Elysia({ name: "auth.sign-in-form" }).post("/login", async (context) => {
    // The API's body parser leaves a form's urlencoded text as it is: the fields are read here.
    const fields = typeof context.body === "string" ? Object.fromEntries(new URLSearchParams(context.body)) : {};
    try {
      await signIn({ ...context, body: fields });
      return context.redirect("/", 303);
    } catch (error) {
      if (!(error instanceof HttpError) || error.status >= 500) throw error;
      const page = loginPage({ status: error.status, error: error.message, email: fields.email ?? "" });
      for (const [name, value] of Object.entries(error.headers ?? {})) page.headers.set(name, value);
      return page;
    }
  });
  return new Elysia({ name: "auth" }).use(api).use(form);
}

/** "Sair" is a plain form posting here: it signs out with or without JavaScript. */
export function signOutRoute(deps: AppDeps) {
  return new Elysia({ name: "auth.sign-out" })
    .use(signedIn)
    .post("/logout", ({ request, set, sessionToken, redirect, user }) => {
      endSession(deps, set, request, sessionToken, user);
      return redirect("/login", 303);
    });
}

function endSession(deps: AppDeps, set: Parameters<typeof writeSessionCookie>[1], request: Request, token: string, user: PublicUser): void {
  deps.db.transaction(() => {
    deleteSession(deps.db, token);
    recordEvent(deps.db, actorOf(user), { action: "sign_out", entity: "user", entityId: user.id, label: user.email });
  });
  clearSessionCookie(deps.config, set, request);
}

function tooManyAttempts(waitMs: number): HttpError {
  const minutes = Math.ceil(waitMs / 60_000);
  return new HttpError(
    429,
    `Muitas tentativas de login. Tente novamente em ${minutes} ${minutes === 1 ? "minuto" : "minutos"}.`,
    undefined,
    { "retry-after": String(Math.ceil(waitMs / 1000)) },
  );
}
