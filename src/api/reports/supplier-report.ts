// Supplier report totals (DECISIONS §3): one grouped scan of the supplier's payables.
import type { Db } from "../../../db/client";
import { notFound } from "../../http/errors";
import { today } from "../../lib/clock";
import { overdueWhereSql } from "../status-sql";
import { partyTotals, type PartyTotals, type PartyTotalsRow } from "./party-totals";

export interface SupplierReportTotals extends PartyTotals {
  supplierId: number;
  supplierName: string;
  /** What was actually paid: valorPago, else the face value, of the paid ones. */
  totalPagoEfetivo: string;
}

const SUPPLIER_TOTALS_SQL = `
SELECT s.id AS id, s.nome AS nome, s.status_bloqueio AS statusBloqueio,
       count(p.id) AS quantidade,
       coalesce(sum(p.valor), 0) AS contrato,
       coalesce(sum(CASE WHEN p.status = 'pago' THEN p.valor END), 0) AS pago,
       coalesce(sum(CASE WHEN p.status = 'pago' THEN coalesce(p.valor_pago, p.valor) END), 0) AS efetivo,
       count(CASE WHEN p.status = 'pago' THEN 1 END) AS pagas,
       count(CASE WHEN ${overdueWhereSql("p")} THEN 1 END) AS vencidas
FROM suppliers s LEFT JOIN payables p ON p.supplier_id = s.id
WHERE s.id = $id
GROUP BY s.id`;

export function getSupplierReportTotals(db: Db, supplierId: number): SupplierReportTotals {
  const row = db.$client.query(SUPPLIER_TOTALS_SQL).get({ id: supplierId, today: today() }) as PartyTotalsRow | null;
  if (!row) throw notFound("Fornecedor não encontrado");
  const { efetivo, ...totals } = partyTotals(row);
  return { supplierId: row.id, supplierName: row.nome, ...totals, totalPagoEfetivo: efetivo };
}
