// Reading the history: one page of the whole trail with the /history filters, and the timeline
// of one client, supplier, installment or payable (the side panel). Newest first, by id (the
// order events were written in). One prepared statement per filter shape.
import type { Db } from "../../../db/client";
import { badRequest, notFound } from "../../http/errors";
import { clock, dayStartISO } from "../../lib/clock";
import { addDays } from "../../lib/dates";
import { ftsPhrase, likeContains, trigramSearchable } from "../../lib/text";
import { eventSearchQuery } from "../../../db/search-columns";
import { describeEvent, type HistoryEntity } from "../../lib/history-text";
import { limitOffset, pageWindow, parseListView, viewPaging, type ListPage, type Paging } from "../list";
import { sql, sqlVariants } from "../prepared";
import { users } from "../../../db/schema";
import { PAUSE } from "../../http/stream";
import { historyInSlices, searchHistory, SLICE_EVENTS, type SearchFilter, type TextSearch } from "./search";
import { HISTORY_LIST, type HistoryEventJson, type HistoryQuery } from "./model";

type Raw = Record<string, string | undefined>;
type Params = Record<string, string | number>;

/** The view from the URL; a malformed value is a 400 in pt-BR (the page falls back to the default view). */
export function parseHistoryQuery(raw: Raw): HistoryQuery {
  const view = parseListView(HISTORY_LIST, raw);
  const { de, ate } = view as { de: string; ate: string };
  if (de && ate && de > ate) throw badRequest("A data inicial é posterior à final");
  const { page, perPage } = viewPaging(view);
  return {
    entidade: view.entidade as HistoryEntity | "",
    id: view.id ? Number(view.id) : null,
    usuario: view.usuario!,
    de,
    ate,
    q: view.q!,
    page,
    perPage,
    view,
  };
}

const COLUMNS = `id, at, user_email AS usuario, action AS acao, entity AS entidade, entity_id AS entidadeId, label AS rotulo,
  details AS detalhes, client_id AS clientId, supplier_id AS supplierId`;

// One kept statement per filter shape and order (whitelisted parts: filtersOf, historyOf).
const PAGE_IDS = sqlVariants<[where: string, order: string], { id: number }, Params>(
  (where, order) => `SELECT id FROM history_events ${where} ${order} LIMIT $limit OFFSET $offset`,
);
const COUNT = sqlVariants<[where: string], { n: number }, Params>((where) => `SELECT count(*) AS n FROM history_events ${where}`);
const EVENTS_OF_IDS = sqlVariants<[order: string], Stored, { ids: string }>(
  (order) => `SELECT ${COLUMNS} FROM history_events WHERE id IN (SELECT value FROM json_each($ids)) ${order}`,
);
const PAGE = sqlVariants<[where: string, order: string], Stored, Params>(
  (where, order) => `SELECT ${COLUMNS} FROM history_events ${where} ${order} LIMIT $limit OFFSET $offset`,
);

/**
 * One page of the trail matching the filters, and how many match in all. A text search reads
 * every event's text: it goes a slice at a time, letting other requests run between slices
 * (search.ts); the other filters are read from an index (browseHistory).
 */
export async function findHistory(db: Db, query: HistoryQuery): Promise<ListPage<HistoryEventJson>> {
  const path = db.$client.filename;
  if (!query.q || !path || path === ":memory:") return browseHistory(db, query);
  const filter = filtersOf(query);
  // A text of three characters or more that few events hold is read in one statement (search.ts).
  const { rows, total } = await searchHistory<Stored>(db.$client, path, filter.search, query, COLUMNS, filter.text);
  return { rows: rows.map(toEventJson), total };
}

/** findHistory read in one go, on the app's connection: for filters an index serves (no text search). */
export function browseHistory(db: Db, query: HistoryQuery): ListPage<HistoryEventJson> {
  const { where, params, order } = filtersOf(query);
  // A kind alone: its total is kept by the writes (history_kind_counts), not counted.
  const kindOnly = query.entidade && query.id === null && !query.usuario && !query.de && !query.ate && !query.q;
  const count = kindOnly ? () => KIND_COUNT.get(db, { entidade: query.entidade })?.eventos ?? 0 : () => COUNT(where).get(db, params)!.n;
  // …and its pages start in the block of ids their first event is in (history_kind_blocks).
  const idsAt = kindOnly && order === BY_ID ? (limit: number, offset: number, ascending: boolean) => kindPageIds(db, query.entidade, limit, offset, ascending) : undefined;
  return db.$client.transaction(() => deferredPage(db, where, params, query, order, count, idsAt))();
}

const KIND_COUNT = sql<{ eventos: number }, { entidade: string }>("SELECT eventos FROM history_kind_counts WHERE entity = $entidade");

/** Ids per block of history_kind_blocks (its triggers' `id >> 12`). */
const BLOCK_IDS = 4096;
const KIND_BLOCKS = sqlVariants<[dir: "ASC" | "DESC"], { bloco: number; eventos: number }, { entidade: string }>(
  (dir) => `SELECT bloco, eventos FROM history_kind_blocks WHERE entity = $entidade AND eventos > 0 ORDER BY bloco ${dir}`,
);
const KIND_IDS_FROM = sqlVariants<[dir: "ASC" | "DESC"], { id: number }, { entidade: string; edge: number; limit: number; offset: number }>(
  (dir) => `SELECT id FROM history_events WHERE entity = $entidade AND id ${dir === "DESC" ? "<" : ">="} $edge ORDER BY id ${dir} LIMIT $limit OFFSET $offset`,
);

/**
 * A kind's page by id (newest first, or oldest first when read from the end): the events of the
 * blocks before it are added up from history_kind_blocks (a row per block of 4,096 ids), and the
 * page is read from the block it starts in, OFFSET fewer than 4,096 entries of history_kind_idx —
 * not every event of the kind before the page (the middle of 269,074 "installment" events at
 * --scale 200: 2.2 ms before).
 */
function kindPageIds(db: Db, entidade: string, limit: number, offset: number, ascending: boolean): { id: number }[] {
  const dir = ascending ? "ASC" : "DESC";
  let before = 0;
  for (const { bloco, eventos } of KIND_BLOCKS(dir).all(db, { entidade })) {
    if (before + eventos > offset) {
      const edge = (ascending ? bloco : bloco + 1) * BLOCK_IDS;
      return KIND_IDS_FROM(dir).all(db, { entidade, edge, limit, offset: offset - before });
    }
    before += eventos;
  }
  return [];
}

/**
 * A page of the trail in two steps (issue 21 §1): its ids from an index alone (history_list_idx,
 * the time or the user index), then those ≤ 50 events in full — OFFSET counts the events before
 * the page in the index, not through every event's JSON (page 1,872 of 93,588: 10.9 → 1.9 ms).
 */
function deferredPage(
  db: Db,
  where: string,
  params: Params,
  paging: Paging,
  order: string,
  count: () => number,
  idsAt?: (limit: number, offset: number, reversed: boolean) => { id: number }[],
): ListPage<HistoryEventJson> {
  const { limit, offset } = limitOffset(paging);
  const first = offset === 0 ? PAGE_IDS(where, order).all(db, { ...params, limit, offset: 0 }) : null;
  const total = first && first.length < limit ? first.length : count();
  // A page past the middle is counted to from the end, in the reversed order (pageWindow): the
  // last page of a kind costs what the first does.
  const window = first ? null : pageWindow(paging, total);
  const pageIds = (w: NonNullable<typeof window>) =>
    idsAt ? idsAt(w.limit, w.offset, w.fromEnd) : PAGE_IDS(where, w.fromEnd ? REVERSED[order]! : order).all(db, { ...params, limit: w.limit, offset: w.offset });
  const ids = (first ?? (window ? pageIds(window) : [])).map((row) => row.id);
  if (window?.fromEnd) ids.reverse();
  const rows = ids.length ? EVENTS_OF_IDS(order).all(db, { ids: JSON.stringify(ids) }) : [];
  return { rows: rows.map(toEventJson), total };
}

/**
 * Every event matching the filters, newest first, up to `limit` (the CSV export), one at a time
 * from a reader of its own in one snapshot, a slice of the trail at a time (search.ts: a filter
 * that few events match, a text or a kind, would otherwise read the whole trail in one step),
 * PAUSE between slices. The reader is taken at the first event and given back after the last
 * (closed when the download is cancelled).
 */
export function* historyForExport(databasePath: string, query: HistoryQuery, limit: number): Generator<HistoryEventJson | typeof PAUSE> {
  for (const row of historyInSlices<Stored>(databasePath, filtersOf(query).search, COLUMNS, limit)) yield row === PAUSE ? PAUSE : toEventJson(row);
}

/** The people who may appear as "who" (the /history filter): every user, then "sistema". */
export function historyUsers(db: Db): string[] {
  const rows = db.select({ email: users.email }).from(users).orderBy(users.email).all();
  return [...rows.map((row) => row.email), "sistema"];
}

/** The view's WHERE and order, and the same filters as a slice-at-a-time search takes them. */
function filtersOf(query: HistoryQuery): { where: string; params: Params; order: string; search: SearchFilter; text: TextSearch | null } {
  let text: TextSearch | null = null;
  const where: string[] = [];
  const params: Params = {};
  if (query.entidade) {
    // Without an id, the kind's own range of history_kind_idx (entity, id): its pages in order
    // and its count, never every event's (issue 38 §3).
    where.push("entity = $entidade");
    params.entidade = query.entidade;
  }
  if (query.id !== null) {
    where.push("entity_id = $id");
    params.id = query.id;
  }
  if (query.usuario) {
    where.push("user_email = $usuario");
    params.usuario = query.usuario;
  }
  const search: SearchFilter = { parts: [...where], params: { ...params }, period: null, order: query.de || query.ate ? BY_TIME : BY_ID, source: "history_events", key: "id", sliceEvents: SLICE_EVENTS, whole: false };
  if (query.de || query.ate) search.period = {};
  if (query.de) {
    where.push("at >= $de");
    params.de = search.period!.from = dayStartISO(query.de);
  }
  if (query.ate) {
    where.push("at < $ate");
    params.ate = search.period!.to = dayStartISO(addDays(query.ate, 1));
  }
  if (query.q) {
    // Both sides folded (db/search-columns.ts): accents, case and the kind of space do not matter.
    const folded = eventSearchQuery(query.q);
    if (trigramSearchable(folded)) {
      text = { folded, like: likeContains(folded), parts: [...where], params: { ...params }, order: search.order };
      // Found through history_fts (migration 0028): the text as one phrase of trigrams, which is
      // the same as "contains". Sliced by id, each slice asks the index for its own id range.
      params.fts = search.params.fts = ftsPhrase(folded);
      // A phrase most events hold: read from the texts, past the first slice that shows it (search.ts).
      search.dense = { ...search, parts: [...search.parts, TEXT_LIKE], params: { ...search.params, q: likeContains(folded) }, source: "history_events INDEXED BY history_search_idx" };
      where.push(`id IN (SELECT rowid FROM history_fts WHERE history_fts MATCH $fts)`);
      if (!search.parts.length && !search.period) {
        // The text alone: the index answers the count and the page's ids by itself, a slice of
        // its rowids (the events' ids) at a time, never reading an event to count it.
        search.source = "history_fts";
        search.key = "rowid";
        search.parts.push("history_fts MATCH $fts");
      } else {
        // With a kind, a person or a period: the index's matches first, then their events by id
        // (reading the slice's events and asking the index for each cost far more).
        search.source = "history_fts CROSS JOIN history_events ON history_events.id = history_fts.rowid";
        search.parts.push("history_fts MATCH $fts");
        if (!search.period) search.parts.push("history_fts.rowid BETWEEN $sliceFrom AND $sliceTo");
      }
      if (search.period) search.whole = true;
      else search.sliceEvents = "indexed";
    } else {
      // One or two characters: no trigram holds them, so every event's text is read, a slice at a time.
      // `busca <> ''` (true of every event that can match) lets the slices read history_search_idx.
      where.push(TEXT_LIKE);
      search.parts.push(TEXT_LIKE);
      params.q = search.params.q = likeContains(folded);
      // Sliced by id, a text search reads the search index (search.ts); a period's slices walk the time index.
      if (!search.period) search.source = "history_events INDEXED BY history_search_idx";
    }
  }
  return { where: where.length ? `WHERE ${where.join(" AND ")}` : "", params, order: search.order, search, text };
}

/** Every event's text read: `busca <> ''` (true of every event that can match) lets the slices read history_search_idx. */
const TEXT_LIKE = "busca <> '' AND busca LIKE $q ESCAPE '\\'";

// Newest first. A period walks the time index (no sort of the whole period); ties (events of the
// same millisecond) keep the order they were written in.
const BY_ID = "ORDER BY id DESC";
const BY_TIME = "ORDER BY at DESC, id DESC";
/** Each order read from the other end (a page past the middle, deferredPage). */
const REVERSED: Record<string, string> = { [BY_ID]: "ORDER BY id ASC", [BY_TIME]: "ORDER BY at ASC, id ASC" };

export type HistorySubject = "client" | "supplier" | "installment" | "payable";

const EXISTS = {
  client: sql<{ found: 1 }, { id: number }>("SELECT 1 AS found FROM clients WHERE id = $id"),
  supplier: sql<{ found: 1 }, { id: number }>("SELECT 1 AS found FROM suppliers WHERE id = $id"),
};

/** An installment's or payable's party: from its row, or from its events once the row is gone. */
const partyOf = (table: "receivables" | "payables", column: "client_id" | "supplier_id") => ({
  ofRow: sql<{ partyId: number }, { id: number }>(`SELECT ${column} AS partyId FROM ${table} WHERE id = $id`),
  ofEvents: sql<{ partyId: number | null }, { entity: string; id: number }>(
    `SELECT ${column} AS partyId FROM history_events WHERE entity = $entity AND entity_id = $id LIMIT 1`,
  ),
});

const PARTY = {
  installment: { key: "client_id", notFound: "Parcela não encontrada", ...partyOf("receivables", "client_id") },
  payable: { key: "supplier_id", notFound: "Conta não encontrada", ...partyOf("payables", "supplier_id") },
} as const;

/**
 * The timeline of one record: a client's or supplier's includes its installments' events; an
 * installment's includes the plan that generated it and the automatic blocks that name it.
 * A record that is gone keeps its history; one that never existed is a 404.
 */
export function historyOf(db: Db, subject: HistorySubject, id: number, paging: Paging): ListPage<HistoryEventJson> {
  if (subject === "client" || subject === "supplier") {
    const column = subject === "client" ? "client_id" : "supplier_id";
    const result = page(db, `WHERE ${column} = $id`, { id }, paging);
    if (result.total === 0 && !EXISTS[subject].get(db, { id })) {
      throw notFound(subject === "client" ? "Cliente não encontrado" : "Fornecedor não encontrado");
    }
    return result;
  }
  const party = PARTY[subject];
  const partyId = party.ofRow.get(db, { id })?.partyId ?? party.ofEvents.get(db, { entity: subject, id })?.partyId;
  if (partyId === undefined || partyId === null) throw notFound(party.notFound);
  const where = `WHERE (entity = $entity AND entity_id = $id)
    OR (${party.key} = $party AND (
      (entity = $entity AND action = 'generate' AND entity_id < $id AND json_extract(details, '$.ultimaId') >= $id)
      OR (entity = 'client' AND action IN ('auto_block', 'auto_unblock') AND EXISTS (SELECT 1 FROM json_each(details,
        CASE action WHEN 'auto_block' THEN '$.parcelas' ELSE '$.causa.parcelas' END) j WHERE json_extract(j.value, '$.id') = $id))))`;
  return page(db, where, { entity: subject, id, party: partyId }, paging);
}

function page(db: Db, where: string, params: Params, paging: Paging, order = BY_ID): ListPage<HistoryEventJson> {
  const { limit, offset } = limitOffset(paging);
  const rows = PAGE(where, order).all(db, { ...params, limit, offset });
  const total = offset === 0 && rows.length < limit ? rows.length : COUNT(where).get(db, params)!.n;
  return { rows: rows.map(toEventJson), total };
}

interface Stored extends Omit<HistoryEventJson, "detalhes" | "quando" | "texto"> {
  detalhes: string;
}

function toEventJson(row: Stored): HistoryEventJson {
  const event = { ...row, detalhes: JSON.parse(row.detalhes) as Record<string, unknown> };
  return { ...event, quando: formatInstant(row.at), texto: describeEvent(event) };
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** "12/03/2026 14:05" in APP_TZ. */
function formatInstant(iso: string): string {
  let f = formatters.get(clock.timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("pt-BR", { timeZone: clock.timeZone, day: "2-digit", month: "2-digit", year: "numeric", hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
    formatters.set(clock.timeZone, f);
  }
  return f.format(new Date(iso)).replace(",", "");
}
