// A text search of the trail read a slice at a time (search.ts): the same page and total as one
// statement, for every filter shape and page, with the event loop running between slices and
// one snapshot from the first slice to the page.
import { beforeAll, describe, expect, test } from "bun:test";
import { useTestApp } from "../../../tests/support";
import type { HistoryEventJson } from "./model";
import { SLICE_EVENTS } from "./search";
import { PAUSE } from "../../http/stream";
import { browseHistory, findHistory, historyForExport, parseHistoryQuery } from "./service";
import { recordEvent, SYSTEM } from "./record";

const t = useTestApp();
const EVENTS = 2 * SLICE_EVENTS + 2_345;

beforeAll(() => {
  // Three slices of payments and blocks by two users, seven to an instant (ties in the time
  // order, so a slice of 5,000 ends inside one), and a run of 300 written with the clock set
  // back an hour (the time order differs from the id order there).
  t.db.$client.exec(`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${EVENTS})
    INSERT INTO history_events (at, user_id, user_email, action, entity, entity_id, label, details, client_id, busca)
    SELECT strftime('%Y-%m-%dT%H:%M:%fZ', '2026-01-01', '+' || (i / 7 - CASE WHEN i BETWEEN 8000 AND 8299 THEN 60 ELSE 0 END) || ' minutes'),
      1, CASE WHEN i % 3 = 0 THEN 'ana@cofre.test' ELSE 'bruno@cofre.test' END,
      CASE WHEN i % 5 = 0 THEN 'auto_block' ELSE 'pay' END, CASE WHEN i % 5 = 0 THEN 'client' ELSE 'installment' END, i,
      'Cliente ' || (i % 700) || ' — parcela ' || (i % 12 + 1) || '/12', '{}', i % 700 + 1,
      'cliente ' || (i % 700) || ' — parcela ' || (i % 12 + 1) || '/12' FROM n`);
});

const ids = (rows: HistoryEventJson[]) => rows.map((row) => row.id);

/** An event written in a transaction that then fails: rolled back with it. */
const rolledBack = (write: () => unknown) =>
  expect(() =>
    t.db.$client.transaction(() => {
      write();
      throw new Error("the change failed");
    })(),
  ).toThrow("the change failed");

describe("a text search read a slice at a time", () => {
  test("is the one-statement list's page and total, for every filter shape, on the first, middle, last page and past it", async () => {
    const byTime = "ORDER BY at DESC, id DESC";
    const period = { de: "2025-12-31T03:00:00.000Z", ate: "2026-01-02T03:00:00.000Z", ate2: "2026-01-03T03:00:00.000Z" };
    const views = [
      { view: { q: "cliente 7" }, where: "busca LIKE '%cliente 7%'" },
      { view: { q: "parcela 3/12", usuario: "ana@cofre.test" }, where: "busca LIKE '%parcela 3/12%' AND user_email = 'ana@cofre.test'" },
      { view: { q: "cliente 12", entidade: "client" }, where: "busca LIKE '%cliente 12%' AND entity = 'client'" },
      { view: { q: "cliente 1", de: "2025-12-31", ate: "2026-01-01" }, where: "busca LIKE '%cliente 1%' AND at >= $de AND at < $ate", order: byTime },
      { view: { q: "cliente", de: "2025-12-31", ate: "2026-01-02" }, where: "busca LIKE '%cliente%' AND at >= $de AND at < $ate2", order: byTime },
      { view: { q: "nada assim" }, where: "busca LIKE '%nada assim%'" },
      // Every event holds it: past the first slice the texts are read instead of the index (search.ts `dense`).
      { view: { q: "parcela" }, where: "busca LIKE '%parcela%'" },
      { view: { q: "parcela", usuario: "ana@cofre.test" }, where: "busca LIKE '%parcela%' AND user_email = 'ana@cofre.test'" },
    ];
    let compared = 0;
    for (const { view, where, order = "ORDER BY id DESC" } of views) {
      const params = Object.fromEntries(Object.entries(period).filter(([name]) => where.includes(`$${name}`)));
      const all = (t.db.$client.query(`SELECT id FROM history_events WHERE ${where} ${order}`).all(params) as { id: number }[]).map((row) => row.id);
      const last = Math.max(1, Math.ceil(all.length / 50));
      for (const pagina of new Set([1, Math.ceil(last / 2), last, last + 1])) {
        const raw = { ...view, pagina: String(pagina), porPagina: "50" };
        const found = await findHistory(t.db, parseHistoryQuery(raw));
        expect({ view: raw, total: found.total, ids: ids(found.rows) }).toEqual({ view: raw, total: all.length, ids: all.slice((pagina - 1) * 50, pagina * 50) });
        compared += found.rows.length;
      }
    }
    // The views span the slices: hundreds of rows compared, not a handful.
    expect(compared).toBeGreaterThan(300);
  });

  test("lets the event loop run between its slices", async () => {
    let done = false;
    let ranMeanwhile = false;
    setImmediate(() => (ranMeanwhile = !done));
    const found = findHistory(t.db, parseHistoryQuery({ q: "cliente" })).then((page) => ((done = true), page));
    expect((await found).total).toBe(EVENTS);
    expect(ranMeanwhile).toBe(true);
  });

  test("reads one snapshot: an event deleted between two slices is still counted and listed", async () => {
    // "cliente": in every event, so read a slice at a time (a text few events hold is read in one statement).
    const view = parseHistoryQuery({ q: "cliente", porPagina: "500", pagina: String(Math.ceil(EVENTS / 500)) });
    const before = browseHistory(t.db, view);
    const oldest = before.rows.at(-1)!.id;
    expect(oldest).toBeLessThan(SLICE_EVENTS);
    const found = findHistory(t.db, view);
    // The first slice (the newest events) was read before the search's first wait.
    t.db.$client.query("DELETE FROM history_events WHERE id = ?").run(oldest);
    const page = await found;
    expect(page.total).toBe(before.total);
    expect(ids(page.rows)).toEqual(ids(before.rows));
    expect(browseHistory(t.db, view).total).toBe(before.total - 1);
  });

  test("a text few events hold (read in one statement) and one read a slice at a time answer as LIKE, whatever the filters", async () => {
    const db = t.db.$client;
    // "cliente 12": a few hundred events, found by its cover's trigrams and read in one statement;
    // "parcela 1/12": ~1,000 events, but its cover ("par" "cel" "a 1" "/12") is in ~4,000 (parcelas
    // 1, 10, 11, 12), so found as a phrase, still in one statement; "cliente": every event.
    const views = [
      { q: "cliente 12" },
      { q: "cliente 12", entidade: "installment", usuario: "bruno@cofre.test" },
      { q: "parcela 1/12" },
      { q: "parcela 1/12", entidade: "installment", usuario: "ana@cofre.test" },
      { q: "cliente" },
      { q: "cliente", entidade: "client", usuario: "ana@cofre.test" },
    ];
    for (const view of views) {
      const where = ["busca LIKE $like", ...("entidade" in view ? ["entity = $entidade", "user_email = $usuario"] : [])].join(" AND ");
      const params = { like: `%${view.q}%`, ...("entidade" in view ? { entidade: view.entidade, usuario: view.usuario } : {}) };
      const all = (db.query(`SELECT id FROM history_events WHERE ${where} ORDER BY id DESC`).all(params) as { id: number }[]).map((row) => row.id);
      expect(all.length).toBeGreaterThan(10);
      for (const pagina of [1, 2, Math.ceil(all.length / 20)]) {
        const found = await findHistory(t.db, parseHistoryQuery({ ...view, pagina: String(pagina), porPagina: "20" }));
        expect({ view, pagina, total: found.total, ids: ids(found.rows) }).toEqual({ view, pagina, total: all.length, ids: all.slice((pagina - 1) * 20, pagina * 20) });
      }
    }
  });

  test("a search asked again counts only the events written since; after a delete it counts them all again", async () => {
    const db = t.db.$client;
    const reference = () => (db.query("SELECT id FROM history_events WHERE busca LIKE '%parcela%' ORDER BY id DESC").all() as { id: number }[]).map((row) => row.id);
    const compare = async () => {
      const all = reference();
      for (const pagina of [1, 2, Math.ceil(all.length / 50)]) {
        const found = await findHistory(t.db, parseHistoryQuery({ q: "parcela", pagina: String(pagina), porPagina: "50" }));
        expect({ pagina, total: found.total, ids: ids(found.rows) }).toEqual({ pagina, total: all.length, ids: all.slice((pagina - 1) * 50, pagina * 50) });
      }
      return all;
    };
    await compare();
    const written = db.transaction(() => [
      recordEvent(t.db, SYSTEM, { action: "create", entity: "client", entityId: 1, label: "Cliente novo — parcela 1/1" }),
      recordEvent(t.db, SYSTEM, { action: "create", entity: "client", entityId: 2, label: "Sem o termo" }),
      recordEvent(t.db, SYSTEM, { action: "create", entity: "client", entityId: 3, label: "Outra parcela 2/2" }),
    ])();
    const after = await compare();
    expect(after.slice(0, 2)).toEqual([written[2]!, written[0]!]);
    // An event gone from the middle of what was counted: the kept counts no longer hold.
    db.query("DELETE FROM history_events WHERE id = ?").run(after[Math.floor(after.length / 2)]!);
    expect((await compare()).length).toBe(after.length - 1);
  });

  test("a kind's pages (history_kind_idx), counted from either end, are slices of the one-statement list, with a person and a period too", async () => {
    const db = t.db.$client;
    const views = [
      { view: { entidade: "client" }, where: "entity = 'client'", order: "ORDER BY id DESC" },
      { view: { entidade: "installment", usuario: "ana@cofre.test" }, where: "entity = 'installment' AND user_email = 'ana@cofre.test'", order: "ORDER BY id DESC" },
      { view: { entidade: "client", de: "2025-12-31", ate: "2026-01-05" }, where: "entity = 'client' AND at >= '2025-12-31T03:00:00.000Z' AND at < '2026-01-06T03:00:00.000Z'", order: "ORDER BY at DESC, id DESC" },
    ];
    for (const { view, where, order } of views) {
      const all = (db.query(`SELECT id FROM history_events WHERE ${where} ${order}`).all() as { id: number }[]).map((row) => row.id);
      const last = Math.ceil(all.length / 50);
      expect(last).toBeGreaterThan(3);
      for (const pagina of [1, 2, Math.ceil(last / 2) + 1, last - 1, last, last + 1]) {
        const found = browseHistory(t.db, parseHistoryQuery({ ...view, pagina: String(pagina), porPagina: "50" }));
        expect({ view, pagina, total: found.total, ids: ids(found.rows) }).toEqual({ view, pagina, total: all.length, ids: all.slice((pagina - 1) * 50, pagina * 50) });
      }
    }
    // The kind's total comes from history_kind_counts, kept by the writes: an event written, one
    // rolled back, one deleted — always what counting says.
    const counted = () => db.query("SELECT entity, count(*) AS eventos FROM history_events GROUP BY entity ORDER BY entity").all();
    const kept = () => db.query("SELECT entity, eventos FROM history_kind_counts WHERE eventos > 0 ORDER BY entity").all();
    expect(kept()).toEqual(counted());
    const written = db.transaction(() => recordEvent(t.db, SYSTEM, { action: "create", entity: "supplier", entityId: 9, label: "Fornecedor novo" }))();
    rolledBack(() => recordEvent(t.db, SYSTEM, { action: "create", entity: "supplier", entityId: 10, label: "Desfeito" }));
    db.query("DELETE FROM history_events WHERE id = (SELECT min(id) FROM history_events WHERE entity = 'client')").run();
    expect(kept()).toEqual(counted());
    expect(browseHistory(t.db, parseHistoryQuery({ entidade: "supplier" })).total).toBe(1);
    expect(ids(browseHistory(t.db, parseHistoryQuery({ entidade: "supplier" })).rows)).toEqual([written]);
    const plan = (db.query("EXPLAIN QUERY PLAN SELECT id FROM history_events WHERE entity = 'client' ORDER BY id DESC LIMIT 50").all() as { detail: string }[]).map((row) => row.detail).join(" | ");
    expect(plan).toContain("history_kind_idx");
    expect(plan).not.toContain("TEMP B-TREE");
  });

  test("a kind alone is paged from its blocks of ids (history_kind_blocks, kept by the writes): every page is the one-statement list's", () => {
    const db = t.db.$client;
    const blocks = () => db.query("SELECT entity, bloco, eventos FROM history_kind_blocks WHERE eventos > 0 ORDER BY entity, bloco").all();
    const counted = () => db.query("SELECT entity, id >> 12 AS bloco, count(*) AS eventos FROM history_events GROUP BY 1, 2 ORDER BY 1, 2").all();
    expect(blocks()).toEqual(counted());
    // An event written, one rolled back, one deleted in the middle of a block, one moved to another kind.
    db.transaction(() => recordEvent(t.db, SYSTEM, { action: "create", entity: "client", entityId: 11, label: "Cliente novo" }))();
    rolledBack(() => recordEvent(t.db, SYSTEM, { action: "create", entity: "client", entityId: 12, label: "Desfeito" }));
    db.query("DELETE FROM history_events WHERE id = 6001").run();
    db.query("UPDATE history_events SET entity = 'client' WHERE id = 4097").run();
    expect(blocks()).toEqual(counted());
    expect(blocks().length).toBeGreaterThan(4); // the pages below cross blocks
    for (const entidade of ["installment", "client"]) {
      const all = (db.query("SELECT id FROM history_events WHERE entity = ? ORDER BY id DESC").all(entidade) as { id: number }[]).map((row) => row.id);
      const last = Math.ceil(all.length / 200);
      for (let pagina = 1; pagina <= last + 1; pagina++) {
        const found = browseHistory(t.db, parseHistoryQuery({ entidade, pagina: String(pagina), porPagina: "200" }));
        expect({ entidade, pagina, total: found.total, ids: ids(found.rows) }).toEqual({ entidade, pagina, total: all.length, ids: all.slice((pagina - 1) * 200, pagina * 200) });
      }
    }
  });

  test("the export reads the same events in the same order, a slice at a time, PAUSE between slices", () => {
    const reference = (where: string, params: Record<string, string>, order: string) =>
      (t.db.$client.query(`SELECT id FROM history_events ${where} ${order}`).all(params) as { id: number }[]).map((row) => row.id);
    const cases = [
      { view: { q: "cliente 7" }, expected: reference("WHERE busca LIKE '%cliente 7%'", {}, "ORDER BY id DESC") },
      { view: { entidade: "client", usuario: "ana@cofre.test" }, expected: reference("WHERE entity = 'client' AND user_email = 'ana@cofre.test'", {}, "ORDER BY id DESC") },
      {
        view: { q: "parcela 3/12", de: "2025-12-31", ate: "2026-01-02" },
        expected: reference("WHERE busca LIKE '%parcela 3/12%' AND at >= $de AND at < $ate", { de: "2025-12-31T03:00:00.000Z", ate: "2026-01-03T03:00:00.000Z" }, "ORDER BY at DESC, id DESC"),
      },
    ];
    for (const { view, expected } of cases) {
      const read = [...historyForExport(t.db.$client.filename, parseHistoryQuery(view), 100_000)];
      const events = read.filter((item) => item !== PAUSE) as HistoryEventJson[];
      expect({ view, ids: events.map((e) => e.id) }).toEqual({ view, ids: expected });
      // A text within a period is read in one statement (the index's order is by id, the list's by time).
      const sliced = !("de" in view);
      expect({ view, pauses: read.filter((item) => item === PAUSE).length > 1 }).toEqual({ view, pauses: sliced });
    }
    // The export's limit holds across slices (its 100 events come from two).
    const limited = [...historyForExport(t.db.$client.filename, parseHistoryQuery({ q: "cliente 7" }), 100)].filter((item) => item !== PAUSE) as HistoryEventJson[];
    expect(limited.map((e) => e.id)).toEqual(cases[0]!.expected.slice(0, 100));
    expect(limited.at(-1)!.id).toBeLessThan(EVENTS - SLICE_EVENTS);
  });

  test("the page and the API answer a search as before", async () => {
    const api = await t.api("/api/history?q=cliente%20699&porPagina=5");
    expect(api.status).toBe(200);
    expect(api.headers.get("x-total-count")).toBe(String(browseHistory(t.db, parseHistoryQuery({ q: "cliente 699" })).total));
    const page = await t.api("/history?q=cliente%20699");
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Cliente 699");
    // Past the last page of a search: the last page's URL, as every list.
    const past = await t.api("/history?q=cliente%20699&pagina=999");
    expect(past.status).toBe(302);
  });

  test("a text of three characters or more is found through history_fts, written in the event's transaction; a shorter one by reading the texts", async () => {
    const db = t.db.$client;
    const plan = (q: string) => (db.query(`EXPLAIN QUERY PLAN SELECT 1 FROM history_events WHERE ${q}`).all() as { detail: string }[]).map((row) => row.detail).join(" | ");
    expect(plan("id IN (SELECT rowid FROM history_fts WHERE history_fts MATCH '\"cliente 7\"')")).toContain("VIRTUAL TABLE INDEX");
    // An event whose change fails is gone from the index too; one that commits is found, its
    // accents and case folded on both sides.
    const before = (await findHistory(t.db, parseHistoryQuery({ q: "Pão de Açúcar" }))).total;
    rolledBack(() => recordEvent(t.db, SYSTEM, { action: "create", entity: "client", entityId: 1, label: "Padaria PÃO DE AÇÚCAR" }));
    expect((await findHistory(t.db, parseHistoryQuery({ q: "pao de acucar" }))).total).toBe(before);
    const id = db.transaction(() => recordEvent(t.db, SYSTEM, { action: "create", entity: "client", entityId: 1, label: "Padaria PÃO DE AÇÚCAR" }))();
    expect(ids((await findHistory(t.db, parseHistoryQuery({ q: "pão de açúcar" }))).rows)).toContain(id);
    expect(() => db.run("INSERT INTO history_fts (history_fts) VALUES ('integrity-check')")).not.toThrow();
    // One or two characters: no trigram, every text read; the same total as LIKE.
    const like = (db.query("SELECT count(*) AS n FROM history_events WHERE busca LIKE '%/1%'").get() as { n: number }).n;
    expect(like).toBeGreaterThan(0);
    expect((await findHistory(t.db, parseHistoryQuery({ q: "/1" }))).total).toBe(like);
  });

  test("a text whose every trigram is common but whose cover few events hold: those events, their texts checked, are the answer", async () => {
    // "xavier yankee zulu", its cover "xav" "ier" " ya" "nke" "e z" "ulu": every one in 3,500
    // events or more, all of them together in 2,000 — 1,000 holding the phrase and 1,000 the
    // trigrams in another order (which the LIKE check leaves out).
    const texts = [
      ["evento xavier yankee zulu", 1_000],
      ["zulu xavier yankee e zebra", 1_000],
      ["xavier yankee, zulu", 1_500],
      ["xavier yankee zeta", 1_500],
    ] as const;
    const db = t.db.$client;
    db.transaction(() => {
      for (const [label, count] of texts) for (let i = 0; i < count; i++) recordEvent(t.db, SYSTEM, { action: "create", entity: "client", entityId: i + 1, label });
    })();
    const all = (db.query("SELECT id FROM history_events WHERE busca LIKE '%xavier yankee zulu%' ORDER BY id DESC").all() as { id: number }[]).map((row) => row.id);
    expect(all).toHaveLength(1_000);
    for (const pagina of [1, 7, 20]) {
      const found = await findHistory(t.db, parseHistoryQuery({ q: "Xavier Yankee Zulu", pagina: String(pagina), porPagina: "50" }));
      expect({ pagina, total: found.total, ids: ids(found.rows) }).toEqual({ pagina, total: 1_000, ids: all.slice((pagina - 1) * 50, pagina * 50) });
    }
  });
});
