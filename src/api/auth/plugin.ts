import { Elysia } from "elysia";
import type { Config } from "../../config";
import type { AppDeps } from "../../context";
import { HttpError } from "../../http/errors";
import { requestPath } from "../../http/paths";
import { isQuickPath } from "../../http/turns";
import { FLASH_COOKIE, type FlashName } from "../../lib/flash";
import { findSession, type PublicUser } from "./service";

const SESSION_COOKIE = "cofre_session";

/** Paths reachable without a session; everything else is gated by default. */
const isPublic = (path: string) =>
  path === "/login" || path === "/api/auth/login" || path.startsWith("/assets/") || path === "/favicon.ico" || path === "/healthz";


/**
 * The client's page and its receipts (`/c/{token}…`, DECISIONS §12): public, and the gate neither
 * reads a session nor renews its cookie there — a staff member opening a client's link sends the
 * session cookie along, and that page must never answer with a Set-Cookie.
 */
const isClientPagePath = (path: string) => path.startsWith("/c/");

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

interface Session {
  user: PublicUser;
  token: string;
}

// What the gate found for each request, read by `signedIn` and `sessionOf` further down the walk.
const sessions = new WeakMap<Request, Session>();

/** The session the gate loaded for this request, or null: for the public routes that care (login). */
export const sessionOf = (request: Request): Session | null => sessions.get(request) ?? null;

/**
 * Loads the session and gates every route that is not public, in `onRequest`: before the body
 * is read (a visitor gets 401 whatever it sent) and for every route, so a new one is protected
 * without anyone remembering to protect it. `.use()`d once, in src/server.ts.
 */
export function sessionGate({ db, config }: AppDeps) {
  return new Elysia({ name: "session-gate" }).onRequest(({ request, set }) => {
    if (!SAFE_METHODS.has(request.method) && isForeignOrigin(request, config)) {
      throw new HttpError(403, "Origem da requisição não permitida");
    }
    // Canonical: /login/ and /healthz/ are as public as /login and /healthz (issue 31 item 17).
    const path = requestPath(request);
    // No database work for a stylesheet or a health probe: they never read the session.
    if (isQuickPath(path) || isClientPagePath(path)) return;
    const token = readCookie(request, SESSION_COOKIE);
    const session = token ? findSession(db, token) : null;
    if (token && session) {
      sessions.set(request, { user: session.user, token });
      // The `set` of onRequest is the one the answer is built from; its type just omits cookies.
      if (session.renewedUntil) writeSessionCookie(config, set as CookieSet, request, token, session.renewedUntil);
      return;
    }
    if (isPublic(path)) return;
    if (path.startsWith("/api/")) throw new HttpError(401, "Não autenticado");
    return new Response(null, { status: request.method === "GET" ? 302 : 303, headers: { location: "/login" } });
  });
}

/**
 * For route plugins whose routes need the signed-in user: `.use(signedIn)` gives handlers a
 * non-null `user` (and the session's token). The gate has already turned visitors away; the
 * check here only makes the type honest.
 */
export const signedIn = new Elysia({ name: "signed-in" }).resolve({ as: "scoped" }, ({ request }) => {
  const session = sessions.get(request);
  if (!session) throw new HttpError(401, "Não autenticado");
  return { user: session.user, sessionToken: session.token };
});

// The session cookie, in one place: HttpOnly, SameSite=Lax, Path=/, Secure over https.

type CookieSet = { cookie?: Record<string, Record<string, unknown>> };

export function writeSessionCookie(config: Config, set: CookieSet, request: Request, token: string, expiresAt: number): void {
  set.cookie ??= {};
  set.cookie[SESSION_COOKIE] = { ...cookieAttributes(config, request), value: token, expires: new Date(expiresAt) };
}

export function clearSessionCookie(config: Config, set: CookieSet, request: Request): void {
  set.cookie ??= {};
  set.cookie[SESSION_COOKIE] = { ...cookieAttributes(config, request), value: "", expires: new Date(0), maxAge: 0 };
}

/** A one-shot note for the next page's Toaster (src/ui/flash.ts reads and deletes it): not HttpOnly, a minute at most. */
export function writeFlashCookie(config: Config, set: CookieSet, request: Request, name: FlashName): void {
  set.cookie ??= {};
  set.cookie[FLASH_COOKIE] = { ...cookieAttributes(config, request), httpOnly: false, value: name, maxAge: 60 };
}

function cookieAttributes(config: Config, request: Request) {
  const secure = config.cookieSecure !== "auto" ? config.cookieSecure : isHttps(request, config);
  return { httpOnly: true, sameSite: "lax" as const, path: "/", secure };
}

/** Behind a TLS-terminating proxy the request arrives over http: the proxy says what the browser used. */
function isHttps(request: Request, config: Config): boolean {
  if (config.publicUrl) return config.publicUrl.startsWith("https:");
  return new URL(request.url).protocol === "https:" || request.headers.get("x-forwarded-proto") === "https";
}

/**
 * CSRF (DECISIONS §4): a write whose Origin is present and is not this site's origin is refused.
 * This site is PUBLIC_URL when set, else the request's own scheme://host:port.
 */
function isForeignOrigin(request: Request, config: Config): boolean {
  const origin = request.headers.get("origin");
  return origin !== null && origin !== siteOrigin(request, config);
}

function siteOrigin(request: Request, config: Config): string {
  if (config.publicUrl) return config.publicUrl;
  const url = new URL(request.url);
  const scheme = isHttps(request, config) ? "https:" : url.protocol;
  const host = request.headers.get("host") ?? url.host;
  return URL.canParse(`${scheme}//${host}`) ? new URL(`${scheme}//${host}`).origin : "";
}

function readCookie(request: Request, name: string): string | null {
  for (const part of (request.headers.get("cookie") ?? "").split(";")) {
    const [key, ...value] = part.trim().split("=");
    // Our token is base64url: a value that needs decoding is not one of ours.
    if (key === name) return value.join("=") || null;
  }
  return null;
}
