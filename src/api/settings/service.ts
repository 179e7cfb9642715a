import { eq } from "drizzle-orm";
import type { Db, Tx } from "../../../db/client";
import { settings } from "../../../db/schema";
import { nowISO } from "../../lib/clock";
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

/** Replaces every field (the form always sends them all); a null template means the default. */
export function saveSettings(db: Db, input: SettingsInput): SettingsJson {
  const values = { ...input, updatedAt: nowISO() };
  db.insert(settings)
    .values({ id: ROW_ID, ...values })
    .onConflictDoUpdate({ target: settings.id, set: values })
    .run();
  return getSettings(db);
}
