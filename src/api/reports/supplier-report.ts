// Supplier report totals (DECISIONS §3): one grouped scan of the supplier's payables.
import type { Db } from "../../../db/client";
import { notFound } from "../../http/errors";
import { today } from "../../lib/clock";
import { partyTotals, partyTotalsSql, type PartyTotals, type PartyTotalsRow } from "./party-totals";
import { preparedExact } from "../prepared";

export interface SupplierReportTotals extends PartyTotals {
  supplierId: number;
  supplierName: string;
  /** What was actually paid: valorPago, else the face value, of the paid ones. */
  totalPagoEfetivo: string;
}

const SUPPLIER_TOTALS_SQL = partyTotalsSql("suppliers", "payables", "supplier_id");

export function getSupplierReportTotals(db: Db, supplierId: number): SupplierReportTotals {
  const row = preparedExact(db, SUPPLIER_TOTALS_SQL).get({ id: supplierId, today: today() }) as PartyTotalsRow | null;
  if (!row) throw notFound("Fornecedor não encontrado");
  const { efetivo, ...totals } = partyTotals(row);
  return { supplierId: Number(row.id), supplierName: row.nome, ...totals, totalPagoEfetivo: efetivo };
}
