import type { Changes, Database, SQLQueryBindings, Statement } from "bun:sqlite";
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
function preparedExact(db: Db, sql: string): Statement {
  let cache = exactStatements.get(db.$client);
  if (!cache) exactStatements.set(db.$client, (cache = new Map()));
  let statement = cache.get(sql);
  if (!statement) cache.set(sql, (statement = db.$client.prepare(sql).safeIntegers(true)));
  return statement;
}

/** The bun:sqlite statement for `sql` on this database, prepared on first use. */
function prepared(db: Db, sql: string): Statement {
  let cache = statements.get(db.$client);
  if (!cache) statements.set(db.$client, (cache = new Map()));
  let statement = cache.get(sql);
  if (!statement) cache.set(sql, (statement = db.$client.prepare(sql)));
  return statement;
}

/** Bindings of a statement: named parameters (`$name`, bound as `{ name }` in strict mode). */
type Params = Record<string, string | number | bigint | boolean | null | Uint8Array>;

/**
 * A hand-written statement with its row type declared once, beside its SQL: the call sites get
 * typed rows and never cast. Written only where a rule keeps raw SQL (docs/architecture.md "The
 * database"): hot paths measured against Drizzle, and plans Drizzle cannot express. Every
 * statement defined this way is prepared against a freshly migrated database by
 * db/statements.test.ts, so a misspelt or renamed column fails in `bun test`.
 */
interface Sql<Row, P extends Params | void = void> {
  readonly text: string;
  /** Integers come back as bigints (sums of money exact beyond 2^53); declare them so in Row. */
  readonly exact: boolean;
  get(db: Db, ...params: P extends Params ? [P] : []): Row | null;
  all(db: Db, ...params: P extends Params ? [P] : []): Row[];
  iterate(db: Db, ...params: P extends Params ? [P] : []): IterableIterator<Row>;
  run(db: Db, ...params: P extends Params ? [P] : []): Changes;
}

/** What db/statements.test.ts prepares of each kept statement. */
interface DefinedStatement {
  readonly text: string;
}

const defined: DefinedStatement[] = [];

/** Every statement `sql()` and `sqlValues()` defined in the modules loaded so far (db/statements.test.ts). */
export function definedStatements(): readonly DefinedStatement[] {
  return defined;
}

/**
 * Defines a kept statement: `const SESSION = sql<{ userId: number }, { hash: string }>("SELECT …")`,
 * then `SESSION.get(db, { hash })`. Prepared once per database on first use (`prepared`).
 */
export function sql<Row, P extends Params | void = void>(text: string, options: { exact?: boolean } = {}): Sql<Row, P> {
  const exact = options.exact === true;
  const statement = (db: Db) => (exact ? preparedExact(db, text) : prepared(db, text));
  const bind = (params: unknown[]) => (params.length === 0 ? [] : [params[0] as SQLQueryBindings]);
  const typed: Sql<Row, P> = {
    text,
    exact,
    // cast: the one place a row type meets the SQL that makes it (declared by `sql<Row>`'s caller).
    get: (db, ...params) => statement(db).get(...bind(params)) as Row | null,
    // cast: as above.
    all: (db, ...params) => statement(db).all(...bind(params)) as Row[],
    // cast: as above.
    iterate: (db, ...params) => statement(db).iterate(...bind(params)) as IterableIterator<Row>,
    run: (db, ...params) => statement(db).run(...bind(params)),
  };
  defined.push(typed);
  return typed;
}

/** A kept statement read as arrays (`values()`): each row a tuple, declared once beside the SQL. */
interface SqlValues<Tuple extends unknown[], P extends Params | void = void> {
  readonly text: string;
  values(db: Db, ...params: P extends Params ? [P] : []): Tuple[];
}

/**
 * Defines a kept statement whose rows are read as arrays, where building an object per row
 * would cost (the MRR's rows): `sqlValues<[id: number, valor: number], { month: string }>("SELECT …")`.
 */
export function sqlValues<Tuple extends unknown[], P extends Params | void = void>(text: string): SqlValues<Tuple, P> {
  const typed: SqlValues<Tuple, P> = {
    text,
    // cast: the one place a row's tuple type meets the SQL that makes it.
    values: (db, ...params) => prepared(db, text).values(...(params.length === 0 ? [] : [params[0] as SQLQueryBindings])) as Tuple[],
  };
  defined.push(typed);
  return typed;
}

/**
 * Statements whose text is composed from whitelisted parts (a ledger side's tables, a list's
 * sort, the filters a view uses): `build` makes the text from those parts, and each distinct text
 * is one `sql()`, defined on first use and kept, with the family's row type. Where the parts are
 * few, enumerate them at module level instead (a record of `sql()` keyed by table or sort), so
 * db/statements.test.ts prepares each; a family's variants are prepared by the tests that run
 * them (the ledger's list-pages.test.ts runs every sort, direction and filter).
 */
export function sqlVariants<Key extends unknown[], Row, P extends Params | void = void>(
  build: (...key: Key) => string,
  options: { exact?: boolean } = {},
): (...key: Key) => Sql<Row, P> {
  const byText = new Map<string, Sql<Row, P>>();
  return (...key) => {
    const text = build(...key);
    let statement = byText.get(text);
    if (!statement) byText.set(text, (statement = sql<Row, P>(text, options)));
    return statement;
  };
}
