import { afterAll, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startCofre, type ServedProcess } from "../../tests/serve";

// Two `cofre serve` started at the same moment on a NEW database (a service manager restarting
// twice, two containers on one volume): both see no user; exactly one creates it, the other
// starts normally and says the administrator already exists.
const dir = mkdtempSync(join(tmpdir(), "cofre-first-race-"));
const started: ServedProcess[] = [];
afterAll(async () => {
  for (const server of started) {
    server.proc.kill();
    await server.proc.exited;
  }
  rmSync(dir, { recursive: true, force: true });
});

test("two servers started at once on a new database: one creates the first user, the other starts and says it exists", async () => {
  const databasePath = join(dir, "new.db");
  const env = { DATABASE_PATH: databasePath, ADMIN_EMAIL: "dono@padaria.test", ADMIN_PASSWORD: "fermento-natural-da-padaria" };
  const results = await Promise.allSettled([startCofre(env, dir), startCofre(env, dir)]);
  for (const result of results) if (result.status === "fulfilled") started.push(result.value);
  // Both listening (a crash rejects with its output).
  expect(results.map((r) => (r.status === "fulfilled" ? "listening" : String(r.reason)))).toEqual(["listening", "listening"]);
  const outputs = started.map((s) => s.output).sort();
  expect(outputs.filter((o) => o.includes("Primeiro acesso: usuário dono@padaria.test criado.")).length).toBe(1);
  expect(outputs.filter((o) => o.includes("Primeiro acesso: o administrador já existe")).length).toBe(1);
  const db = new Database(databasePath, { readonly: true });
  expect(db.query("SELECT email, papel FROM users").all()).toEqual([{ email: "dono@padaria.test", papel: "administrador" }]);
  db.close();
  // Both serve the same account.
  for (const server of started) {
    const login = await Bun.fetch(`${server.url}/api/auth/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD }) });
    expect(login.status).toBe(200);
  }
}, 60_000);
