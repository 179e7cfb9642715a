// The one place history events are written (DECISIONS §6). Every change calls recordEvent inside
// the transaction it runs in, so the event commits or rolls back with the change: there is no
// event without its change and no change without its event. Events are never updated or deleted.
import type { Db } from "../../../db/client";
import { nowISO } from "../../lib/clock";
import { eventSearchText } from "../../../db/search-columns";
import type { HistoryAction, HistoryEntity } from "../../lib/history-text";
import { sql } from "../prepared";
import { mergeSoon } from "./fts-merge";

/** Who: the automatic blocking job and the CLI act as "sistema"; a failed sign-in is the e-mail typed (no id). */
export const SYSTEM = "sistema" as const;
export type Actor = { userId: number | null; email: string } | typeof SYSTEM;

/** The signed-in user (routes' `user`) as an actor. */
export const actorOf = (user: { id: number; email: string }): Actor => ({ userId: user.id, email: user.email });

export interface HistoryEventInput {
  action: HistoryAction;
  entity: HistoryEntity;
  entityId: number | null;
  /** Readable on its own, also after the record is gone: "Padaria Pão Quente — parcela 3/12". */
  label: string;
  details?: Record<string, unknown>;
  /** The party whose history includes this event (its installments' events too). */
  clientId?: number | null;
  supplierId?: number | null;
}

// Columns in the order of the statement below; prepared once per database (src/api/prepared.ts):
// drizzle's query builder cost three times the insert itself on a payment's hot path.
const INSERT = sql<
  { id: number },
  {
    at: string;
    userId: number | null;
    userEmail: string;
    action: HistoryAction;
    entity: HistoryEntity;
    entityId: number | null;
    label: string;
    details: string;
    clientId: number | null;
    supplierId: number | null;
    busca: string;
  }
>(`INSERT INTO history_events (at, user_id, user_email, action, entity, entity_id, label, details, client_id, supplier_id, busca)
  VALUES ($at, $userId, $userEmail, $action, $entity, $entityId, $label, $details, $clientId, $supplierId, $busca) RETURNING id`);

/**
 * Writes one event. Call it inside the change's transaction with the database handle: bun:sqlite
 * has one connection, so the insert commits or rolls back with the change. Returns the event's id.
 */
export function recordEvent(db: Db, actor: Actor, event: HistoryEventInput): number {
  const userEmail = actor === SYSTEM ? SYSTEM : actor.email;
  const details = event.details ?? {};
  const row = INSERT.get(db, {
    at: nowISO(),
    userId: actor === SYSTEM ? null : actor.userId,
    userEmail,
    action: event.action,
    entity: event.entity,
    entityId: event.entityId,
    label: event.label,
    details: JSON.stringify(details),
    clientId: event.clientId ?? null,
    supplierId: event.supplierId ?? null,
    busca: eventSearchText({ label: event.label, userEmail, action: event.action, entity: event.entity, details }),
  })!;
  // The text index's new segment is merged after the commit, in doses (fts-merge.ts).
  mergeSoon(db);
  return row.id;
}

/** The fields whose value changed, each as [before, after]; nothing when nothing changed. */
export function changedFields<T extends object>(before: T, after: T, keys: readonly (keyof T & string)[]): Record<string, [unknown, unknown]> {
  const changes: Record<string, [unknown, unknown]> = {};
  for (const key of keys) {
    if (before[key] !== after[key]) changes[key] = [before[key] ?? null, after[key] ?? null];
  }
  return changes;
}
