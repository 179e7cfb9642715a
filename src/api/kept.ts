// Figures worth keeping between requests: computed again only when the day turns or a row of
// the tables they read changed. Migrations 0013 and 0014's triggers count every insert, update
// and delete of clients, subscriptions, receivables and payables in change_counts, whoever
// writes (a service, the CLI, another process, a test's raw SQL), so a kept figure is never one
// change behind. A figure that reads another table must not be kept here until that table has
// its triggers.
import type { Db } from "../../db/client";
import { today } from "../lib/clock";
import { sql } from "./prepared";

const CHANGES = sql<{ n: string }>("SELECT group_concat(alteracoes) AS n FROM change_counts");
const kept = new WeakMap<Db, Map<string, { key: string; value: unknown }>>();
/** Figures kept per database (a list's cards per filter add one each); the oldest goes first. */
const MAX_KEPT = 64;

/** `compute()`'s value, kept per database under `name` while today and the counted tables stay as they were. */
export function keptWhileUnchanged<T>(db: Db, name: string, compute: () => T): T {
  // Inside a transaction the counts may yet roll back, and a later change could bring them to
  // the same numbers: what is computed there is never kept.
  if (db.$client.inTransaction) return compute();
  const key = keyOf(db);
  const entry = figuresOf(db).get(name);
  if (entry?.key === key) return entry.value as T;
  return keep(db, name, key, compute());
}

/**
 * The same for figures read across turns of the event loop (on a reader: db/client.ts
 * withReadDb). The key is read first: a change committed before the reader's snapshot makes the
 * value newer than its key, and the next ask, seeing other counts, computes again — never older.
 */
export async function keptWhileUnchangedInTurns<T>(db: Db, name: string, compute: () => Promise<T>): Promise<T> {
  if (db.$client.inTransaction) return compute();
  const key = keyOf(db);
  const entry = figuresOf(db).get(name);
  if (entry?.key === key) return entry.value as T;
  return keep(db, name, key, await compute());
}

const keyOf = (db: Db) => `${today()}|${CHANGES.get(db)!.n}`;

function figuresOf(db: Db) {
  let figures = kept.get(db);
  if (!figures) kept.set(db, (figures = new Map()));
  return figures;
}

function keep<T>(db: Db, name: string, key: string, value: T): T {
  const figures = figuresOf(db);
  figures.delete(name);
  figures.set(name, { key, value });
  if (figures.size > MAX_KEPT) figures.delete(figures.keys().next().value!);
  return value;
}
