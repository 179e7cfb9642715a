import { beforeAll, describe, expect, test } from "bun:test";
import { addTestUser, ADMIN, sessionCookie, startTestApp, useTestApp } from "../../../tests/support";
import { DUMMY_HASH, hashPassword, SESSION_TTL_MS } from "./service";
import { productionHashing } from "../../../tests/cheap-password-hashing";
import { pinClock } from "../../lib/clock";

// Signing in is the subject: every session here is made by a test. The first user and the
// others a test adds have cheap hashes (tests/support.ts); an unknown e-mail is checked against
// the production-strength dummy (~150 ms), so only the tests about unknown e-mails use one.
const t = useTestApp({ signIn: false });

const login = (body: unknown, headers?: Record<string, string>) =>
  t.request("/api/auth/login", { method: "POST", body, headers });

describe("POST /api/auth/login", () => {
  test("signs in with the right password and sets a safe session cookie", async () => {
    const response = await login(ADMIN);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ user: { id: 1, email: ADMIN.email, nome: "", papel: "administrador", trocarSenha: false } });
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith("cofre_session="))!;
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Lax");
    expect(cookie).toContain("Path=/");
    expect(cookie).not.toContain("Secure");
    const token = cookie.split(";")[0]!.split("=")[1]!;
    expect(Buffer.from(token, "base64url").length).toBe(32);
    // Only a hash of the id is stored.
    const stored = t.db.$client.query("select id_hash from sessions").all() as { id_hash: string }[];
    expect(stored.some((s) => s.id_hash === token)).toBe(false);
  });

  test("matches the e-mail whatever its case and spacing", async () => {
    expect((await login({ email: ` ${ADMIN.email.toUpperCase()} `, password: ADMIN.password })).status).toBe(200);
  });

  // These two wait on production-strength argon2 (~120 ms each, off the main thread): together.
  test.concurrent("answers 401 'Credenciais inválidas' for a wrong password and an unknown e-mail alike", async () => {
    const wrong = await login({ email: ADMIN.email, password: "errada" }, { "x-test": "a" });
    const unknown = await login({ email: "ninguem@cofre.test", password: "x" });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await wrong.json()).toEqual({ message: "Credenciais inválidas" });
    expect(await unknown.json()).toEqual({ message: "Credenciais inválidas" });
  });

  // Every other test hashes cheaply (tests/cheap-password-hashing.ts): this one pins the real
  // cost. A first start checks its printed account at this cost (src/index.process.ts).
  test.concurrent("a password is stored as argon2id at Bun's default cost (64 MiB, 2 passes), the cost an unknown e-mail is checked at", async () => {
    const stored = await productionHashing(() => hashPassword("livro-caixa-2026"));
    const cost = (hash: string) => hash.split("$").slice(1, 4).join("$");
    expect(cost(stored)).toBe("argon2id$v=19$m=65536,t=2,p=1");
    expect(cost(DUMMY_HASH)).toBe(cost(stored));
  });

  test("validates with the form's messages", async () => {
    const response = await login({ email: "não-é-email", password: "" });
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.errors).toEqual({ email: "Email inválido", password: "Senha é obrigatória" });
  });

  test("any malformed body is a 400 in pt-BR, never zod's English", async () => {
    for (const body of [{}, [], "texto", 42, null, { email: 7, password: ["x"] }]) {
      const response = await login(body);
      const answer = await response.json();
      expect({ body, status: response.status }).toEqual({ body, status: 400 });
      expect(JSON.stringify(answer)).not.toMatch(/Invalid|expected/i);
      expect(answer.message).toMatch(/^(Dados inválidos|Email inválido|Senha é obrigatória)$/);
    }
  });

  test("issues a new session id on every login and ends the one it came with", async () => {
    const first = await t.login();
    const again = await t.request("/api/auth/login", { method: "POST", body: ADMIN, cookie: first });
    const second = sessionCookie(again)!;
    expect(second).not.toBe(first);
    expect((await t.request("/api/auth/me", { cookie: first })).status).toBe(401);
    expect((await t.request("/api/auth/me", { cookie: second })).status).toBe(200);
  });
});

describe("throttling", () => {
  // Each test counts attempts from zero: an app of its own.
  test("the sixth attempt after five failures for one e-mail is a 429 that says when to retry", async () => {
    using app = await startTestApp();
    const attempt = () => app.request("/api/auth/login", { method: "POST", body: { email: ADMIN.email, password: "errada" } });
    for (let i = 0; i < 5; i++) expect((await attempt()).status).toBe(401);
    const blocked = await attempt();
    expect(blocked.status).toBe(429);
    expect((await blocked.json()).message).toMatch(/Tente novamente em 15 minutos/);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(800);
    // Even the right password waits: the lock is on the e-mail, not on guessing wrong.
    const right = await app.request("/api/auth/login", { method: "POST", body: ADMIN });
    expect(right.status).toBe(429);
  });

  test("a parallel burst of 40 gets at most 5 passwords checked, and the right one at its end is refused too", async () => {
    using app = await startTestApp();
    const wrong = Array.from({ length: 39 }, (_, i) => ({ email: ADMIN.email, password: `chute-${i}` }));
    const statuses = await Promise.all(
      [...wrong, ADMIN].map(async (body) => (await app.request("/api/auth/login", { method: "POST", body })).status),
    );
    expect(statuses.filter((s) => s === 401).length).toBe(5);
    expect(statuses.filter((s) => s === 429).length).toBe(35);
    expect(statuses.at(-1)).toBe(429);
  });

  test("the address has its own limit: 40 parallel attempts on 40 e-mails get 5 checked", async () => {
    using app = await startTestApp();
    const emails = Array.from({ length: 40 }, (_, i) => `pessoa${i}@cofre.test`);
    for (const email of emails) await addTestUser(app.db, email);
    const statuses = await Promise.all(
      emails.map(async (email) => (await app.request("/api/auth/login", { method: "POST", body: { email, password: "x" } })).status),
    );
    expect(statuses.filter((s) => s === 401).length).toBe(5);
    expect(statuses.filter((s) => s === 429).length).toBe(35);
  });

  test("a success gives its attempt back: signing in does not use up the address's allowance", async () => {
    using app = await startTestApp();
    const others = ["outra0@cofre.test", "outra1@cofre.test", "outra2@cofre.test", "outra3@cofre.test", "ultima@cofre.test"];
    for (const email of others) await addTestUser(app.db, email);
    const fail = (email: string) => app.request("/api/auth/login", { method: "POST", body: { email, password: "x" } });
    for (const email of others.slice(0, 4)) expect((await fail(email)).status).toBe(401);
    for (let i = 0; i < 3; i++) expect((await app.request("/api/auth/login", { method: "POST", body: ADMIN })).status).toBe(200);
    expect((await fail("ultima@cofre.test")).status).toBe(401);
    expect((await app.request("/api/auth/login", { method: "POST", body: ADMIN })).status).toBe(429);
  });

  test("the lock lifts once the 15-minute window has passed", async () => {
    using app = await startTestApp();
    const restore = pinClock("2026-11-21T12:00:00Z");
    try {
      for (let i = 0; i < 5; i++) await app.request("/api/auth/login", { method: "POST", body: { email: ADMIN.email, password: "x" } });
      expect((await app.request("/api/auth/login", { method: "POST", body: ADMIN })).status).toBe(429);
      pinClock("2026-11-21T12:15:01Z");
      expect((await app.request("/api/auth/login", { method: "POST", body: ADMIN })).status).toBe(200);
    } finally {
      restore();
    }
  });
});

describe("sessions", () => {
  test("GET /api/auth/me returns the user with a session and 401 without", async () => {
    const cookie = await t.login();
    const me = await t.request("/api/auth/me", { cookie });
    expect(me.status).toBe(200);
    expect(await me.json()).toEqual({ user: { id: 1, email: ADMIN.email, nome: "", papel: "administrador", trocarSenha: false } });
    const anonymous = await t.request("/api/auth/me");
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ message: "Não autenticado" });
    expect((await t.request("/api/auth/me", { cookie: "cofre_session=forjado" })).status).toBe(401);
  });

  test("logout deletes the session on the server and clears the cookie", async () => {
    const cookie = await t.login();
    const out = await t.request("/api/auth/logout", { method: "POST", cookie });
    expect(out.status).toBe(200);
    expect(out.headers.getSetCookie().join()).toMatch(/cofre_session=;|Max-Age=0|Expires=Thu, 01 Jan 1970/);
    expect((await t.request("/api/auth/me", { cookie })).status).toBe(401);
  });

  test("expires after 30 days unused and slides while in use", async () => {
    const restore = pinClock("2026-01-01T10:00:00Z");
    try {
      const cookie = await t.login();
      pinClock("2026-01-20T10:00:00Z");
      const used = await t.request("/api/auth/me", { cookie });
      expect(used.status).toBe(200);
      // Used on day 19: the cookie is re-sent with a new 30-day lifetime.
      const renewed = used.headers.getSetCookie().find((c) => c.startsWith("cofre_session="));
      expect(renewed).toContain(new Date(Date.parse("2026-01-20T10:00:00Z") + SESSION_TTL_MS).toUTCString());
      pinClock("2026-02-15T10:00:00Z"); // 46 days after login, 26 after last use
      expect((await t.request("/api/auth/me", { cookie })).status).toBe(200);
      pinClock("2026-03-18T10:00:00Z"); // 31 days after last use
      expect((await t.request("/api/auth/me", { cookie })).status).toBe(401);
    } finally {
      restore();
    }
  });

  test("COOKIE_SECURE=true marks the cookie Secure; auto does so over https", async () => {
    {
      using secure = await startTestApp({ COOKIE_SECURE: "true" });
      const response = await secure.request("/api/auth/login", { method: "POST", body: ADMIN });
      expect(response.headers.getSetCookie()[0]).toContain("Secure");
    }
    const viaProxy = await login(ADMIN, { "x-forwarded-proto": "https" });
    expect(viaProxy.headers.getSetCookie()[0]).toContain("Secure");
  });
});

describe("cross-site requests", () => {
  test("a state-changing request with a foreign Origin is refused with 403", async () => {
    const cookie = await t.login();
    const foreign = await t.request("/api/auth/logout", { method: "POST", cookie, headers: { origin: "https://evil.example" } });
    expect(foreign.status).toBe(403);
    expect((await foreign.json()).message).toBe("Origem da requisição não permitida");
    expect((await t.request("/api/auth/me", { cookie })).status).toBe(200);
    const same = await t.request("/api/auth/logout", { method: "POST", cookie, headers: { origin: "http://cofre.test" } });
    expect(same.status).toBe(200);
  });

  test("a foreign Origin cannot even attempt a login", async () => {
    expect((await login(ADMIN, { origin: "https://evil.example" })).status).toBe(403);
  });

  test("without PUBLIC_URL the Origin must be the request's own scheme://host:port", async () => {
    const cookie = await t.login();
    const post = (origin: string, headers: Record<string, string> = {}) =>
      t.request("/api/auth/logout", { method: "POST", cookie, headers: { origin, ...headers } });
    expect((await post("https://cofre.test")).status).toBe(403); // served over http
    expect((await post("http://cofre.test:8080")).status).toBe(403);
    expect((await post("http://cofre.test.evil.example")).status).toBe(403);
    expect((await post("null")).status).toBe(403);
    // Behind a TLS-terminating proxy that keeps Host and says X-Forwarded-Proto: https.
    expect((await post("https://cofre.test", { "x-forwarded-proto": "https" })).status).toBe(200);
  });

  test("with PUBLIC_URL the Origin must be exactly it, whatever Host the proxy sends", async () => {
    using app = await startTestApp({ PUBLIC_URL: "https://cofre.empresa.com.br" });
    const cookie = await app.login();
    const post = (origin: string) => app.request("/api/auth/me", { method: "GET", cookie }).then(() =>
      app.request("/api/auth/logout", { method: "POST", cookie, headers: { origin, host: "127.0.0.1:3000" } }));
    expect((await post("http://cofre.test")).status).toBe(403);
    expect((await post("http://cofre.empresa.com.br")).status).toBe(403);
    expect((await post("https://cofre.empresa.com.br:8443")).status).toBe(403);
    expect((await post("https://cofre.empresa.com.br")).status).toBe(200);
    // An https PUBLIC_URL marks the cookie Secure even though the proxy speaks http to us.
    const signedIn = await app.request("/api/auth/login", { method: "POST", body: ADMIN, headers: { origin: "https://cofre.empresa.com.br" } });
    expect(signedIn.headers.getSetCookie()[0]).toContain("Secure");
  });
});

describe("POST /login (the login form: no island, the server answers)", () => {
  const f = useTestApp({ signIn: false });
  beforeAll(async () => {
    for (const email of ["maria@cofre.test", "ana@cofre.test"]) await addTestUser(f.db, email);
  });
  const post = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
    f.request("/login", {
      method: "POST",
      rawBody: new URLSearchParams(fields).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    });

  /** The answer's HTML as a browser reads it. */
  const parsed = async (response: Response) => {
    // A template's content is inert: its stylesheet and scripts are not fetched.
    const page = document.createElement("template");
    page.innerHTML = await response.text();
    return page.content;
  };

  test("the right password signs in and goes to the dashboard with a working session", async () => {
    const response = await post(ADMIN);
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/");
    // SPEC §8's success toast, for the next page's Toaster: readable by its script, a minute at most.
    const flash = response.headers.getSetCookie().find((c) => c.startsWith("cofre_flash="))!;
    expect(flash).toStartWith("cofre_flash=login;");
    expect(flash).toContain("Max-Age=60");
    expect(flash).not.toContain("HttpOnly");
    const cookie = sessionCookie(response)!;
    expect((await f.request("/", { cookie })).status).toBe(200);
    const events = f.db.$client.query("select action from history_events where action like 'sign_in%'").all();
    expect(events).toEqual([{ action: "sign_in" }]);
  });

  test("a wrong password is the login page again, saying why, with the e-mail kept and no session", async () => {
    const response = await post({ email: "maria@cofre.test", password: "errada" });
    expect(response.status).toBe(401);
    expect(response.headers.get("content-type")).toContain("text/html");
    expect(sessionCookie(response)).toBeNull();
    expect(response.headers.getSetCookie().some((c) => c.startsWith("cofre_flash="))).toBe(false);
    const doc = await parsed(response);
    // SPEC §8: a destructive toast titled "Erro no login" with the server's message.
    const toast = doc.querySelector(".ui-toast--destructive[role=alert]")!;
    expect(toast.querySelector(".ui-toast__title")!.textContent).toBe("Erro no login");
    expect(toast.querySelector(".ui-toast__description")!.textContent).toBe("Credenciais inválidas");
    expect(doc.querySelector<HTMLInputElement>("input[name=email]")!.getAttribute("value")).toBe("maria@cofre.test");
    expect(doc.querySelector("input[name=password]")!.hasAttribute("value")).toBe(false);
    expect(doc.querySelector("input[name=password]")!.hasAttribute("autofocus")).toBe(true);
    expect(new XMLSerializer().serializeToString(doc)).not.toContain("errada");
  });

  test("fields the schema refuses: SPEC's messages under them, wired for screen readers, and no toast", async () => {
    const response = await post({ email: "nada", password: "" });
    expect(response.status).toBe(400);
    const doc = await parsed(response);
    const message = (name: string) => {
      const input = doc.querySelector(`input[name=${name}]`)!;
      expect(input.getAttribute("aria-invalid")).toBe("true");
      return doc.getElementById(input.getAttribute("aria-describedby")!)!.textContent;
    };
    expect(message("email")).toBe("Email inválido");
    expect(message("password")).toBe("Senha é obrigatória");
    expect(doc.querySelector("input[name=email]")!.hasAttribute("autofocus")).toBe(true);
    expect(doc.querySelector("[role=alert].ui-toast")).toBeNull();
  });

  test("the page ships no React: no island, one small script of its own (all its JS under 5 KB gzipped)", async () => {
    const doc = await parsed(await f.request("/login"));
    expect(doc.querySelector("[data-island]")).toBeNull();
    expect([...doc.querySelectorAll("script[src]")].map((el) => el.getAttribute("src"))).toEqual([expect.stringMatching(/^\/assets\/login-[a-z0-9]+\.js$/)]);
    const urls = [...doc.querySelectorAll("script[src], link[rel=modulepreload]")].map((el) => el.getAttribute("src") ?? el.getAttribute("href")!);
    let bytes = 0;
    for (const url of urls) {
      const asset = await f.request(url, { headers: { "accept-encoding": "gzip" } });
      expect(asset.headers.get("content-encoding")).toBe("gzip");
      bytes += (await asset.arrayBuffer()).byteLength;
    }
    expect(bytes).toBeLessThan(5 * 1024);
  });

  test("the form shares the limit: after five failures the page says when to retry (429, Retry-After)", async () => {
    for (let i = 0; i < 4; i++) expect((await post({ email: "ana@cofre.test", password: "errada" })).status).toBe(401);
    const limited = await post({ email: "ana@cofre.test", password: "errada" });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await limited.text()).toContain("Muitas tentativas de login");
  });

  test("a foreign Origin cannot post the form", async () => {
    expect((await post(ADMIN, { origin: "https://evil.example" })).status).toBe(403);
  });
});
