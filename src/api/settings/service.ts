import { eq } from "drizzle-orm";
import type { Db, Tx } from "../../../db/client";
import { settings } from "../../../db/schema";
import { nowISO } from "../../lib/clock";
import { changedFields, recordEvent, type Actor } from "../history/record";
import { DEFAULT_MESSAGE, pixKeyLabel, type SettingsInput, type SettingsJson } from "./model";

// The one settings row (id 1). Until someone saves the form there is no row: the defaults stand in.
const ROW_ID = 1;

export function getSettings(db: Db | Tx): SettingsJson {
  const row = db.select().from(settings).where(eq(settings.id, ROW_ID)).get();
  const chavePix = row?.chavePix ?? null;
  return {
    empresa: row?.empresa ?? "",
    cidade: row?.cidade ?? "",
    chavePix,
    tipoChavePix: pixKeyLabel(chavePix),
    modeloMensagem: row?.modeloMensagem ?? DEFAULT_MESSAGE,
    updatedAt: row?.updatedAt ?? null,
  };
}

/**
 * Replaces every field (the form always sends them all); a null template means the default.
 * Recorded in the history in the same transaction (the PIX key is where every client's money
 * goes): the key, company and city before and after, and whether the template changed.
 */
export function saveSettings(db: Db, actor: Actor, input: SettingsInput): SettingsJson {
  const values = { ...input, updatedAt: nowISO() };
  return db.transaction(() => {
    const before = getSettings(db);
    db.insert(settings)
      .values({ id: ROW_ID, ...values })
      .onConflictDoUpdate({ target: settings.id, set: values })
      .run();
    const after = getSettings(db);
    const alteracoes = changedFields(before, after, ["empresa", "cidade", "chavePix"]);
    const modeloAlterado = before.modeloMensagem !== after.modeloMensagem;
    if (Object.keys(alteracoes).length > 0 || modeloAlterado) {
      recordEvent(db, actor, { action: "update", entity: "settings", entityId: ROW_ID, label: "Configurações de cobrança", details: { alteracoes, ...(modeloAlterado ? { modeloAlterado } : {}) } });
    }
    return after;
  });
}
