// What the three registers (clients, suppliers, partners) share on the server: one paged list
// query and its search condition (the sort and search columns: db/search-columns.ts).
import { asc, count, desc, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Db } from "../../db/client";
import { clients, partners, suppliers } from "../../db/schema";
import { likeContains } from "../lib/text";
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
    .all() as SelectResult<C>[];
  return { rows, total } satisfies ListPage<SelectResult<C>>;
}

/** `busca LIKE %query%` on the folded search column (LIKE's wildcards typed by the user are literal). */
export function searchCondition(table: RegisterTable, folded: string): SQL | undefined {
  if (!folded) return undefined;
  return sql`${table.busca} LIKE ${likeContains(folded)} ESCAPE '\\'`;
}
