// When the next installments will be generated (issue 35 §2): "Gerar parcelas agora" with
// nothing to do says the day the daily job will generate the next month, and for which due date.
import type { Db } from "../../../db/client";
import { addDays } from "../../lib/dates";
import { upcomingMonths } from "../../lib/subscription-schedule";
import { sql } from "../prepared";
import { getSettings } from "../settings/service";
import { STORED_COLUMNS, termsOf, type StoredSubscription } from "./generate";

// Paused ones generate nothing; an `encerrada` one may still bill up to its `fim`.
const BILLING = sql<StoredSubscription>(`SELECT ${STORED_COLUMNS} FROM subscriptions s JOIN clients c ON c.id = s.client_id WHERE s.status <> 'pausada'`);

/** The earliest next generation: its day (due date − the lead time) and that due date; null when nothing is left to bill. */
export function nextGeneration(db: Db): { geracao: string; vencimento: string } | null {
  const { antecedenciaDias, vencimentoEmDiaUtil } = getSettings(db);
  let next: string | null = null;
  for (const s of BILLING.iterate(db)) {
    const due = upcomingMonths(termsOf(s), vencimentoEmDiaUtil, s.proximaCompetencia, 1)[0]?.vencimento;
    if (due && (next === null || due < next)) next = due;
  }
  return next === null ? null : { geracao: addDays(next, -antecedenciaDias), vencimento: next };
}
