// Issue 31 item 17: a trailing slash never changes the answer. Every route the app registers is
// asked with and without one — by a signed-in administrator (a write with a harmless bad body)
// and by a visitor — and must answer the same status; the statement upload keeps its own 5 MB
// limit through `/api/statements/`, where it refused every file before.
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { canonicalPath } from "../src/http/paths";
import { addTestUser, ORIGIN, useTestApp } from "./support";

const t = useTestApp({ now: "2026-11-16T10:00:00-03:00" });
const FIXTURES = join(import.meta.dir, "fixtures", "ofx");

/** Every route as registered, canonical (`.get("/")` under a prefix registers `/api/clients/`). */
const routes = () => [...new Map(t.app.routes.map((r) => [`${r.method} ${canonicalPath(r.path)}`, { method: r.method, pattern: canonicalPath(r.path) }])).values()];

/** A request path for a route pattern: every parameter an id that does not exist (the handler's 404 is fine here). */
const pathOf = (pattern: string) => pattern.replace(/:[a-zA-Z]+/g, (param) => (param === ":month" ? "2026-11" : param === ":name" ? "nao-existe.js" : "999999"));

/** Status (and, for a redirect, where it leads) of one request: what must not depend on the slash. */
async function outcome(method: string, path: string, cookie?: string): Promise<string> {
  const response = await t.request(path, { method, cookie, ...(method === "GET" ? {} : { body: { x: 1 } }) });
  const location = response.headers.get("location");
  // A JSON error says why: the same words with or without the slash.
  const message = response.headers.get("content-type")?.includes("json") && response.status >= 400 ? ` ${(await response.json()).message}` : "";
  return `${response.status}${location ? ` → ${location}` : ""}${message}`;
}

describe("a trailing slash", () => {
  test("changes no route's answer for a signed-in administrator (writes with a harmless bad body)", async () => {
    const cookie = await t.login();
    const differences: string[] = [];
    const seen: string[] = [];
    for (const { method, pattern } of routes()) {
      // Signing out ends the session the other requests use: it has its own test below.
      if (pattern === "/logout" || pattern === "/api/auth/logout" || pattern === "/") continue;
      const path = pathOf(pattern);
      const plain = await outcome(method, path, cookie);
      const slashed = await outcome(method, `${path}/`, cookie);
      seen.push(`${method} ${pattern}`);
      if (plain !== slashed) differences.push(`${method} ${path}: ${plain} | ${path}/: ${slashed}`);
    }
    expect(seen.length).toBeGreaterThan(80);
    expect(differences).toEqual([]);
  });

  test("changes nothing for a visitor: the public routes stay public, the others ask for a session alike", async () => {
    const differences: string[] = [];
    for (const { method, pattern } of routes()) {
      if (pattern === "/") continue;
      const path = pathOf(pattern);
      const plain = await outcome(method, path);
      const slashed = await outcome(method, `${path}/`);
      if (plain !== slashed) differences.push(`${method} ${path}: ${plain} | ${path}/: ${slashed}`);
    }
    expect(differences).toEqual([]);
    expect((await t.request("/healthz/")).status).toBe(200);
    expect((await t.request("/login/")).status).toBe(200);
  });

  test("signing in and out through /api/auth/login/ and /api/auth/logout/", async () => {
    await addTestUser(t.db, "outra@equipe.test", "senha-de-teste-longa");
    const login = await t.request("/api/auth/login/", { method: "POST", body: { email: "outra@equipe.test", password: "senha-de-teste-longa" } });
    expect(login.status).toBe(200);
    const cookie = login.headers.get("set-cookie")!.split(";")[0]!;
    expect((await t.request("/api/auth/me/", { cookie })).status).toBe(200);
    expect((await t.request("/api/auth/logout/", { method: "POST", cookie })).status).toBe(200);
    expect((await t.request("/api/auth/me", { cookie })).status).toBe(401);
  });

  test("the statement upload through /api/statements/ takes a real OFX file (multipart or raw) and keeps its 5 MB limit", async () => {
    const cookie = await t.login();
    const file = readFileSync(join(FIXTURES, "sgml-1252.ofx"));
    const form = new FormData();
    form.append("arquivo", new File([file], "itau.ofx", { type: "application/x-ofx" }));
    const multipart = await t.app.handle(new Request(`${ORIGIN}/api/statements/`, { method: "POST", headers: { cookie, host: "cofre.test" }, body: form }));
    expect(multipart.status).toBe(201);
    expect(await multipart.json()).toMatchObject({ banco: "341", novas: 3 });
    const raw = await t.app.handle(
      new Request(`${ORIGIN}/api/statements/?arquivo=xml.ofx`, {
        method: "POST",
        headers: { cookie, host: "cofre.test", "content-type": "application/octet-stream" },
        body: readFileSync(join(FIXTURES, "xml-utf8.ofx")),
      }),
    );
    expect(raw.status).toBe(201);
    const statements = (await (await t.request("/api/statements/", { cookie })).json()) as { arquivo: string }[];
    expect(statements.map((s) => s.arquivo).sort()).toEqual(["itau.ofx", "xml.ofx"]);
    // Above 64 KB and under 5 MB is the file's size, not the JSON limit: read as a statement.
    const padded = new Uint8Array(200 * 1024).fill(32);
    const big = await t.app.handle(new Request(`${ORIGIN}/api/statements/`, { method: "POST", headers: { cookie, host: "cofre.test", "content-type": "application/octet-stream" }, body: padded }));
    expect(big.status).toBe(400);
    expect((await big.json()).message).toStartWith("Não foi possível ler o extrato: ");
    const huge = await t.app.handle(new Request(`${ORIGIN}/api/statements/`, { method: "POST", headers: { cookie, host: "cofre.test", "content-type": "application/octet-stream" }, body: new Uint8Array(6 * 1024 * 1024).fill(65) }));
    expect(huge.status).toBe(413);
    expect((await huge.json()).message).toBe("Arquivo muito grande: o limite é 5 MB");
  });

  test("a JSON route keeps its 64 KB limit with the slash", async () => {
    const cookie = await t.login();
    for (const path of ["/api/clients", "/api/clients/"]) {
      const response = await t.request(path, { method: "POST", cookie, rawBody: JSON.stringify({ nome: "x".repeat(70 * 1024) }) });
      expect({ path, status: response.status }).toEqual({ path, status: 413 });
    }
  });
});
