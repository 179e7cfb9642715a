// Monthly report (DECISIONS §3): what was received and paid in the month (by payment date) and
// what is still due in it (unpaid rows by due date). One statement, one conditional scan per table.
import type { Db } from "../../../db/client";
import { centsToDecimal } from "../../lib/money";
import { sql } from "../prepared";
import { dateBounds } from "./period";

export interface MonthlyReport {
  mes: string;
  totalRecebido: string;
  quantidadeRecebidas: number;
  totalPago: string;
  quantidadePagas: number;
  saldoRealizado: string;
  totalReceberPendente: string;
  quantidadeReceberPendentes: number;
  totalPagarPendente: string;
  quantidadePagarPendentes: number;
  saldoPrevisto: string;
}

// Each WHERE is the union of the two index ranges (payment date, status + due date) the sums read.
const scan = (table: string) => `
  SELECT coalesce(sum(CASE WHEN status = 'pago' AND data_pagamento >= $start AND data_pagamento < $until
                           THEN coalesce(valor_pago, valor) END), 0) AS done,
         count(CASE WHEN status = 'pago' AND data_pagamento >= $start AND data_pagamento < $until THEN 1 END) AS doneCount,
         coalesce(sum(CASE WHEN status = 'em_aberto' AND data_vencimento >= $start AND data_vencimento < $until
                           THEN valor END), 0) AS pending,
         count(CASE WHEN status = 'em_aberto' AND data_vencimento >= $start AND data_vencimento < $until THEN 1 END) AS pendingCount
  FROM ${table}
  WHERE (data_pagamento >= $start AND data_pagamento < $until)
     OR (status = 'em_aberto' AND data_vencimento >= $start AND data_vencimento < $until)`;

const MONTHLY_SQL = `
SELECT r.done AS recebido, r.doneCount AS recebidas, r.pending AS receber, r.pendingCount AS receberCount,
       p.done AS pago, p.doneCount AS pagas, p.pending AS pagar, p.pendingCount AS pagarCount
FROM (${scan("receivables")}) AS r, (${scan("payables")}) AS p`;

// Every integer as a bigint: sums stay exact (`exact` in src/api/prepared.ts).
interface Row {
  recebido: bigint;
  recebidas: bigint;
  receber: bigint;
  receberCount: bigint;
  pago: bigint;
  pagas: bigint;
  pagar: bigint;
  pagarCount: bigint;
}

const MONTHLY = sql<Row, { start: string; until: string }>(MONTHLY_SQL, { exact: true });

/** `month` is a valid YYYY-MM (parseMonth). */
export function getMonthlyReport(db: Db, month: string): MonthlyReport {
  const { start, until } = dateBounds({ from: month, to: month });
  const row = MONTHLY.get(db, { start, until })!; // aggregates: always one row
  const realizado = row.recebido - row.pago;
  const money = centsToDecimal;
  return {
    mes: month,
    totalRecebido: money(row.recebido),
    quantidadeRecebidas: Number(row.recebidas),
    totalPago: money(row.pago),
    quantidadePagas: Number(row.pagas),
    saldoRealizado: money(realizado),
    totalReceberPendente: money(row.receber),
    quantidadeReceberPendentes: Number(row.receberCount),
    totalPagarPendente: money(row.pagar),
    quantidadePagarPendentes: Number(row.pagarCount),
    saldoPrevisto: money(realizado + row.receber - row.pagar),
  };
}
