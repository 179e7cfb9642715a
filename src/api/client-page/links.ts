// The client's capability link (DECISIONS §12): `/c/{token}`, 32 bytes in base64url. The token is
// HMAC-SHA256(the link key, a random seed): the database keeps the seed and the token's SHA-256,
// the key lives in a file beside the database (created on first use, readable by its owner only).
// So the régua can put the client's current URL in every message without making a new link (which
// would break the previous message's), while a copy of the database alone opens no page. A new
// link revokes the old one in the same transaction, and every change is in the history.
import { chmodSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { clientLinks, clients } from "../../../db/schema";
import type { Config } from "../../config";
import { notFound } from "../../http/errors";
import { nowISO } from "../../lib/clock";
import { recordEvent, type Actor } from "../history/record";

const CLIENT_NOT_FOUND = "Cliente não encontrado";
const NO_LIVE_LINK = "Este cliente não tem link ativo";

/** GET /api/clients/:id/link: whether a link works now (never the token: it is not kept). */
export interface ClientLinkState {
  ativo: boolean;
  criadoEm: string | null;
}

/** POST /api/clients/:id/link: the only time the URL is ever shown. */
export interface NewClientLink {
  message: string;
  url: string;
  criadoEm: string;
}

const TOKEN_BYTES = 32;

const randomText = () => Buffer.from(crypto.getRandomValues(new Uint8Array(TOKEN_BYTES))).toString("base64url");

const keys = new Map<string, string>();

/**
 * The link key of this database: `<DATABASE_PATH>.chave-links` (back it up with the database: a
 * database restored without it keeps working, but its links must be made again). An in-memory
 * database (tests) gets a key for the process's life.
 */
function linkKey(db: Db): string {
  const path = db.$client.filename;
  const known = keys.get(path);
  if (known) return known;
  let key: string;
  if (!path || path === ":memory:") key = randomText();
  else {
    const file = `${path}.chave-links`;
    if (!existsSync(file)) {
      // "wx": of two processes creating it at once, one writes and the other reads what it wrote.
      try {
        writeFileSync(file, randomText(), { flag: "wx", mode: 0o600 });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      }
      chmodSync(file, 0o600);
    }
    key = readFileSync(file, "utf8").trim();
  }
  keys.set(path, key);
  return key;
}

/** The token of a seed under this database's link key. */
function tokenOf(db: Db, seed: string): string {
  return new Bun.CryptoHasher("sha256", linkKey(db)).update(seed).digest("base64url");
}

/** The stored form of a token: SHA-256, hex. */
export const tokenHash = (token: string) => new Bun.CryptoHasher("sha256").update(token).digest("hex");

/** PUBLIC_URL when set (what the clients reach), else the origin the request came to. */
export function publicOrigin(config: Config, request: Request): string {
  return config.publicUrl ?? new URL(request.url).origin;
}

const clientPageUrl = (origin: string, token: string) => `${origin}/c/${token}`;

function clientName(db: Db, clientId: number): string {
  const client = db.select({ nome: clients.nome }).from(clients).where(eq(clients.id, clientId)).get();
  if (!client) throw notFound(CLIENT_NOT_FOUND);
  return client.nome;
}

export function clientLinkState(db: Db, clientId: number): ClientLinkState {
  clientName(db, clientId);
  const live = db
    .select({ criadoEm: clientLinks.criadoEm })
    .from(clientLinks)
    .where(and(eq(clientLinks.clientId, clientId), isNull(clientLinks.revogadoEm)))
    .get();
  return { ativo: live !== undefined, criadoEm: live?.criadoEm ?? null };
}

/** A new link for the client (the old one, if any, stops working), recorded in the history. */
export function createClientLink(db: Db, actor: Actor, clientId: number, origin: string): NewClientLink {
  const semente = randomText();
  const token = tokenOf(db, semente);
  const criadoEm = nowISO();
  // Inside the caller's transaction when there is one (the régua's slice), else its own.
  const write = <T>(body: () => T): T => (db.$client.inTransaction ? body() : db.transaction(body));
  write(() => {
    const nome = clientName(db, clientId);
    const revoked = db
      .update(clientLinks)
      .set({ revogadoEm: criadoEm })
      .where(and(eq(clientLinks.clientId, clientId), isNull(clientLinks.revogadoEm)))
      .returning({ id: clientLinks.id })
      .all();
    db.insert(clientLinks).values({ clientId, tokenHash: tokenHash(token), semente, criadoEm }).run();
    recordEvent(db, actor, { action: "link_create", entity: "client", entityId: clientId, label: nome, clientId, details: { substituiu: revoked.length > 0 } });
  });
  const message = "Link gerado: copie e envie ao cliente.";
  return { message, url: clientPageUrl(origin, token), criadoEm };
}

/**
 * The origin clients reach Cofre at, for links made without a request (the régua): PUBLIC_URL,
 * set once by createApp. Without it no absolute link can be written, and a message leaves the
 * line holding {link} out.
 */
export const linkOrigin: { value: string | null } = { value: null };

/**
 * The client's current page URL, for the régua's `{link}`: the live link's, made again from its
 * seed; a client without a live link (or one made before seeds) gets a new one, by `actor`.
 */
export function currentClientLink(db: Db, actor: Actor, clientId: number, origin: string): string {
  const live = db
    .select({ semente: clientLinks.semente })
    .from(clientLinks)
    .where(and(eq(clientLinks.clientId, clientId), isNull(clientLinks.revogadoEm)))
    .get();
  if (live?.semente) return clientPageUrl(origin, tokenOf(db, live.semente));
  return createClientLink(db, actor, clientId, origin).url;
}

/** DELETE /api/clients/:id/link: the live link stops working (404 when there is none). */
export function revokeClientLink(db: Db, actor: Actor, clientId: number): { message: string } {
  db.transaction(() => {
    const nome = clientName(db, clientId);
    const revoked = db
      .update(clientLinks)
      .set({ revogadoEm: nowISO() })
      .where(and(eq(clientLinks.clientId, clientId), isNull(clientLinks.revogadoEm)))
      .returning({ id: clientLinks.id })
      .all();
    if (revoked.length === 0) throw notFound(NO_LIVE_LINK);
    recordEvent(db, actor, { action: "link_revoke", entity: "client", entityId: clientId, label: nome, clientId });
  });
  return { message: "Link revogado: a página do cliente deixou de abrir" };
}

/**
 * The client a token opens, or null. Every token costs the same work — hash it, one lookup on the
 * hash's unique index — whether it is well-formed, unknown or revoked, so neither the answer nor
 * its timing tells them apart.
 */
export function clientOfToken(db: Db, token: string): number | null {
  const hash = tokenHash(token);
  const row = db
    .select({ clientId: clientLinks.clientId, revogadoEm: clientLinks.revogadoEm })
    .from(clientLinks)
    .where(eq(clientLinks.tokenHash, hash))
    .get();
  return row && row.revogadoEm === null ? row.clientId : null;
}
