import type { Server } from "bun";
import type { AppDeps } from "../../context";
import { requestAddress } from "../../http/client-address";
import { HttpError } from "../../http/errors";
import { parseWith } from "../../http/validate";
import { clock } from "../../lib/clock";
import { actorOf, recordEvent } from "../history/record";
import { loginSchema } from "./model";
import { clearSessionCookie, sessionOf, writeSessionCookie } from "./plugin";
import { createSession, deleteSession, INACTIVE_USER, normalizeEmail, verifyCredentials, type PublicUser } from "./service";
import { LoginThrottle } from "./throttle";

type CookieSet = Parameters<typeof writeSessionCookie>[1];
type SignInContext = { body: unknown; request: Request; server: Server<unknown> | null; set: CookieSet };

export interface SignInRules {
  /** The island's JSON call and the form's post alike; throws 400/401/429 (HttpError). */
  signIn(context: SignInContext): Promise<PublicUser>;
  /** Ends this session (the API's and the "Sair" form's): deletes it, records it, clears the cookie. */
  signOut(set: CookieSet, request: Request, token: string, user: PublicUser): void;
}

/** The sign-in and sign-out rules of one app, with its throttle (tests build many apps). */
export function signInRules(deps: AppDeps): SignInRules {
  const throttle = new LoginThrottle();

  async function signIn({ body, request, server, set }: SignInContext): Promise<PublicUser> {
    const { email, password } = parseWith(loginSchema, body);
    // The client's, through TRUST_PROXY (DECISIONS §1): behind Caddy, not Caddy's own.
    const address = requestAddress(request, server, deps.config.trustProxy);
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
    if (!user.ativo) throw new HttpError(403, INACTIVE_USER);
    const session = deps.db.transaction(() => {
      // Rotation: the id the browser arrived with dies; a fresh one is issued.
      const previous = sessionOf(request);
      if (previous) deleteSession(deps.db, previous.token);
      recordEvent(deps.db, actorOf(user), { action: "sign_in", entity: "user", entityId: user.id, label: user.email, details: { endereco: address } });
      return createSession(deps.db, user.id, request.headers.get("user-agent"), address === "local" ? null : address);
    });
    writeSessionCookie(deps.config, set, request, session.token, session.expiresAt);
    const { ativo: _ativo, ...signedIn } = user;
    return signedIn;
  }

  function signOut(set: CookieSet, request: Request, token: string, user: PublicUser): void {
    deps.db.transaction(() => {
      deleteSession(deps.db, token);
      recordEvent(deps.db, actorOf(user), { action: "sign_out", entity: "user", entityId: user.id, label: user.email });
    });
    clearSessionCookie(deps.config, set, request);
  }

  return { signIn, signOut };
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
