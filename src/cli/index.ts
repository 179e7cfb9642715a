import { existsSync } from "node:fs";
import { openDatabase } from "../../db/client";
import { createUser, findUserByEmail, setPassword } from "../auth/service";
import { loadConfig } from "../config";

const USAGE = `Cofre — controle de assinaturas e finanças

Uso:
  cofre [serve]              inicia o servidor (padrão)
  cofre user add EMAIL       cria um usuário (senha de ADMIN_PASSWORD ou da entrada padrão)
  cofre user passwd EMAIL    troca a senha de um usuário (encerra as sessões dele)
  cofre backup ARQUIVO       copia o banco de dados de forma consistente, com o servidor rodando
  cofre seed-demo            preenche o banco com dados de demonstração
  cofre --help               mostra esta ajuda

Variáveis de ambiente: PORT, HOST, DATABASE_PATH, ADMIN_EMAIL, ADMIN_PASSWORD, APP_TZ,
COOKIE_SECURE, BLOCK_GRACE_DAYS (veja o README).`;

class UsageError extends Error {}

/** The password for `user add/passwd`: ADMIN_PASSWORD, else the first line of stdin. */
async function readPassword(): Promise<string> {
  if (process.env.ADMIN_PASSWORD) return process.env.ADMIN_PASSWORD;
  if (process.stdin.isTTY) process.stdout.write("Senha: ");
  for await (const line of console) {
    if (line.length > 0) return line;
    break;
  }
  throw new UsageError("Senha vazia: informe-a pela entrada padrão ou em ADMIN_PASSWORD.");
}

const isEmail = (s: string | undefined): s is string => !!s && /^[^\s@]+@[^\s@]+$/.test(s);

export async function runCli(args: string[], serve: () => Promise<void>): Promise<void> {
  const [command, sub, arg] = args;
  try {
    if (command === undefined || command === "serve") return await serve();
    if (command === "--help" || command === "-h" || command === "help") return console.log(USAGE);
    const config = loadConfig();
    if (command === "user" && (sub === "add" || sub === "passwd")) {
      if (!isEmail(arg)) throw new UsageError(`Informe um e-mail válido: cofre user ${sub} EMAIL`);
      const db = openDatabase(config.databasePath);
      if (sub === "add") {
        if (findUserByEmail(db, arg)) throw new UsageError(`O usuário ${arg} já existe.`);
        await createUser(db, arg, await readPassword());
        console.log(`Usuário ${arg} criado.`);
      } else {
        if (!(await setPassword(db, arg, await readPassword()))) throw new UsageError(`Usuário ${arg} não encontrado.`);
        console.log(`Senha de ${arg} alterada; as sessões abertas foram encerradas.`);
      }
      return;
    }
    if (command === "backup") {
      if (!sub) throw new UsageError("Informe o arquivo de destino: cofre backup ARQUIVO");
      if (existsSync(sub)) throw new UsageError(`${sub} já existe; escolha outro nome.`);
      const db = openDatabase(config.databasePath);
      // VACUUM INTO reads one consistent snapshot while the server keeps writing.
      db.$client.query("VACUUM INTO ?").run(sub);
      console.log(`Cópia de segurança gravada em ${sub}.`);
      return;
    }
    if (command === "seed-demo") {
      const { seedDemo } = await import("./seed-demo");
      const db = openDatabase(config.databasePath);
      console.log(seedDemo(db));
      return;
    }
    throw new UsageError(`Comando desconhecido: ${args.join(" ")}\n\n${USAGE}`);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(error.message);
    process.exit(64);
  }
}
