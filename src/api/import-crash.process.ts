// A server killed with -9 in the middle of a client import (issue 35 §1, DECISIONS §14): the
// import's one transaction runs on the writer thread (src/http/writer.ts) of a real `cofre serve`
// process; killed while that transaction holds the write lock, it leaves nothing of the import —
// no client, no subscription, no event — and the next start imports the same file whole.
import { afterAll, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { databaseWithUser, startCofre, type ServedProcess } from "../../tests/serve";
import { ADMIN } from "../../tests/support";
import { cnpjCheckDigits } from "../lib/brazil";

const dir = mkdtempSync(join(tmpdir(), "cofre-import-crash-"));
// Bun's own fetch: component tests in the same run swap the global one for happy-dom's.
const fetch = Bun.fetch;
const servers: ServedProcess[] = [];
afterAll(async () => {
  for (const server of servers) {
    server.proc.kill(9);
    await server.proc.exited;
  }
  rmSync(dir, { recursive: true, force: true });
});

/** 3,000 clients, each starting its subscription: a transaction long enough to be caught in. */
function spreadsheet(): Blob {
  const lines = ["Nome;CNPJ;Código do cliente;Contato;Telefone;E-mail;Mensalidade;Dia de vencimento"];
  for (let i = 1; i <= 3_000; i++) {
    const base = String(40_000_000 + i) + "0001";
    lines.push(`Cliente ${i} Ltda;${base}${cnpjCheckDigits(base)};K-${i};Pessoa ${i};(11) 98765-4321;c${i}@exemplo.com.br;150,00;${(i % 28) + 1}`);
  }
  return new Blob([lines.join("\r\n") + "\r\n"], { type: "text/csv" });
}

async function signIn(server: ServedProcess): Promise<string> {
  const login = await fetch(`${server.url}/api/auth/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(ADMIN) });
  expect(login.status).toBe(200);
  return login.headers.getSetCookie()[0]!.split(";")[0]!;
}

function importing(server: ServedProcess, cookie: string, file: Blob): Promise<Response> {
  const form = new FormData();
  form.append("arquivo", file, "clientes.csv");
  return fetch(`${server.url}/api/clients/import?confirmar=1`, { method: "POST", headers: { cookie, origin: server.url }, body: form });
}

/**
 * Resolves once another connection has held the database's write lock for 50 ms on end: the
 * import's transaction (a session's write holds it for well under a millisecond).
 */
async function writeLockHeld(path: string): Promise<void> {
  const probe = new Database(path);
  probe.exec("PRAGMA busy_timeout = 0");
  try {
    let since: number | null = null;
    for (;;) {
      try {
        probe.exec("BEGIN IMMEDIATE");
        probe.exec("ROLLBACK");
        since = null;
      } catch (error) {
        if (!/locked|busy/i.test(String(error))) throw error;
        since ??= performance.now();
        if (performance.now() - since >= 50) return;
      }
      await Bun.sleep(1);
    }
  } finally {
    probe.close();
  }
}

const count = (db: Database, sql: string) => (db.query(sql).get() as { n: number }).n;

test("kill -9 while the import's transaction is open leaves nothing of it; the next start imports the file whole", async () => {
  const path = await databaseWithUser(join(dir, "app.db"), ADMIN);
  const env = { DATABASE_PATH: path, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password };
  const first = await startCofre(env, dir);
  servers.push(first);
  const file = spreadsheet();
  const answer = importing(first, await signIn(first), file).catch((error: unknown) => error);
  await writeLockHeld(path);
  first.proc.kill(9);
  await first.proc.exited;
  // The request died with the server: no answer came.
  expect(await answer).toBeInstanceOf(Error);

  // The file as the next start finds it (its WAL replayed): nothing of the import, and sound.
  const after = new Database(path);
  try {
    expect(after.query("PRAGMA integrity_check").get()).toEqual({ integrity_check: "ok" });
    expect(count(after, "select count(*) n from clients")).toBe(0);
    expect(count(after, "select count(*) n from subscriptions")).toBe(0);
    expect(count(after, "select count(*) n from receivables")).toBe(0);
    expect(count(after, "select count(*) n from history_events where entity in ('client', 'subscription', 'installment')")).toBe(0);
  } finally {
    after.close();
  }

  const second = await startCofre(env, dir);
  servers.push(second);
  const again = await importing(second, await signIn(second), file);
  expect(again.status).toBe(201);
  expect(await again.json()).toMatchObject({ importados: 3_000, assinaturas: 3_000 });
  const whole = new Database(path, { readonly: true });
  try {
    expect(count(whole, "select count(*) n from clients")).toBe(3_000);
    expect(count(whole, "select count(*) n from history_events where action = 'import'")).toBe(1);
  } finally {
    whole.close();
  }
}, 60_000);
