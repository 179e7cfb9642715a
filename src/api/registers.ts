// What the three registers (clients, suppliers, partners) share on the server: one paged list
// query and its search condition (the sort and search columns: db/search-columns.ts), and the
// flow of their create, edit and delete.
import { asc, count, desc, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import { sqliteMessage, type Db, type Tx } from "../../db/client";
import { clients, partners, suppliers } from "../../db/schema";
import { conflict } from "../http/errors";
import { likeContains } from "../lib/text";
import { changedFields, recordEvent, type Actor, type HistoryEventInput } from "./history/record";
import { limitOffset, type ListPage, type Paging, type Sort } from "./list";

type SelectResult<C> = { [K in keyof C]: C[K] extends SQLiteColumn ? C[K]["_"]["data"] | (C[K]["_"]["notNull"] extends true ? never : null) : unknown };

type RegisterTable = typeof clients | typeof suppliers | typeof partners;

interface PageQuery<C extends Record<string, SQLiteColumn | SQL.Aliased>> {
  table: RegisterTable & SQLiteTable;
  columns: C;
  where: SQL | undefined;
  /** SQL per sortable key; ties are always broken by the pt-BR name order, then id. */
  sortables: Record<string, SQL | SQLiteColumn>;
  sort: Sort;
  paging: Paging;
}

/** One page of a register in pt-BR name order (or the chosen column), and the total matching. */
export function registerPage<C extends Record<string, SQLiteColumn | SQL.Aliased>>(db: Db, query: PageQuery<C>) {
  const { table, columns, where, sortables, sort, paging } = query;
  const direction = sort.dir === "desc" ? desc : asc;
  const primary = sortables[sort.key] ?? table.nomeOrdem;
  const { limit, offset } = limitOffset(paging);
  const total = db.select({ n: count() }).from(table).where(where).get()?.n ?? 0;
  // The union of three table types defeats Drizzle's builder types; the row shape is `columns`.
  const rows = (db.select(columns).from(table as typeof clients) as any)
    .where(where)
    .orderBy(direction(primary), asc(table.nomeOrdem), asc(table.id))
    .limit(limit)
    .offset(offset)
    // cast: as said above, the builder lost the row type (`any`); `columns` makes it.
    .all() as SelectResult<C>[];
  return { rows, total } satisfies ListPage<SelectResult<C>>;
}

/** `busca LIKE %query%` on the folded search column (LIKE's wildcards typed by the user are literal). */
export function searchCondition(table: RegisterTable, folded: string): SQL | undefined {
  if (!folded) return undefined;
  return sql`${table.busca} LIKE ${likeContains(folded)} ESCAPE '\\'`;
}

/**
 * What a register's create, edit and delete do around their own statements, once for the three:
 * each in an immediate transaction with its history event (DECISIONS §6), an edit recording the
 * fields that changed (none: no event), a delete refused while other rows point at the record
 * (DECISIONS §2: nothing is deleted implicitly).
 */
interface RegisterWriteSpec<Json extends { id: number }, Input> {
  /** The form's fields: an edit records each one that changed. */
  editable: readonly (keyof Json & string)[];
  /** What a create and a delete keep of the record in their event. */
  snapshot(record: Json): Record<string, unknown>;
  /** Whose history an event belongs to: the entity, its id and label (and the party's own id). */
  subject(record: Json): Pick<HistoryEventInput, "entity" | "entityId" | "label" | "clientId" | "supplierId">;
  get(db: Db | Tx, id: number): Json;
  insert(tx: Tx, input: Input): Json;
  update(tx: Tx, id: number, input: Input): Json;
  delete(tx: Tx, id: number): void;
  /** Refused while other rows point at the record: whether any does, and the 409's words. */
  inUse?: { exists(tx: Tx, id: number): boolean; message: string };
  /** Checked inside the write's transaction before a create and an edit (clients: CNPJ and code unique). */
  check?(tx: Tx, input: Input, ownId: number | null): void;
  /** A UNIQUE index the check may have lost a race to (its SQLite message → the same 409's words). */
  unique?: Record<string, string>;
  /** What an edit writes of the form (clients: a running subscription keeps its trial and fee). */
  edited?(db: Db, id: number, form: Input, before: Json): Input;
}

export function registerWrites<Json extends { id: number }, Input>(spec: RegisterWriteSpec<Json, Input>) {
  /** An immediate transaction (a check and its write see the same data); a constraint it ran into, the 409 it means. */
  const write = <T>(db: Db, body: (tx: Tx) => T, constraints: Record<string, string> = {}): T => {
    try {
      return db.transaction(body, { behavior: "immediate" });
    } catch (error) {
      const message = sqliteMessage(error);
      for (const [constraint, words] of Object.entries(constraints)) if (message?.includes(constraint)) throw conflict(words);
      throw error;
    }
  };
  // The RESTRICT foreign key, should a row pointing at the record be added between the check and the delete.
  const inUse: Record<string, string> = spec.inUse ? { "FOREIGN KEY constraint failed": spec.inUse.message } : {};
  return {
    create(db: Db, actor: Actor, input: Input): Json {
      return write(
        db,
        (tx) => {
          spec.check?.(tx, input, null);
          const record = spec.insert(tx, input);
          recordEvent(db, actor, { ...spec.subject(record), action: "create", details: { registro: spec.snapshot(record) } });
          return record;
        },
        spec.unique,
      );
    },
    update(db: Db, actor: Actor, id: number, form: Input): Json {
      return write(
        db,
        (tx) => {
          const before = spec.get(tx, id);
          const input = spec.edited ? spec.edited(db, id, form, before) : form;
          spec.check?.(tx, input, id);
          const record = spec.update(tx, id, input);
          const alteracoes = changedFields(before, record, spec.editable);
          // A save that changed nothing is no event.
          if (Object.keys(alteracoes).length) recordEvent(db, actor, { ...spec.subject(record), action: "update", details: { alteracoes } });
          return record;
        },
        spec.unique,
      );
    },
    delete(db: Db, actor: Actor, id: number): void {
      write(
        db,
        (tx) => {
          const record = spec.get(tx, id);
          if (spec.inUse?.exists(tx, id)) throw conflict(spec.inUse.message);
          spec.delete(tx, id);
          recordEvent(db, actor, { ...spec.subject(record), action: "delete", details: { registro: spec.snapshot(record) } });
        },
        inUse,
      );
    },
  };
}
