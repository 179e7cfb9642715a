import { Elysia } from "elysia";
import { z } from "zod/mini";
import type { AppDeps } from "../../context";
import { parseId, parseWith } from "../../http/validate";
import { csvDate, csvResponse, toCsv } from "../../lib/csv";
import { parseMoney } from "../../lib/money";
import { signedIn } from "../auth/plugin";
import { actorOf } from "../history/record";
import { pageAnswer, parsePaging } from "../list";
import { MESSAGE_STATUS_LABELS } from "./model";
import { findMessages, markWhatsappSent, messagesForExport, parseMessageQuery, recordManualCharge, resendMessage, whatsappWorklist } from "./service";

const chargeLogSchema = z.object(
  {
    canal: z.enum(["email", "whatsapp"], "Canal deve ser email ou whatsapp"),
    // The amount the dialog charged ("1234.56"); absent: the amount as of today.
    valor: z.optional(z.string("Valor inválido").check(z.refine((v) => (parseMoney(v) ?? 0) > 0, "Valor inválido"))),
  },
  "Dados inválidos",
);

const CHANNEL = { email: "E-mail", whatsapp: "WhatsApp" } as const;

/** The messages' log (DECISIONS §7, §11), the WhatsApp worklist and the manual Cobrar's record. */
export function messagesApi(deps: AppDeps) {
  const { db } = deps;
  return new Elysia({ name: "api.messages" })
    .use(signedIn)
    .get("/api/messages", ({ query, set }) => pageAnswer(set, findMessages(db, parseMessageQuery(query))))
    .get("/api/messages/whatsapp", () => whatsappWorklist(db))
    .post("/api/messages/:id/resend", ({ params }) => ({ message: "E-mail na fila para novo envio", mensagem: resendMessage(db, parseId(params.id)) }))
    .post("/api/messages/:id/sent", ({ params, user }) => ({ message: "Mensagem marcada como enviada", mensagem: markWhatsappSent(db, actorOf(user), parseId(params.id)) }))
    .post("/api/installments/:id/charge-log", ({ params, body, user }) => {
      const { canal, valor } = parseWith(chargeLogSchema, body);
      return { message: "Cobrança registrada", mensagem: recordManualCharge(db, actorOf(user), parseId(params.id), canal, valor ? parseMoney(valor) : null) };
    })
    .get("/api/clients/:id/messages", ({ params, query, set }) => {
      const paging = parsePaging(query);
      const view = parseMessageQuery({ clientId: String(parseId(params.id)), pagina: String(paging.page), porPagina: String(paging.perPage) });
      return pageAnswer(set, findMessages(db, view));
    })
    .get("/dunning/sent/export", ({ query }) => {
      const rows = messagesForExport(db, parseMessageQuery(query));
      const csv = toCsv(
        ["Data", "Cliente", "Canal", "Origem", "Etapa", "Situação", "Motivo", "Destino", "Parcelas", "Valor", "Quem", "Enviada em"],
        rows.map((m) => [
          csvDate(m.data),
          m.clientNome,
          CHANNEL[m.canal],
          m.origem === "regua" ? "Régua" : "Manual",
          m.etapa,
          MESSAGE_STATUS_LABELS[m.status],
          m.motivo,
          m.destino,
          m.parcelas.map((p) => p.numerosParcela).join(", "),
          m.parcelas.map((p) => p.valor.replace(".", ",")).join(" + "),
          m.quem,
          m.enviadaEm,
        ]),
      );
      return csvResponse("mensagens.csv", csv);
    });
}
