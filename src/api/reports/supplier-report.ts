// Supplier report totals (DECISIONS §3): one grouped scan of the supplier's payables.
import type { Db } from "../../../db/client";
import { notFound } from "../../http/errors";
import { today } from "../../lib/clock";
import { partyTotals, partyTotalsSql, type PartyTotals, type PartyTotalsRow } from "./party-totals";
import { sql } from "../prepared";

export interface SupplierReportTotals extends PartyTotals {
  supplierId: number;
  supplierName: string;
  /** What was actually paid: valorPago, else the face value, of the paid ones. */
  totalPagoEfetivo: string;
}

const SUPPLIER_TOTALS = sql<PartyTotalsRow, { id: number; today: string }>(partyTotalsSql("suppliers", "payables", "supplier_id"), { exact: true });

export function getSupplierReportTotals(db: Db, supplierId: number): SupplierReportTotals {
  const row = SUPPLIER_TOTALS.get(db, { id: supplierId, today: today() });
  if (!row) throw notFound("Fornecedor não encontrado");
  const { efetivo, ...totals } = partyTotals(row);
  return { supplierId: Number(row.id), supplierName: row.nome, ...totals, totalPagoEfetivo: efetivo };
}
