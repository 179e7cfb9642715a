import { Elysia } from "elysia";
import { SESSION_COOKIE, sessionGate, writeSessionCookie } from "../../auth/plugin";
import { createSession, deleteSession, normalizeEmail, verifyCredentials } from "../../auth/service";
import type { AppDeps } from "../../context";
import { HttpError } from "../../http/errors";
import { parseWith } from "../../http/validate";
import { clock } from "../../lib/clock";
import { loginSchema } from "./model";

export function authApi(deps: AppDeps) {
  return new Elysia({ name: "api.auth", prefix: "/api/auth" })
    .use(sessionGate(deps))
    .post("/login", async ({ body, cookie, request, server, sessionToken }) => {
      const { email, password } = parseWith(loginSchema, body);
      const address = server?.requestIP(request)?.address ?? "local";
      const keys = [`email:${normalizeEmail(email)}`, `ip:${address}`];
      const waitMs = deps.throttle.retryAfterMs(keys, clock.now().getTime());
      if (waitMs > 0) {
        const minutes = Math.ceil(waitMs / 60_000);
        throw new HttpError(
          429,
          `Muitas tentativas de login. Tente novamente em ${minutes} ${minutes === 1 ? "minuto" : "minutos"}.`,
          undefined,
          { "retry-after": String(Math.ceil(waitMs / 1000)) },
        );
      }
      const user = await verifyCredentials(deps.db, email, password);
      if (!user) {
        deps.throttle.recordFailure(keys, clock.now().getTime());
        throw new HttpError(401, "Credenciais inválidas");
      }
      deps.throttle.clear(keys[0]!);
      // Rotation: the id the browser arrived with dies; a fresh one is issued.
      if (sessionToken) deleteSession(deps.db, sessionToken);
      const session = createSession(deps.db, user.id);
      writeSessionCookie(deps, cookie[SESSION_COOKIE]!, request, session.token, session.expiresAt);
      return { user };
    })
    .post("/logout", ({ cookie, sessionToken }) => {
      if (sessionToken) deleteSession(deps.db, sessionToken);
      cookie[SESSION_COOKIE]!.remove();
      return { message: "Sessão encerrada" };
    })
    .get("/me", ({ user }) => ({ user }));
}
