// The SQL twin of src/lib/status.ts deriveStatus (DECISIONS §2): "vencido" is read from the due
// date, never stored. Every filter, sort, card, report and the blocking rule use this one form;
// status-sql.test.ts checks that both agree around midnight in APP_TZ.

/**
 * The derived status of a receivable/payable row as SQL text. `alias` is the table name or alias;
 * `todayParam` is how the statement binds today's YYYY-MM-DD (a named parameter such as
 * "$today" for prepared bun:sqlite statements).
 */
export function statusCaseSql(alias: string, todayParam = "$today"): string {
  return `(CASE WHEN ${alias}.status = 'pago' THEN 'pago' WHEN ${alias}.data_vencimento < ${todayParam} THEN 'vencido' ELSE 'em_aberto' END)`;
}

/** The condition "this row is vencido" as SQL text (uses the status/due-date indexes). */
export function overdueWhereSql(alias: string, todayParam = "$today"): string {
  return `(${alias}.status = 'em_aberto' AND ${alias}.data_vencimento < ${todayParam})`;
}

/** The condition "this row is em_aberto" (open and not yet overdue) as SQL text. */
export function openWhereSql(alias: string, todayParam = "$today"): string {
  return `(${alias}.status = 'em_aberto' AND ${alias}.data_vencimento >= ${todayParam})`;
}
