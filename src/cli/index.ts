import { loadConfig, type Config } from "../config";
import { COMMAND_BUSY_TIMEOUT_MS } from "../../db/busy";
import { CliError, knownFailure } from "./cli-error";
import { isUserEmail } from "../lib/user-email";
import { graceDays } from "../api/company-rules";

// Each command's code is imported when it runs: `serve` starts without loading the others.

export const USAGE = `Cofre — controle de assinaturas e finanças

Uso:
  cofre [serve]              inicia o servidor (padrão)
  cofre user add EMAIL [--role administrador|financeiro|consulta]
                             cria um usuário (senha de ADMIN_PASSWORD ou da entrada padrão;
                             perfil administrador se --role não for dado)
  cofre user list            lista os usuários, com perfil, situação e último acesso
  cofre user disable EMAIL   desativa um usuário e encerra as sessões dele
  cofre user passwd EMAIL    troca a senha de um usuário (encerra as sessões dele)
  cofre backup ARQUIVO       copia o banco de dados de forma consistente, com o servidor rodando,
                             e verifica a cópia (integrity_check e linhas por tabela)
  cofre seed-demo [--scale N] [--force]
                             preenche o banco com dados de demonstração (N empresas de
                             demonstração; --force acrescenta a um banco que já tem dados)
  cofre subscriptions run [--date AAAA-MM-DD] [--dry-run]
                             gera agora as parcelas das assinaturas que já venceram ou vencem
                             até a data (no máximo 62 dias à frente); --dry-run só mostra
  cofre --help               mostra esta ajuda

Os comandos user, backup, seed-demo e subscriptions trabalham sobre o banco existente (DATABASE_PATH);
nunca criam um banco vazio.

Variáveis de ambiente: PORT, HOST, DATABASE_PATH, ADMIN_EMAIL, ADMIN_PASSWORD, APP_TZ,
COOKIE_SECURE, BLOCK_GRACE_DAYS, PUBLIC_URL (veja o README).

Códigos de saída (docs/operations.md):
  0   concluído                        73  destino da cópia já existe ou pasta inexistente
  64  comando ou opção inválidos       74  cópia de segurança não gravada ou não verificada
  65  banco de dados corrompido        75  banco ocupado por outro processo por mais de ${COMMAND_BUSY_TIMEOUT_MS / 1000} s: tente de novo
  66  banco de dados não encontrado    78  configuração inválida (variável de ambiente)
  69  porta já em uso                  79  banco atualizado por uma versão mais nova do Cofre`;

const isEmail = (s: string | undefined): s is string => !!s && isUserEmail(s);

/**
 * Runs `serve` or a command. What a person can act on — a busy or newer database, a missing file,
 * a bad setting — ends in one pt-BR line and its exit code (cli-error.ts), at start-up as in
 * every command.
 */
export async function runCli(args: string[], serve: () => Promise<void>): Promise<void> {
  const [command, sub, arg] = args;
  if (command === "--help" || command === "-h" || command === "help") return console.log(USAGE);
  let config: Config | null = null;
  try {
    config = loadConfig();
    if (command === undefined || command === "serve") return await serve();
    console.log(await runCommand(config, command, sub, arg, args));
  } catch (error) {
    const known = knownFailure(error, config?.databasePath ?? "");
    if (!known) throw error;
    console.error(known.message);
    process.exit(known.exitCode);
  }
}

async function runCommand(config: Config, command: string, sub: string | undefined, arg: string | undefined, args: string[]): Promise<string> {
  if (command === "user" && sub === "list") return (await import("./users")).listUsers(config.databasePath);
  if (command === "user" && (sub === "add" || sub === "passwd" || sub === "disable")) {
    if (!isEmail(arg)) throw new CliError(`Informe um e-mail válido: cofre user ${sub} EMAIL`);
    const { addUser, changePassword, disableUser, parseRole } = await import("./users");
    if (sub === "add") return addUser(config.databasePath, arg, parseRole(args.slice(3)));
    return sub === "passwd" ? changePassword(config.databasePath, arg) : disableUser(config.databasePath, arg);
  }
  if (command === "backup") {
    if (!sub) throw new CliError("Informe o arquivo de destino: cofre backup ARQUIVO");
    const { backupDatabase, formatBackupReport } = await import("./backup");
    return formatBackupReport(sub, backupDatabase(config.databasePath, sub));
  }
  if (command === "seed-demo") {
    const [{ openForCommand }, { parseSeedArgs, seedDemo }, { clock }] = await Promise.all([import("../../db/client"), import("./seed-demo"), import("../lib/clock")]);
    const options = parseSeedArgs(args.slice(1));
    clock.timeZone = config.appTz; // the demo's dates are relative to today in APP_TZ
    const db = openForCommand(config.databasePath);
    try {
      return seedDemo(db, { ...options, graceDays: graceDays(db, config.blockGraceDays) });
    } finally {
      db.$client.close();
    }
  }
  if (command === "subscriptions" && sub === "run") {
    const { parseRunArgs, runFromShell } = await import("./subscriptions");
    return runFromShell(config.databasePath, config.appTz, config.blockGraceDays, parseRunArgs(args.slice(2)));
  }
  throw new CliError(`Comando desconhecido: ${args.join(" ")}\n\n${USAGE}`);
}
