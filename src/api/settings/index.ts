import { Elysia } from "elysia";
import type { AppDeps } from "../../context";
import { parseWith } from "../../http/validate";
import { settingsSchema, type SettingsAnswer } from "./model";
import { getSettings, saveSettings } from "./service";

/** Cobrança settings (DECISIONS §7): company, city, PIX key and the message template. */
export function settingsApi(deps: AppDeps) {
  const { db } = deps;
  return new Elysia({ name: "api.settings", prefix: "/api/settings" })
    .get("/", () => getSettings(db))
    .put("/", ({ body }): SettingsAnswer => ({
      message: "Configurações salvas",
      settings: saveSettings(db, parseWith(settingsSchema, body)),
    }));
}
