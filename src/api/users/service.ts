// Users and the signed-in person's own account (issue 20, DECISIONS §10): the administrators'
// list and changes (role, active, temporary passwords), the password rules, and one's own
// sessions. Every change and its history event commit together; never a password in the history.
import type { Db } from "../../../db/client";
import { badRequest, conflict, notFound } from "../../http/errors";
import { clock } from "../../lib/clock";
import { fold, likeContains } from "../../lib/text";
import { recordEvent, type Actor } from "../history/record";
import { dirSql, limitOffset, parseListView, viewPaging, type ListPage } from "../list";
import { prepared } from "../prepared";
import { hashPassword, normalizeEmail } from "../auth/service";
import { passwordProblem } from "./password-rules";
import {
  LAST_ADMIN,
  USER_LIST,
  type NewUserInput,
  type SessionJson,
  type UserJson,
  type UserPatch,
  type UserQuery,
} from "./model";

const USER_NOT_FOUND = "Usuário não encontrado";
export const PASSWORD_CHANGED_MEANWHILE = "A senha acabou de ser trocada em outra sessão; esta troca não foi feita. Entre de novo com a senha nova.";

const COLUMNS = `id, email, nome, papel, ativo, trocar_senha AS trocarSenha, ultimo_acesso AS ultimoAcesso, created_at AS createdAt`;
type Stored = Omit<UserJson, "ativo" | "trocarSenha"> & { ativo: number; trocarSenha: number };
const toJson = (row: Stored): UserJson => ({ ...row, ativo: row.ativo === 1, trocarSenha: row.trocarSenha === 1 });

/** A temporary password shown once: 16 letters and digits (no look-alikes), four groups. */
export function temporaryPassword(): string {
  const alphabet = "abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  const chars = [...bytes].map((b) => alphabet[b % alphabet.length]);
  return [0, 4, 8, 12].map((i) => chars.slice(i, i + 4).join("")).join("-");
}

export function getUser(db: Db, id: number): UserJson {
  const row = prepared(db, `SELECT ${COLUMNS} FROM users WHERE id = $id`).get({ id }) as Stored | null;
  if (!row) throw notFound(USER_NOT_FOUND);
  return toJson(row);
}

export function parseUserQuery(raw: Record<string, string | undefined>): UserQuery {
  const view = parseListView(USER_LIST, raw);
  return { q: view.q!, papel: view.papel as UserQuery["papel"], ativo: view.ativo as UserQuery["ativo"], ...viewPaging<UserQuery["sort"]["key"]>(view), view };
}

const ORDER: Record<UserQuery["sort"]["key"], string> = { email: "email", nome: "nome COLLATE NOCASE", papel: "papel", ultimoAcesso: "ultimo_acesso" };

/** GET /api/users: one page matching e-mail/name text, role and situation. */
export function findUsers(db: Db, query: UserQuery): ListPage<UserJson> {
  const parts: string[] = [];
  const params: Record<string, string | number> = {};
  if (query.q) {
    // Few users: folding in JavaScript is not needed; SQLite's lower() covers e-mails and plain names.
    parts.push("(lower(email) LIKE $q ESCAPE '\\' OR lower(nome) LIKE $q ESCAPE '\\')");
    params.q = likeContains(fold(query.q));
  }
  if (query.papel) {
    parts.push("papel = $papel");
    params.papel = query.papel;
  }
  if (query.ativo) parts.push(query.ativo === "sim" ? "ativo = 1" : "ativo = 0");
  const where = parts.length ? `WHERE ${parts.join(" AND ")}` : "";
  const { limit, offset } = limitOffset(query);
  const rows = prepared(db, `SELECT ${COLUMNS} FROM users ${where} ORDER BY ${ORDER[query.sort.key]} ${dirSql(query.sort)}, id LIMIT $limit OFFSET $offset`).all({
    ...params,
    limit,
    offset,
  }) as Stored[];
  const { n } = prepared(db, `SELECT count(*) AS n FROM users ${where}`).get(params) as { n: number };
  return { rows: rows.map(toJson), total: n };
}

/** POST /api/users: with `senha` it is the person's own; without, a temporary one is made (and must be changed at first sign-in). */
export async function addUser(db: Db, actor: Actor, input: NewUserInput): Promise<{ user: UserJson; senhaTemporaria?: string }> {
  // Left out (or null): a temporary one. Given, even empty, it is the person's and follows the rules.
  const temporary = input.senha === undefined || input.senha === null ? temporaryPassword() : null;
  const password = temporary ?? input.senha!;
  if (!temporary) {
    const problem = await passwordProblem(password, input.email);
    if (problem) throw badRequest(problem, { senha: problem });
  }
  const hash = await hashPassword(password);
  return db.transaction(
    () => {
      if (prepared(db, "SELECT 1 FROM users WHERE email = $email").get({ email: input.email })) throw conflict("Já existe um usuário com este e-mail");
      const { id } = prepared(
        db,
        "INSERT INTO users (email, password_hash, nome, papel, trocar_senha) VALUES ($email, $hash, $nome, $papel, $trocar) RETURNING id",
      ).get({ email: input.email, hash, nome: input.nome, papel: input.papel, trocar: temporary ? 1 : 0 }) as { id: number };
      recordEvent(db, actor, { action: "user_add", entity: "user", entityId: id, label: input.email, details: { papel: input.papel, nome: input.nome } });
      return { user: getUser(db, id), ...(temporary ? { senhaTemporaria: temporary } : {}) };
    },
    { behavior: "immediate" },
  );
}

const activeAdmins = (db: Db) => (prepared(db, "SELECT count(*) AS n FROM users WHERE papel = 'administrador' AND ativo = 1").get() as { n: number }).n;

/** PATCH /api/users/:id: name, role, active. The last active administrator stays one (409); deactivating ends the sessions at once. */
export function updateUser(db: Db, actor: Actor, id: number, patch: UserPatch): UserJson {
  return db.transaction(
    () => {
      const before = getUser(db, id);
      const after = { nome: patch.nome ?? before.nome, papel: patch.papel ?? before.papel, ativo: patch.ativo ?? before.ativo };
      const losesAdmin = before.papel === "administrador" && before.ativo && (after.papel !== "administrador" || !after.ativo);
      if (losesAdmin && activeAdmins(db) <= 1) throw conflict(LAST_ADMIN);
      prepared(db, "UPDATE users SET nome = $nome, papel = $papel, ativo = $ativo WHERE id = $id").run({ ...after, ativo: after.ativo ? 1 : 0, id });
      if (before.ativo && !after.ativo) prepared(db, "DELETE FROM sessions WHERE user_id = $id").run({ id });
      const alteracoes: Record<string, [unknown, unknown]> = {};
      for (const key of ["nome", "papel", "ativo"] as const) if (before[key] !== after[key]) alteracoes[key] = [before[key], after[key]];
      if (Object.keys(alteracoes).length) recordEvent(db, actor, { action: "update", entity: "user", entityId: id, label: before.email, details: { alteracoes } });
      return getUser(db, id);
    },
    { behavior: "immediate" },
  );
}

/** POST /api/users/:id/reset-password: a new temporary password (shown once), the old sessions ended. */
export async function resetPassword(db: Db, actor: Actor, id: number): Promise<string> {
  const user = getUser(db, id);
  const temporary = temporaryPassword();
  const hash = await hashPassword(temporary);
  db.transaction(
    () => {
      prepared(db, "UPDATE users SET password_hash = $hash, trocar_senha = 1 WHERE id = $id").run({ hash, id });
      prepared(db, "DELETE FROM sessions WHERE user_id = $id").run({ id });
      recordEvent(db, actor, { action: "user_passwd", entity: "user", entityId: id, label: user.email, details: { temporaria: true } });
    },
    { behavior: "immediate" },
  );
  return temporary;
}

/** POST /api/auth/password: the current password first; the rules; the person's other sessions end. */
export async function changeOwnPassword(db: Db, userId: number, currentToken: string, senhaAtual: string, novaSenha: string): Promise<void> {
  const row = prepared(db, "SELECT email, password_hash AS hash FROM users WHERE id = $id").get({ id: userId }) as { email: string; hash: string } | null;
  if (!row) throw notFound(USER_NOT_FOUND);
  if (!(await Bun.password.verify(senhaAtual, row.hash))) throw badRequest("Senha atual incorreta", { senhaAtual: "Senha atual incorreta" });
  const problem = await passwordProblem(novaSenha, row.email);
  if (problem) throw badRequest(problem, { novaSenha: problem });
  if (await Bun.password.verify(novaSenha, row.hash)) throw badRequest("A nova senha deve ser diferente da atual", { novaSenha: "A nova senha deve ser diferente da atual" });
  const hash = await hashPassword(novaSenha);
  db.transaction(
    () => {
      // Compare-and-swap on the hash the current password was checked against: of two changes
      // at once (two tabs, two devices), the one that writes second finds it gone (409).
      const { changes } = prepared(db, "UPDATE users SET password_hash = $hash, trocar_senha = 0 WHERE id = $id AND password_hash = $checked").run({ hash, id: userId, checked: row.hash });
      if (changes === 0) throw conflict(PASSWORD_CHANGED_MEANWHILE);
      prepared(db, "DELETE FROM sessions WHERE user_id = $id AND id_hash <> $current").run({ id: userId, current: tokenHash(currentToken) });
      recordEvent(db, { userId, email: row.email }, { action: "user_passwd", entity: "user", entityId: userId, label: row.email, details: { propria: true } });
    },
    { behavior: "immediate" },
  );
}

const tokenHash = (token: string) => new Bun.CryptoHasher("sha256").update(token).digest("hex");

/** "Chrome no Windows" from a User-Agent (the main browsers and systems people use; else "Navegador desconhecido"). */
export function browserOf(userAgent: string | null): string {
  if (!userAgent) return "Navegador desconhecido";
  const browser = /Edg\//.test(userAgent)
    ? "Edge"
    : /OPR\//.test(userAgent)
      ? "Opera"
      : /Firefox\//.test(userAgent)
        ? "Firefox"
        : /Chrom(e|ium)\//.test(userAgent)
          ? "Chrome"
          : /Safari\//.test(userAgent)
            ? "Safari"
            : null;
  const system = /Android/.test(userAgent)
    ? "Android"
    : /iPhone|iPad/.test(userAgent)
      ? "iOS"
      : /Windows/.test(userAgent)
        ? "Windows"
        : /Mac OS X|Macintosh/.test(userAgent)
          ? "macOS"
          : /Linux/.test(userAgent)
            ? "Linux"
            : null;
  if (!browser) return system ? `Navegador no ${system}` : "Navegador desconhecido";
  return system ? `${browser} no ${system}` : browser;
}

/** GET /api/auth/sessions: the person's sessions, newest first; `id` is a short public handle (never the token or its hash). */
export function ownSessions(db: Db, userId: number, currentToken: string): SessionJson[] {
  const current = tokenHash(currentToken);
  const rows = prepared(
    db,
    "SELECT id_hash AS hash, created_at AS criadaEm, last_used_at AS lastUsed, user_agent AS ua, address FROM sessions WHERE user_id = $id AND expires_at > $now ORDER BY created_at DESC",
  ).all({ id: userId, now: clock.now().getTime() }) as { hash: string; criadaEm: string; lastUsed: number | null; ua: string | null; address: string | null }[];
  return rows.map((r) => ({
    id: publicId(r.hash),
    criadaEm: r.criadaEm,
    ultimoUso: r.lastUsed ? new Date(r.lastUsed).toISOString() : null,
    navegador: browserOf(r.ua),
    endereco: r.address,
    atual: r.hash === current,
  }));
}

/** A session's public id: a hash of its stored hash (what leaves the server can name a session, not use it). */
const publicId = (hash: string) => new Bun.CryptoHasher("sha256").update(`sessao:${hash}`).digest("hex").slice(0, 16);

/** DELETE /api/auth/sessions/:id: one of the person's own sessions (404 for any other). */
export function endOwnSession(db: Db, userId: number, id: string): void {
  const rows = prepared(db, "SELECT id_hash AS hash FROM sessions WHERE user_id = $id").all({ id: userId }) as { hash: string }[];
  const found = rows.find((r) => publicId(r.hash) === id);
  if (!found) throw notFound("Sessão não encontrada");
  prepared(db, "DELETE FROM sessions WHERE id_hash = $hash").run({ hash: found.hash });
}

/** POST /api/auth/sessions/others/end: every session of the person but this one. */
export function endOtherSessions(db: Db, userId: number, currentToken: string): number {
  return prepared(db, "DELETE FROM sessions WHERE user_id = $id AND id_hash <> $current").run({ id: userId, current: tokenHash(currentToken) }).changes;
}
