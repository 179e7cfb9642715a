import { describe, expect, test } from "bun:test";
import { Elysia } from "elysia";
import { useTestApp, whileLocked } from "../tests/support";
import { errorHandling } from "./http/errors";

// t.cookie is the file's session; a test that ends its session or pins the clock signs in itself.
const t = useTestApp();

const PUBLIC_API = new Set(["POST /api/auth/login"]);

describe("every API route needs a session", () => {
  test("each registered /api route answers 401 JSON without one (enumerated, so none is forgotten)", async () => {
    const routes = t.app.routes.filter((r) => r.path.startsWith("/api/") && !PUBLIC_API.has(`${r.method} ${r.path}`));
    expect(routes.length).toBeGreaterThan(15);
    for (const route of routes) {
      const path = route.path.replace(/:\w+/g, "1");
      const response = await t.request(path, { method: route.method, body: route.method === "GET" ? undefined : {} });
      expect({ route: `${route.method} ${route.path}`, status: response.status }).toEqual({
        route: `${route.method} ${route.path}`,
        status: 401,
      });
      expect(await response.json()).toEqual({ message: "Não autenticado" });
    }
  });
});

describe("pages", () => {
  test("every page except /login redirects a visitor without a session to /login", async () => {
    const pages = t.app.routes.filter((r) => r.method === "GET" && !r.path.startsWith("/api/") && !r.path.startsWith("/assets/"));
    // The client's page (/c/{token}…, DECISIONS §12) is public: its token is the key.
    const gated = pages.filter((r) => !["/login", "/favicon.ico", "/healthz"].includes(r.path) && !r.path.startsWith("/c/"));
    expect(gated.map((r) => r.path)).toContain("/");
    expect(gated.map((r) => r.path)).toContain("/clients");
    for (const page of gated) {
      const response = await t.request(page.path);
      expect({ page: page.path, status: response.status, location: response.headers.get("location") }).toEqual({
        page: page.path,
        status: 302,
        location: "/login",
      });
    }
  });

  test("/login shows the form to a visitor and sends a signed-in user home", async () => {
    const visitor = await t.request("/login");
    expect(visitor.status).toBe(200);
    const html = await visitor.text();
    expect(html).toContain("Sistema de Controle de Assinaturas");
    expect(html).toMatch(/<input[^>]*name="email"/);
    expect(html).not.toContain("data-island=");
    expect(html).toContain("<title>Entrar · Cofre</title>");
    // A plain form post: the password never goes in a URL.
    expect(html).toMatch(/<form[^>]*method="post"/);
    const signedIn = await t.request("/login", { cookie: t.cookie });
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get("location")).toBe("/");
  });

  test("the shell shows the user's e-mail and every menu entry", async () => {
    const html = await (await t.request("/", { cookie: t.cookie })).text();
    expect(html).toContain("financeiro@cofre.test");
    for (const label of ["Dashboard", "Clientes", "Contas a Receber", "Gerar Parcelas CR", "Fornecedores", "Contas a Pagar", "Gerar Parcelas CP", "Parceiros", "Relatórios", "Sair"])
      expect(html).toContain(`>${label}<`);
  });

  test("a GET never signs out: /login?saiu=1 (or an <img> pointing at it) leaves the session alone", async () => {
    const cookie = t.cookie;
    const response = await t.request("/login?saiu=1", { cookie });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/");
    expect(response.headers.getSetCookie()).toEqual([]);
    expect((await t.request("/api/auth/me", { cookie })).status).toBe(200);
    expect((await t.request("/logout", { cookie })).status).toBe(404);
  });

  test("Sair is a form posting /logout: it ends the session and sends the browser to /login (303)", async () => {
    const cookie = await t.login();
    const html = await (await t.request("/", { cookie })).text();
    const form = html.match(/<form[^>]*action="\/logout"[^>]*>/)?.[0] ?? "";
    expect(form).toContain('method="post"');
    const response = await t.request("/logout", {
      method: "POST",
      cookie,
      rawBody: "",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://cofre.test" },
    });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/login");
    expect(response.headers.getSetCookie().join()).toMatch(/cofre_session=;.*Expires=Thu, 01 Jan 1970/);
    expect((await t.request("/api/auth/me", { cookie })).status).toBe(401);
    // Without a session (already signed out elsewhere) it still lands on /login.
    const again = await t.request("/logout", { method: "POST", cookie });
    expect([again.status, again.headers.get("location")]).toEqual([303, "/login"]);
  });

  test("Sair while another process holds the database: refused whole (503, Retry-After), still signed in; once free it signs out", async () => {
    const cookie = await t.login();
    const sair = () =>
      t.request("/logout", { method: "POST", cookie, rawBody: "", headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://cofre.test" } });
    await whileLocked(t, async () => {
      const busy = await sair();
      expect([busy.status, busy.headers.get("retry-after")]).toEqual([503, "1"]);
      // Not half signed out: the cookie is kept and the session still works.
      expect(busy.headers.getSetCookie()).toEqual([]);
      expect((await t.request("/api/auth/me", { cookie })).status).toBe(200);
    });
    const out = await sair();
    expect([out.status, out.headers.get("location")]).toEqual([303, "/login"]);
    expect((await t.request("/api/auth/me", { cookie })).status).toBe(401);
  });
});

describe("assets", () => {
  test("the stylesheet and scripts are served gzipped with immutable caching", async () => {
    const html = await (await t.request("/login")).text();
    const urls = [...html.matchAll(/(?:href|src)="(\/assets\/[^"]+)"/g)].map((m) => m[1]!);
    expect(urls.some((u) => u.endsWith(".css"))).toBe(true);
    expect(urls.some((u) => u.endsWith(".js"))).toBe(true);
    for (const url of urls) {
      const response = await t.request(url, { headers: { "accept-encoding": "gzip, br" } });
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(response.headers.get("content-encoding")).toBe("gzip");
    }
    expect((await t.request("/assets/nao-existe.js")).status).toBe(404);
  });

  test("no browser bundle carries server code", async () => {
    const html = await (await t.request("/clients", { cookie: t.cookie })).text();
    const scripts = [...html.matchAll(/href="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
    for (const url of scripts) {
      const text = await (await t.request(url)).text();
      expect({ url, server: /bun:sqlite|drizzle-orm|new Elysia|Bun\.password/.test(text) }).toEqual({ url, server: false });
    }
  });
});

describe("errors", () => {
  test("an unknown API route is a 404 JSON in pt-BR", async () => {
    const response = await t.request("/api/nada", { cookie: t.cookie });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: "Recurso não encontrado" });
  });

  test("an unknown page is a 404 page", async () => {
    const response = await t.request("/nada", { cookie: t.cookie });
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toContain("text/html");
  });

  test("an unexpected exception answers 500 'Erro interno' without a stack, and is logged", async () => {
    const logged: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => logged.push(args);
    try {
      const app = new Elysia().use(errorHandling).get("/api/quebra", () => {
        throw new Error("segredo interno em /home/app/src/x.ts:12");
      });
      const response = await app.handle(new Request("http://cofre.test/api/quebra"));
      expect(response.status).toBe(500);
      const body = await response.text();
      expect(JSON.parse(body)).toEqual({ message: "Erro interno" });
      expect(body).not.toContain("segredo");
      expect(logged.length).toBe(1);
    } finally {
      console.error = original;
    }
  });

  test("invalid JSON is a 400 and an oversize body a 413, both JSON", async () => {
    const cookie = t.cookie;
    const bad = await t.request("/api/clients", { method: "POST", rawBody: "{nome:", cookie });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ message: "JSON inválido no corpo da requisição" });
    const huge = await t.request("/api/clients", { method: "POST", rawBody: JSON.stringify({ nome: "x".repeat(70_000) }), cookie });
    expect(huge.status).toBe(413);
    expect((await huge.json()).message).toContain("64 KB");
  });
});

describe("compression", () => {
  test("large JSON and pages are gzipped when the browser accepts it, and keep the session cookie", async () => {
    const { pinClock } = await import("./lib/clock");
    const restore = pinClock("2026-01-01T10:00:00Z");
    try {
      const cookie = await t.login();
      for (let i = 0; i < 100; i++)
        t.db.$client.run("insert into partners (nome, empresa, email, telefone) values (?, 'Empresa', 'p@cofre.test', '11912345678')", [`Parceiro ${i}`]);
      pinClock("2026-01-05T10:00:00Z"); // old enough for the session to slide
      const gz = await t.request("/api/partners", { cookie, headers: { "accept-encoding": "gzip, br" } });
      expect(gz.headers.get("content-encoding")).toBe("gzip");
      expect(gz.headers.getSetCookie()[0]).toStartWith("cofre_session=");
      const rows = JSON.parse(new TextDecoder().decode(Bun.gunzipSync(new Uint8Array(await gz.arrayBuffer()))));
      expect(rows.length).toBeGreaterThanOrEqual(100);
      const plain = await t.request("/api/partners", { cookie });
      expect(plain.headers.get("content-encoding")).toBeNull();
      expect((await plain.json()).length).toBe(rows.length);
      const page = await t.request("/partners", { cookie, headers: { "accept-encoding": "gzip" } });
      expect(page.headers.get("content-encoding")).toBe("gzip");
      const small = await t.request("/api/auth/me", { cookie, headers: { "accept-encoding": "gzip" } });
      expect(small.headers.get("content-encoding")).toBeNull();
    } finally {
      restore();
    }
  });
});
