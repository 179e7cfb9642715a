import type { Db } from "../../db/client";
import { SYSTEM } from "../api/history/record";
import { countUsers, createUser } from "../api/auth/service";
import type { Config } from "../config";

/**
 * DECISIONS §1: with no user yet, create one from ADMIN_EMAIL/ADMIN_PASSWORD, or
 * admin@localhost with a random password printed once.
 */
export async function ensureFirstUser(db: Db, config: Config, print = console.log): Promise<void> {
  if (countUsers(db) > 0) return;
  const email = config.adminEmail ?? "admin@localhost";
  const generated = config.adminPassword ? null : Buffer.from(crypto.getRandomValues(new Uint8Array(12))).toString("base64url");
  await createUser(db, SYSTEM, email, config.adminPassword ?? generated!);
  if (generated) {
    print(`Primeiro acesso: usuário ${email} criado com a senha ${generated}`);
    print("Guarde esta senha: ela não será mostrada de novo (troque com `cofre user passwd EMAIL`).");
  } else {
    print(`Primeiro acesso: usuário ${email} criado.`);
  }
}
