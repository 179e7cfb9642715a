// The régua screen's preview: a step's subject and text as one real client would get them today —
// the client's open installments (the three nearest due dates) at today's amount, with their PIX
// (compose.ts: the words the régua would send).
import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { clients, receivables } from "../../../db/schema";
import { notFound } from "../../http/errors";
import { today } from "../../lib/clock";
import { getSettings } from "../settings/service";
import { chargedInstallments, composeFor, type ChargeRow } from "./compose";
import type { PreviewJson } from "./model";
import { stepLabel } from "./model";

interface PreviewInput {
  clienteId: number;
  etapa: { dias: number; canal: "email" | "whatsapp"; assunto: string; texto: string };
}

export function previewMessage(db: Db, input: PreviewInput): PreviewJson {
  const client = db.select().from(clients).where(eq(clients.id, input.clienteId)).get();
  if (!client) throw notFound("Cliente não encontrado");
  const company = getSettings(db);
  const day = today();
  const open = db
    .select()
    .from(receivables)
    .where(and(eq(receivables.clientId, client.id), eq(receivables.status, "em_aberto")))
    .orderBy(asc(receivables.dataVencimento), asc(receivables.id))
    .limit(3)
    .all();
  // A client with nothing open still shows the words: its monthly fee, due today.
  const rows: ChargeRow[] = open.length
    ? open
    : [{ id: 0, numerosParcela: "1/1", descricao: "Mensalidade (exemplo)", dataVencimento: day, valor: client.valorMensalidade > 0 ? client.valorMensalidade : 10_000, principalPago: 0, desconto: 0, dataPagamento: null }];
  const filled = composeFor(db, input.etapa, client, chargedInstallments(db, company, rows, day), company);
  return { cliente: { id: client.id, nome: client.nome }, canal: input.etapa.canal, etapa: stepLabel(input.etapa.dias), assunto: filled.assunto, texto: filled.texto };
}

/** The preview's clients: the first 500 by name (a small business's whole register). */
export function previewClients(db: Db): { id: number; nome: string }[] {
  return db.select({ id: clients.id, nome: clients.nome }).from(clients).orderBy(asc(clients.nomeOrdem), asc(clients.id)).limit(500).all();
}
