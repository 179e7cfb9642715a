// Users and the signed-in person's own account (issue 20, DECISIONS §10): the administrators'
// list and changes (role, active, temporary passwords), the password rules, and one's own
// sessions. Every change and its history event commit together; never a password in the history.
import { and, asc, count, desc, eq, gt, ne, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../../db/client";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { sessions, users } from "../../../db/schema";
import { badRequest, conflict, notFound } from "../../http/errors";
import { clock } from "../../lib/clock";
import { fold, likeContains } from "../../lib/text";
import { recordEvent, type Actor } from "../history/record";
import { limitOffset, parseListView, viewPaging, type ListPage } from "../list";
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

// Few users, read and changed now and then: Drizzle's builder (docs/architecture.md "One way to
// the database"); the session lookup every request makes stays a kept statement (auth/service.ts).
const COLUMNS = {
  id: users.id,
  email: users.email,
  nome: users.nome,
  papel: users.papel,
  ativo: users.ativo,
  trocarSenha: users.trocarSenha,
  ultimoAcesso: users.ultimoAcesso,
  createdAt: users.createdAt,
};

/** A temporary password shown once: 16 letters and digits (no look-alikes), four groups. */
function temporaryPassword(): string {
  const alphabet = "abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  const chars = [...bytes].map((b) => alphabet[b % alphabet.length]);
  return [0, 4, 8, 12].map((i) => chars.slice(i, i + 4).join("")).join("-");
}

function getUser(db: Db, id: number): UserJson {
  const row = db.select(COLUMNS).from(users).where(eq(users.id, id)).get();
  if (!row) throw notFound(USER_NOT_FOUND);
  return row;
}

export function parseUserQuery(raw: Record<string, string | undefined>): UserQuery {
  const view = parseListView(USER_LIST, raw);
  return { q: view.q!, papel: view.papel as UserQuery["papel"], ativo: view.ativo as UserQuery["ativo"], ...viewPaging<UserQuery["sort"]["key"]>(view), view };
}

const ORDER: Record<UserQuery["sort"]["key"], SQL | SQLiteColumn> = {
  email: users.email,
  nome: sql`${users.nome} COLLATE NOCASE`,
  papel: users.papel,
  ultimoAcesso: users.ultimoAcesso,
};

/** GET /api/users: one page matching e-mail/name text, role and situation. */
export function findUsers(db: Db, query: UserQuery): ListPage<UserJson> {
  const parts: SQL[] = [];
  if (query.q) {
    // Few users: folding in JavaScript is not needed; SQLite's lower() covers e-mails and plain names.
    const q = likeContains(fold(query.q));
    parts.push(sql`(lower(${users.email}) LIKE ${q} ESCAPE '\\' OR lower(${users.nome}) LIKE ${q} ESCAPE '\\')`);
  }
  if (query.papel) parts.push(eq(users.papel, query.papel));
  if (query.ativo) parts.push(eq(users.ativo, query.ativo === "sim"));
  const where = and(...parts);
  const { limit, offset } = limitOffset(query);
  const direction = query.sort.dir === "desc" ? desc : asc;
  const rows = db
    .select(COLUMNS)
    .from(users)
    .where(where)
    .orderBy(direction(ORDER[query.sort.key]), asc(users.id))
    .limit(limit)
    .offset(offset)
    .all();
  const total = db.select({ n: count() }).from(users).where(where).get()?.n ?? 0;
  return { rows, total };
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
      if (db.select({ id: users.id }).from(users).where(eq(users.email, input.email)).get()) throw conflict("Já existe um usuário com este e-mail");
      const { id } = db
        .insert(users)
        .values({ email: input.email, passwordHash: hash, nome: input.nome, papel: input.papel, trocarSenha: temporary !== null })
        .returning({ id: users.id })
        .get();
      recordEvent(db, actor, { action: "user_add", entity: "user", entityId: id, label: input.email, details: { papel: input.papel, nome: input.nome } });
      return { user: getUser(db, id), ...(temporary ? { senhaTemporaria: temporary } : {}) };
    },
    { behavior: "immediate" },
  );
}

/** How many administrators may sign in (the last one stays one: here and in `cofre user disable`). */
export const activeAdmins = (db: Db) =>
  db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.papel, "administrador"), eq(users.ativo, true)))
    .get()?.n ?? 0;

/** PATCH /api/users/:id: name, role, active. The last active administrator stays one (409); deactivating ends the sessions at once. */
export function updateUser(db: Db, actor: Actor, id: number, patch: UserPatch): UserJson {
  return db.transaction(
    () => {
      const before = getUser(db, id);
      const after = { nome: patch.nome ?? before.nome, papel: patch.papel ?? before.papel, ativo: patch.ativo ?? before.ativo };
      const losesAdmin = before.papel === "administrador" && before.ativo && (after.papel !== "administrador" || !after.ativo);
      if (losesAdmin && activeAdmins(db) <= 1) throw conflict(LAST_ADMIN);
      db.update(users).set(after).where(eq(users.id, id)).run();
      if (before.ativo && !after.ativo) db.delete(sessions).where(eq(sessions.userId, id)).run();
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
      db.update(users).set({ passwordHash: hash, trocarSenha: true }).where(eq(users.id, id)).run();
      db.delete(sessions).where(eq(sessions.userId, id)).run();
      recordEvent(db, actor, { action: "user_passwd", entity: "user", entityId: id, label: user.email, details: { temporaria: true } });
    },
    { behavior: "immediate" },
  );
  return temporary;
}

/** POST /api/auth/password: the current password first; the rules; the person's other sessions end. */
export async function changeOwnPassword(db: Db, userId: number, currentToken: string, senhaAtual: string, novaSenha: string): Promise<void> {
  const row = db.select({ email: users.email, hash: users.passwordHash }).from(users).where(eq(users.id, userId)).get();
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
      const changed = db
        .update(users)
        .set({ passwordHash: hash, trocarSenha: false })
        .where(and(eq(users.id, userId), eq(users.passwordHash, row.hash)))
        .returning({ id: users.id })
        .get();
      if (!changed) throw conflict(PASSWORD_CHANGED_MEANWHILE);
      endOthers(db, userId, currentToken);
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
  const rows = db
    .select({ hash: sessions.idHash, criadaEm: sessions.createdAt, lastUsed: sessions.lastUsedAt, ua: sessions.userAgent, address: sessions.address })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, clock.now().getTime())))
    .orderBy(desc(sessions.createdAt))
    .all();
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
  const rows = db.select({ hash: sessions.idHash }).from(sessions).where(eq(sessions.userId, userId)).all();
  const found = rows.find((r) => publicId(r.hash) === id);
  if (!found) throw notFound("Sessão não encontrada");
  db.delete(sessions).where(eq(sessions.idHash, found.hash)).run();
}

/** POST /api/auth/sessions/others/end: every session of the person but this one. */
export function endOtherSessions(db: Db, userId: number, currentToken: string): number {
  return endOthers(db, userId, currentToken);
}

const endOthers = (db: Db, userId: number, currentToken: string) =>
  db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.idHash, tokenHash(currentToken))))
    .returning({ hash: sessions.idHash })
    .all().length;
