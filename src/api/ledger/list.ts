// The ledger's list: one prepared bun:sqlite statement per view shape, selecting the API's row
// directly (aliased columns, party name joined, money as text, status derived), so no
// JavaScript runs per row (mapping rows through Drizzle and a per-row conversion measured ~2× the
// raw query's time). Page routes and API routes share it.
import { readerRows, type Db } from "../../../db/client";
import { accountNameOf } from "../accounts/service";
import { today } from "../../lib/clock";
import { addMonthsToMonth } from "../../lib/dates";
import { centsToDecimalSql } from "../../lib/money";
import type { Status } from "../../lib/status";
import { dirSql, limitOffset, pageAcrossParts, pageWindow, parseListView, reversed, viewPaging, wantsPage, type ListPage } from "../list";
import { sqlVariants } from "../prepared";
import { openWhereSql, overdueWhereSql, partialWhereSql, statusCaseSql, statusRankSql } from "../status-sql";
import type { LedgerFilters, LedgerQuery, LedgerSortKey, PaymentJson } from "./model";
import { notFound } from "../../http/errors";
import type { LedgerTable } from "./table";

type Params = Record<string, string | number>;
type Raw = Record<string, string | undefined>;

// The list's statements are composed from whitelisted parts (the side's tables, the view's
// filters, its sort): one kept `sql()` per distinct text (`sqlVariants`), typed here.
/** Rows in the API's shape (columnsSql): the side's row type is its model's (`asRows`). */
const ROWS = sqlVariants<[text: string], Record<string, unknown>, Params>((text) => text);
const COUNT = sqlVariants<[t: LedgerTable, where: string], { n: number }, Params>((t, where) => `SELECT count(*) AS n FROM ${t.table} r ${where}`);
const IDS = sqlVariants<[text: string], { id: number }, Params>((text) => text);
/** The party-name walk's row at the page's offset: name, party id, due date, row id. */
const PARTY_AT = sqlVariants<[from: string, where: string, dir: string], { n: string; c: number; d: string; i: number }, Params>(
  (from, where, dir) => `SELECT p.nome_ordem AS n, p.id AS c, r.data_vencimento AS d, r.id AS i FROM ${from} ${where}
    ORDER BY p.nome_ordem ${dir}, p.id ${dir}, r.data_vencimento ${dir}, r.id ${dir} LIMIT 1 OFFSET $offset`,
);
const PARTY_BEFORE = sqlVariants<[from: string, where: string], { k: number }, Params>((from, where) => `SELECT count(*) AS k FROM ${from} ${where}`);
/**
 * With no filter, the name the row at the offset has, and how many rows come before that name:
 * the parties' counts (ledger_party_counts, kept by triggers, keyed by the party's name order)
 * added up name by name in the sort's direction along the table's own key — 8,000 clients, not
 * the 100,000 rows before the middle page; namesakes are one name, as in the order.
 */
const NAME_AT = sqlVariants<[dir: string], { n: string; before: number }, { tabela: string; offset: number }>(
  (dir) => `SELECT n, upto - parcelas AS before FROM (
      SELECT nome_ordem AS n, sum(parcelas) AS parcelas, sum(sum(parcelas)) OVER (ORDER BY nome_ordem ${dir} ROWS UNBOUNDED PRECEDING) AS upto
      FROM ledger_party_counts WHERE tabela = $tabela
      GROUP BY nome_ordem ORDER BY nome_ordem ${dir})
    WHERE upto > $offset LIMIT 1`,
);

/** A side's view from the URL (its spec: status, mes, the party id, ordem, pagina, porPagina); a 400 in pt-BR on a bad value. */
export function parseLedgerQuery(t: LedgerTable, raw: Raw, options: { paged?: boolean } = {}): LedgerQuery {
  const view = parseListView(t.list, raw);
  const party = view[t.party.idKey];
  return {
    status: view.status as Status | "",
    mes: view.mes!,
    partyId: party ? Number(party) : null,
    pagoEm: view.pagoEm!,
    pagoDe: view.pagoDe!,
    pagoAte: view.pagoAte!,
    categoriaId: view.categoriaId ? Number(view.categoriaId) : null,
    centroCustoId: view.centroCustoId ? Number(view.centroCustoId) : null,
    ...viewPaging<LedgerSortKey>(view),
    paged: options.paged ?? wantsPage(t.list, raw),
    view,
  };
}

/** The rows of a view (all of them, or one page) and how many match in all. */
export function listLedger<Row>(db: Db, t: LedgerTable, query: LedgerQuery): ListPage<Row> {
  const { where, params } = whereSql(t, query);
  if (!query.paged) {
    // Every row: the planner's own join order (scan, then one sort) beats walking the due-date
    // index and fetching each row by it, ~1.7× on 16,000 payables; a page keeps the index walk.
    const rows = asRows<Row>(t, ROWS(`${selectSql(t, true)} ${where} ${orderSql(query)}`).all(db, params));
    return { rows, total: rows.length };
  }
  // One read transaction: the page's few statements see one snapshot of the table.
  return db.$client.transaction(() => {
    const { ids, total } = pageIds(db, t, query);
    return { rows: rowsOf<Row>(db, t, ids, params.today as string), total };
  })();
}

/**
 * A page is found in two steps (a deferred join, issue 21 §1): the ids of its ≤ 50 rows, read
 * from an index alone (migration 0011: one covering index per sort, whose columns are the sort
 * key, the due date, the id and the filters' columns), then those rows in full. OFFSET still
 * counts the rows before the page, but in an index, not in the table and its party, and from
 * whichever end is nearer (pageWindow): the last page of 49,052 receivables by descrição
 * 233 → 0.3 ms at seed-demo --scale 50, the middle one 0.3 ms (docs/decisions.md). The order is exactly the one-statement ORDER BY of `orderSql` (list-pages.test.ts compares
 * both for every sort, direction, filter and page).
 */
function pageIds(db: Db, t: LedgerTable, query: LedgerQuery): { ids: number[]; total: number } {
  const parts = query.sort.key === "status" ? statusParts(db, t, query) : lookupOf(query) ? lookupParts(db, t, query, lookupOf(query)!) : null;
  const total = parts ? parts.reduce((sum, part) => sum + part.count, 0) : countOf(db, t, query);
  const window = pageWindow(query, total);
  if (!window) return { ids: [], total };
  const { limit, offset, fromEnd } = window;
  const view = fromEnd ? { ...query, sort: reversed(query.sort) } : query;
  const ids = parts
    ? partsPageIds(db, t, view, parts, limit, offset)
    : byPartyName(view)
      ? partyPageIds(db, t, view, limit, offset)
      : sortPageIds(db, t, view, limit, offset);
  return { ids: fromEnd ? ids.reverse() : ids, total };
}

function countOf(db: Db, t: LedgerTable, query: LedgerQuery): number {
  const { where, params } = whereSql(t, query);
  return COUNT(t, where).get(db, params)!.n;
}

/** By a column of the row: its covering index, the status filter kept off the status index (see `conditions`). */
function sortPageIds(db: Db, t: LedgerTable, query: LedgerQuery, limit: number, offset: number): number[] {
  const { parts, params } = conditions(t, query, query.sort.key === "vencimento");
  return idsOf(IDS(`SELECT r.id AS id FROM ${t.table} r ${whereOf(parts)} ${orderSql(query)} LIMIT $limit OFFSET $offset`).all(db, { ...params, limit, offset }));
}

/**
 * By the party's name. Names repeat (575 of 2,000 demo clients share one), and the order is
 * name, due date, id — so one party's rows interleave with a namesake's, and no index walk gives
 * it. An index does give name, party id, due date, id (`fast`): the same rows per name, each
 * name's rows in the same places, only their order within a name differing. So: the fast walk's
 * row at the offset names the name the page starts in and how many of that name's rows come
 * before it (`k`); the page is then the exact order from that name on, k rows skipped — a sort
 * of a few names' rows, not of all of them. With no filter, the name and the rows before it come
 * from the parties' counts (NAME_AT) instead of the fast walk: the middle page of 197,784
 * receivables by client at --scale 200, 3.0 → ~1.5 ms.
 */
function partyPageIds(db: Db, t: LedgerTable, query: LedgerQuery, limit: number, offset: number): number[] {
  const { parts, params } = conditions(t, query, false);
  const dir = dirSql(query.sort);
  const from = `${t.party.table} p JOIN ${t.table} r ON r.${t.party.column} = p.id`;
  const start = parts.length ? filteredNameAt(db, t, from, parts, params, dir, offset) : NAME_AT(dir).get(db, { tabela: t.table, offset });
  if (!start) return [];
  const k = offset - start.before;
  const fromName = [...parts, `p.nome_ordem ${dir === "ASC" ? ">=" : "<="} $n`];
  return idsOf(IDS(`SELECT r.id AS id FROM ${from} ${whereOf(fromName)} ${orderSql(query)} LIMIT $limit OFFSET $k`).all(db, { ...params, n: start.n, limit, k }));
}

/** A filtered view's NAME_AT: the fast walk's row at the offset, and the rows before its name that the filters keep. */
function filteredNameAt(db: Db, t: LedgerTable, from: string, parts: string[], params: Params, dir: string, offset: number): { n: string; before: number } | null {
  const at = PARTY_AT(from, whereOf(parts), dir).get(db, { ...params, offset });
  if (!at) return null;
  const before = dir === "ASC" ? "<" : ">";
  const named = [...parts, "p.nome_ordem = +$n", `(p.id, r.data_vencimento, r.id) ${before} ($c, $d, $i)`];
  const { k } = PARTY_BEFORE(from, whereOf(named)).get(db, { ...params, ...at })!;
  return { n: at.n, before: offset - k };
}

/**
 * A sort whose key no index of the rows holds, read in parts (`Part`): each part is one range of
 * an index already in due-date, id order, the parts in the key's ascending order, each counted
 * (the counts add up to the total); the page is read from the one or few parts it falls in
 * (pageAcrossParts), descending by reversing the parts.
 * - By status: its code depends on today (em_aberto, pago, vencido ascending); each code is one
 *   range of the (status, due date, id) index.
 * - By category or cost centre (issue 36 §3): the key is the register's display order, not the
 *   id the row holds; each category's (centre's) rows are one range of its filter index
 *   (categoria or centro, due date, id, and the other filters' columns).
 */
interface Part {
  /** The part's condition on `r`. */
  where: string;
  params: Params;
  count: number;
}

function statusParts(db: Db, t: LedgerTable, query: LedgerQuery): Part[] {
  const { parts, params } = conditions(t, query, true);
  return STATUS_CODES.map((code) => ({ where: code, params: {}, count: COUNT(t, whereOf([...parts, code])).get(db, params)!.n }));
}

/** A category or cost centre of each row, in the register's display order (`key`, a text over `c`, and `g` its group). */
interface Lookup {
  column: "categoria_id" | "centro_custo_id";
  from: string;
  key: string;
}

/**
 * Grupo › categoria as one text, compared byte by byte as registers' `nome_ordem` are (pt-BR
 * folded, digit runs padded; src/lib/text.ts sortKey): the group's key, its id (namesake
 * groups stay apart), the group itself before its categories, the category's key, its id.
 * char(1) sorts below any character a folded name holds, so a shorter name comes first.
 */
const CATEGORY_KEY = `printf('%s%s%012d%s%d%s%s%s%012d', coalesce(g.nome_ordem, c.nome_ordem), char(1), coalesce(g.id, c.id), char(1), c.grupo_id IS NOT NULL, char(1), c.nome_ordem, char(1), c.id)`;
type LookupSortKey = "categoria" | "centroCusto";
const LOOKUPS: Record<LookupSortKey, Lookup> = {
  categoria: { column: "categoria_id", from: "categories c LEFT JOIN categories g ON g.id = c.grupo_id", key: CATEGORY_KEY },
  centroCusto: { column: "centro_custo_id", from: "cost_centres c", key: "printf('%s%s%012d', c.nome_ordem, char(1), c.id)" },
};
const lookupOf = (query: LedgerQuery): Lookup | undefined => (query.sort.key in LOOKUPS ? LOOKUPS[query.sort.key as LookupSortKey] : undefined);

/** The register's ids in its display order. */
const LOOKUP_ORDER = sqlVariants<[lookup: Lookup], { id: number }>((lookup) => `SELECT c.id AS id FROM ${lookup.from} ORDER BY ${lookup.key}`);
/** How many of the view's rows each category (centre) holds; null: none. */
const COUNT_BY = sqlVariants<[t: LedgerTable, column: string, where: string], { k: number | null; n: number }, Params>(
  (t, column, where) => `SELECT r.${column} AS k, count(*) AS n FROM ${t.table} r ${where} GROUP BY r.${column}`,
);

/**
 * The view's categories (centres) that have rows, in display order; rows without one last
 * (`NULLS LAST` in orderSql: a cost centre is optional).
 */
function lookupParts(db: Db, t: LedgerTable, query: LedgerQuery, lookup: Lookup): Part[] {
  const { parts, params } = conditions(t, query, false);
  const counts = new Map(COUNT_BY(t, lookup.column, whereOf(parts)).all(db, params).map((row) => [row.k, row.n]));
  const ordered: Part[] = [];
  for (const { id } of LOOKUP_ORDER(lookup).all(db)) {
    const count = counts.get(id);
    if (count) ordered.push({ where: `r.${lookup.column} = $part`, params: { part: id }, count });
  }
  const none = counts.get(null);
  if (none) ordered.push({ where: `r.${lookup.column} IS NULL`, params: {}, count: none });
  return ordered;
}

/** The page's ids from the parts it falls in (given in ascending order), in the view's direction. */
function partsPageIds(db: Db, t: LedgerTable, query: LedgerQuery, ascending: Part[], limit: number, offset: number): number[] {
  // By status the status index serves each code; by a lookup, the lookup's own index (the status filter kept off it).
  const { parts, params } = conditions(t, query, query.sort.key === "status");
  const dir = dirSql(query.sort);
  const ordered = dir === "DESC" ? [...ascending].reverse() : ascending;
  return pageAcrossParts(
    ordered.map((part) => ({ part, count: part.count })),
    { limit, offset },
    (part, partLimit, partOffset) => {
      const sql = `SELECT r.id AS id FROM ${t.table} r ${whereOf([...parts, part.where])} ORDER BY r.data_vencimento ${dir}, r.id ${dir} LIMIT $limit OFFSET $offset`;
      return idsOf(IDS(sql).all(db, { ...params, ...part.params, limit: partLimit, offset: partOffset }));
    },
  );
}

const STATUS_CODES = [openWhereSql("r", "$today"), "r.status = 'pago'", overdueWhereSql("r", "$today")];
const idsOf = (rows: { id: number }[]) => rows.map((row) => row.id);
const whereOf = (parts: string[]) => (parts.length ? `WHERE ${parts.join(" AND ")}` : "");

/** The rows of these ids in full, in the ids' order (json_each's key). */
function rowsOf<Row>(db: Db, t: LedgerTable, ids: number[], now: string): Row[] {
  if (!ids.length) return [];
  const sql = `SELECT ${columnsSql(t)} FROM json_each($ids) k CROSS JOIN ${t.table} r ON r.id = k.value CROSS JOIN ${t.party.table} p ON p.id = r.${t.party.column} ORDER BY k.key`;
  return asRows<Row>(t, ROWS(sql).all(db, { ids: JSON.stringify(ids), today: now }));
}

/**
 * The one-statement page (what listLedger answered before issue 21 §1): kept as the reference
 * the tests compare the two-step page with.
 */
export function plainPage<Row>(db: Db, t: LedgerTable, query: LedgerQuery): ListPage<Row> {
  const { where, params } = whereSql(t, query);
  const { limit, offset } = limitOffset(query);
  const rows = asRows<Row>(t, ROWS(`${selectSql(t, byPartyName(query))} ${where} ${orderSql(query)} LIMIT $limit OFFSET $offset`).all(db, { ...params, limit, offset }));
  const { n } = COUNT(t, where).get(db, params)!;
  return { rows, total: n };
}

/** SQLite's LIMIT -1: every row. */
export const NO_LIMIT = -1;

/**
 * A view's rows in its order, up to `limit`, one at a time from a reader of its own
 * (readerRows; the CSV export and the whole list stream them): taken at the first row, given
 * back after the last (closed when the download is cancelled). The rows side stays outside the
 * join (CROSS JOIN, as a page): they come in their index's order, with no sort of every row
 * before the first one.
 */
export function iterateLedger<Row>(databasePath: string, t: LedgerTable, query: LedgerQuery, limit: number, options: { partyIds?: boolean } = {}): Generator<Row> {
  const { sql, params } = viewSql(t, query, limit, options);
  // A recurring side's rows turn their 0/1 in place, one at a time (no array per row).
  return readerRows<Row>(databasePath, sql, params, t.recurring ? (withFlag as (row: Row) => Row) : undefined);
}

/** A view's SELECT in its order, up to `limit`, and its parameters (iterateLedger's; the bench's baseline runs it as it is). */
export function viewSql(t: LedgerTable, query: LedgerQuery, limit: number, options: { partyIds?: boolean } = {}): { sql: string; params: Params } {
  const { where, params } = whereSql(t, query);
  return { sql: `${selectSql(t, byPartyName(query), options.partyIds)} ${where} ${orderSql(query)} LIMIT $limit`, params: { ...params, limit } };
}

/** A recurring side's row with its `assinatura` (0/1) as true/false. */
function withFlag(row: Record<string, unknown>): Record<string, unknown> {
  row.assinatura = row.assinatura === 1;
  return row;
}

/** SQLite has no boolean: a recurring side's `assinatura` (0/1) becomes true/false, the rest is already the API's row. */
function asRows<Row>(t: LedgerTable, rows: Record<string, unknown>[]): Row[] {
  if (t.recurring) for (const row of rows) withFlag(row);
  // cast: columnsSql selects the side's API row (its model's type, which the caller names).
  return rows as Row[];
}

const PAYMENTS = sqlVariants<[t: LedgerTable], Omit<PaymentJson, "contaNome">, { id: number }>(
  (t) => `SELECT id, data_pagamento AS dataPagamento, ${moneyText("principal")} AS principal, ${moneyText("multa")} AS multa, ${moneyText("juros")} AS juros,
      ${moneyText("desconto")} AS desconto, ${moneyText("valor_pago")} AS valorPago, origem, bank_transaction_id AS transacaoId,
      CASE WHEN multa_centesimos IS NOT NULL THEN ${moneyText("multa_centesimos")} END AS multaPercentual,
      CASE WHEN juros_mensal_centesimos IS NOT NULL THEN ${moneyText("juros_mensal_centesimos")} END AS jurosMensalPercentual,
      user_email AS usuario, created_at AS criadoEm, conta_id AS contaId
    FROM payments WHERE ${t.table === "receivables" ? "receivable_id" : "payable_id"} = $id ORDER BY id`,
);
const EXISTS = sqlVariants<[t: LedgerTable], { id: number }, { id: number }>((t) => `SELECT id FROM ${t.table} WHERE id = $id`);

/** A row's payments, oldest first (issue 34 §1); an unknown row is a 404. */
export function listPayments(db: Db, t: LedgerTable, id: number): PaymentJson[] {
  return db.$client.transaction(() => {
    if (!EXISTS(t).get(db, { id })) throw notFound(t.messages.notFound);
    // The account's name (issue 34 §3): a row has a few payments and a company a few accounts.
    return PAYMENTS(t)
      .all(db, { id })
      .map((p) => ({ ...p, contaNome: accountNameOf(db, p.contaId) }));
  })();
}

/** One row in the list's shape, or null. */
export function getLedgerRow<Row>(db: Db, t: LedgerTable, id: number, now = today()): Row | null {
  const row = ROWS(`${selectSql(t)} WHERE r.id = +$id`).get(db, { id, today: now });
  return row ? asRows<Row>(t, [row])[0]! : null;
}

/** Rows id..lastId of one party, in id order: what one generation wrote. */
export function getLedgerRows<Row>(db: Db, t: LedgerTable, partyId: number, firstId: number, lastId: number): Row[] {
  const sql = `${selectSql(t)} WHERE r.${t.party.column} = +$partyId AND r.id BETWEEN $firstId AND $lastId ORDER BY r.id`;
  return asRows<Row>(t, ROWS(sql).all(db, { partyId, firstId, lastId, today: today() }));
}

/** The WHERE of a view's filters (shared by the list and its summary cards) and its parameters. */
export function whereSql(t: LedgerTable, query: LedgerFilters) {
  const { parts, params } = conditions(t, query, true);
  return { where: whereOf(parts), params };
}

/**
 * The filters' conditions. `statusIndex` false writes the status filter as `+r.status …`, which
 * no index serves: the page's ids then come from the sort's own index (whose columns include the
 * status and due date), instead of the status index and a sort of every row of that status.
 */
function conditions(t: LedgerTable, query: LedgerFilters, statusIndex: boolean) {
  const parts: string[] = [];
  const params: Params = { today: today() };
  const r = statusIndex ? "r" : "+r";
  if (query.status === "pago") parts.push(`${r}.status = 'pago'`);
  if (query.status === "vencido") parts.push(overdueWhereSql(r, "$today"));
  // "Em Aberto" is every open row not yet due, parcial ones included (a balance is still open).
  if (query.status === "em_aberto") parts.push(openWhereSql(r, "$today"));
  if (query.status === "parcial") parts.push(partialWhereSql(r, "$today"));
  if (query.mes) {
    parts.push("r.data_vencimento >= $mesFrom AND r.data_vencimento < $mesTo");
    params.mesFrom = `${query.mes}-01`;
    params.mesTo = `${addMonthsToMonth(query.mes, 1)}-01`;
  }
  if (query.partyId !== null) {
    parts.push(`r.${t.party.column} = +$partyId`);
    params.partyId = query.partyId;
  }
  // By payment date (regime de caixa): an unpaid row has none, so these select paid rows only.
  if (query.pagoEm) {
    parts.push("r.data_pagamento >= $pagoFrom AND r.data_pagamento < $pagoTo");
    params.pagoFrom = `${query.pagoEm}-01`;
    params.pagoTo = `${addMonthsToMonth(query.pagoEm, 1)}-01`;
  }
  if (query.pagoDe) {
    parts.push("r.data_pagamento >= $pagoDe");
    params.pagoDe = query.pagoDe;
  }
  if (query.pagoAte) {
    parts.push("r.data_pagamento <= $pagoAte");
    params.pagoAte = query.pagoAte;
  }
  // Issue 36: by due date, each its own index (categoria/centro first, then the due date) gives
  // the page; by another column (`+r`, as the status), the sort's index, which carries both ids.
  if (query.categoriaId !== null) {
    parts.push(`${r}.categoria_id = $categoriaId`);
    params.categoriaId = query.categoriaId;
  }
  if (query.centroCustoId !== null) {
    parts.push(`${r}.centro_custo_id = $centroCustoId`);
    params.centroCustoId = query.centroCustoId;
  }
  return { parts, params };
}

// Exact for non-negative cents (the schema's CHECKs and the forms guarantee it).
const moneyText = centsToDecimalSql;
// Payment fields show once something is paid: a paid row, or a partial payment's sums so far.
const whenPaid = (column: string) => `CASE WHEN (r.status = 'pago' OR r.principal_pago > 0) AND ${column} IS NOT NULL THEN ${moneyText(column)} END`;

/**
 * The list's SELECT. `byPartyName`: the sort is the party's name, so the planner may walk the
 * parties first; otherwise CROSS JOIN keeps the rows outside, where their due-date index gives
 * a page in order (with table statistics the planner would rather sort all 50,000 rows).
 */
/** The CSV's Conta (issue 34 §5): the bank account of the row's last payment (payments_*_idx: (side id, id)). */
const lastPaymentAccount = (t: LedgerTable) => {
  const side = t.table === "receivables" ? "receivable_id" : "payable_id";
  return `, (SELECT pm.conta_id FROM payments pm WHERE pm.${side} = r.id ORDER BY pm.id DESC LIMIT 1) AS contaId`;
};

function selectSql(t: LedgerTable, byPartyName = false, partyIds = false): string {
  // partyIds (the CSV export, issue 35 §4): the party's CNPJ, and a client's código, for the accountant.
  const party = partyIds ? `, p.cnpj AS partyCnpj${t.party.table === "clients" ? ", p.codigo_cliente AS partyCode" : ""}${lastPaymentAccount(t)}` : "";
  return `SELECT ${columnsSql(t)}${party} FROM ${t.table} r ${byPartyName ? "JOIN" : "CROSS JOIN"} ${t.party.table} p ON p.id = r.${t.party.column}`;
}

/** The API row's columns, from `r` (the side's table) and `p` (its party). */
/**
 * When a receivable was last charged (DECISIONS §7, §11): the day of its latest message that went
 * out — a manual Cobrar, a WhatsApp marked sent, or an e-mail the server accepted.
 */
const LAST_CHARGED = `(SELECT max(mp.data) FROM mensagem_parcelas mp JOIN mensagens m ON m.id = mp.mensagem_id
  WHERE mp.receivable_id = r.id AND (m.status = 'enviada' OR (m.status = 'fila' AND (SELECT o.estado FROM outbox o WHERE o.id = m.outbox_id) = 'enviada')))`;

function columnsSql(t: LedgerTable): string {
  const columns = [
    "r.id AS id",
    `r.${t.party.column} AS ${t.party.idKey}`,
    `p.nome AS ${t.party.nameKey}`,
    "r.numeros_parcela AS numerosParcela",
    "r.descricao AS descricao",
    "r.data_vencimento AS dataVencimento",
    `${moneyText("r.valor")} AS valor`,
    `${statusCaseSql("r", "$today")} AS status`,
    "CASE WHEN r.status = 'pago' OR r.principal_pago > 0 THEN r.data_pagamento END AS dataPagamento",
    `${whenPaid("r.valor_pago")} AS valorPago`,
    // saldo = face − principal paid − discounts (issue 34 §1); desconto the discounts granted.
    `${moneyText("(r.valor - r.principal_pago - r.desconto)")} AS saldo`,
    `${moneyText("r.desconto")} AS desconto`,
    ...(t.fees ? [`${whenPaid("r.multa")} AS multa`, `${whenPaid("r.juros")} AS juros`] : []),
    ...(t.recurring ? ["r.competencia AS competencia", "r.subscription_id IS NOT NULL AS assinatura", `${LAST_CHARGED} AS cobradaEm`] : []),
    // Issue 36: looked up per row (a primary-key read), so the list's join order stays as it was.
    "r.categoria_id AS categoriaId",
    "(SELECT CASE WHEN g.id IS NULL THEN c.nome ELSE g.nome || ' › ' || c.nome END FROM categories c LEFT JOIN categories g ON g.id = c.grupo_id WHERE c.id = r.categoria_id) AS categoriaNome",
    "r.centro_custo_id AS centroCustoId",
    "(SELECT nome FROM cost_centres WHERE id = r.centro_custo_id) AS centroCustoNome",
  ];
  return columns.join(", ");
}

const byPartyName = (query: LedgerQuery) => query.sort.key === "cliente" || query.sort.key === "fornecedor";

function orderSql(query: LedgerQuery): string {
  const dir = dirSql(query.sort);
  const lookup = lookupOf(query);
  const primary: Record<Exclude<LedgerSortKey, LookupSortKey>, string> = {
    cliente: "p.nome_ordem",
    fornecedor: "p.nome_ordem",
    // '2/12' → 2: SQLite's CAST reads the leading integer.
    parcela: "CAST(r.numeros_parcela AS INTEGER)",
    vencimento: "r.data_vencimento",
    valor: "r.valor",
    // parcial sorts with em_aberto: the three ranges statusParts counts (status-sql.ts statusRankSql).
    status: statusRankSql("r", "$today"),
    descricao: "r.descricao COLLATE NOCASE",
  };
  const key = query.sort.key;
  const then = key === "vencimento" ? "" : `, r.data_vencimento ${dir}`;
  // By a lookup: the register's display key per row, the order lookupParts reads in parts; rows
  // without one last, exactly reversed descending (a page read from the end flips it).
  const first = lookup
    ? `(SELECT ${lookup.key} FROM ${lookup.from} WHERE c.id = r.${lookup.column}) ${dir} NULLS ${dir === "ASC" ? "LAST" : "FIRST"}`
    : `${primary[key as Exclude<LedgerSortKey, LookupSortKey>]} ${dir}`;
  return `ORDER BY ${first}${then}, r.id ${dir}`;
}
