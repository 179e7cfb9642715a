// Late-payment fees (SPEC §9, DECISIONS §2): multa plus juros a month pro rata per day, each
// rounded half-up to the cent. The rates are the company's (Configurações, issue 34 §4), in
// hundredths of a percent (200 = 2 %); SPEC's 2 % and 1 % a month are the defaults. BigInt keeps
// valor × dias × rate exact for any amount.
import { daysBetween } from "./dates.ts";
import { cents, type Cents } from "./money.ts";

export interface FeeRates {
  /** Multa, hundredths of a percent (200 = 2 %). */
  multaCentesimos: number;
  /** Juros a month (30 days, pro rata per day), hundredths of a percent (100 = 1 %). */
  jurosMensalCentesimos: number;
}

export const DEFAULT_RATES: FeeRates = { multaCentesimos: 200, jurosMensalCentesimos: 100 };

interface LateFees {
  diasAtraso: number;
  multa: Cents;
  juros: Cents;
  total: Cents;
}

/** multa = valor × rate / 10000, half-up. */
function multaOf(valor: Cents, rates: FeeRates): Cents {
  return cents(Number((BigInt(valor) * BigInt(rates.multaCentesimos) * 2n + 10000n) / 20000n));
}

/** juros = valor × dias × rate / (30 × 10000), half-up: "+ half the divisor" rounds half-up. */
function jurosOf(valor: Cents, dias: number, rates: FeeRates): Cents {
  return cents(Number((BigInt(valor) * BigInt(dias) * BigInt(rates.jurosMensalCentesimos) * 2n + 300000n) / 600000n));
}

function checkValor(valor: number) {
  if (!Number.isSafeInteger(valor) || valor < 0) throw new RangeError(`Invalid valor: ${valor}`);
}

export function lateFees(valor: Cents, dataVencimento: string, dataPagamento: string, rates: FeeRates = DEFAULT_RATES): LateFees {
  checkValor(valor);
  const diasAtraso = Math.max(0, daysBetween(dataVencimento, dataPagamento));
  if (diasAtraso === 0) return { diasAtraso, multa: cents(0), juros: cents(0), total: valor };
  const multa = multaOf(valor, rates);
  const juros = jurosOf(valor, diasAtraso, rates);
  return { diasAtraso, multa, juros, total: cents(valor + multa + juros) };
}

/** One payment of a sequence: its date and what it took off the balance (principal + discount). */
interface PaymentStep {
  dataPagamento: string;
  principal: Cents;
  desconto?: Cents;
  /** The rates in force when it was made (a change applies to payments after it); absent: `rates`. */
  rates?: FeeRates;
}

interface StepFees {
  /** Days of juros this payment carries: from the due date, or the previous later payment, to its date. */
  dias: number;
  /** The balance those days ran on (before this payment). */
  saldoAntes: Cents;
  multa: Cents;
  juros: Cents;
}

/**
 * The fees of each payment of an installment, in date order (DECISIONS §2, partial payments):
 * multa once, on the balance outstanding at the first late payment; juros pro rata per day on
 * the balance outstanding between consecutive dates (due date → first payment → next …), so a
 * balance never carries juros twice for the same day.
 */
export function lateFeesForPayments(valor: Cents, dataVencimento: string, steps: readonly PaymentStep[], rates: FeeRates = DEFAULT_RATES): StepFees[] {
  checkValor(valor);
  let saldo = valor as number;
  let from = dataVencimento;
  let multaCobrada = false;
  return steps.map((step) => {
    const r = step.rates ?? rates;
    const saldoAntes = cents(Math.max(0, saldo));
    const dias = Math.max(0, daysBetween(from, step.dataPagamento));
    const late = step.dataPagamento > dataVencimento;
    const multa = late && !multaCobrada ? multaOf(saldoAntes, r) : cents(0);
    if (late) multaCobrada = true;
    const juros = jurosOf(saldoAntes, dias, r);
    saldo -= step.principal + (step.desconto ?? 0);
    if (step.dataPagamento > from) from = step.dataPagamento;
    return { dias, saldoAntes, multa, juros };
  });
}

/** What the next payment on `dataPagamento` owes in fees, after the payments already made. */
export function nextPaymentFees(
  valor: Cents,
  dataVencimento: string,
  previous: readonly PaymentStep[],
  dataPagamento: string,
  rates: FeeRates = DEFAULT_RATES,
): StepFees {
  return lateFeesForPayments(valor, dataVencimento, [...previous, { dataPagamento, principal: cents(0) }], rates).at(-1)!;
}

interface BalanceDue {
  /** Days of juros the next payment carries (from the due date or the last later payment). */
  diasAtraso: number;
  multa: Cents;
  juros: Cents;
  /** Balance + multa + juros: what settles the installment on that date. */
  total: Cents;
}

/**
 * What settles an installment on `date` (the payment dialog, Cobrar): its balance plus the next
 * payment's fees. `ultimoPagamento`: the last payment's date when some principal was paid — it
 * stands for all earlier payments (juros ran on each earlier balance up to it, and a late earlier
 * payment makes the last one late too, so multa was charged iff the last was late).
 */
export function balanceDue(
  row: { valor: Cents; saldo: Cents; dataVencimento: string; ultimoPagamento: string | null },
  date: string,
  rates: FeeRates = DEFAULT_RATES,
): BalanceDue {
  const paid = row.valor - row.saldo;
  const next =
    row.ultimoPagamento && paid > 0
      ? nextPaymentFees(row.valor, row.dataVencimento, [{ dataPagamento: row.ultimoPagamento, principal: cents(paid) }], date, rates)
      : (({ diasAtraso, multa, juros }) => ({ dias: diasAtraso, multa, juros }))(lateFees(row.saldo, row.dataVencimento, date, rates));
  return { diasAtraso: next.dias, multa: next.multa, juros: next.juros, total: cents(row.saldo + next.multa + next.juros) };
}
