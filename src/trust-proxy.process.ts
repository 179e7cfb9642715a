// TRUST_PROXY through a real Caddy (issue 31 §12, DECISIONS §1 and §4): `cofre serve` behind
// Debian's caddy on loopback, as docs/operations.md's recipe runs it. Clients are told apart by
// the loopback address curl sends from (127.0.0.2, 127.0.0.3…): Caddy writes that peer into
// X-Forwarded-For, as it would a remote browser's.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { closeDatabase, openDatabase } from "../db/client";
import { SYSTEM } from "./api/history/record";
import { insertUser } from "./api/auth/service";
import { databaseWithUser, startCofre, type ServedProcess } from "../tests/serve";
import { ADMIN, testPasswordHash } from "../tests/support";

const CADDY = "/usr/bin/caddy";
const haveCaddy = existsSync(CADDY) || Bun.which("caddy") !== null;
if (!haveCaddy) console.warn("trust-proxy.process.ts: caddy is not installed (Debian package `caddy`): the tests through a real reverse proxy are skipped");

const OTHER = { email: "outra.pessoa@cofre.test", password: "outra-senha-bem-forte" };
const GUESSED = Array.from({ length: 15 }, (_, i) => `conta${i + 1}@cofre.test`);
const dir = mkdtempSync(join(tmpdir(), "cofre-proxy-"));
const started: ServedProcess[] = [];
let caddy: Bun.Subprocess | null = null;

afterAll(async () => {
  for (const server of started) {
    server.proc.kill();
    await server.proc.exited;
  }
  if (caddy) {
    caddy.kill();
    await caddy.exited;
  }
  rmSync(dir, { recursive: true, force: true });
});

/** A server on its own database (ADMIN and OTHER, cheap hashes), with `env`. */
async function serve(name: string, env: Record<string, string>): Promise<ServedProcess & { databasePath: string }> {
  const databasePath = await databaseWithUser(join(dir, `${name}.db`), ADMIN);
  const db = openDatabase(databasePath);
  // Known accounts to guess wrong on: an unknown e-mail is checked against a production-strength hash (~0.1 s each).
  for (const email of [OTHER.email, ...GUESSED]) insertUser(db, SYSTEM, email, await testPasswordHash(OTHER.password));
  closeDatabase(db);
  const server = await startCofre({ DATABASE_PATH: databasePath, ...env }, dir);
  started.push(server);
  return { ...server, databasePath };
}

/** A free loopback port (the kernel's choice, given back at once for caddy to take). */
function freePort(): number {
  const listener = Bun.listen({ hostname: "127.0.0.1", port: 0, socket: { data() {} } });
  const { port } = listener;
  listener.stop(true);
  return port;
}

/** Caddy on 127.0.0.1 in front of each upstream: one port each. Resolves once every one answers /healthz. */
async function startCaddy(upstreams: string[]): Promise<string[]> {
  const ports = upstreams.map(() => freePort());
  const sites = upstreams.map((upstream, i) => `:${ports[i]} {\n\tbind 127.0.0.1\n\treverse_proxy ${new URL(upstream).host}\n}`);
  const caddyfile = join(dir, "Caddyfile");
  writeFileSync(caddyfile, `{\n\tadmin off\n\tauto_https off\n}\n${sites.join("\n")}\n`);
  caddy = Bun.spawn([CADDY, "run", "--config", caddyfile, "--adapter", "caddyfile"], {
    env: { PATH: process.env.PATH!, HOME: dir, XDG_DATA_HOME: join(dir, "data"), XDG_CONFIG_HOME: join(dir, "config") },
    stdout: "ignore",
    stderr: "pipe",
  });
  const urls = ports.map((port) => `http://127.0.0.1:${port}`);
  for (const url of urls) {
    for (;;) {
      if (caddy.exitCode !== null) throw new Error(`caddy stopped: ${await new Response(caddy.stderr as ReadableStream).text()}`);
      const ok = await Bun.fetch(`${url}/healthz`).then((r) => r.ok, () => false);
      if (ok) break;
      await Bun.sleep(50);
    }
  }
  return urls;
}

/** POST /api/auth/login with curl from `from` (a loopback address), with an X-Forwarded-For of its own when given: the status. */
async function signIn(url: string, from: string, credentials: { email: string; password: string }, forwardedFor?: string): Promise<number> {
  return (await signInAnswer(url, from, credentials, forwardedFor)).status;
}

/** The same, with the session cookie it set (if any). */
async function signInAnswer(url: string, from: string, credentials: { email: string; password: string }, forwardedFor?: string): Promise<{ status: number; cookie: string | null }> {
  const curl = Bun.spawn(
    [
      "curl", "-s", "-o", "/dev/null", "-D", "-", "-w", "\n%{http_code}", "--interface", from,
      "-H", "content-type: application/json",
      ...(forwardedFor ? ["-H", `X-Forwarded-For: ${forwardedFor}`] : []),
      "--data", JSON.stringify(credentials), `${url}/api/auth/login`,
    ],
    { stdout: "pipe", stderr: "pipe" },
  );
  const [out, code] = [await new Response(curl.stdout).text(), await curl.exited];
  if (code !== 0) throw new Error(`curl from ${from}: exit ${code} ${await new Response(curl.stderr).text()}`);
  const cookie = out.match(/^set-cookie: (cofre_session=[^;]+)/im)?.[1] ?? null;
  return { status: Number(out.trim().split("\n").pop()), cookie };
}

const wrong = (email: string) => ({ email, password: "nao-e-a-senha-certa" });

/** The sign-in form (POST /login, what the login page sends) with curl from `from`: the status (303 signed in, else the page again). */
async function signInWithForm(url: string, from: string, credentials: { email: string; password: string }): Promise<number> {
  const curl = Bun.spawn(
    ["curl", "-s", "-o", "/dev/null", "-w", "%{http_code}", "--interface", from, "-H", `origin: ${url}`, "--data-urlencode", `email=${credentials.email}`, "--data-urlencode", `password=${credentials.password}`, `${url}/login`],
    { stdout: "pipe", stderr: "pipe" },
  );
  const [out, code] = [await new Response(curl.stdout).text(), await curl.exited];
  if (code !== 0) throw new Error(`curl from ${from}: exit ${code} ${await new Response(curl.stderr).text()}`);
  return Number(out);
}

/** The addresses the history recorded for sign-ins (DECISIONS §6), in order. */
function recordedAddresses(databasePath: string): { action: string; endereco: string }[] {
  const db = new Database(databasePath, { readonly: true });
  try {
    const rows = db.query("SELECT action, details FROM history_events WHERE action IN ('sign_in', 'sign_in_failed') ORDER BY id").all() as { action: string; details: string }[];
    return rows.map((r) => ({ action: r.action, endereco: JSON.parse(r.details).endereco }));
  } finally {
    db.close();
  }
}

describe.skipIf(!haveCaddy)("behind Caddy (TRUST_PROXY)", () => {
  type Served = ServedProcess & { databasePath: string };
  let trusting: Promise<Served>, plain: Promise<Served>, proxied: Promise<string[]>;
  beforeAll(() => {
    // Both servers and one caddy start together; each test awaits what it uses.
    trusting = serve("trusting", { TRUST_PROXY: "127.0.0.1" });
    plain = serve("plain", {});
    proxied = Promise.all([trusting, plain]).then(([a, b]) => startCaddy([a.url, b.url]));
    proxied.catch(() => {}); // each test reports it
  });

  test("with TRUST_PROXY=127.0.0.1: five wrong guesses from one client lock that client only; another client signs in, and the history names each client", async () => {
    const [{ databasePath }, [viaCaddy]] = await Promise.all([trusting, proxied]);
    // Client A guesses five accounts wrong, then is refused even with the right password.
    for (let i = 1; i <= 5; i++) expect(await signIn(viaCaddy!, "127.0.0.2", wrong(GUESSED[i]!))).toBe(401);
    expect(await signIn(viaCaddy!, "127.0.0.2", ADMIN)).toBe(429);
    // Client B, behind the same proxy, is not A.
    const b = await signInAnswer(viaCaddy!, "127.0.0.3", ADMIN);
    expect(b.status).toBe(200);
    // Minha conta's sessions list names B's address, not the proxy's.
    const sessions = (await (await Bun.fetch(`${viaCaddy}/api/auth/sessions`, { headers: { cookie: b.cookie! } })).json()) as { endereco: string | null; atual: boolean }[];
    expect(sessions.map((s) => [s.endereco, s.atual])).toEqual([["127.0.0.3", true]]);
    const recorded = recordedAddresses(databasePath);
    expect(recorded.filter((r) => r.action === "sign_in_failed").map((r) => r.endereco)).toEqual(Array(5).fill("127.0.0.2"));
    expect(recorded.filter((r) => r.action === "sign_in").map((r) => r.endereco)).toEqual(["127.0.0.3"]);
  });

  test("with TRUST_PROXY: the sign-in form counts and records the client's address too (the login page's own path)", async () => {
    const [{ databasePath }, [viaCaddy]] = await Promise.all([trusting, proxied]);
    for (let i = 1; i <= 5; i++) expect(await signInWithForm(viaCaddy!, "127.0.2.1", wrong(GUESSED[i]!))).toBe(401);
    expect(await signInWithForm(viaCaddy!, "127.0.2.1", ADMIN)).toBe(429);
    expect(await signInWithForm(viaCaddy!, "127.0.2.2", ADMIN)).toBe(303);
    const recorded = recordedAddresses(databasePath).filter((r) => r.endereco.startsWith("127.0.2."));
    expect(recorded).toEqual([...Array(5).fill({ action: "sign_in_failed", endereco: "127.0.2.1" }), { action: "sign_in", endereco: "127.0.2.2" }]);
    const db = new Database(databasePath, { readonly: true });
    expect(db.query("select count(*) n from sessions where address = '127.0.2.2'").get()).toEqual({ n: 1 });
    db.close();
  });

  test("with TRUST_PROXY: guesses on one account, from many clients, lock that account only; another account signs in", async () => {
    const [, [viaCaddy]] = await Promise.all([trusting, proxied]);
    for (let i = 0; i < 5; i++) expect(await signIn(viaCaddy!, `127.0.1.${i + 1}`, wrong(OTHER.email))).toBe(401);
    // The account, not the clients: its right password waits, from a client that never guessed.
    expect(await signIn(viaCaddy!, "127.0.1.9", OTHER)).toBe(429);
    expect(await signIn(viaCaddy!, "127.0.1.9", ADMIN)).toBe(200);
    expect(await signIn(viaCaddy!, "127.0.1.1", ADMIN)).toBe(200);
  });

  test("with TRUST_PROXY: a client's own X-Forwarded-For gains nothing, through Caddy or straight to Cofre", async () => {
    const [server, [viaCaddy]] = await Promise.all([trusting, proxied]);
    // Through Caddy: each guess claims another address; the client is still 127.0.0.4.
    for (let i = 1; i <= 5; i++) expect(await signIn(viaCaddy!, "127.0.0.4", wrong(GUESSED[5 + i]!), `198.51.100.${i}`)).toBe(401);
    expect(await signIn(viaCaddy!, "127.0.0.4", ADMIN, "198.51.100.99")).toBe(429);
    // Straight to Cofre from an address that is not the proxy: the header is not read at all.
    for (let i = 1; i <= 5; i++) expect(await signIn(server.url, "127.0.0.5", wrong(GUESSED[9 + i]!), `203.0.113.${i}`)).toBe(401);
    expect(await signIn(server.url, "127.0.0.5", ADMIN, "203.0.113.99")).toBe(429);
    expect(await signIn(viaCaddy!, "127.0.0.6", ADMIN)).toBe(200);
  });

  test("without TRUST_PROXY: X-Forwarded-For is ignored — every client behind the proxy is the proxy, spoofed headers or not", async () => {
    const [{ databasePath }, [, viaCaddy]] = await Promise.all([plain, proxied]);
    for (let i = 1; i <= 5; i++) expect(await signIn(viaCaddy!, "127.0.0.2", wrong(GUESSED[i]!), `198.51.100.${i}`)).toBe(401);
    expect(await signIn(viaCaddy!, "127.0.0.3", ADMIN, "198.51.100.50")).toBe(429);
    expect(recordedAddresses(databasePath).map((r) => r.endereco)).toEqual(Array(5).fill("127.0.0.1"));
  });
});
