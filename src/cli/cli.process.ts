import { afterAll, describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "../../db/client";
import { addUser, disableUser, listUsers, parseRole } from "./users";
import { cofreCommand } from "../../tests/serve";

// The real CLI, as an operator runs it: `cofre COMMAND` with its environment (this tree bundled
// as the binary carries it, tests/cofre-bundle.ts), the passwords it sets hashed cheaply as in
// the rest of the suite (its subject is the commands).
const CHEAP_HASHING = join(import.meta.dir, "..", "..", "tests", "cheap-password-hashing.ts");
const dir = mkdtempSync(join(tmpdir(), "cofre-cli-"));
// Each test starts the CLI several times: generous on a shared machine. The tests
// touch files of their own, so they run concurrently: most of their time is waiting on a process.
const SLOW = 60_000;
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function cofre(args: string[], env: Record<string, string>, stdin?: string) {
  const [bun, ...cofre] = await cofreCommand(...args);
  const proc = Bun.spawn([bun!, "--preload", CHEAP_HASHING, ...cofre], {
    env: { PATH: process.env.PATH!, HOME: process.env.HOME ?? dir, ...env },
    stdin: stdin === undefined ? "ignore" : new TextEncoder().encode(stdin),
    stdout: "pipe",
    stderr: "pipe",
    cwd: dir,
  });
  const [out, err, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
  return { code, out, err };
}

function databaseWithOneClient(name: string): string {
  const path = join(dir, name);
  const db = openDatabase(path);
  db.$client.run(
    "insert into clients (nome, cnpj, contato, telefone, email, valor_mensalidade, codigo_cliente) values ('Padaria Pão Quente', '11222333000181', 'Maria', '11987654321', 'p@pao.com.br', 15000, 'PAO-001')",
  );
  db.$client.close();
  return path;
}

describe("cofre backup", () => {
  test.concurrent("copies the database, verifies the copy and prints integrity_check and rows per table", async () => {
    const source = databaseWithOneClient("live.db");
    const target = join(dir, "copia-1.db");
    const run = await cofre(["backup", target], { DATABASE_PATH: source });
    expect(run.err).toBe("");
    expect(run.code).toBe(0);
    expect(run.out).toContain(`Cópia de segurança gravada em ${target}`);
    expect(run.out).toContain("integrity_check ok");
    expect(run.out).toMatch(/^\s+clients\s+1$/m);
    expect(run.out).toMatch(/^\s+users\s+0$/m);
    const copy = new Database(target, { readonly: true });
    expect(copy.query("select nome from clients").all()).toEqual([{ nome: "Padaria Pão Quente" }]);
    copy.close();
  }, SLOW);

  test.concurrent("a wrong DATABASE_PATH is an error in pt-BR, and no empty database appears", async () => {
    const missing = join(dir, "nao-existe", "app.db");
    const target = join(dir, "copia-2.db");
    const run = await cofre(["backup", target], { DATABASE_PATH: missing });
    expect(run.code).not.toBe(0);
    expect(run.err).toContain(`Banco de dados não encontrado: ${missing}`);
    expect(run.err).not.toContain("SQLiteError");
    expect(existsSync(missing)).toBe(false);
    expect(existsSync(join(dir, "nao-existe"))).toBe(false);
    expect(existsSync(target)).toBe(false);
  }, SLOW);

  test.concurrent("a missing target folder, an existing target or a file that is not a database say so plainly", async () => {
    const source = databaseWithOneClient("live-2.db");
    writeFileSync(join(dir, "ocupado.db"), "x");
    writeFileSync(join(dir, "texto.db"), "isto não é um banco SQLite");
    const [noFolder, exists, notDb] = await Promise.all([
      cofre(["backup", join(dir, "sem-pasta", "copia.db")], { DATABASE_PATH: source }),
      cofre(["backup", join(dir, "ocupado.db")], { DATABASE_PATH: source }),
      cofre(["backup", join(dir, "copia-3.db")], { DATABASE_PATH: join(dir, "texto.db") }),
    ]);
    expect(noFolder.code).not.toBe(0);
    expect(noFolder.err.trim()).toBe(`A pasta de destino não existe: ${join(dir, "sem-pasta")}`);
    expect(exists.code).not.toBe(0);
    expect(exists.err).toContain("já existe");
    expect(notDb.code).not.toBe(0);
    expect(notDb.err).toContain("Não foi possível copiar");
    expect(notDb.err).not.toMatch(/^\s*\d+ \|/m); // no source excerpt of an uncaught error
  }, SLOW);
});

describe("commands that change an existing database never create one", () => {
  test.concurrent("user add, user passwd and seed-demo refuse a missing database", async () => {
    const missing = join(dir, "vazio", "app.db");
    const commands = [["user", "add", "maria@empresa.com.br"], ["user", "passwd", "maria@empresa.com.br"], ["seed-demo"]];
    const runs = await Promise.all(commands.map((args) => cofre(args, { DATABASE_PATH: missing, ADMIN_PASSWORD: "senha-da-maria" })));
    for (const [i, run] of runs.entries()) {
      expect({ args: commands[i], code: run.code }).toEqual({ args: commands[i], code: 66 });
      expect(run.err).toContain("Banco de dados não encontrado");
    }
    expect(existsSync(missing)).toBe(false);
  }, SLOW);

  test.concurrent("user add works on the existing database, with the password from stdin", async () => {
    const path = databaseWithOneClient("users.db");
    const run = await cofre(["user", "add", "maria@empresa.com.br"], { DATABASE_PATH: path }, "senha-da-maria\n");
    expect(run.code).toBe(0);
    expect(run.out).toContain("Usuário maria@empresa.com.br criado (Administrador).");
    const db = new Database(path, { readonly: true });
    expect(db.query("select email from users").all()).toEqual([{ email: "maria@empresa.com.br" }]);
    db.close();
  }, SLOW);

  test.concurrent("user add and user passwd refuse a weak password (the password rules, DECISIONS §10) with one pt-BR line and exit 65, changing nothing", async () => {
    const path = databaseWithOneClient("weak-users.db");
    const weak = await cofre(["user", "add", "joana@empresa.com.br"], { DATABASE_PATH: path }, "aaaaaaaaaa\n");
    expect({ code: weak.code, out: weak.out, err: weak.err.trim() }).toEqual({
      code: 65,
      out: "",
      err: 'Senha recusada: Senha fácil de adivinhar. Caracteres repetidos, como "aaa" são fáceis de adivinhar. Adicione mais palavras menos comuns. Evite repetir sequências de caracteres e palavras.',
    });
    expect((await cofre(["user", "add", "joana@empresa.com.br"], { DATABASE_PATH: path, ADMIN_PASSWORD: "joana-do-caixa-da-loja" })).code).toBe(0);
    const passwd = await cofre(["user", "passwd", "joana@empresa.com.br"], { DATABASE_PATH: path, ADMIN_PASSWORD: "joana@empresa.com.br" });
    expect({ code: passwd.code, err: passwd.err.trim() }).toEqual({ code: 65, err: "Senha recusada: A senha não pode ser o seu e-mail" });
    const db = new Database(path, { readonly: true });
    expect(db.query("select email from users").all()).toEqual([{ email: "joana@empresa.com.br" }]);
    expect(db.query("select count(*) n from history_events where action = 'user_passwd'").get()).toEqual({ n: 0 });
    db.close();
  }, SLOW);

  test.concurrent("user add --role, user list and user disable (which ends the sessions and keeps one active administrator)", async () => {
    const path = databaseWithOneClient("roles.db");
    const env = { DATABASE_PATH: path, ADMIN_PASSWORD: "senha-longa-do-teste" };
    // The command line once (the --role wiring); the rest in this process, the same code.
    const contador = await cofre(["user", "add", "contador@escritorio.com.br", "--role", "consulta"], env);
    expect(contador.out).toContain("criado (Consulta)");
    process.env.ADMIN_PASSWORD = env.ADMIN_PASSWORD;
    try {
      expect(await addUser(path, "dono@empresa.com.br")).toBe("Usuário dono@empresa.com.br criado (Administrador).");
    } finally {
      delete process.env.ADMIN_PASSWORD;
    }
    expect(() => parseRole(["--role", "chefe"])).toThrow("Perfil inválido: use --role administrador|financeiro|consulta");
    expect(parseRole(["--role=financeiro"])).toBe("financeiro");
    const list = listUsers(path);
    expect(list).toMatch(/contador@escritorio\.com\.br\s+Consulta\s+ativo\s+nunca entrou/);
    expect(list).toMatch(/dono@empresa\.com\.br\s+Administrador\s+ativo/);
    const db = new Database(path);
    db.run("insert into sessions (id_hash, user_id, expires_at) select 'h', id, 9999999999999 from users where email = 'contador@escritorio.com.br'");
    db.close();
    expect(disableUser(path, "contador@escritorio.com.br")).toBe("Usuário contador@escritorio.com.br desativado; as sessões abertas foram encerradas.");
    expect(() => disableUser(path, "dono@empresa.com.br")).toThrow("é o último administrador ativo");
    const after = new Database(path, { readonly: true });
    expect(after.query("select email, ativo from users order by email").all()).toEqual([
      { email: "contador@escritorio.com.br", ativo: 0 },
      { email: "dono@empresa.com.br", ativo: 1 },
    ]);
    expect(after.query("select count(*) n from sessions").get()).toEqual({ n: 0 });
    after.close();
  }, SLOW);
});
