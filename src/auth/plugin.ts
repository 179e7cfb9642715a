import { Elysia, type Cookie } from "elysia";
import type { AppDeps } from "../context";
import { HttpError } from "../http/errors";
import { findSession, type PublicUser } from "./service";

export const SESSION_COOKIE = "cofre_session";

/** Paths reachable without a session; everything else is gated by default. */
const isPublic = (path: string) =>
  path === "/login" || path === "/api/auth/login" || path.startsWith("/assets/") || path === "/favicon.ico" || path === "/healthz";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function isHttps(request: Request): boolean {
  return new URL(request.url).protocol === "https:" || request.headers.get("x-forwarded-proto") === "https";
}

export function writeSessionCookie(deps: AppDeps, cookie: Cookie<unknown>, request: Request, token: string, expiresAt: number) {
  cookie.set({
    value: token,
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: deps.config.cookieSecure === "auto" ? isHttps(request) : deps.config.cookieSecure,
    expires: new Date(expiresAt),
  });
}

/** A state-changing request from another site's page is refused (CSRF), if it says where it came from. */
function isForeignOrigin(request: Request): boolean {
  const origin = request.headers.get("origin");
  if (!origin || SAFE_METHODS.has(request.method)) return false;
  try {
    return new URL(origin).host !== request.headers.get("host");
  } catch {
    return true;
  }
}

/**
 * Loads the session for every request and gates every route that is not public: a new route
 * is protected without anyone remembering to protect it.
 */
export function sessionGate(deps: AppDeps) {
  return new Elysia({ name: "session-gate" })
    .derive({ as: "global" }, ({ cookie, request }): { user: PublicUser | null; sessionToken: string | null } => {
      const path = new URL(request.url).pathname;
      if (path.startsWith("/assets/")) return { user: null, sessionToken: null };
      const jar = cookie[SESSION_COOKIE]!;
      const token = typeof jar.value === "string" && jar.value ? jar.value : null;
      const session = token ? findSession(deps.db, token) : null;
      if (token && session?.renewedUntil) writeSessionCookie(deps, jar, request, token, session.renewedUntil);
      return { user: session?.user ?? null, sessionToken: session ? token : null };
    })
    .onBeforeHandle({ as: "global" }, ({ request, user, redirect }) => {
      if (isForeignOrigin(request)) throw new HttpError(403, "Origem da requisição não permitida");
      const path = new URL(request.url).pathname;
      if (user || isPublic(path)) return;
      if (path.startsWith("/api/")) throw new HttpError(401, "Não autenticado");
      return redirect("/login", 302);
    });
}
