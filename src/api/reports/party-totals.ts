// The shape both party reports share; the SQL sums arrive as integer cents and counts.
import { centsToDecimal } from "../../lib/money";
import { overdueWhereSql } from "../status-sql";

/**
 * One grouped scan of a party's installments (a client's receivables, a supplier's payables):
 * counts and face-value sums, and `efetivo`, what actually changed hands (partial payments too).
 */
export function partyTotalsSql(party: "clients" | "suppliers", ledger: "receivables" | "payables", foreignKey: string): string {
  return `
SELECT party.id AS id, party.nome AS nome, party.status_bloqueio AS statusBloqueio,
       count(inst.id) AS quantidade,
       coalesce(sum(inst.valor), 0) AS contrato,
       coalesce(sum(CASE WHEN inst.status = 'pago' THEN inst.valor END), 0) AS pago,
       coalesce(sum(CASE WHEN inst.status = 'pago' THEN coalesce(inst.valor_pago, inst.valor) ELSE inst.valor_pago END), 0) AS efetivo,
       count(CASE WHEN inst.status = 'pago' THEN 1 END) AS pagas,
       count(CASE WHEN ${overdueWhereSql("inst")} THEN 1 END) AS vencidas
FROM ${party} party LEFT JOIN ${ledger} inst ON inst.${foreignKey} = party.id
WHERE party.id = +$id
GROUP BY party.id`;
}

export interface PartyTotals {
  /** The party's own flag, so a report shows a blocked party as such. */
  statusBloqueio: 0 | 1;
  totalContrato: string;
  totalPago: string;
  totalPendente: string;
  /** totalPago / totalContrato × 100, rounded half-up to 2 places; 0 without installments. */
  percentualPago: number;
  quantidadeParcelas: number;
  quantidadePagas: number;
  quantidadePendentes: number;
  quantidadeVencidas: number;
}

/** Read `exact` (src/api/prepared.ts): every integer a bigint, so the sums stay exact. */
export interface PartyTotalsRow {
  id: bigint;
  nome: string;
  statusBloqueio: bigint;
  quantidade: bigint;
  contrato: bigint;
  pago: bigint;
  efetivo: bigint;
  pagas: bigint;
  vencidas: bigint;
}

export function partyTotals(row: PartyTotalsRow): PartyTotals & { efetivo: string } {
  return {
    statusBloqueio: row.statusBloqueio === 1n ? 1 : 0,
    totalContrato: centsToDecimal(row.contrato),
    totalPago: centsToDecimal(row.pago),
    totalPendente: centsToDecimal(row.contrato - row.pago),
    percentualPago: percentOf(row.pago, row.contrato),
    quantidadeParcelas: Number(row.quantidade),
    quantidadePagas: Number(row.pagas),
    quantidadePendentes: Number(row.quantidade - row.pagas),
    quantidadeVencidas: Number(row.vencidas),
    efetivo: centsToDecimal(row.efetivo),
  };
}

/** part / whole × 100 to 2 places, half-up, in integers (no binary-float rounding surprises). */
function percentOf(part: bigint | number, whole: bigint | number): number {
  const p = BigInt(part);
  const w = BigInt(whole);
  if (w <= 0n) return 0;
  return Number((p * 20_000n + w) / (2n * w)) / 100;
}
