import { describe, expect, test } from "bun:test";
import { PADARIA, startTestApp, useTestApp } from "../../tests/support";

const t = useTestApp();

const EVERYWHERE = { "x-content-type-options": "nosniff", "referrer-policy": "same-origin" };
const headersOf = (response: Response, names: string[]) => Object.fromEntries(names.map((n) => [n, response.headers.get(n)]));

describe("security headers", () => {
  test("every kind of answer carries nosniff and same-origin referrers", async () => {
    const css = (await (await t.request("/login")).text()).match(/\/assets\/[^"]+\.css/)![0];
    const answers: [string, Response][] = [
      ["login page", await t.request("/login")],
      ["signed-in page", await t.api("/clients")],
      ["redirect", await t.request("/clients")],
      ["API", await t.api("/api/clients")],
      ["API 401", await t.request("/api/clients")],
      ["API 404", await t.api("/api/nada")],
      ["API 400", await t.api("/api/clients", { method: "POST", rawBody: "{" })],
      ["page 404", await t.api("/nada")],
      ["asset", await t.request(css)],
      ["asset 404", await t.request("/assets/nao-existe.js")],
      ["health", await t.request("/healthz")],
    ];
    for (const [what, response] of answers) {
      expect({ what, ...headersOf(response, Object.keys(EVERYWHERE)) }).toEqual({ what, ...EVERYWHERE });
    }
  });

  test("pages allow only this origin's code and cannot be framed", async () => {
    for (const response of [await t.request("/login"), await t.api("/clients"), await t.api("/nada")]) {
      const csp = response.headers.get("content-security-policy") ?? "";
      for (const directive of ["default-src 'self'", "script-src 'self'", "style-src 'self'", "connect-src 'self'", "frame-ancestors 'none'"])
        expect(csp).toContain(directive);
      // Nothing inline: no script, no <style>, no style attribute (see security.ts).
      expect(csp).not.toContain("unsafe-");
      expect(response.headers.get("x-frame-options")).toBe("DENY");
    }
  });

  test("a page has no inline script: only scripts with src and JSON data blocks", async () => {
    for (const path of ["/login", "/", "/clients", "/suppliers", "/partners"]) {
      const html = await (await t.request(path, { cookie: path === "/login" ? undefined : t.cookie })).text();
      const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1]!);
      expect(scripts.length).toBeGreaterThan(0);
      for (const attributes of scripts) expect({ path, ok: /\bsrc="\/assets\//.test(attributes) || /type="application\/json"/.test(attributes) }).toEqual({ path, ok: true });
      expect({ path, handlers: html.match(/\son[a-z]+="/g) ?? [] }).toEqual({ path, handlers: [] });
    }
  });

  test("API answers and signed-in pages are never stored; hashed assets stay cacheable", async () => {
    const css = (await (await t.request("/login")).text()).match(/\/assets\/[^"]+\.css/)![0];
    expect((await t.api("/api/clients")).headers.get("cache-control")).toBe("no-store");
    expect((await t.request("/api/auth/me")).headers.get("cache-control")).toBe("no-store");
    expect((await t.api("/api/clients", { method: "POST", body: {} })).headers.get("cache-control")).toBe("no-store");
    expect((await t.api("/clients")).headers.get("cache-control")).toBe("no-store");
    expect((await t.api("/clients", { headers: { "accept-encoding": "gzip" } })).headers.get("cache-control")).toBe("no-store");
    expect((await t.request(css)).headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });
});

describe("error answers", () => {
  test("a 2 MB body is a 413 with a pt-BR JSON message, declared or streamed", async () => {
    const big = JSON.stringify({ ...PADARIA, nome: "x".repeat(2 * 1024 * 1024) });
    const declared = await t.api("/api/clients", { method: "POST", rawBody: big, headers: { "content-length": String(big.length) } });
    expect(declared.status).toBe(413);
    expect(await declared.json()).toEqual({ message: "Requisição muito grande (limite de 64 KB)" });
    const bytes = new TextEncoder().encode(big);
    const stream = new ReadableStream({
      start(controller) {
        for (let i = 0; i < bytes.length; i += 64 * 1024) controller.enqueue(bytes.slice(i, i + 64 * 1024));
        controller.close();
      },
    });
    const streamed = await t.app.handle(
      new Request("http://cofre.test/api/clients", { method: "POST", body: stream, headers: { host: "cofre.test", cookie: t.cookie, "content-type": "application/json" } }),
    );
    expect(streamed.status).toBe(413);
    expect((await streamed.json()).message).toBe("Requisição muito grande (limite de 64 KB)");
  });

  test("without a session the answer is 401 whatever the body: it is not even read", async () => {
    for (const rawBody of ["{", JSON.stringify({ nome: "x".repeat(2 * 1024 * 1024) }), JSON.stringify(PADARIA)]) {
      const response = await t.request("/api/clients", { method: "POST", rawBody });
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ message: "Não autenticado" });
    }
  });

  test("an unknown asset is a plain pt-BR 404; unknown routes answer JSON under /api and HTML elsewhere", async () => {
    const asset = await t.request("/assets/nao-existe.js");
    expect(asset.status).toBe(404);
    expect(asset.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(await asset.text()).toBe("Arquivo não encontrado");
    const api = await t.api("/api/nada", { method: "POST", body: {} });
    expect([api.status, await api.json()]).toEqual([404, { message: "Recurso não encontrado" }]);
    const page = await t.api("/nada/mesmo");
    expect(page.status).toBe(404);
    expect(await page.text()).toContain("Página não encontrada");
  });
});

describe("GET /healthz", () => {
  test("answers {ok:true} without a session", async () => {
    const response = await t.request("/healthz");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
  });

  test("reads the database: with the database gone it is not ok", async () => {
    using app = await startTestApp();
    const original = console.error;
    console.error = () => {};
    try {
      app.db.$client.close();
      const response = await app.request("/healthz");
      expect(response.status).toBe(500);
      expect(await response.json()).toEqual({ message: "Erro interno" });
    } finally {
      console.error = original;
    }
  });
});
