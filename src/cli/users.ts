import { openDatabase } from "../../db/client";
import { SYSTEM } from "../api/history/record";
import { createUser, findUserByEmail, setPassword } from "../api/auth/service";
import { CliError } from "./cli-error";

/** The password for `user add/passwd`: ADMIN_PASSWORD, else the first line of stdin. */
async function readPassword(): Promise<string> {
  if (process.env.ADMIN_PASSWORD) return process.env.ADMIN_PASSWORD;
  if (process.stdin.isTTY) process.stdout.write("Senha: ");
  for await (const line of console) {
    if (line.length > 0) return line;
    break;
  }
  throw new CliError("Senha vazia: informe-a pela entrada padrão ou em ADMIN_PASSWORD.");
}

/** `cofre user add EMAIL`: on the existing database only. */
export async function addUser(databasePath: string, email: string): Promise<string> {
  const db = openDatabase(databasePath, { mustExist: true });
  try {
    if (findUserByEmail(db, email)) throw new CliError(`O usuário ${email} já existe.`);
    await createUser(db, SYSTEM, email, await readPassword());
    return `Usuário ${email} criado.`;
  } finally {
    db.$client.close();
  }
}

/** `cofre user passwd EMAIL`: also ends that user's sessions. */
export async function changePassword(databasePath: string, email: string): Promise<string> {
  const db = openDatabase(databasePath, { mustExist: true });
  try {
    if (!findUserByEmail(db, email)) throw new CliError(`Usuário ${email} não encontrado.`);
    if (!(await setPassword(db, SYSTEM, email, await readPassword()))) throw new CliError(`Usuário ${email} não encontrado.`);
    return `Senha de ${email} alterada; as sessões abertas foram encerradas.`;
  } finally {
    db.$client.close();
  }
}
