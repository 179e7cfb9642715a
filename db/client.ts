import { Database } from "bun:sqlite";
import { drizzle, type BunSQLiteDatabase } from "drizzle-orm/bun-sqlite";
import { existsSync, mkdirSync, statSync, statfsSync } from "node:fs";
import { dirname, join } from "node:path";
import { backfillSearchColumns, foldUnsearchedEvents } from "./backfill";
import { COMMAND_BUSY_TIMEOUT_MS, isBusyError } from "./busy";
import { migrate, refuseNewerDatabase } from "./migrate";
import * as schema from "./schema";

export type Db = BunSQLiteDatabase<typeof schema> & { $client: Database };
/** The handle a `db.transaction(...)` callback receives: services take `Db | Tx` to run inside one. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * How long a write waits for another process's lock. bun:sqlite waits synchronously, so this
 * is time the event loop stands still: kept short, and a write still locked out answers 503.
 */
export const BUSY_TIMEOUT_MS = 250;
/**
 * How long the server's own writes wait while a worker thread of this process holds the write
 * lock (src/workers/writer.ts: an import or a bulk action, up to a few seconds): the loop must
 * not stand still behind it. Writing requests wait for the worker without holding the loop
 * (writesWaitForWorker); a write that gets past that (a job, a GET that writes) fails at once
 * with the 503 of a busy database instead of waiting 250 ms.
 */
export const BUSY_WHILE_WORKER_MS = 10;
const BACK_OFF_MS = 1000;
// The connections `openDatabase` opened, for the back-off below.
const connections = new Set<Database>();
let backingOff = false;
let workerWrites = 0;

/** The wait in force for the server's connections now. */
const busyTimeoutNow = () => (backingOff ? 0 : workerWrites > 0 ? BUSY_WHILE_WORKER_MS : BUSY_TIMEOUT_MS);

/** A worker thread starts (true) or ends (false) a write on this process's database file. */
export function workerWriting(writing: boolean): void {
  workerWrites = Math.max(0, workerWrites + (writing ? 1 : -1));
  setBusyTimeout(busyTimeoutNow());
}

/**
 * A write found the lock still held after BUSY_TIMEOUT_MS. For the next second writes do not
 * wait at all (they answer 503 at once): a queue of writes each blocking the event loop in
 * turn would stall every read behind them. Then one write waits again, and so on.
 */
export function backOffWhileBusy(): void {
  if (backingOff) return;
  backingOff = true;
  setBusyTimeout(0);
  setTimeout(() => {
    backingOff = false;
    setBusyTimeout(busyTimeoutNow());
  }, BACK_OFF_MS).unref();
}

function setBusyTimeout(ms: number): void {
  for (const sqlite of connections) {
    try {
      sqlite.exec(`PRAGMA busy_timeout = ${ms}`);
    } catch {
      connections.delete(sqlite); // closed
    }
  }
}

/** DATABASE_PATH names no file, where a command must not create an empty database. */
export class DatabaseNotFoundError extends Error {
  constructor(readonly path: string) {
    super(`Banco de dados não encontrado: ${path}. Confira DATABASE_PATH (ou inicie o servidor uma vez para criá-lo).`);
    this.name = "DatabaseNotFoundError";
  }
}

/** The file is damaged (SQLITE_CORRUPT, or quick_check found a fault): the server must not serve it. */
export class DatabaseCorruptError extends Error {
  constructor(readonly path: string, detail: string) {
    super(
      `O banco de dados ${path} está corrompido (${detail}). Se ele acabou de ser restaurado, o arquivo ${path}-wal ` +
        `ao lado pertence ao banco antigo: pare o Cofre, mova ${path}-wal e ${path}-shm para outra pasta e inicie de novo ` +
        "(veja docs/operations.md, Restaurando). Caso contrário, restaure a última cópia de segurança.",
    );
    this.name = "DatabaseCorruptError";
  }
}

export function isCorruptError(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if ((typeof code === "string" && code.startsWith("SQLITE_CORRUPT")) || /malformed/i.test(e.message)) return true;
  }
  return false;
}

/**
 * A WAL left beside the file (a crash, or a restore that kept the old database's WAL) is applied
 * when the file opens; if it belongs to another database the result is damaged. quick_check then
 * costs a read of the file once, only on such starts (a clean stop leaves an empty WAL).
 */
function checkAfterUncleanStop(sqlite: Database, path: string): void {
  let faults: string;
  try {
    faults = sqlite.query<{ quick_check: string }, []>("PRAGMA quick_check").all().map((r) => r.quick_check).join("; ");
  } catch (error) {
    if (!isCorruptError(error)) throw error;
    faults = "database disk image is malformed";
  }
  if (faults !== "ok") {
    sqlite.close();
    throw new DatabaseCorruptError(path, `quick_check: ${faults.slice(0, 300)}`);
  }
}

/**
 * Where drizzle-kit's migrations are: beside this file when run from source, or in the
 * binary's embedded file system (`--asset db/migrations`) when compiled.
 */
function migrationsFolder(): string {
  const candidates = [join(import.meta.dir, "migrations"), join(import.meta.dir, "db", "migrations")];
  const found = candidates.find((dir) => existsSync(join(dir, "meta", "_journal.json")));
  if (!found) throw new Error(`Migrations not found in ${candidates.join(" or ")}`);
  return found;
}

/** For a connection that does not migrate (the backup's): refuses a database a newer version wrote (db/migrate.ts). */
export function refuseNewer(sqlite: Database): void {
  refuseNewerDatabase(sqlite, migrationsFolder());
}

/** Every connection's page cache (KB): the app's, a worker's, a reader's. */
export const PAGE_CACHE_KB = 16 * 1024;

/** What every connection that writes sets, the server's and a worker thread's (openWorkerConnection). */
function tuneConnection(sqlite: Database): void {
  sqlite.exec("PRAGMA foreign_keys = ON");
  // NORMAL is durable across application crashes in WAL mode and much faster than FULL.
  sqlite.exec("PRAGMA synchronous = NORMAL");
  // SQLite's default page cache is 2 MB, less than one list's index at 50,000 rows (2.4 MB by
  // descrição, 3.4 MB of history by date): a deep page then re-read its index from the OS on
  // every request (issue 21 §1: the last page by descrição 1.8 → 0.4 ms with 16 MB). Filled
  // only as pages are read, emptied when the server is quiet (releaseIdleMemory).
  sqlite.exec(`PRAGMA cache_size = -${PAGE_CACHE_KB}`);
  // A write that fires a trigger (every table counted in change_counts) keeps a statement
  // journal, and SQLite kept it in a temporary file: an insert into receivables, whose row and
  // eleven indexes are a dozen pages, wrote each to it, one system call a page (35 µs an insert
  // in a transaction, 10 µs in memory). It holds what one statement changes, so little memory.
  sqlite.exec("PRAGMA temp_store = MEMORY");
}

/**
 * A worker thread's own connection to the server's file (src/workers/writer-thread.ts), which
 * the server has already opened and migrated. Its writes wait for the lock as a command's do
 * (COMMAND_BUSY_TIMEOUT_MS): the waiting is the worker's, not the server's event loop.
 */
export function openWorkerConnection(path: string): Db {
  const sqlite = new Database(path, { create: false, strict: true });
  sqlite.exec(`PRAGMA busy_timeout = ${COMMAND_BUSY_TIMEOUT_MS}`);
  tuneConnection(sqlite);
  return drizzle({ client: sqlite, schema }) as Db;
}

/**
 * Opens the SQLite file and brings its schema up to date. It creates the file (and its folder)
 * unless `mustExist`: the CLI's commands work on the server's database, never on a new empty one.
 */
export function openDatabase(path: string, { mustExist = false, busyTimeoutMs = BUSY_TIMEOUT_MS } = {}): Db {
  if (mustExist && (path === ":memory:" || !existsSync(path))) throw new DatabaseNotFoundError(path);
  if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
  const walLeft = path !== ":memory:" && existsSync(`${path}-wal`) && statSync(`${path}-wal`).size > 0;
  const sqlite = new Database(path, { create: !mustExist, strict: true });
  // Opening is start-up (migrations, statistics, back-fills write): it waits like a command.
  sqlite.exec(`PRAGMA busy_timeout = ${COMMAND_BUSY_TIMEOUT_MS}`);
  if (walLeft) checkAfterUncleanStop(sqlite, path);
  sqlite.exec("PRAGMA journal_mode = WAL");
  tuneConnection(sqlite);
  const db = drizzle({ client: sqlite, schema });
  if (path !== ":memory:") warnWhenDiskFull(dirname(path));
  try {
    migrate(sqlite, migrationsFolder());
  } catch (error) {
    sqlite.close();
    throw error;
  }
  // Table statistics for the query planner: without them it reads 35,000 paid rows through the
  // status index where the payment-date index reads this month's 2,000. Sampled (400 rows an
  // index), and only for tables never analysed or much grown: ~9 ms the first time at 50,000
  // rows, nothing after. `serve` repeats `PRAGMA optimize` daily.
  sqlite.exec("PRAGMA analysis_limit = 400");
  try {
    sqlite.exec("PRAGMA optimize = 0x10002");
    backfillSearchColumns(sqlite);
    foldUnsearchedEvents(sqlite);
  } catch (error) {
    if (isCorruptError(error)) {
      sqlite.close();
      throw new DatabaseCorruptError(path, "database disk image is malformed");
    }
    // On a full disk the statistics and back-fills wait for the next start; reads still work.
    if (!isDiskFullError(error)) throw error;
    console.error(`Sem espaço em disco ao abrir ${path}: as estatísticas e ajustes de abertura ficam para a próxima vez.`);
  }
  if (busyTimeoutMs === BUSY_TIMEOUT_MS) serveWrites(db as Db);
  else sqlite.exec(`PRAGMA busy_timeout = ${busyTimeoutMs}`);
  return db as Db;
}

/**
 * A command's connection (src/cli): the existing file only, never a new empty one, and every
 * write waits for another process's lock as the start-up does.
 */
export function openForCommand(path: string): Db {
  return openDatabase(path, { mustExist: true, busyTimeoutMs: COMMAND_BUSY_TIMEOUT_MS });
}

/**
 * The connection now serves requests: its writes wait BUSY_TIMEOUT_MS (then 503), and it follows
 * backOffWhileBusy. `serve` opens with the command's wait (its first user is written at start-up
 * too) and switches here before it listens.
 */
export function serveWrites(db: Db): void {
  db.$client.exec(`PRAGMA busy_timeout = ${busyTimeoutNow()}`);
  connections.add(db.$client);
}

// Below this, a write (a page of the WAL, a session) may not fit: say so at start, in words.
const LOW_DISK_BYTES = 1024 * 1024;

function warnWhenDiskFull(folder: string): void {
  try {
    const { bavail, bsize } = statfsSync(folder);
    const free = bavail * bsize;
    if (free < LOW_DISK_BYTES) {
      console.error(`Sem espaço em disco em ${folder} (${Math.floor(free / 1024)} KB livres): o Cofre mostra os dados, mas nada pode ser gravado até liberar espaço.`);
    }
  } catch {
    // statfs unavailable: the writes themselves will say it (507)
  }
}

/**
 * Folds the WAL back into the database file and closes it: the file alone is then complete.
 * A checkpoint that cannot run (a full disk) loses nothing: the WAL stays valid and is replayed
 * at the next open, so it is reported, not thrown.
 */
export function closeDatabase(db: Db): void {
  try {
    db.$client.exec("PRAGMA wal_checkpoint(TRUNCATE)");
  } catch (error) {
    console.error(`[banco] checkpoint final não concluído (${codeOf(error)}): o WAL será aplicado na próxima abertura.`);
  } finally {
    connections.delete(db.$client);
    db.$client.close();
  }
}

/**
 * A read-only connection of its own, for a long read that goes out a slice at a time (an export):
 * it sees one snapshot from start to end, and no transaction of the app's connection (whose
 * rollbacks would abort a statement left open on it) can touch it. Close it when done.
 */
export function openReader(path: string): Database {
  const reader = new Database(path, { readonly: true, strict: true });
  reader.exec(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`);
  // The app connection's page cache: with SQLite's default 2 MB, a whole list re-read its pages
  // from the OS on every request (16,000 payables 46 → 38 ms, 50,454 receivables 177 → 157 ms at
  // --scale 50). Filled only as pages are read; an idle reader is closed in a quiet spell.
  reader.exec(`PRAGMA cache_size = -${PAGE_CACHE_KB}`);
  return reader;
}

// Readers that finished their read wait here for the next one (at most two, whatever the file):
// opening a connection and compiling its statement again cost every export and whole list a few
// ms (issue 21 §4: the whole lists against a hand-written query that keeps its connection).
const idleReaders: { path: string; reader: Database }[] = [];
const MAX_IDLE_READERS = 2;

/**
 * What SQLite holds between reads, handed back once the server is quiet (src/http/idle-gc.ts):
 * the idle readers are closed and the connection's page cache emptied (PRAGMA shrink_memory);
 * the next read fills it again from the OS's cache.
 */
export function releaseIdleMemory(db: Db): void {
  for (const { reader } of idleReaders.splice(0)) reader.close();
  db.$client.exec("PRAGMA shrink_memory");
}

/** An idle reader of this file, or a new one. */
function borrowReader(path: string): Database {
  const at = idleReaders.findIndex((idle) => idle.path === path);
  return at >= 0 ? idleReaders.splice(at, 1)[0]!.reader : openReader(path);
}

/** A reader read to its end goes back to the idle ones (while there is room); any other is closed. */
function giveBack(path: string, reader: Database, finished: boolean): void {
  if (finished && idleReaders.length < MAX_IDLE_READERS) idleReaders.push({ path, reader });
  else reader.close();
}

/**
 * `sql`'s rows one at a time from a reader of its own (see openReader), taken from the idle ones
 * when there is one. A reader read to the end goes back to them; one left mid-read (a download
 * cancelled) is closed, never handed on with a statement half stepped.
 */
export function* readerRows<Row = unknown>(path: string, sql: string, params: Record<string, string | number>, map?: (row: Row) => Row): Generator<Row> {
  const reader = borrowReader(path);
  let finished = false;
  try {
    // One generator between the statement and the answer (a row's map applied here): each
    // layer of iterators cost a few % of a whole list.
    for (const row of reader.query<Row, Record<string, string | number>>(sql).iterate(params)) yield map ? map(row) : row;
    finished = true;
  } finally {
    giveBack(path, reader, finished);
  }
}

/**
 * What `read` yields from several statements on a reader of its own, in one read transaction (one
 * snapshot from the first to the last), as readerRows: given back once read to the end, closed
 * if left mid-read.
 */
export function* readerTransaction<T>(path: string, read: (reader: Database) => Iterable<T>): Generator<T> {
  const reader = borrowReader(path);
  let finished = false;
  try {
    reader.exec("BEGIN");
    yield* read(reader);
    reader.exec("COMMIT");
    finished = true;
  } finally {
    giveBack(path, reader, finished);
  }
}

/**
 * `read` on a reader of its own inside one read transaction: every statement it runs sees one
 * snapshot, even across the turns of the event loop it waits for (a text search read a slice at
 * a time). The reader goes back to the idle ones after, or is closed if `read` failed.
 */
export async function withReader<T>(path: string, read: (reader: Database) => Promise<T>): Promise<T> {
  const reader = borrowReader(path);
  let finished = false;
  try {
    reader.exec("BEGIN");
    const result = await read(reader);
    reader.exec("COMMIT");
    finished = true;
    return result;
  } finally {
    giveBack(path, reader, finished);
  }
}

/** Drizzle over a reader, made once per reader (readerDb). */
const readerDbs = new WeakMap<Database, Db>();

/** A reader as a read-only `Db`, for code written against `Db` (the services' kept statements and Drizzle queries). */
export function readerDb(reader: Database): Db {
  let db = readerDbs.get(reader);
  if (!db) readerDbs.set(reader, (db = drizzle({ client: reader, schema }) as Db));
  return db;
}

/**
 * withReader for code written against `Db` (the services' kept statements and Drizzle queries):
 * `read` gets the reader as a Db, read-only, in one read transaction across the turns it awaits.
 */
export function withReadDb<T>(path: string, read: (db: Db) => Promise<T>): Promise<T> {
  return withReader(path, (reader) => read(readerDb(reader)));
}

/**
 * `change` in an immediate transaction of its own, or, inside one already open on this connection
 * (an Idempotency-Key's), in that one without a savepoint: for a batch whose every error rolls
 * the caller's transaction back whole anyway. A savepoint held open around a batch whose rows
 * take savepoints of their own keeps SQLite's sub-journal growing until the outermost one is
 * released, and the rows' FTS flushes on top: 5,000 re-dated rows took 29 s instead of 1.9 s.
 */
export function batchTransaction<T>(db: Db, change: () => T): T {
  return db.$client.inTransaction ? change() : db.transaction(change, { behavior: "immediate" });
}

/** SQLite's error code ("SQLITE_FULL"), or the message's first line: for one-line logs. */
export function codeOf(error: unknown): string {
  const code = (error as { code?: unknown })?.code;
  if (typeof code === "string") return code;
  return String((error as Error)?.message ?? error).split("\n")[0]!;
}

export { COMMAND_BUSY_TIMEOUT_MS, isBusyError };

/** SQLITE_FULL or an I/O error (SQLITE_IOERR_*): the disk is full or failing; nothing was written. */
export function isDiskFullError(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && (code === "SQLITE_FULL" || code.startsWith("SQLITE_IOERR"))) return true;
    if (/database or disk is full|disk I\/O error/i.test(e.message)) return true;
  }
  return false;
}

/** The SQLite constraint message of an error, looking through wrappers' `cause`. */
export function sqliteMessage(error: unknown): string | null {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    if (e.message.includes("constraint failed")) return e.message;
  }
  return null;
}
