import { Elysia } from "elysia";
import type { AppDeps } from "../../context";
import { parseWith } from "../../http/validate";
import { signedIn } from "../auth/plugin";
import { actorOf } from "../history/record";
import { settingsSchema, type SettingsAnswer } from "./model";
import { getSettings, saveSettings, subscriptionRules } from "./service";

/** Cobrança settings (DECISIONS §7): company, city, PIX key and the message template (administrators); the subscription rules (everyone). */
export function settingsApi(deps: AppDeps) {
  const { db } = deps;
  return new Elysia({ name: "api.settings", prefix: "/api/settings" })
    .use(signedIn)
    .get("/", () => getSettings(db, deps.config.blockGraceDays))
    .get("/subscription-rules", () => subscriptionRules(db))
    .put("/", ({ body, user }): SettingsAnswer => ({
      message: "Configurações salvas",
      settings: saveSettings(db, actorOf(user), parseWith(settingsSchema, body), deps.config.blockGraceDays),
    }));
}
