// Client report totals (DECISIONS §3): one grouped scan of the client's receivables.
import type { Db } from "../../../db/client";
import { notFound } from "../../http/errors";
import { today } from "../../lib/clock";
import { partyTotals, partyTotalsSql, type PartyTotals, type PartyTotalsRow } from "./party-totals";
import { sql } from "../prepared";

export interface ClientReportTotals extends PartyTotals {
  clientId: number;
  clientName: string;
  /** What was actually received: face value plus multa and juros of the paid ones. */
  totalRecebidoComEncargos: string;
}

const CLIENT_TOTALS = sql<PartyTotalsRow, { id: number; today: string }>(partyTotalsSql("clients", "receivables", "client_id"), { exact: true });

export function getClientReportTotals(db: Db, clientId: number): ClientReportTotals {
  const row = CLIENT_TOTALS.get(db, { id: clientId, today: today() });
  if (!row) throw notFound("Cliente não encontrado");
  const { efetivo, ...totals } = partyTotals(row);
  return { clientId: Number(row.id), clientName: row.nome, ...totals, totalRecebidoComEncargos: efetivo };
}
