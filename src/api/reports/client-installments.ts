// One page of a client's receivables for its report, in due-date order, status derived in SQL.
import type { Db } from "../../../db/client";
import { today } from "../../lib/clock";
import { centsToDecimal, type Cents } from "../../lib/money";
import type { Status } from "../../lib/status";
import { statusCaseSql } from "../status-sql";

export interface ReportReceivable {
  id: number;
  numerosParcela: string;
  descricao: string;
  dataVencimento: string;
  valor: string;
  status: Status;
  dataPagamento: string | null;
  valorPago: string | null;
  multa: string | null;
  juros: string | null;
}

const CLIENT_INSTALLMENTS_SQL = `
SELECT r.id AS id, r.numeros_parcela AS numerosParcela, r.descricao AS descricao,
       r.data_vencimento AS dataVencimento, r.valor AS valor, ${statusCaseSql("r")} AS status,
       r.data_pagamento AS dataPagamento, r.valor_pago AS valorPago, r.multa AS multa, r.juros AS juros
FROM receivables r
WHERE r.client_id = $id
ORDER BY r.data_vencimento, r.id
LIMIT $limit OFFSET $offset`;

/** `limit` -1 is every row (the CSV export). */
export function listClientInstallments(db: Db, clientId: number, limit: number, offset = 0): ReportReceivable[] {
  const rows = db.$client.query(CLIENT_INSTALLMENTS_SQL).all({ id: clientId, today: today(), limit, offset }) as Raw[];
  return rows.map((row) => ({
    ...row,
    valor: centsToDecimal(row.valor as Cents),
    valorPago: money(row.valorPago),
    multa: money(row.multa),
    juros: money(row.juros),
  }));
}

type Raw = Omit<ReportReceivable, "valor" | "valorPago" | "multa" | "juros"> & {
  valor: number;
  valorPago: number | null;
  multa: number | null;
  juros: number | null;
};

const money = (c: number | null) => (c === null ? null : centsToDecimal(c as Cents));
