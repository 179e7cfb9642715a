import { Elysia } from "elysia";
import { graceDays } from "../company-rules";
import { z } from "zod/mini";
import type { AppDeps } from "../../context";
import { badRequest } from "../../http/errors";
import { parseWith } from "../../http/validate";
import { today } from "../../lib/clock";
import { isAcceptedDate } from "../../lib/dates";
import { signedIn } from "../auth/plugin";
import { actorOf } from "../history/record";
import { runDunningNow } from "./decide";
import { CHANNELS, dunningSchema, type DunningRunAnswer } from "./model";
import { previewMessage } from "./preview";
import { getDunning, saveDunning } from "./settings";

const runSchema = z.object({ data: z.optional(z.string("Data inválida")) }, "Dados inválidos");
const previewSchema = z.object(
  {
    clienteId: z.number("Escolha um cliente").check(z.int("Escolha um cliente"), z.positive("Escolha um cliente")),
    etapa: z.object({
      dias: z.number("Dias inválidos").check(z.int("Dias inválidos")),
      canal: z.enum(CHANNELS, "Canal deve ser email ou whatsapp"),
      assunto: z.string("Assunto inválido").check(z.maxLength(2000, "Assunto muito longo")),
      texto: z.string("Texto inválido").check(z.maxLength(4000, "Texto muito longo")),
    }),
  },
  "Dados inválidos",
);

/** The régua de cobrança (DECISIONS §11): its settings, a preview, and a run of today's decisions. */
export function dunningApi(deps: AppDeps) {
  const { db, config } = deps;
  // The blocking grace days in force (Configurações), BLOCK_GRACE_DAYS until one is saved.
  const grace = () => graceDays(db, config.blockGraceDays);
  return new Elysia({ name: "api.dunning", prefix: "/api/dunning" })
    .use(signedIn)
    .get("/", () => getDunning(db, grace()))
    .put("/", ({ body, user }) => ({ message: "Régua de cobrança salva", regua: saveDunning(db, actorOf(user), parseWith(dunningSchema, body), grace()) }))
    .post("/preview", ({ body }) => previewMessage(db, parseWith(previewSchema, body)))
    .post("/run", async ({ body }): Promise<DunningRunAnswer> => {
      const { data } = parseWith(runSchema, body);
      const day = data ?? today();
      if (!isAcceptedDate(day)) throw badRequest("Data inválida", { data: "Data inválida" });
      if (day > today()) throw badRequest("A régua não roda para uma data futura", { data: "A régua não roda para uma data futura" });
      const counts = await runDunningNow(db, day, grace());
      return {
        message: `Régua executada: ${counts.enfileiradas} e-mail(s) na fila, ${counts.whatsapp} WhatsApp para enviar, ${counts.puladas} pulada(s)`,
        data: day,
        ...counts,
      };
    });
}
