import type { Database, Statement } from "bun:sqlite";
import type { Db } from "../../db/client";

// Hot statements (the ledger's lists and writes, the blocking rule) are prepared once per
// database and SQL text: preparing costs more than running them (Drizzle's builder prepared the
// session lookup anew each time, ~0.35 ms: docs/decisions.md).
//
// A kept statement is planned again at every run when it joins tables and its WHERE compares a
// column with a parameter (`r.id = $id`): SQLite's constant propagation reads the parameter's
// value, so binding a new one expires the plan. Write such a parameter `+$id`: a unary plus
// changes no value and no index use, and the plan stays (a ledger row with its party's name
// 11 → 0.6 µs, a session's lookup 11 → 0.8 µs; seed-demo a quarter faster).
const statements = new WeakMap<Database, Map<string, Statement>>();

const exactStatements = new WeakMap<Database, Map<string, Statement>>();

/**
 * The same, reading every integer as a bigint: for sums of money, exact beyond 2^53 cents
 * (R$ 90 trilhões), where a JavaScript number would lose a cent. Counts come back as bigints
 * too (Number() them).
 */
export function preparedExact(db: Db, sql: string): Statement {
  let cache = exactStatements.get(db.$client);
  if (!cache) exactStatements.set(db.$client, (cache = new Map()));
  let statement = cache.get(sql);
  if (!statement) cache.set(sql, (statement = db.$client.prepare(sql).safeIntegers(true)));
  return statement;
}

/** The bun:sqlite statement for `sql` on this database, prepared on first use. */
export function prepared(db: Db, sql: string): Statement {
  let cache = statements.get(db.$client);
  if (!cache) statements.set(db.$client, (cache = new Map()));
  let statement = cache.get(sql);
  if (!statement) cache.set(sql, (statement = db.$client.prepare(sql)));
  return statement;
}
