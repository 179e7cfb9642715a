import type { Db } from "../../db/client";
import { SYSTEM } from "../api/history/record";
import { countUsers, hashPassword, insertUser } from "../api/auth/service";
import type { Config } from "../config";
import { passwordProblem } from "../api/users/password-rules";
import { CliError } from "./cli-error";

/**
 * DECISIONS §1 and §10: with no user yet, create one from ADMIN_EMAIL/ADMIN_PASSWORD, or
 * admin@localhost with a random password printed once. The printed one is temporary (changed at
 * the first sign-in, like one made in Usuários); ADMIN_PASSWORD is the operator's own choice and
 * stays, but only if it follows the password rules: a weak one stops the start (exit 78).
 */
export async function ensureFirstUser(db: Db, config: Config, print = console.log): Promise<void> {
  if (countUsers(db) > 0) return;
  const email = config.adminEmail ?? "admin@localhost";
  if (config.adminPassword) {
    const problem = await passwordProblem(config.adminPassword, email);
    if (problem) throw new CliError(`ADMIN_PASSWORD recusada para o primeiro usuário (${email}): ${problem} Escolha outra senha e inicie de novo.`, 78);
  }
  const generated = config.adminPassword ? null : Buffer.from(crypto.getRandomValues(new Uint8Array(12))).toString("base64url");
  const passwordHash = await hashPassword(config.adminPassword ?? generated!);
  // Two servers started at once on a new file both saw no user: the count and the insert go in
  // one immediate transaction, so the second waits for the first's lock, finds its user and starts
  // like any later start (instead of failing on users.email's unique index).
  const created = db.transaction(
    () => (countUsers(db) > 0 ? null : insertUser(db, SYSTEM, email, passwordHash, { trocarSenha: generated !== null })),
    { behavior: "immediate" },
  );
  if (!created) {
    print("Primeiro acesso: o administrador já existe (criado por outro processo que iniciou ao mesmo tempo).");
    return;
  }
  if (generated) {
    print(`Primeiro acesso: usuário ${email} criado com a senha ${generated} (temporária: ao entrar, o Cofre pede uma senha sua).`);
    print("Guarde esta senha: ela não será mostrada de novo.");
  } else {
    print(`Primeiro acesso: usuário ${email} criado.`);
  }
}
