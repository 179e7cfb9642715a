// The shape both party reports share; the SQL sums arrive as integer cents and counts.
import { centsToDecimal, type Cents } from "../../lib/money";

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

export interface PartyTotalsRow {
  id: number;
  nome: string;
  statusBloqueio: number;
  quantidade: number;
  contrato: number;
  pago: number;
  efetivo: number;
  pagas: number;
  vencidas: number;
}

export function partyTotals(row: PartyTotalsRow): PartyTotals & { efetivo: string } {
  return {
    statusBloqueio: row.statusBloqueio === 1 ? 1 : 0,
    totalContrato: centsToDecimal(row.contrato as Cents),
    totalPago: centsToDecimal(row.pago as Cents),
    totalPendente: centsToDecimal((row.contrato - row.pago) as Cents),
    percentualPago: percentOf(row.pago, row.contrato),
    quantidadeParcelas: row.quantidade,
    quantidadePagas: row.pagas,
    quantidadePendentes: row.quantidade - row.pagas,
    quantidadeVencidas: row.vencidas,
    efetivo: centsToDecimal(row.efetivo as Cents),
  };
}

/** part / whole × 100 to 2 places, half-up, in integers (no binary-float rounding surprises). */
export function percentOf(part: number, whole: number): number {
  if (whole <= 0) return 0;
  const hundredths = Math.floor((part * 20_000 + whole) / (2 * whole));
  return hundredths / 100;
}
