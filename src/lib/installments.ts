// The one place installments are split (DECISIONS §2): server, islands and tests all use it.
import { addMonthsClamped, isISODate } from "./dates.ts";
import { cents, type Cents } from "./money.ts";

/** "Mensalidade 03/2026": a subscription's month (competência "2026-03") by name. */
export const monthlyName = (competencia: string) => `Mensalidade ${competencia.slice(5, 7)}/${competencia.slice(0, 4)}`;

/**
 * How screens and the history name one installment: a subscription's month by its competência
 * ("Mensalidade 12/2026"), never its "1/1" (issue 37 §1); any other as "parcela 3/12".
 */
export function installmentName(p: { numerosParcela: string; competencia?: string | null }): string {
  return p.competencia ? monthlyName(p.competencia) : `parcela ${p.numerosParcela}`;
}

/** The same name leading a line: "Parcela 3/12", "Mensalidade 12/2026". */
export function installmentLabel(p: { numerosParcela: string; competencia?: string | null }): string {
  const name = installmentName(p);
  return name.charAt(0).toUpperCase() + name.slice(1);
}

export const MIN_INSTALLMENTS = 1;
export const MAX_INSTALLMENTS = 24;

interface PlannedInstallment {
  numerosParcela: string;
  dataVencimento: string;
  valor: Cents;
}

/**
 * total / n rounded down to the cent for each installment, the remainder on the last one so
 * they always sum to the total; due dates monthly from firstDue, clamped to month ends.
 */
export function splitInstallments(totalCents: Cents, n: number, firstDue: string): PlannedInstallment[] {
  if (!Number.isInteger(n) || n < MIN_INSTALLMENTS || n > MAX_INSTALLMENTS) {
    throw new RangeError(`Installment count must be an integer from 1 to 24, got ${n}`);
  }
  if (!Number.isSafeInteger(totalCents) || totalCents < 1) {
    throw new RangeError(`Total must be at least 1 cent, got ${totalCents}`);
  }
  if (!isISODate(firstDue)) throw new RangeError(`Not a YYYY-MM-DD date: ${String(firstDue)}`);

  // Integer-only: (total - remainder) / n is exact, no float quotient to floor.
  const remainder = totalCents % n;
  const each = (totalCents - remainder) / n;
  return Array.from({ length: n }, (_, k) => ({
    numerosParcela: `${k + 1}/${n}`,
    dataVencimento: addMonthsClamped(firstDue, k),
    valor: cents(k === n - 1 ? each + remainder : each),
  }));
}
