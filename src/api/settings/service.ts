import { eq } from "drizzle-orm";
import type { Db, Tx } from "../../../db/client";
import { settings } from "../../../db/schema";
import { normalizeCnpj } from "../../lib/brazil";
import { nowISO } from "../../lib/clock";
import { changedFields, recordEvent, type Actor } from "../history/record";
import { formatCnpj } from "../../lib/brazil";
import { DEFAULT_RATES } from "../../lib/fees";
import { applyAutomaticBlocking } from "../clients/blocking";
import { graceDaysOf } from "../company-rules";
import { cnpjForDisplay, DEFAULT_MESSAGE, pixKeyLabel, type SettingsInput, type SettingsJson, type SubscriptionRulesJson } from "./model";

// The one settings row (id 1). Until someone saves the form there is no row: the defaults stand in.
const ROW_ID = 1;
/** DECISIONS §8: a month is generated 10 days before its due date unless the settings say otherwise. */
const DEFAULT_ANTECEDENCIA = 10;

// The row's query, prepared once per handle: Drizzle builds and prepares a query anew on every
// call (~130 µs), and the rules are read per row of an import or a generation (0.8 µs prepared).
const settingsQuery = (db: Db | Tx) => db.select().from(settings).where(eq(settings.id, ROW_ID)).prepare();
const preparedSettings = new WeakMap<Db | Tx, ReturnType<typeof settingsQuery>>();
function settingsRow(db: Db | Tx): ReturnType<typeof settingsQuery> {
  let query = preparedSettings.get(db);
  if (!query) preparedSettings.set(db, (query = settingsQuery(db)));
  return query;
}

/** `initialGrace`: BLOCK_GRACE_DAYS, the grace days until a saved one (src/api/company-rules.ts graceDays). */
export function getSettings(db: Db | Tx, initialGrace = 0): SettingsJson {
  const row = settingsRow(db).get();
  const chavePix = row?.chavePix ?? null;
  return {
    empresa: row?.empresa ?? "",
    cidade: row?.cidade ?? "",
    cnpjEmpresa: cnpjForDisplay(row?.cnpjEmpresa ?? ""),
    enderecoEmpresa: row?.enderecoEmpresa ?? "",
    chavePix,
    tipoChavePix: pixKeyLabel(chavePix),
    modeloMensagem: row?.modeloMensagem ?? DEFAULT_MESSAGE,
    antecedenciaDias: row?.antecedenciaDias ?? DEFAULT_ANTECEDENCIA,
    vencimentoEmDiaUtil: row?.vencimentoEmDiaUtil ?? true,
    multaPercentual: (row?.multaCentesimos ?? DEFAULT_RATES.multaCentesimos) / 100,
    jurosMensalPercentual: (row?.jurosMensalCentesimos ?? DEFAULT_RATES.jurosMensalCentesimos) / 100,
    // The one rule for the grace days in force (company-rules.ts).
    diasCarencia: graceDaysOf(row?.diasCarencia ?? null, initialGrace),
    updatedAt: row?.updatedAt ?? null,
  };
}

/**
 * The company as printed pages name it (issue 37 §17): its name and, when the settings row has
 * one, its CNPJ formatted. The one place that reads them for paper: the CNPJ column
 * (`cnpjEmpresa`) may not exist in this schema yet, so it is read from the row defensively.
 */
export function printCompany(db: Db | Tx): { empresa: string; cnpj: string | null } {
  const row = db.select({ empresa: settings.empresa, cnpjEmpresa: settings.cnpjEmpresa }).from(settings).where(eq(settings.id, ROW_ID)).get();
  return { empresa: row?.empresa ?? "", cnpj: row?.cnpjEmpresa ? formatCnpj(row.cnpjEmpresa) : null };
}

/** The subscription rules alone (the preview's), without the PIX key or the template. */
export function subscriptionRules(db: Db | Tx): SubscriptionRulesJson {
  const { antecedenciaDias, vencimentoEmDiaUtil } = getSettings(db);
  return { antecedenciaDias, vencimentoEmDiaUtil };
}

/**
 * Replaces every field (the form always sends them all); a null template means the default.
 * Recorded in the history in the same transaction (the PIX key is where every client's money
 * goes): the key, company and city before and after, and whether the template changed.
 */
export function saveSettings(db: Db, actor: Actor, input: SettingsInput, initialGrace = 0): SettingsJson {
  return db.transaction(() => {
    const before = getSettings(db, initialGrace);
    // The subscription settings are kept when a client leaves them out (older forms and scripts).
    const values = {
      ...input,
      antecedenciaDias: input.antecedenciaDias ?? before.antecedenciaDias,
      vencimentoEmDiaUtil: input.vencimentoEmDiaUtil ?? before.vencimentoEmDiaUtil,
      // Older forms and scripts that do not send them keep what is saved.
      cnpjEmpresa: input.cnpjEmpresa ?? normalizeCnpj(before.cnpjEmpresa),
      enderecoEmpresa: input.enderecoEmpresa ?? before.enderecoEmpresa,
      // The fee rules: kept when left out; a change applies to payments made after it (each
      // payment stores the rates it was made under).
      multaCentesimos: input.multaPercentual ?? Math.round(before.multaPercentual * 100),
      jurosMensalCentesimos: input.jurosMensalPercentual ?? Math.round(before.jurosMensalPercentual * 100),
      diasCarencia: input.diasCarencia ?? before.diasCarencia,
      updatedAt: nowISO(),
    };
    const { multaPercentual: _m, jurosMensalPercentual: _j, ...stored } = values;
    db.insert(settings)
      .values({ id: ROW_ID, ...stored })
      .onConflictDoUpdate({ target: settings.id, set: stored })
      .run();
    const after = getSettings(db, initialGrace);
    const alteracoes = changedFields(before, after, [
      "empresa",
      "cidade",
      "cnpjEmpresa",
      "enderecoEmpresa",
      "chavePix",
      "antecedenciaDias",
      "vencimentoEmDiaUtil",
      "multaPercentual",
      "jurosMensalPercentual",
      "diasCarencia",
    ]);
    const modeloAlterado = before.modeloMensagem !== after.modeloMensagem;
    if (Object.keys(alteracoes).length > 0 || modeloAlterado) {
      recordEvent(db, actor, { action: "update", entity: "settings", entityId: ROW_ID, label: "Configurações de cobrança", details: { alteracoes, ...(modeloAlterado ? { modeloAlterado } : {}) } });
    }
    // New grace days change who is overdue beyond them: the rule runs now, in this transaction (DECISIONS §2).
    if (before.diasCarencia !== after.diasCarencia) applyAutomaticBlocking(db, { graceDays: after.diasCarencia });
    return after;
  });
}
