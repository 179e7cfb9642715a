// The client's capability link (DECISIONS §12): `/c/{token}`, 32 random bytes in base64url. Only
// the token's SHA-256 is stored, so the full URL exists only in the answer that created it; a new
// link revokes the old one in the same transaction, and every change is in the history.
import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { clientLinks, clients } from "../../../db/schema";
import type { Config } from "../../config";
import { notFound } from "../../http/errors";
import { nowISO } from "../../lib/clock";
import { recordEvent, type Actor } from "../history/record";

export const CLIENT_NOT_FOUND = "Cliente não encontrado";
export const NO_LIVE_LINK = "Este cliente não tem link ativo";

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

export function newToken(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(TOKEN_BYTES))).toString("base64url");
}

/** The stored form of a token: SHA-256, hex. */
export const tokenHash = (token: string) => new Bun.CryptoHasher("sha256").update(token).digest("hex");

/** PUBLIC_URL when set (what the clients reach), else the origin the request came to. */
export function publicOrigin(config: Config, request: Request): string {
  return config.publicUrl ?? new URL(request.url).origin;
}

export const clientPageUrl = (origin: string, token: string) => `${origin}/c/${token}`;

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

/**
 * A new link for the client (the old one, if any, stops working), recorded in the history. Also
 * what the régua calls for `{link}`: since only the hash is kept, the current URL cannot be read
 * back, so a message that needs the URL makes a new link.
 */
export function createClientLink(db: Db, actor: Actor, clientId: number, origin: string): NewClientLink {
  const token = newToken();
  const criadoEm = nowISO();
  db.transaction(() => {
    const nome = clientName(db, clientId);
    const revoked = db
      .update(clientLinks)
      .set({ revogadoEm: criadoEm })
      .where(and(eq(clientLinks.clientId, clientId), isNull(clientLinks.revogadoEm)))
      .returning({ id: clientLinks.id })
      .all();
    db.insert(clientLinks).values({ clientId, tokenHash: tokenHash(token), criadoEm }).run();
    recordEvent(db, actor, { action: "link_create", entity: "client", entityId: clientId, label: nome, clientId, details: { substituiu: revoked.length > 0 } });
  });
  const message = "Link gerado. Copie agora: por segurança ele não será mostrado de novo.";
  return { message, url: clientPageUrl(origin, token), criadoEm };
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
