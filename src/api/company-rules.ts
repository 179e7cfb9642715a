// The company's fee and blocking rules (issue 34 §4, DECISIONS §2): read at every payment and
// every blocking evaluation, so one kept statement, not the whole settings row. Until someone
// saves them, SPEC's 2 % / 1 % a month and BLOCK_GRACE_DAYS (the setting's initial value) stand.
import type { Db } from "../../db/client";
import { DEFAULT_RATES, type FeeRates } from "../lib/fees";
import { sql } from "./prepared";

const RULES = sql<{ multa: number; juros: number; carencia: number | null }>(
  "SELECT multa_centesimos AS multa, juros_mensal_centesimos AS juros, dias_carencia AS carencia FROM settings WHERE id = 1",
);

/** The fee rates in force now (hundredths of a percent). */
export function feeRates(db: Db): FeeRates {
  const row = RULES.get(db);
  return row ? { multaCentesimos: row.multa, jurosMensalCentesimos: row.juros } : DEFAULT_RATES;
}

/**
 * The blocking grace days in force now: the setting, or BLOCK_GRACE_DAYS (`initial`, the
 * configuration's) until one is saved. The one place every blocking evaluation reads them.
 */
export function graceDays(db: Db, initial: number): number {
  return graceDaysOf(RULES.get(db)?.carencia ?? null, initial);
}

/** The rule itself: the saved days, else the initial value (the settings screen shows the same). */
export function graceDaysOf(saved: number | null, initial: number): number {
  return saved ?? initial;
}
