import { afterAll, afterEach, beforeAll, beforeEach } from "bun:test";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Database } from "bun:sqlite";
import { BUSY_TIMEOUT_MS, closeDatabase, openDatabase, type Db } from "../db/client";
import { SYSTEM } from "../src/api/history/record";
import { insertUser, type NewUserOptions } from "../src/api/auth/service";
import { loadConfig, type Config } from "../src/config";
import { pinClock } from "../src/lib/clock";
import { createApp, type App } from "../src/server";
import type { ImportAnswer } from "../src/api/statements/model";
import { writerThreadOptions } from "../src/http/writer";
import { CHEAP_COST } from "./cheap-password-hashing";

// One writer thread for the run (src/http/writer.ts): each start evaluates the services from
// source, 150–200 ms of CPU, and the files that write in bulk come minutes apart in a run. Its
// end once idle has its own test (src/api/imports/clients.test.ts), which shortens this again.
writerThreadOptions.idleMs = 10 * 60_000;

export const ADMIN = { email: "financeiro@cofre.test", password: "cofre-senha-forte" };
export const ORIGIN = "http://cofre.test";

/** Configurações as a company that charges has them (PUT /api/settings): PIX key, CNPJ and address (a charge's CDC footer). */
export const CHARGING_COMPANY = {
  empresa: "Cofre Serviços Financeiros Ltda",
  cidade: "São José dos Campos",
  chavePix: "financeiro@cofre.com.br",
  modeloMensagem: "",
  cnpjEmpresa: "11.444.777/0001-61",
  enderecoEmpresa: "Rua das Acácias, 123, Centro, São José dos Campos/SP",
};

/** The client most API tests start from, as the API takes it. */
export const PADARIA = {
  nome: "Padaria Pão Quente",
  cnpj: "11.222.333/0001-81",
  contato: "Maria Souza",
  telefone: "(11) 98765-4321",
  email: "contato@paoquente.com.br",
  valorMensalidade: "150.00",
  codigoCliente: "PAO-001",
  isTrial: false,
};

export interface TestApp {
  app: App;
  db: Db;
  config: Config;
  /** A request to the real app; JSON bodies are serialised, cookies passed as given. */
  request(path: string, init?: { method?: string; body?: unknown; rawBody?: string; cookie?: string; headers?: Record<string, string> }): Promise<Response>;
  /** Signs in as the first user and returns the session cookie ("cofre_session=…"). */
  login(): Promise<string>;
  close(): void;
  /** close(): `using app = await startTestApp()` closes it at the end of the block. */
  [Symbol.dispose](): void;
}

/** The real app over a real SQLite file in a temp dir, with the first user created. */
export async function startTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const dir = mkdtempSync(join(tmpdir(), "cofre-test-"));
  const config = loadConfig({
    DATABASE_PATH: join(dir, "app.db"),
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    ...env,
  });
  writeMigratedDatabase(config.databasePath);
  const db = openDatabase(config.databasePath);
  // The first user as the first start makes it, but with a cheap hash (see testPasswordHash).
  insertUser(db, SYSTEM, config.adminEmail!, await testPasswordHash(config.adminPassword!));
  const app = await createApp(db, config);

  const request: TestApp["request"] = (path, init = {}) => {
    const headers: Record<string, string> = { host: "cofre.test", ...init.headers };
    if (init.cookie) headers.cookie = init.cookie;
    let body: string | undefined = init.rawBody;
    if (init.body !== undefined) {
      body = JSON.stringify(init.body);
      headers["content-type"] ??= "application/json";
    }
    if (init.rawBody !== undefined) headers["content-type"] ??= "application/json";
    return app.handle(new Request(`${ORIGIN}${path}`, { method: init.method ?? "GET", headers, body }));
  };

  const close = () => {
    db.$client.close();
    rmSync(dir, { recursive: true, force: true });
  };
  return {
    app,
    db,
    config,
    request,
    async login() {
      const response = await request("/api/auth/login", { method: "POST", body: ADMIN });
      if (response.status !== 200) throw new Error(`login failed: ${response.status} ${await response.text()}`);
      return sessionCookie(response)!;
    },
    close,
    [Symbol.dispose]: close,
  };
}

let migrated: Uint8Array | undefined;
/**
 * Writes at `path` a database file as the migrations leave a new one: the bytes of one migrated
 * once per test run, the real migrator on a real file. openDatabase then opens it as any existing
 * database (checking it is up to date). Migrating each new file was ~12 ms of every test app.
 */
export function writeMigratedDatabase(path: string): void {
  if (!migrated) {
    const dir = mkdtempSync(join(tmpdir(), "cofre-migrated-"));
    try {
      const file = join(dir, "app.db");
      closeDatabase(openDatabase(file));
      migrated = readFileSync(file);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  writeFileSync(path, migrated);
}

/**
 * Another user, with a cheap hash: a wrong password for a known e-mail costs microseconds,
 * where an unknown e-mail is checked against a production-strength dummy hash (~150 ms).
 */
export async function addTestUser(db: Db, email: string, password = "senha-de-teste", options: NewUserOptions = {}): Promise<void> {
  insertUser(db, SYSTEM, email, await testPasswordHash(password), options);
}

/**
 * `during` runs while another connection holds the write lock, and the app's own connection
 * gives up at once instead of after BUSY_TIMEOUT_MS (250 ms a write): for tests of what a busy
 * database answers, not of the wait (src/http/busy.test.ts keeps the real one).
 */
export async function whileLocked(app: Pick<TestApp, "db" | "config">, during: () => unknown): Promise<void> {
  const holder = new Database(app.config.databasePath);
  holder.exec("PRAGMA busy_timeout = 0");
  holder.exec("BEGIN IMMEDIATE");
  app.db.$client.exec("PRAGMA busy_timeout = 0");
  try {
    await during();
  } finally {
    app.db.$client.exec(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`);
    holder.exec("ROLLBACK");
    holder.close();
  }
}

const cheapHashes = new Map<string, Promise<string>>();
/**
 * Production-strength argon2id was 40% of the suite's time. Bun.password.verify reads the cost
 * from the hash, so a cheap hash of the same password signs in through the real code path. One
 * per password.
 */
export function testPasswordHash(password: string): Promise<string> {
  let hash = cheapHashes.get(password);
  if (!hash) cheapHashes.set(password, (hash = Bun.password.hash(password, { algorithm: "argon2id", ...CHEAP_COST })));
  return hash;
}

/** "cofre_session=value" from a response's Set-Cookie, or null. */
export function sessionCookie(response: Response): string | null {
  const header = response.headers.getSetCookie().find((c) => c.startsWith("cofre_session="));
  return header ? header.split(";")[0]! : null;
}

export interface UseTestAppOptions {
  /** Environment for the app's config (e.g. BLOCK_GRACE_DAYS). */
  env?: Record<string, string>;
  /** Emptied before each test, in this order (children before parents): not for a file with test.concurrent. */
  tables?: string[];
  /** "2026-03-15T10:00:00-03:00": the clock pinned there for each test (test.concurrent too). */
  now?: string;
  /** false: no session is made (files whose subject is signing in); `cookie` stays "". */
  signIn?: boolean;
}

/** A test file's app: started and signed in before its tests, emptied and pinned before each, closed after. */
export type SignedInTestApp = TestApp & {
  /** The signed-in session cookie ("cofre_session=…"). */
  readonly cookie: string;
  /** A request with that session. */
  api(path: string, init?: Parameters<TestApp["request"]>[1]): Promise<Response>;
  /**
   * Moves the clock to `instant` and signs in again there (a session idles out over the months a
   * test jumps ahead); the function it returns moves the clock back and signs in again.
   */
  travel(instant: string): Promise<() => Promise<void>>;
};

/** POST /api/statements with an OFX file as Conciliação sends it (multipart, field "arquivo"), signed in as `t`. */
export function uploadStatement(t: Pick<SignedInTestApp, "app" | "cookie">, bytes: Uint8Array, name = "extrato.ofx"): Promise<Response> {
  const form = new FormData();
  form.append("arquivo", new File([bytes as Uint8Array<ArrayBuffer>], name, { type: "application/x-ofx" }));
  return t.app.handle(new Request(`${ORIGIN}/api/statements`, { method: "POST", headers: { cookie: t.cookie, host: "cofre.test" }, body: form }));
}

/** An OFX file imported (201, or the answer's words in the error): the import's answer. */
export async function importedStatement(t: Pick<SignedInTestApp, "app" | "cookie">, bytes: Uint8Array): Promise<ImportAnswer> {
  const response = await uploadStatement(t, bytes);
  const body = await response.json();
  if (response.status !== 201) throw new Error(`${response.status} ${JSON.stringify(body)}`);
  // cast: a 201 of POST /api/statements is its ImportAnswer.
  return body as ImportAnswer;
}

/** The prologue every API test file wrote by hand, once. */
export function useTestApp(options: UseTestAppOptions = {}): SignedInTestApp {
  let app: TestApp | undefined;
  let cookie = "";
  // A stack: concurrent tests run their beforeEach and afterEach interleaved, and each afterEach
  // undoing the latest pin (to the same instant) leaves the real clock once the last one ends.
  const unpins: (() => void)[] = [];
  // Its own generous limit: the first start of a run builds the client (createApp → loadAssets),
  // on a busy machine more than the hooks' default 5 s.
  beforeAll(async () => {
    app = await startTestApp(options.env);
    // Signed in at the file's own "now": a session made at another date could have expired by then.
    const restore = options.now ? pinClock(options.now) : () => {};
    try {
      if (options.signIn !== false) cookie = await app.login();
    } finally {
      restore();
    }
  }, 60_000);
  afterAll(() => app?.close());
  beforeEach(() => {
    if (options.tables?.length) app!.db.$client.exec(options.tables.map((table) => `delete from ${table}`).join("; "));
    if (options.now) unpins.push(pinClock(options.now));
  });
  afterEach(() => {
    unpins.pop()?.();
  });
  const started = () => {
    if (!app) throw new Error("useTestApp: the app starts in beforeAll");
    return app;
  };
  return {
    get app() {
      return started().app;
    },
    get db() {
      return started().db;
    },
    get config() {
      return started().config;
    },
    get cookie() {
      return cookie;
    },
    request: (path, init) => started().request(path, init),
    api: (path, init = {}) => started().request(path, { cookie, ...init }),
    login: () => started().login(),
    async travel(instant) {
      const unpin = pinClock(instant);
      cookie = await started().login();
      return async () => {
        unpin();
        // Signing in at the later date dropped the sessions that had expired by then.
        cookie = await started().login();
      };
    },
    close: () => started().close(),
    [Symbol.dispose]: () => started().close(),
  };
}
