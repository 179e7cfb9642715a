// Late-payment fees (SPEC §9, DECISIONS §2): 2% multa plus 1% a month pro rata juros, each
// rounded half-up to the cent. BigInt keeps valor × dias exact for any amount.
import { daysBetween } from "./dates.ts";
import { cents, type Cents } from "./money.ts";

interface LateFees {
  diasAtraso: number;
  multa: Cents;
  juros: Cents;
  total: Cents;
}

export function lateFees(valor: Cents, dataVencimento: string, dataPagamento: string): LateFees {
  if (!Number.isSafeInteger(valor) || valor < 0) throw new RangeError(`Invalid valor: ${valor}`);
  const diasAtraso = Math.max(0, daysBetween(dataVencimento, dataPagamento));
  if (diasAtraso === 0) return { diasAtraso, multa: cents(0), juros: cents(0), total: valor };

  const v = BigInt(valor);
  // multa = valor × 2/100; juros = valor × dias / 3000; "+ half the divisor" rounds half-up.
  const multa = cents(Number((v * 2n + 50n) / 100n));
  const juros = cents(Number((v * BigInt(diasAtraso) * 2n + 3000n) / 6000n));
  return { diasAtraso, multa, juros, total: cents(valor + multa + juros) };
}
