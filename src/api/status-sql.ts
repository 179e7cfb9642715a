// The SQL twin of src/lib/status.ts deriveStatus (DECISIONS §2): "vencido" is read from the due
// date, never stored. Every filter, sort, card, report and the blocking rule use this one form;
// status-sql.test.ts checks that both agree around midnight in APP_TZ.

/**
 * The derived status of a receivable/payable row as SQL text. `alias` is the table name or alias;
 * `todayParam` is how the statement binds today's YYYY-MM-DD (a named parameter such as
 * "$today" for prepared bun:sqlite statements).
 */
export function statusCaseSql(alias: string, todayParam = "$today"): string {
  return `(CASE WHEN ${alias}.status = 'pago' THEN 'pago' WHEN ${alias}.data_vencimento < ${todayParam} THEN 'vencido' WHEN ${alias}.principal_pago > 0 THEN 'parcial' ELSE 'em_aberto' END)`;
}

/**
 * The status sort's key: em_aberto and parcial share the first place (both open, not yet due),
 * then pago, then vencido — the order the (status, due date, id) index gives in three ranges
 * (src/api/ledger/list.ts statusPageIds), as before parcial existed.
 */
export function statusRankSql(alias: string, todayParam = "$today"): string {
  return `(CASE WHEN ${alias}.status = 'pago' THEN 2 WHEN ${alias}.data_vencimento < ${todayParam} THEN 3 ELSE 1 END)`;
}

/** The condition "this row is parcial": open, not yet due, some principal paid. */
export function partialWhereSql(alias: string, todayParam = "$today"): string {
  return `(${openWhereSql(alias, todayParam)} AND ${alias.replace(/^\+/, "")}.principal_pago > 0)`;
}

/** The condition "this row is vencido" as SQL text (uses the status/due-date indexes). */
export function overdueWhereSql(alias: string, todayParam = "$today"): string {
  return `(${alias}.status = 'em_aberto' AND ${alias}.data_vencimento < ${todayParam})`;
}

/**
 * The condition "open and not yet overdue" as SQL text: em_aberto and parcial alike (the list's
 * "Em Aberto" filter shows both; a parcial row is still open).
 */
export function openWhereSql(alias: string, todayParam = "$today"): string {
  return `(${alias}.status = 'em_aberto' AND ${alias}.data_vencimento >= ${todayParam})`;
}
