// The one place history events are written (DECISIONS §6). Every change calls recordEvent with
// the transaction it runs in, so the event commits or rolls back with the change: there is no
// event without its change and no change without its event. Events are never updated or deleted.
import type { Db, Tx } from "../../../db/client";
import { historyEvents } from "../../../db/schema";
import type { PublicUser } from "../../auth/service";
import { nowISO } from "../../lib/clock";
import type { HistoryAction, HistoryEntity } from "../../lib/history-text";

/** Who: the automatic blocking job and the CLI act as "sistema"; a failed sign-in is the e-mail typed (no id). */
export const SYSTEM = "sistema" as const;
export type Actor = { userId: number | null; email: string } | typeof SYSTEM;

/** The signed-in user (routes' `user`) as an actor. */
export const actorOf = (user: PublicUser): Actor => ({ userId: user.id, email: user.email });

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

/** Writes one event; call it inside the change's transaction. Returns the event's id. */
export function recordEvent(tx: Db | Tx, actor: Actor, event: HistoryEventInput): number {
  return tx
    .insert(historyEvents)
    .values({
      at: nowISO(),
      userId: actor === SYSTEM ? null : actor.userId,
      userEmail: actor === SYSTEM ? SYSTEM : actor.email,
      action: event.action,
      entity: event.entity,
      entityId: event.entityId,
      label: event.label,
      details: JSON.stringify(event.details ?? {}),
      clientId: event.clientId ?? null,
      supplierId: event.supplierId ?? null,
    })
    .returning({ id: historyEvents.id })
    .get().id;
}

/** The fields whose value changed, each as [before, after]; nothing when nothing changed. */
export function changedFields<T extends object>(before: T, after: T, keys: readonly (keyof T & string)[]): Record<string, [unknown, unknown]> {
  const changes: Record<string, [unknown, unknown]> = {};
  for (const key of keys) {
    if (before[key] !== after[key]) changes[key] = [before[key] ?? null, after[key] ?? null];
  }
  return changes;
}
