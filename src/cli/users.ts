import { eq } from "drizzle-orm";
import { openForCommand } from "../../db/client";
import { sessions, users } from "../../db/schema";
import { activeAdmins } from "../api/users/service";
import { SYSTEM } from "../api/history/record";
import { ROLE_LABELS, ROLES, type Role } from "../api/auth/permissions";
import { createUser, findUserByEmail, normalizeEmail, setPassword } from "../api/auth/service";
import { recordEvent } from "../api/history/record";
import { passwordProblem } from "../api/users/password-rules";
import { CliError } from "./cli-error";

/** The password for `user add/passwd`: ADMIN_PASSWORD, else the first line of stdin; refused (exit 65) when it breaks the rules (DECISIONS §10). */
async function readPassword(email: string): Promise<string> {
  const password = await typedPassword();
  const problem = await passwordProblem(password, email);
  if (problem) throw new CliError(`Senha recusada: ${problem}`, 65);
  return password;
}

async function typedPassword(): Promise<string> {
  if (process.env.ADMIN_PASSWORD) return process.env.ADMIN_PASSWORD;
  if (process.stdin.isTTY) process.stdout.write("Senha: ");
  for await (const line of console) {
    if (line.length > 0) return line;
    break;
  }
  throw new CliError("Senha vazia: informe-a pela entrada padrão ou em ADMIN_PASSWORD.");
}

/** `--role administrador|financeiro|consulta` among the words after the e-mail (administrador when left out). */
export function parseRole(args: string[]): Role {
  const at = args.findIndex((arg) => arg === "--role" || arg.startsWith("--role="));
  if (at === -1) return "administrador";
  const value = args[at] === "--role" ? args[at + 1] : args[at]!.slice("--role=".length);
  if (!value || !ROLES.includes(value as Role)) throw new CliError(`Perfil inválido: use --role ${ROLES.join("|")}`);
  return value as Role;
}

/** `cofre user add EMAIL [--role …]`: on the existing database only. */
export async function addUser(databasePath: string, email: string, papel: Role = "administrador"): Promise<string> {
  const db = openForCommand(databasePath);
  try {
    if (findUserByEmail(db, email)) throw new CliError(`O usuário ${email} já existe.`);
    await createUser(db, SYSTEM, email, await readPassword(email), { papel });
    return `Usuário ${email} criado (${ROLE_LABELS[papel]}).`;
  } finally {
    db.$client.close();
  }
}

/** `cofre user passwd EMAIL`: also ends that user's sessions. */
export async function changePassword(databasePath: string, email: string): Promise<string> {
  const db = openForCommand(databasePath);
  try {
    if (!findUserByEmail(db, email)) throw new CliError(`Usuário ${email} não encontrado.`);
    if (!(await setPassword(db, SYSTEM, email, await readPassword(email)))) throw new CliError(`Usuário ${email} não encontrado.`);
    return `Senha de ${email} alterada; as sessões abertas foram encerradas.`;
  } finally {
    db.$client.close();
  }
}

/** `cofre user list`: every user, with role, whether active, last sign-in. */
export function listUsers(databasePath: string): string {
  const db = openForCommand(databasePath);
  try {
    const rows = db
      .select({ email: users.email, nome: users.nome, papel: users.papel, ativo: users.ativo, ultimo: users.ultimoAcesso })
      .from(users)
      .orderBy(users.email)
      .all();
    if (rows.length === 0) return "Nenhum usuário.";
    const width = Math.max(...rows.map((r) => r.email.length));
    return rows
      .map((r) => `${r.email.padEnd(width)}  ${ROLE_LABELS[r.papel].padEnd(13)}  ${r.ativo ? "ativo    " : "desativado"}  ${r.ultimo ? `último acesso ${r.ultimo.slice(0, 16).replace("T", " ")} UTC` : "nunca entrou"}${r.nome ? `  ${r.nome}` : ""}`)
      .join("\n");
  } finally {
    db.$client.close();
  }
}

/**
 * `cofre user disable EMAIL`: works when nobody can sign in (the way out when an account must be
 * stopped from the server's shell); its sessions end at once. It does refuse to leave no active
 * administrator, since then nobody could manage users from the app.
 */
export function disableUser(databasePath: string, email: string): string {
  const db = openForCommand(databasePath);
  try {
    return db.transaction(
      () => {
        const user = findUserByEmail(db, email);
        if (!user) throw new CliError(`Usuário ${email} não encontrado.`);
        if (!user.ativo) return `O usuário ${user.email} já estava desativado.`;
        if (user.papel === "administrador" && activeAdmins(db) <= 1) {
          throw new CliError(`${user.email} é o último administrador ativo: crie ou reative outro antes (cofre user add EMAIL --role administrador).`);
        }
        db.update(users).set({ ativo: false }).where(eq(users.id, user.id)).run();
        db.delete(sessions).where(eq(sessions.userId, user.id)).run();
        recordEvent(db, SYSTEM, { action: "update", entity: "user", entityId: user.id, label: user.email, details: { alteracoes: { ativo: [true, false] } } });
        return `Usuário ${normalizeEmail(email)} desativado; as sessões abertas foram encerradas.`;
      },
      { behavior: "immediate" },
    );
  } finally {
    db.$client.close();
  }
}
