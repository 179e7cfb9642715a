// One page of a supplier's payables for its report, in due-date order, status derived in SQL.
import type { Db } from "../../../db/client";
import { today } from "../../lib/clock";
import { centsToDecimal, type Cents } from "../../lib/money";
import type { Status } from "../../lib/status";
import { statusCaseSql } from "../status-sql";

export interface ReportPayable {
  id: number;
  numerosParcela: string;
  descricao: string;
  dataVencimento: string;
  valor: string;
  status: Status;
  dataPagamento: string | null;
  valorPago: string | null;
}

const SUPPLIER_INSTALLMENTS_SQL = `
SELECT p.id AS id, p.numeros_parcela AS numerosParcela, p.descricao AS descricao,
       p.data_vencimento AS dataVencimento, p.valor AS valor, ${statusCaseSql("p")} AS status,
       p.data_pagamento AS dataPagamento, p.valor_pago AS valorPago
FROM payables p
WHERE p.supplier_id = $id
ORDER BY p.data_vencimento, p.id
LIMIT $limit OFFSET $offset`;

/** `limit` -1 is every row (the CSV export). */
export function listSupplierInstallments(db: Db, supplierId: number, limit: number, offset = 0): ReportPayable[] {
  const rows = db.$client.query(SUPPLIER_INSTALLMENTS_SQL).all({ id: supplierId, today: today(), limit, offset }) as Raw[];
  return rows.map((row) => ({
    ...row,
    valor: centsToDecimal(row.valor as Cents),
    valorPago: row.valorPago === null ? null : centsToDecimal(row.valorPago as Cents),
  }));
}

type Raw = Omit<ReportPayable, "valor" | "valorPago"> & { valor: number; valorPago: number | null };
