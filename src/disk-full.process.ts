import { afterAll, expect, test } from "bun:test";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BASE_ENV, cofreCommand, databaseWithUser, startCofre } from "../tests/serve";
import { ADMIN } from "../tests/support";

// A full disk, for real: the server's database on a 24 MB tmpfs that `dd` fills. Mounting needs
// root (CAP_SYS_ADMIN); where it is refused the test says so and is skipped.
const fetch = Bun.fetch;
const mountPoint = mkdtempSync(join(tmpdir(), "cofre-full-"));
const mounted = Bun.spawnSync(["mount", "-t", "tmpfs", "-o", "size=24m", "tmpfs", mountPoint]).exitCode === 0;
if (!mounted) console.warn(`disk-full.process.ts: skipped, cannot mount a tmpfs at ${mountPoint} (needs root)`);
afterAll(() => {
  if (mounted) Bun.spawnSync(["umount", "-l", mountPoint]);
  rmSync(mountPoint, { recursive: true, force: true });
});

const serve = (databasePath: string) => startCofre({ DATABASE_PATH: databasePath, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });

const partner = (nome: string) => ({ nome, empresa: "Disco Cheio Ltda", email: "p@cofre.test", telefone: "11987654321" });

test.skipIf(!mounted)("a full disk: writes answer 507 and write nothing, reads go on, SIGTERM exits 0, a restart serves reads and says why", async () => {
  // Its user has a cheap hash: no production-strength argon2 at the start or the sign-in.
  const databasePath = await databaseWithUser(join(mountPoint, "app.db"), ADMIN);
  let server = await serve(databasePath);
  const json = { "content-type": "application/json", origin: server.url };
  const login = await fetch(`${server.url}/api/auth/login`, { method: "POST", headers: json, body: JSON.stringify(ADMIN) });
  expect(login.status).toBe(200);
  const cookie = login.headers.getSetCookie()[0]!.split(";")[0]!;
  expect((await fetch(`${server.url}/api/partners`, { method: "POST", headers: { ...json, cookie }, body: JSON.stringify(partner("Antes do disco cheio")) })).status).toBe(201);

  // Fill every byte left: big blocks, then small ones for the tail.
  Bun.spawnSync(["dd", "if=/dev/zero", `of=${join(mountPoint, "enche-1")}`, "bs=1M"], { stderr: "ignore" });
  Bun.spawnSync(["dd", "if=/dev/zero", `of=${join(mountPoint, "enche-2")}`, "bs=512"], { stderr: "ignore" });

  // Enough rows to need a new page of the WAL, each refused whole.
  for (let i = 0; i < 20; i++) {
    const refused = await fetch(`${server.url}/api/partners`, { method: "POST", headers: { ...json, cookie }, body: JSON.stringify(partner(`Depois ${i} ${"x".repeat(150)}`)) });
    expect(refused.status).toBe(507);
    expect(await refused.json()).toEqual({ message: "Sem espaço em disco: nada foi gravado" });
  }
  const list = await fetch(`${server.url}/api/partners`, { headers: { cookie } });
  expect(list.status).toBe(200);
  expect(((await list.json()) as { nome: string }[]).map((c) => c.nome)).toEqual(["Antes do disco cheio"]);
  expect((await fetch(`${server.url}/healthz`)).status).toBe(200);

  // A backup onto the full disk fails and leaves no file that looks like a backup.
  const backup = Bun.spawnSync(await cofreCommand("backup", join(mountPoint, "copia.db")), { env: { ...BASE_ENV, DATABASE_PATH: databasePath } });
  expect(backup.exitCode).toBe(74);
  expect(backup.stderr.toString()).toContain("Nenhum arquivo foi gravado");
  expect(readdirSync(mountPoint).filter((name) => name.includes("copia"))).toEqual([]);

  server.proc.kill("SIGTERM");
  expect(await server.proc.exited).toBe(0);
  const log = await new Response(server.proc.stderr).text();
  expect(log).toContain("[disco cheio] POST /api/partners");
  // One line per refusal, no stack or source excerpt.
  expect(log).not.toContain("    at ");

  // Started again on the same full disk: it serves reads and says in Portuguese why writes fail.
  server = await serve(databasePath);
  const again = await fetch(`${server.url}/api/partners`, { headers: { cookie } });
  expect(again.status).toBe(200);
  expect(((await again.json()) as { nome: string }[]).length).toBe(1);
  // Room again: writes work without a restart.
  rmSync(join(mountPoint, "enche-1"));
  expect((await fetch(`${server.url}/api/partners`, { method: "POST", headers: { ...json, origin: server.url, cookie }, body: JSON.stringify(partner("Depois de liberar")) })).status).toBe(201);
  server.proc.kill("SIGTERM");
  expect(await server.proc.exited).toBe(0);
  expect(await new Response(server.proc.stderr).text()).toContain("Sem espaço em disco em");
}, 60_000);
