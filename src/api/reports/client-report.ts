// Client report totals (DECISIONS §3): one grouped scan of the client's receivables.
import type { Db } from "../../../db/client";
import { notFound } from "../../http/errors";
import { today } from "../../lib/clock";
import { overdueWhereSql } from "../status-sql";
import { partyTotals, type PartyTotals, type PartyTotalsRow } from "./party-totals";

export interface ClientReportTotals extends PartyTotals {
  clientId: number;
  clientName: string;
  /** What was actually received: face value plus multa and juros of the paid ones. */
  totalRecebidoComEncargos: string;
}

const CLIENT_TOTALS_SQL = `
SELECT c.id AS id, c.nome AS nome, c.status_bloqueio AS statusBloqueio,
       count(r.id) AS quantidade,
       coalesce(sum(r.valor), 0) AS contrato,
       coalesce(sum(CASE WHEN r.status = 'pago' THEN r.valor END), 0) AS pago,
       coalesce(sum(CASE WHEN r.status = 'pago' THEN coalesce(r.valor_pago, r.valor) END), 0) AS efetivo,
       count(CASE WHEN r.status = 'pago' THEN 1 END) AS pagas,
       count(CASE WHEN ${overdueWhereSql("r")} THEN 1 END) AS vencidas
FROM clients c LEFT JOIN receivables r ON r.client_id = c.id
WHERE c.id = $id
GROUP BY c.id`;

export function getClientReportTotals(db: Db, clientId: number): ClientReportTotals {
  const row = db.$client.query(CLIENT_TOTALS_SQL).get({ id: clientId, today: today() }) as PartyTotalsRow | null;
  if (!row) throw notFound("Cliente não encontrado");
  const { efetivo, ...totals } = partyTotals(row);
  return { clientId: row.id, clientName: row.nome, ...totals, totalRecebidoComEncargos: efetivo };
}
