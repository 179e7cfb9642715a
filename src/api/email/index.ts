import { Elysia } from "elysia";
import type { AppDeps } from "../../context";
import { conflict, HttpError } from "../../http/errors";
import { parseWith } from "../../http/validate";
import { signedIn } from "../auth/plugin";
import { actorOf } from "../history/record";
import { emailSettingsSchema, emailTestSchema, type EmailSettingsAnswer, type EmailTestAnswer } from "./model";
import { getEmailSettings, saveEmailSettings, smtpConfig, testMessage } from "./service";
import { smtpTransport, timeoutsOf } from "./transport";

const NOT_CONFIGURED = "Informe o servidor SMTP e o e-mail do remetente e salve antes de enviar o teste";

/** E-mail (SMTP) settings (DECISIONS §7, administrators only): read, save, and a real test message. */
export function emailSettingsApi(deps: AppDeps) {
  const { db, config } = deps;
  const timeouts = timeoutsOf(config.smtpTimeoutSeconds);
  return new Elysia({ name: "api.email-settings", prefix: "/api/settings/email" })
    .use(signedIn)
    .get("/", () => getEmailSettings(db))
    .put("/", ({ body, user }): EmailSettingsAnswer => ({
      message: "Configurações de e-mail salvas",
      settings: saveEmailSettings(db, actorOf(user), parseWith(emailSettingsSchema, body)),
    }))
    // Sends through the saved settings on a fresh connection (not the outbox's pool), and answers
    // what the server said: 200 when it accepted the message, 502 with its refusal in pt-BR.
    .post("/test", async ({ body }): Promise<EmailTestAnswer> => {
      const { para } = parseWith(emailTestSchema, body);
      const smtp = smtpConfig(db);
      if (!smtp) throw conflict(NOT_CONFIGURED);
      const transport = smtpTransport(smtp, { timeouts });
      try {
        const result = await transport.send(testMessage(db, smtp, para));
        if (!result.ok) throw new HttpError(502, result.error);
        return { message: `O servidor aceitou o e-mail de teste para ${para}.${result.response ? ` Resposta: ${result.response.replace(/\s+/g, " ").slice(0, 200)}` : ""}` };
      } finally {
        transport.close();
      }
    });
}
