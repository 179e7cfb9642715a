// Monthly report (DECISIONS §3): what was received and paid in the month (by payment date: each
// payment, a partial one too) and what is still due in it (open rows' balances by due date). One statement.
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

// What changed hands in the month is every payment dated in it (issue 34 §5: partial ones
// included), read from the payments' date index alone; what is still due is each open row's
// balance (valor − principal paid − discounts), from the (status, due date) covering index.
const pending = (table: string) => `
  SELECT coalesce(sum(valor - principal_pago - desconto), 0) AS pending, count(*) AS pendingCount
  FROM ${table} WHERE status = 'em_aberto' AND data_vencimento >= $start AND data_vencimento < $until`;

const MONTHLY_SQL = `
SELECT d.recebido, d.recebidas, r.pending AS receber, r.pendingCount AS receberCount,
       d.pago, d.pagas, p.pending AS pagar, p.pendingCount AS pagarCount
FROM (SELECT coalesce(sum(CASE WHEN receivable_id IS NOT NULL THEN valor_pago END), 0) AS recebido, count(receivable_id) AS recebidas,
             coalesce(sum(CASE WHEN payable_id IS NOT NULL THEN valor_pago END), 0) AS pago, count(payable_id) AS pagas
      FROM payments WHERE data_pagamento >= $start AND data_pagamento < $until) AS d,
     (${pending("receivables")}) AS r, (${pending("payables")}) AS p`;

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
