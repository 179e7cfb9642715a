import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BASE_ENV, cofreCommand, databaseWithUser, startCofre, type ServedProcess } from "../tests/serve";
import { ADMIN } from "../tests/support";

// `cofre serve` as a process: what only a real socket and real signals show.
const dir = mkdtempSync(join(tmpdir(), "cofre-serve-"));
// Bun's own fetch: component tests in the same run swap the global one for happy-dom's.
const fetch = Bun.fetch;

// Each start takes ~0.1 s of waiting (tests/serve.ts): the three servers of this file start
// together, now, and each test awaits its own.
// A new database: the first start hashes its account at production strength, as it must, and
// both sign-ins check it so: they run now, while the shared server's tests do (the test is last).
const firstStart = startCofre({ DATABASE_PATH: join(dir, "first-run.db") }, dir);
const firstSignIns = firstStart.then(signInWithPrintedAccount);
firstSignIns.catch(() => {}); // its test reports a failure
// The rest share one server, on a database whose user has a cheap hash.
const shared = databaseWithUser(join(dir, "app.db"), ADMIN).then(async (databasePath) => ({
  ...(await startCofre({ DATABASE_PATH: databasePath, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password }, dir)),
  databasePath,
}));
// And a second one on the port the shared one holds.
const second = shared.then((server) => startSecondOnTheSamePort(new URL(server.url).port));
afterAll(async () => {
  for (const started of [firstStart, shared]) {
    const server = await started.catch(() => null);
    server?.proc.kill();
    await server?.proc.exited;
  }
  rmSync(dir, { recursive: true, force: true });
});

// The shared server: its last test stops it (SIGTERM).
describe("a running server", () => {
  let server: ServedProcess & { databasePath: string };
  let cookie: string;
  beforeAll(async () => {
    server = await shared;
    const login = await fetch(`${server.url}/api/auth/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(ADMIN) });
    expect(login.status).toBe(200);
    cookie = login.headers.getSetCookie()[0]!.split(";")[0]!;
  }, 60_000);

  test("over a real socket a 2 MB body gets our JSON 413, not the runtime's empty one", async () => {
    const huge = await fetch(`${server.url}/api/clients`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie },
      body: JSON.stringify({ nome: "x".repeat(2 * 1024 * 1024) }),
    });
    expect(huge.status).toBe(413);
    expect(await huge.json()).toEqual({ message: "Requisição muito grande (limite de 64 KB)" });
  });

  test("long URLs: up to Bun's limit ours answers (JSON, security headers); past it Bun's own 431, which no hook can change", async () => {
    // 12 KB of query: still ours, with the headers every answer carries.
    const long = await fetch(`${server.url}/api/clients?q=${"a".repeat(12_000)}`);
    expect(long.status).toBe(401);
    expect(long.headers.get("x-content-type-options")).toBe("nosniff");
    expect(await long.json()).toEqual({ message: "Não autenticado" });
    // 20 KB: Bun refuses the request line before any handler runs (documented in docs/operations.md).
    const tooLong = await fetch(`${server.url}/api/clients?q=${"a".repeat(20_000)}`);
    expect(tooLong.status).toBe(431);
  });

  test("a second server on a port already taken stops with a pt-BR message instead of sharing it", async () => {
    const { code, stderr } = await second;
    expect(code).toBe(69);
    expect(stderr).toContain(`A porta ${new URL(server.url).port} já está em uso em 127.0.0.1`);
    // The first one still answers every request.
    for (let i = 0; i < 5; i++) expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  }, 60_000);

  // Last: it stops the server.
  test("SIGTERM lets a request in flight finish, checkpoints and exits 0", async () => {
    // A login whose body is still arriving when SIGTERM comes. Over a plain socket, to see the
    // server's "100 Continue": it is sent when the request reaches its handler.
    const port = Number(new URL(server.url).port);
    const body = JSON.stringify(ADMIN);
    let answer = "";
    const { promise: handled, resolve: reached } = Promise.withResolvers<void>();
    const { promise: closed, resolve: close } = Promise.withResolvers<void>();
    const socket = await Bun.connect({
      hostname: "127.0.0.1",
      port,
      socket: {
        data(_socket, chunk) {
          answer += new TextDecoder().decode(chunk);
          if (answer.startsWith("HTTP/1.1 100 Continue\r\n\r\n")) reached();
        },
        close: () => close(),
      },
    });
    const head = `POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n`;
    socket.write(head + body.slice(0, 10));
    await handled;
    server.proc.kill("SIGTERM");
    // Stopping has begun once the port refuses a new connection; only then the rest of the body.
    while (await accepts(port)) await Bun.sleep(5);
    socket.write(body.slice(10));
    await closed;
    expect(answer.split("\r\n\r\n")[1]!.split("\r\n")[0]).toBe("HTTP/1.1 200 OK");
    expect(await server.proc.exited).toBe(0);
    // The WAL was folded back into the database file.
    const wal = `${server.databasePath}-wal`;
    expect(existsSync(wal) ? statSync(wal).size : 0).toBe(0);
  }, 60_000); // generous on a shared machine: nothing here is timed
});

test("a first start without ADMIN_* prints an account that signs in, through the API and the form — with a temporary password, to be changed at once (issue 31 §15)", async () => {
  const { server, email, api, form } = await firstSignIns;
  expect(email).toBe("admin@localhost");
  expect(api.status).toBe(200);
  expect(await api.json()).toEqual({ user: { id: 1, email: "admin@localhost", nome: "", papel: "administrador", trocarSenha: true } });
  expect(form.status).toBe(303);
  expect(form.headers.get("location")).toBe("/");
  expect(server.output).toContain("usuário admin@localhost criado com a senha");
  expect(server.output).toContain("(temporária: ao entrar, o Cofre pede uma senha sua)");
  // Like one made in Usuários: every page leads to Minha conta, the API refuses, until it is changed.
  const cookie = api.headers.get("set-cookie")!.split(";")[0]!;
  const home = await fetch(`${server.url}/`, { headers: { cookie }, redirect: "manual" });
  expect({ status: home.status, location: home.headers.get("location") }).toEqual({ status: 302, location: "/account" });
  expect((await fetch(`${server.url}/api/clients`, { headers: { cookie } })).status).toBe(403);
}, 60_000);

test("a weak ADMIN_PASSWORD stops the first start with one pt-BR line and exit 78, creating nobody; a strong one is kept as the operator's (not temporary)", async () => {
  const databasePath = join(dir, "weak-admin.db");
  const env = { ...BASE_ENV, PORT: "0", HOST: "127.0.0.1", DATABASE_PATH: databasePath, ADMIN_EMAIL: "dono@padaria.test" };
  const proc = Bun.spawn(await cofreCommand("serve"), { cwd: dir, env: { ...env, ADMIN_PASSWORD: "123456789012" }, stdout: "pipe", stderr: "pipe" });
  const [code, stdout, stderr] = await Promise.all([proc.exited, new Response(proc.stdout).text(), new Response(proc.stderr).text()]);
  expect(code).toBe(78);
  expect(stdout).toBe("");
  expect(stderr.trim().split("\n")).toEqual([
    "ADMIN_PASSWORD recusada para o primeiro usuário (dono@padaria.test): Senha fácil de adivinhar. Esta é uma senha comumente usada. Adicione mais palavras menos comuns. Escolha outra senha e inicie de novo.",
  ]);
  expect(stderr).not.toContain("123456789012");
  const { Database } = await import("bun:sqlite");
  const db = new Database(databasePath, { readonly: true });
  expect(db.query("select count(*) n from users").get()).toEqual({ n: 0 });
  db.close();
  // The same database, a strong password: started, and that password is the account's own.
  const server = await startCofre({ DATABASE_PATH: databasePath, ADMIN_EMAIL: "dono@padaria.test", ADMIN_PASSWORD: "fermento-natural-da-padaria" }, dir);
  try {
    const login = await fetch(`${server.url}/api/auth/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email: "dono@padaria.test", password: "fermento-natural-da-padaria" }) });
    expect(((await login.json()) as { user: { trocarSenha: boolean } }).user.trocarSenha).toBe(false);
  } finally {
    server.proc.kill();
    await server.proc.exited;
  }
}, 60_000);

/** The first start's printed account, signed in with through the API and the form (together). */
async function signInWithPrintedAccount(server: ServedProcess) {
  const printed = server.output.match(/usuário (\S+) criado com a senha (\S+)/);
  if (!printed) throw new Error(`no account printed: ${server.output}`);
  const [, email, password] = printed as unknown as [string, string, string];
  const [api, form] = await Promise.all([
    fetch(`${server.url}/api/auth/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email, password }) }),
    fetch(`${server.url}/login`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url },
      body: new URLSearchParams({ email, password }),
      redirect: "manual",
    }),
  ]);
  return { server, email, api, form };
}

/** Whether the port still takes a connection. */
async function accepts(port: number): Promise<boolean> {
  try {
    (await Bun.connect({ hostname: "127.0.0.1", port, socket: { data() {} } })).end();
    return true;
  } catch {
    return false;
  }
}

/** `cofre serve` on a port the first server holds, started while the other tests run. */
async function startSecondOnTheSamePort(port: string): Promise<{ code: number; stderr: string }> {
  const other = await databaseWithUser(join(dir, "other.db"), ADMIN);
  const proc = Bun.spawn(await cofreCommand("serve"), {
    cwd: dir,
    env: { ...BASE_ENV, PORT: port, HOST: "127.0.0.1", DATABASE_PATH: other, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
    stdout: "ignore",
    stderr: "pipe",
  });
  const [code, stderr] = await Promise.all([proc.exited, new Response(proc.stderr).text()]);
  return { code, stderr };
}
