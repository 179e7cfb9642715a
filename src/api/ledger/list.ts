// The ledger's list: one prepared bun:sqlite statement per view shape, selecting the API's row
// directly (aliased columns, party name joined, money as text, status derived), so no
// JavaScript runs per row (PERF-NOTES "List queries"). Page routes and API routes share it.
import type { Db } from "../../../db/client";
import { today } from "../../lib/clock";
import { addMonthsToMonth } from "../../lib/dates";
import type { Status } from "../../lib/status";
import { dirSql, limitOffset, parseListView, viewPaging, wantsPage, type ListPage } from "../list";
import { prepared } from "../prepared";
import { overdueWhereSql, statusCaseSql } from "../status-sql";
import type { LedgerQuery, LedgerSortKey } from "./model";
import type { LedgerTable } from "./table";

type Params = Record<string, string | number>;
type Raw = Record<string, string | undefined>;

/** A side's view from the URL (its spec: status, mes, the party id, ordem, pagina, porPagina); a 400 in pt-BR on a bad value. */
export function parseLedgerQuery(t: LedgerTable, raw: Raw, options: { paged?: boolean } = {}): LedgerQuery {
  const view = parseListView(t.list, raw);
  const party = view[t.party.idKey];
  return {
    status: view.status as Status | "",
    mes: view.mes!,
    partyId: party ? Number(party) : null,
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
    const rows = asRows<Row>(t, prepared(db, `${selectSql(t, true)} ${where} ${orderSql(query)}`).all(params));
    return { rows, total: rows.length };
  }
  const { limit, offset } = limitOffset(query);
  const rows = asRows<Row>(t, prepared(db, `${selectSql(t, byPartyName(query))} ${where} ${orderSql(query)} LIMIT $limit OFFSET $offset`).all({ ...params, limit, offset }));
  const { n } = prepared(db, `SELECT count(*) AS n FROM ${t.table} r ${where}`).get(params) as { n: number };
  return { rows, total: n };
}

/** SQLite has no boolean: a recurring side's `assinatura` (0/1) becomes true/false, the rest is already the API's row. */
function asRows<Row>(t: LedgerTable, rows: unknown[]): Row[] {
  if (t.recurring) for (const row of rows as { assinatura: unknown }[]) row.assinatura = row.assinatura === 1;
  return rows as Row[];
}

/** One row in the list's shape, or null. */
export function getLedgerRow<Row>(db: Db, t: LedgerTable, id: number, now = today()): Row | null {
  const row = prepared(db, `${selectSql(t)} WHERE r.id = $id`).get({ id, today: now });
  return row ? asRows<Row>(t, [row])[0]! : null;
}

/** Rows id..lastId of one party, in id order: what one generation wrote. */
export function getLedgerRows<Row>(db: Db, t: LedgerTable, partyId: number, firstId: number, lastId: number): Row[] {
  const sql = `${selectSql(t)} WHERE r.${t.party.column} = $partyId AND r.id BETWEEN $firstId AND $lastId ORDER BY r.id`;
  return asRows<Row>(t, prepared(db, sql).all({ partyId, firstId, lastId, today: today() }));
}

/** The WHERE of a view's filters (shared by the list and its summary cards) and its parameters. */
export function whereSql(t: LedgerTable, query: Pick<LedgerQuery, "status" | "mes" | "partyId">) {
  const parts: string[] = [];
  const params: Params = { today: today() };
  if (query.status === "pago") parts.push("r.status = 'pago'");
  if (query.status === "vencido") parts.push(overdueWhereSql("r", "$today"));
  if (query.status === "em_aberto") parts.push("(r.status = 'em_aberto' AND r.data_vencimento >= $today)");
  if (query.mes) {
    parts.push("r.data_vencimento >= $mesFrom AND r.data_vencimento < $mesTo");
    params.mesFrom = `${query.mes}-01`;
    params.mesTo = `${addMonthsToMonth(query.mes, 1)}-01`;
  }
  if (query.partyId !== null) {
    parts.push(`r.${t.party.column} = $partyId`);
    params.partyId = query.partyId;
  }
  return { where: parts.length ? `WHERE ${parts.join(" AND ")}` : "", params };
}

// Exact for non-negative cents (the schema's CHECKs and the forms guarantee it).
const moneyText = (column: string) => `printf('%d.%02d', ${column} / 100, ${column} % 100)`;
const whenPaid = (column: string) => `CASE WHEN r.status = 'pago' AND ${column} IS NOT NULL THEN ${moneyText(column)} END`;

/**
 * The list's SELECT. `byPartyName`: the sort is the party's name, so the planner may walk the
 * parties first; otherwise CROSS JOIN keeps the rows outside, where their due-date index gives
 * a page in order (with table statistics the planner would rather sort all 50,000 rows).
 */
function selectSql(t: LedgerTable, byPartyName = false): string {
  const columns = [
    "r.id AS id",
    `r.${t.party.column} AS ${t.party.idKey}`,
    `p.nome AS ${t.party.nameKey}`,
    "r.numeros_parcela AS numerosParcela",
    "r.descricao AS descricao",
    "r.data_vencimento AS dataVencimento",
    `${moneyText("r.valor")} AS valor`,
    `${statusCaseSql("r", "$today")} AS status`,
    "CASE WHEN r.status = 'pago' THEN r.data_pagamento END AS dataPagamento",
    `${whenPaid("r.valor_pago")} AS valorPago`,
    ...(t.fees ? [`${whenPaid("r.multa")} AS multa`, `${whenPaid("r.juros")} AS juros`] : []),
    ...(t.recurring ? ["r.competencia AS competencia", "r.subscription_id IS NOT NULL AS assinatura"] : []),
  ];
  return `SELECT ${columns.join(", ")} FROM ${t.table} r ${byPartyName ? "JOIN" : "CROSS JOIN"} ${t.party.table} p ON p.id = r.${t.party.column}`;
}

const byPartyName = (query: LedgerQuery) => query.sort.key === "cliente" || query.sort.key === "fornecedor";

function orderSql(query: LedgerQuery): string {
  const dir = dirSql(query.sort);
  const primary: Record<LedgerSortKey, string> = {
    cliente: "p.nome_ordem",
    fornecedor: "p.nome_ordem",
    // '2/12' → 2: SQLite's CAST reads the leading integer.
    parcela: "CAST(r.numeros_parcela AS INTEGER)",
    vencimento: "r.data_vencimento",
    valor: "r.valor",
    status: statusCaseSql("r", "$today"),
    descricao: "r.descricao COLLATE NOCASE",
  };
  const key = query.sort.key;
  const then = key === "vencimento" ? "" : `, r.data_vencimento ${dir}`;
  return `ORDER BY ${primary[key]} ${dir}${then}, r.id ${dir}`;
}
