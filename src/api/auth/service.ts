import { count, eq, lt } from "drizzle-orm";
import { isBusyError, isDiskFullError, type Db } from "../../../db/client";
import { sessions, users, type User } from "../../../db/schema";
import { recordEvent, type Actor } from "../history/record";
import { sql } from "../prepared";
import { clock } from "../../lib/clock";

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
// Sliding expiry is written at most once a day per session, not on every request.
const SLIDE_AFTER_MS = 24 * 60 * 60 * 1000;

export type PublicUser = Pick<User, "id" | "email" | "nome" | "papel" | "trocarSenha">;

/** What a session and a sign-in answer say of the user (never the hash). */
const publicColumns = { id: users.id, email: users.email, nome: users.nome, papel: users.papel, trocarSenha: users.trocarSenha };
const publicOf = (user: User): PublicUser => ({ id: user.id, email: user.email, nome: user.nome, papel: user.papel, trocarSenha: user.trocarSenha });

/** A deactivated user's sign-in is refused with this (DECISIONS §10), after the password check. */
export const INACTIVE_USER = "Usuário desativado: peça a um administrador para reativar seu acesso";

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export function hashPassword(password: string): Promise<string> {
  return Bun.password.hash(password, { algorithm: "argon2id" });
}

function hashToken(token: string): string {
  return new Bun.CryptoHasher("sha256").update(token).digest("hex");
}

export function findUserByEmail(db: Db, email: string): User | undefined {
  return db.select().from(users).where(eq(users.email, normalizeEmail(email))).get();
}

/** `actor`: who creates it (the CLI and the first start are "sistema"), recorded with the user. */
export async function createUser(db: Db, actor: Actor, email: string, password: string, options: NewUserOptions = {}): Promise<PublicUser> {
  return insertUser(db, actor, email, await hashPassword(password), options);
}

export interface NewUserOptions {
  nome?: string;
  papel?: User["papel"];
  /** A temporary password the person must replace at first sign-in. */
  trocarSenha?: boolean;
}

/** createUser with the hash already made: tests seed a cheap one (its cost travels in the hash). */
export function insertUser(db: Db, actor: Actor, email: string, passwordHash: string, options: NewUserOptions = {}): PublicUser {
  return db.transaction((tx) => {
    const row = tx
      .insert(users)
      .values({ email: normalizeEmail(email), passwordHash, nome: options.nome ?? "", papel: options.papel ?? "administrador", trocarSenha: options.trocarSenha ?? false })
      .returning(publicColumns)
      .get();
    recordEvent(db, actor, { action: "user_add", entity: "user", entityId: row.id, label: row.email, details: { papel: row.papel } });
    return row;
  });
}

export async function setPassword(db: Db, actor: Actor, email: string, password: string): Promise<boolean> {
  const user = findUserByEmail(db, email);
  if (!user) return false;
  const passwordHash = await hashPassword(password);
  db.transaction((tx) => {
    tx.update(users).set({ passwordHash }).where(eq(users.id, user.id)).run();
    // A new password signs every existing session out.
    tx.delete(sessions).where(eq(sessions.userId, user.id)).run();
    recordEvent(db, actor, { action: "user_passwd", entity: "user", entityId: user.id, label: user.email });
  });
  return true;
}

export function countUsers(db: Db): number {
  return db.select({ n: count() }).from(users).get()?.n ?? 0;
}

/** Checks a password; runs a hash even for unknown e-mails so timing does not reveal them. `ativo` is for the caller to refuse. */
export async function verifyCredentials(db: Db, email: string, password: string): Promise<(PublicUser & { ativo: boolean }) | null> {
  const user = findUserByEmail(db, email);
  if (!user) {
    await Bun.password.verify(password, DUMMY_HASH).catch(() => false);
    return null;
  }
  return (await Bun.password.verify(password, user.passwordHash)) ? { ...publicOf(user), ativo: user.ativo } : null;
}
// An argon2id hash (Bun's default cost) of a throwaway password, fixed here rather than
// computed at start-up: hashing at import time cost every start ~100 ms.
export const DUMMY_HASH = "$argon2id$v=19$m=65536,t=2,p=1$RLySlVTfQevhPI86DSOqbng1mTspjiyMTSNGnpqH4cI$TUQpJjHyixqomop908fWCXQ5skwM65AV611juTasmqI";

/** A fresh random 256-bit session id; only its hash is stored. */
export function createSession(db: Db, userId: number, userAgent: string | null = null, address: string | null = null): { token: string; expiresAt: number } {
  const token = Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("base64url");
  const now = clock.now().getTime();
  const expiresAt = now + SESSION_TTL_MS;
  db.transaction((tx) => {
    tx.delete(sessions).where(lt(sessions.expiresAt, now)).run();
    tx.insert(sessions).values({ idHash: hashToken(token), userId, expiresAt, lastUsedAt: now, userAgent: userAgent?.slice(0, 300) ?? null, address: address?.slice(0, 64) ?? null }).run();
    tx.update(users).set({ ultimoAcesso: new Date(now).toISOString() }).where(eq(users.id, userId)).run();
  });
  return { token, expiresAt };
}

interface ActiveSession {
  user: PublicUser;
  /** Set when the expiry moved: the cookie must be re-sent with the new lifetime. */
  renewedUntil?: number;
}

// SQLite has no boolean: trocarSenha comes as 0/1.
const SESSION = sql<Omit<PublicUser, "trocarSenha"> & { trocarSenha: number; expiresAt: number }, { idHash: string; now: number }>(
  `SELECT u.id AS id, u.email AS email, u.nome AS nome, u.papel AS papel, u.trocar_senha AS trocarSenha, s.expires_at AS expiresAt
  FROM sessions s JOIN users u ON u.id = s.user_id
  WHERE s.id_hash = +$idHash AND s.expires_at > $now AND u.ativo = 1`,
);

export function findSession(db: Db, token: string): ActiveSession | null {
  const now = clock.now().getTime();
  const idHash = hashToken(token);
  // A deactivated user's sessions stop at their next request (DECISIONS §10). Every request
  // runs this: one prepared statement, not Drizzle's builder (which re-prepared it, ~0.3 ms).
  const row = SESSION.get(db, { idHash, now });
  if (!row) return null;
  const { expiresAt: _expiresAt, ...columns } = row;
  const user: PublicUser = { ...columns, trocarSenha: columns.trocarSenha === 1 };
  if (row.expiresAt - now > SESSION_TTL_MS - SLIDE_AFTER_MS) return { user };
  const renewedUntil = now + SESSION_TTL_MS;
  try {
    db.update(sessions).set({ expiresAt: renewedUntil, lastUsedAt: now }).where(eq(sessions.idHash, idHash)).run();
  } catch (error) {
    // Another process holds the write lock, or the disk is full: the session is valid, it
    // slides on a later request (a read must not fail for want of room to slide it).
    if (isBusyError(error) || isDiskFullError(error)) return { user };
    throw error;
  }
  return { user, renewedUntil };
}

export function deleteSession(db: Db, token: string): void {
  db.delete(sessions).where(eq(sessions.idHash, hashToken(token))).run();
}
