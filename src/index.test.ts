import { afterAll, expect, test } from "bun:test";
import { existsSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ENTRY, serveFromSource } from "../tests/serve";

// `cofre serve` as a process: what only a real socket and real signals show.
const ADMIN = { email: "financeiro@cofre.test", password: "cofre-senha-forte" };
const dir = mkdtempSync(join(tmpdir(), "cofre-serve-"));
// Bun's own fetch: component tests in the same run swap the global one for happy-dom's.
const fetch = Bun.fetch;
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function serve(options: { firstRun?: boolean } = {}) {
  const databasePath = join(dir, options.firstRun ? "first-run.db" : "app.db");
  const admin: Record<string, string> = options.firstRun ? {} : { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password };
  return { ...(await serveFromSource({ DATABASE_PATH: databasePath, ...admin }, dir)), databasePath };
}

test("a first start without ADMIN_* prints an account that signs in, through the API and the form", async () => {
  const server = await serve({ firstRun: true });
  try {
    const printed = server.output.match(/usuário (\S+) criado com a senha (\S+)/);
    expect(printed).not.toBeNull();
    const [, email, password] = printed!;
    expect(email).toBe("admin@localhost");
    const api = await fetch(`${server.url}/api/auth/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email, password }) });
    expect(api.status).toBe(200);
    expect(await api.json()).toEqual({ user: { id: 1, email: "admin@localhost" } });
    const form = await fetch(`${server.url}/login`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url },
      body: new URLSearchParams({ email: email!, password: password! }),
      redirect: "manual",
    });
    expect(form.status).toBe(303);
    expect(form.headers.get("location")).toBe("/");
  } finally {
    server.proc.kill();
    await server.proc.exited;
  }
}, 60_000);

test("over a real socket a 2 MB body gets our JSON 413, not the runtime's empty one; SIGTERM lets a request in flight finish, checkpoints and exits 0", async () => {
  const server = await serve();
  const login = await fetch(`${server.url}/api/auth/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(ADMIN) });
  expect(login.status).toBe(200);
  const cookie = login.headers.getSetCookie()[0]!.split(";")[0]!;
  const huge = await fetch(`${server.url}/api/clients`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie },
    body: JSON.stringify({ nome: "x".repeat(2 * 1024 * 1024) }),
  });
  expect(huge.status).toBe(413);
  expect(await huge.json()).toEqual({ message: "Requisição muito grande (limite de 64 KB)" });

  // A login whose body is still arriving when SIGTERM comes.
  let send!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (controller) => void (send = controller) });
  const body1 = JSON.stringify(ADMIN);
  send.enqueue(new TextEncoder().encode(body1.slice(0, 10)));
  const inFlight = fetch(`${server.url}/api/auth/login`, { method: "POST", headers: { "content-type": "application/json" }, body, duplex: "half" } as RequestInit);
  await Bun.sleep(300); // let the request reach the server (ordering only, nothing is timed)
  server.proc.kill("SIGTERM");
  await Bun.sleep(100);
  send.enqueue(new TextEncoder().encode(body1.slice(10)));
  send.close();
  const answered = await inFlight;
  expect(answered.status).toBe(200);
  expect(await server.proc.exited).toBe(0);
  // The WAL was folded back into the database file.
  const wal = `${server.databasePath}-wal`;
  expect(existsSync(wal) ? statSync(wal).size : 0).toBe(0);
}, 60_000); // two processes from source on a shared machine: generous, nothing here is timed

test("a second server on a port already taken stops with a pt-BR message instead of sharing it", async () => {
  const first = await serve();
  const port = new URL(first.url).port;
  const second = Bun.spawn(["bun", ENTRY, "serve"], {
    cwd: dir,
    env: { PATH: process.env.PATH!, PORT: port, HOST: "127.0.0.1", DATABASE_PATH: join(dir, "other.db"), ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
    stdout: "pipe",
    stderr: "pipe",
  });
  expect(await second.exited).toBe(69);
  expect(await new Response(second.stderr).text()).toContain(`A porta ${port} já está em uso em 127.0.0.1`);
  // The first one still answers every request.
  for (let i = 0; i < 5; i++) expect((await fetch(`${first.url}/healthz`)).status).toBe(200);
  first.proc.kill();
  await first.proc.exited;
}, 60_000);

test("long URLs: up to Bun's limit ours answers (JSON, security headers); past it Bun's own 431, which no hook can change", async () => {
  const server = await serve();
  try {
    // 12 KB of query: still ours, with the headers every answer carries.
    const long = await fetch(`${server.url}/api/clients?q=${"a".repeat(12_000)}`);
    expect(long.status).toBe(401);
    expect(long.headers.get("x-content-type-options")).toBe("nosniff");
    expect(await long.json()).toEqual({ message: "Não autenticado" });
    // 20 KB: Bun refuses the request line before any handler runs (documented in docs/operations.md).
    const tooLong = await fetch(`${server.url}/api/clients?q=${"a".repeat(20_000)}`);
    expect(tooLong.status).toBe(431);
  } finally {
    server.proc.kill();
    await server.proc.exited;
  }
}, 60_000);
