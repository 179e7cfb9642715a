// Idempotency-Key on the routes that create batches (POST …/generate): a repeated or parallel
// submit of the same form answers the first result instead of writing a second batch. The key
// is the client's (one per submit), kept 24 hours per user and route; the table's primary key
// makes "once" the database's rule, also across processes.
import type { Db } from "../../db/client";
import { badRequest } from "../http/errors";
import { clock, nowISO } from "../lib/clock";
import type { DailyJob } from "./daily-jobs";
import { sql } from "./prepared";

const KEEP_MS = 24 * 60 * 60 * 1000;
// Visible ASCII, as HTTP header values and UUIDs are.
const VALID_KEY = /^[\x21-\x7e]{1,200}$/;

const FIRST_ANSWER = sql<{ response: string }, { userId: number; route: string; key: string; since: string }>(
  "SELECT response FROM idempotency_keys WHERE user_id = $userId AND route = $route AND key = $key AND created_at >= $since",
);
const REMEMBER_ANSWER = sql<never, { userId: number; route: string; key: string; response: string; at: string }>(
  "INSERT OR REPLACE INTO idempotency_keys (user_id, route, key, status, response, created_at) VALUES ($userId, $route, $key, 201, $response, $at)",
);
const FORGET_OLD_KEYS = sql<never, { since: string }>("DELETE FROM idempotency_keys WHERE created_at < $since");

const since = () => new Date(clock.now().getTime() - KEEP_MS).toISOString();

/** A 400 for a key that is not one (checked before a job goes to the writer thread, and again here). */
export function checkIdempotencyKey(key: string): void {
  if (!VALID_KEY.test(key)) throw badRequest("Idempotency-Key inválida: até 200 caracteres visíveis");
}

/**
 * `change()` once per (user, route, key): without a key it just runs; with one seen in the last
 * 24 hours it answers what the first run answered. A change that fails stores nothing, so the
 * same key can be sent again.
 */
export function withIdempotencyKey<T>(db: Db, key: string | null, userId: number, route: string, change: () => T): T {
  if (key === null) return change();
  checkIdempotencyKey(key);
  return db.transaction(
    () => {
      const first = FIRST_ANSWER.get(db, { userId, route, key, since: since() });
      if (first) return JSON.parse(first.response) as T;
      const answer = change();
      REMEMBER_ANSWER.run(db, {
        userId,
        route,
        key,
        response: JSON.stringify(answer),
        at: nowISO(),
      });
      return answer;
    },
    { behavior: "immediate" },
  );
}

/** The daily run: keys older than 24 hours go. */
export const idempotencyCleanupJob: DailyJob = {
  name: "Chaves de idempotência",
  run(db) {
    FORGET_OLD_KEYS.run(db, { since: since() });
    return null;
  },
};
