// A text search of the trail (?q=) of one or two characters reads every event's folded text (a longer
// one is found through history_fts, docs/decisions.md, in fewer, larger slices): at 593,000 events that is
// 100–200 ms, and bun:sqlite is synchronous, so one search would hold every other request that
// long (issue 21 §1b: no request holds the loop past 25 ms). It is read instead a slice of the
// list at a time (SLICE_EVENTS, ~1.5 ms each), waiting for a turn of the event loop between
// slices like a new request, on a reader of its own in one read transaction: one snapshot from
// the first slice to the page, whatever is written meanwhile. The answer is the same rows and
// total as one statement (search.test.ts compares them).
import type { Database } from "bun:sqlite";
import { readerTransaction, withReader } from "../../../db/client";
import { PAUSE } from "../../http/stream";
import { turn } from "../../http/turns";
import { ftsPhrase } from "../../lib/text";
import { limitOffset, pageAcrossParts, type Paging } from "../list";

type Params = Record<string, string | number>;

/** What a search reads: its conditions but the period's, and the period (read newest first by time). */
export interface SearchFilter {
  parts: string[];
  params: Params;
  /**
   * `at >= from` and `at < to` (ISO instants), either or both: the list is then in time order,
   * and sliced along it. Each slice names only its own bounds, the period's where it has none:
   * given two ranges on `at`, SQLite walks one, and the period's would read it whole each time.
   */
  period: { from?: string; to?: string } | null;
  /** The list's ORDER BY (service.ts): by time within a period, by id otherwise, newest first. */
  order: string;
  /**
   * What the slices read: `history_events`, or, for a text search sliced by id, `history_events
   * INDEXED BY history_search_idx` — the ids and texts alone, a row read only where the text
   * matches (with a kind or a person as well, SQLite took their index and read every row's text
   * from the table: 128 → 72 ms at 593,000 events).
   */
  source: string;
  /** The event's id in `source`: `id`, or `rowid` when the source is history_fts alone (`history_fts.rowid` joined to the events). */
  key: "id" | "rowid" | "history_fts.rowid";
  /**
   * Events per id slice: SLICE_EVENTS when every event's text is read; "indexed" when the text is
   * found through history_fts (each slice then asks the index for its id range only): the trail
   * in INDEXED_SLICES slices, none smaller than SLICE_EVENTS.
   */
  sliceEvents: number | "indexed";
  /**
   * For an indexed text search: the same view read from every event's text (the LIKE scan),
   * taken for the slices after one where more than DENSE of the events matched. A phrase most
   * events hold costs the index more than reading the texts (its trigrams' position lists are
   * as long as the trail: 2.5× the scan at 375,000 events).
   */
  dense?: SearchFilter;
  /** Read in one statement, not in slices (a text found through the index within a period: the period's order is by time, the index's by id). */
  whole: boolean;
}

/** A slice of the list's order: a condition on the order's key (`byId`: the filter's key between $sliceFrom and $sliceTo). */
interface Slice {
  sql: string;
  params: Params;
  byId?: boolean;
}

const sliceSql = (filter: SearchFilter, slice: Slice) => (slice.byId ? `${filter.key} BETWEEN $sliceFrom AND $sliceTo` : slice.sql);
const whereOf = (filter: SearchFilter, slice: Slice) => `WHERE ${[...filter.parts, sliceSql(filter, slice)].join(" AND ")}`;

/** Past this share of a slice's events matching, the next slices read the texts instead of the index (SearchFilter.dense). */
const DENSE = 0.25;
/** The filter for the slice after `slice`, which `matched` events matched. */
function nextFilter(current: SearchFilter, slice: Slice, matched: number): SearchFilter {
  if (!current.dense || !slice.byId) return current;
  const events = Number(slice.params.sliceTo) - Number(slice.params.sliceFrom) + 1;
  return matched > DENSE * events ? current.dense : current;
}

/**
 * Events a slice reads: ~1.5 ms of text at a time, then the other requests have their turn
 * (10,000: /healthz p99 31 → 22 ms at 5,000 with three people searching 593,000 events).
 */
export const SLICE_EVENTS = 5_000;

/**
 * Slices of an indexed text search (history_fts, migration 0028): the index is asked for the
 * matches in each slice's id range only — a few milliseconds each at 375,000 events even for a
 * text most events hold, and only this many waits for a turn under load.
 */
const INDEXED_SLICES = 8;

/**
 * One page of the events matching `filter`, newest first (their `columns`, read in the same
 * snapshot as the count), and how many match in all.
 */
export async function searchHistory<Row>(
  app: Database,
  databasePath: string,
  filter: SearchFilter,
  paging: Paging,
  columns: string,
  text: TextSearch | null = null,
): Promise<{ rows: Row[]; total: number }> {
  // A text few events hold: its matches in one read transaction on the app's own connection —
  // no wait between its statements, and that connection's schema and cache are warm, where a
  // reader is opened anew after each quiet spell (releaseIdleMemory closes the idle ones): 11 →
  // 5 ms for a client's name asked first at 375,000 events.
  const few = text ? app.transaction(() => phrasePage<Row>(app, text, paging, columns))() : null;
  if (few) return few;
  return withReader(databasePath, async (reader) => {
    type Part = { slice: Slice; filter: SearchFilter };
    const fresh: { part: Part; count: number }[] = [];
    // By id, the counts of an earlier search of the same view are kept (countsKept): only the
    // events written since are counted.
    const key = !filter.period && !filter.whole ? JSON.stringify([databasePath, filter.source, filter.parts, filter.params, filter.sliceEvents]) : null;
    const last = key ? lastEventId(reader) : null;
    const indexed = key ? indexedEvents(reader) : 0;
    const stored = key ? countsKept.get(key) : undefined;
    // Kept counts hold while the index has exactly the events it had then plus those written
    // since: an event deleted (or a text changed) since means counting again.
    const kept = stored && last !== null && stored.upTo <= last && stored.indexed + eventsAfter(reader, stored.upTo) === indexed ? stored : undefined;
    let first = true;
    let current = filter;
    const slices = key ? idSlices(reader, filter.sliceEvents, kept?.upTo ?? 0) : slicesOf(reader, filter);
    for (const slice of slices) {
      if (!first) await turn();
      first = false;
      const { n } = reader.query<{ n: number }, Params>(`SELECT count(*) AS n FROM ${current.source} ${whereOf(current, slice)}`).get({ ...current.params, ...slice.params })!;
      if (n) fresh.push({ part: { slice, filter: current }, count: n });
      current = nextFilter(current, slice, n);
    }
    const counted = kept ? [...fresh, ...kept.counted] : fresh;
    if (key && last !== null) keepCounts(key, { upTo: last, indexed, counted });
    const { order } = filter;
    const ids = pageAcrossParts(counted, limitOffset(paging), ({ slice, filter: read }, limit, offset) => {
      const sql = `SELECT ${read.key} AS id FROM ${read.source} ${whereOf(read, slice)} ${order} LIMIT $limit OFFSET $offset`;
      return reader
        .query<{ id: number }, Params>(sql)
        .all({ ...read.params, ...slice.params, limit, offset })
        .map((row) => row.id);
    });
    const rows = ids.length
      ? reader.query<Row, { ids: string }>(`SELECT ${columns} FROM history_events WHERE id IN (SELECT value FROM json_each($ids)) ${order}`).all({ ids: JSON.stringify(ids) })
      : [];
    return { rows, total: counted.reduce((sum, { count }) => sum + count, 0) };
  });
}

/**
 * The per-slice counts of the last few searches sliced by id (a text most events hold costs a
 * read of every event's text to count: 54 ms at 594,000 events), up to the newest event they
 * counted. The trail only grows — events are never deleted, and each new one has a higher id
 * than every event before it (SQLite writes one transaction at a time) — so a kept count stays
 * true for the ids it covers, and the next page of the same search counts only the events
 * written since. Per process, so the start-up's back-fill of the texts (db/backfill.ts) is
 * always before.
 */
interface Kept {
  /** The newest event counted. */
  upTo: number;
  /** Events in history_fts then (indexedEvents). */
  indexed: number;
  counted: { part: { slice: Slice; filter: SearchFilter }; count: number }[];
}
const countsKept = new Map<string, Kept>();
const KEPT_SEARCHES = 32;

function keepCounts(key: string, entry: Kept): void {
  countsKept.delete(key);
  countsKept.set(key, entry);
  if (countsKept.size > KEPT_SEARCHES) countsKept.delete(countsKept.keys().next().value!);
}

/** Events with a text written after `id` (those history_fts holds: busca <> ''), read along the ids. */
const eventsAfter = (reader: Database, id: number) =>
  reader.query<{ n: number }, { id: number }>("SELECT count(*) AS n FROM history_events WHERE id > $id AND busca <> ''").get({ id })!.n;

/**
 * How many events history_fts holds: FTS5 keeps the number in its averages record (the first
 * varint of block 1 of its data table), added to by every insert and taken from by every delete.
 */
function indexedEvents(reader: Database): number {
  const block = reader.query<{ block: Uint8Array }, []>("SELECT block FROM history_fts_data WHERE id = 1").get()?.block;
  if (!block) return 0;
  // SQLite's varint: 7 bits a byte, high bit set while more follow (a 9th byte is whole; never reached here).
  let value = 0;
  for (let i = 0; i < 8; i++) {
    value = value * 128 + (block[i]! & 0x7f);
    if (!(block[i]! & 0x80)) break;
  }
  return value;
}

/** The newest event's id (null on an empty trail). */
const lastEventId = (reader: Database) => reader.query<{ last: number | null }, []>("SELECT max(id) AS last FROM history_events").get()!.last;

/**
 * A phrase matched by at most this many events is read in one statement (phrasePage): its
 * matches are few enough to hold, count and cut a page from.
 */
const FEW_EVENTS = 2_000;

/** What a text search filters besides the text: the view's conditions on the events (kind, person, period), its order. */
export interface TextSearch {
  /** The folded text (three characters or more) and its LIKE pattern. */
  folded: string;
  like: string;
  parts: string[];
  params: Params;
  order: string;
}

/**
 * A selective text (issue 38 §4: ≤ 10 ms), in one statement when few events hold it. Its
 * candidates, from the cheapest question that gives at most FEW_EVENTS of them, each asked newest
 * first and stopped at FEW_EVENTS + 1:
 * 1. one trigram of a *cover* of the phrase (its trigrams three characters apart, and its last:
 *    "oti" "ca " "seu" " jo" "aqu" "uim"), the rarest of them if any is that rare ("999" of
 *    "cliente 1999": 594 of 595,000 events, where the AND of its cover read every event's "cli");
 * 2. else the events holding the whole cover (an AND, which FTS5 answers without reading
 *    positions: "ótica seu joaquim", 182 of 375,000 events, 1.2 ms; as a phrase 4–5 ms);
 * their texts then checked with LIKE; 3. else the phrase itself, whose positions FTS5 compares.
 * At most FEW_EVENTS are every match: the view's other filters are applied to them by id, so the
 * total is exact and the page is cut from them. Null for a common text (every question past
 * FEW_EVENTS, each stopped there: ≤ 11 ms for a phrase no event holds whose trigrams are all
 * common): searchHistory then counts it a slice at a time.
 */
function phrasePage<Row>(reader: Database, search: TextSearch, paging: Paging, columns: string): { rows: Row[]; total: number } | null {
  const newest = reader.query<{ id: number }, { match: string }>(`SELECT rowid AS id FROM history_fts WHERE history_fts MATCH $match ORDER BY rowid DESC LIMIT ${FEW_EVENTS + 1}`);
  const ids = (rows: { id: number }[]) => JSON.stringify(rows.map((row) => row.id));
  const cover = trigramCover(search.folded);
  let candidates: { id: number }[] | null = null;
  for (const trigram of cover) {
    const holding = newest.all({ match: ftsPhrase(trigram) });
    if (holding.length <= FEW_EVENTS && (!candidates || holding.length < candidates.length)) candidates = holding;
  }
  if (!candidates && cover.length > 1) {
    const holdingAll = newest.all({ match: cover.map(ftsPhrase).join(" AND ") });
    if (holdingAll.length <= FEW_EVENTS) candidates = holdingAll;
  }
  let where: string[];
  let params: Params;
  if (candidates) {
    where = ["id IN (SELECT value FROM json_each($matches))", "busca LIKE $like ESCAPE '\\'"];
    params = { matches: ids(candidates), like: search.like };
  } else {
    const matches = newest.all({ match: ftsPhrase(search.folded) });
    if (matches.length > FEW_EVENTS) return null;
    where = ["id IN (SELECT value FROM json_each($matches))"];
    params = { matches: ids(matches) };
  }
  const all = reader
    .query<{ id: number }, Params>(`SELECT id FROM history_events WHERE ${[...where, ...search.parts].join(" AND ")} ${search.order}`)
    .all({ ...search.params, ...params })
    .map((row) => row.id);
  const { limit, offset } = limitOffset(paging);
  const page = all.slice(offset, offset + limit);
  const rows = page.length
    ? reader.query<Row, { ids: string }>(`SELECT ${columns} FROM history_events WHERE id IN (SELECT value FROM json_each($ids)) ${search.order}`).all({ ids: JSON.stringify(page) })
    : [];
  return { rows, total: all.length };
}

/** Trigrams that cover a text (three characters or more): every third from the first, and the last. */
function trigramCover(folded: string): string[] {
  const chars = [...folded];
  const cover = new Set<string>();
  for (let i = 0; i + 3 <= chars.length; i += 3) cover.add(chars.slice(i, i + 3).join(""));
  cover.add(chars.slice(-3).join(""));
  return [...cover];
}

/**
 * Every event matching `filter` (its `columns`), newest first, up to `limit`, a slice at a time
 * in one read transaction, PAUSE after each slice (the CSV export: a slice of 5,000 events of
 * which none match is then read in its own turn, never a whole table's worth in one).
 */
export function* historyInSlices<Row>(databasePath: string, search: SearchFilter, columns: string, limit: number): Generator<Row | typeof PAUSE> {
  // The index alone holds no event: its matches are joined to their events, in its own order.
  const filter: SearchFilter =
    search.key === "rowid" ? { ...search, source: "history_fts CROSS JOIN history_events ON history_events.id = history_fts.rowid", key: "history_fts.rowid", order: "ORDER BY history_fts.rowid DESC" } : search;
  yield* readerTransaction(databasePath, function* (reader): Generator<Row | typeof PAUSE> {
    let left = limit;
    let current = filter;
    for (const slice of slicesOf(reader, filter)) {
      const order = current === filter ? filter.order : search.order;
      const sql = `SELECT ${columns} FROM ${current.source} ${whereOf(current, slice)} ${order} LIMIT $limit`;
      let matched = 0;
      for (const row of reader.query<Row, Params>(sql).iterate({ ...current.params, ...slice.params, limit: left })) {
        yield row;
        left--;
        matched++;
      }
      if (left <= 0) return;
      current = nextFilter(current, slice, matched);
      yield PAUSE;
    }
  });
}

/** The slices of the list's order, newest first. */
const slicesOf = (reader: Database, filter: SearchFilter): Iterable<Slice> =>
  filter.whole ? [wholePeriod(filter.period)] : filter.period ? timeSlices(reader, filter.period) : idSlices(reader, filter.sliceEvents);

/** The whole period as one slice (or the whole trail). */
function wholePeriod(period: SearchFilter["period"]): Slice {
  const sql: string[] = [];
  const params: Params = {};
  if (period?.from) sql.push("at >= $from"), (params.from = period.from);
  if (period?.to) sql.push("at < $to"), (params.to = period.to);
  return { sql: sql.length ? sql.join(" AND ") : "1", params };
}

/** Newest first by id: ranges of SLICE_EVENTS ids, from the last down to the first above `above` (gaps only make a slice smaller). */
function* idSlices(reader: Database, sliceEvents: SearchFilter["sliceEvents"], above = 0): Generator<Slice> {
  // Two subqueries: min() and max() in one SELECT scan an index whole (30 ms at 593,000 events)
  // where each alone reads one end of the table.
  const { first, last } = reader
    .query<{ first: number | null; last: number | null }, []>("SELECT (SELECT min(id) FROM history_events) AS first, (SELECT max(id) FROM history_events) AS last")
    .get()!;
  if (first === null || last === null) return;
  const size = sliceEvents === "indexed" ? Math.max(SLICE_EVENTS, Math.ceil((last - first + 1) / INDEXED_SLICES)) : sliceEvents;
  const bottom = Math.max(first, above + 1);
  for (let top = last; top >= bottom; top -= size) {
    yield { sql: "", byId: true, params: { sliceFrom: Math.max(bottom, top - size + 1), sliceTo: top } };
  }
}

/**
 * Newest first by time within the period: each slice ends at the SLICE_EVENTS-th event of the
 * period after the previous one's end, found along the time index (which holds the id).
 */
function* timeSlices(reader: Database, period: NonNullable<SearchFilter["period"]>): Generator<Slice> {
  const lower: { sql: string[]; params: Params } = period.from ? { sql: ["at >= $from"], params: { from: period.from } } : { sql: [], params: {} };
  let upper: { sql: string[]; params: Params } = period.to ? { sql: ["at < $to"], params: { to: period.to } } : { sql: [], params: {} };
  for (;;) {
    const scope = [...lower.sql, ...upper.sql];
    const end = reader
      .query<{ at: string; id: number }, Params>(
        `SELECT at, id FROM history_events ${scope.length ? `WHERE ${scope.join(" AND ")}` : ""} ORDER BY at DESC, id DESC LIMIT 1 OFFSET ${SLICE_EVENTS - 1}`,
      )
      .get({ ...lower.params, ...upper.params });
    const bottom = end ? { sql: ["at >= $endAt", "(at, id) >= ($endAt, $endId)"], params: { endAt: end.at, endId: end.id } } : lower;
    const bounds = [...upper.sql, ...bottom.sql];
    yield { sql: bounds.length ? bounds.join(" AND ") : "1", params: { ...upper.params, ...bottom.params } };
    if (!end) return;
    upper = { sql: ["at <= $afterAt", "(at, id) < ($afterAt, $afterId)"], params: { afterAt: end.at, afterId: end.id } };
  }
}
