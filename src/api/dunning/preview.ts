// The régua screen's preview: a step's subject and text as one real client would get them today —
// the client's open installments (the three nearest due dates) at today's amount, with their PIX.
import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { clients, receivables } from "../../../db/schema";
import { notFound } from "../../http/errors";
import { today } from "../../lib/clock";
import { lateFees } from "../../lib/fees";
import { cents, type Cents } from "../../lib/money";
import { chargeDescription, chargeTxid, MAX_PIX_CENTS, pixPayload } from "../charges/pix";
import { getSettings } from "../settings/service";
import { clientPageLink } from "./client-link";
import type { PreviewJson } from "./model";
import { stepLabel } from "./model";
import { composeMessage, type MessageInstallment } from "./text";

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
  const rows = open.length
    ? open
    : [{ id: 0, numerosParcela: "1/1", descricao: "Mensalidade (exemplo)", dataVencimento: day, valor: client.valorMensalidade > 0 ? client.valorMensalidade : 10_000 }];
  const parcelas: MessageInstallment[] = rows.map((row) => {
    const fees = lateFees(row.valor as Cents, row.dataVencimento, day);
    const canPix = !!company.chavePix && !!company.empresa && !!company.cidade && fees.total <= MAX_PIX_CENTS;
    return {
      id: row.id,
      numerosParcela: row.numerosParcela,
      descricao: row.descricao,
      dataVencimento: row.dataVencimento,
      total: fees.total,
      diasAtraso: fees.diasAtraso,
      pix: canPix
        ? pixPayload({ key: company.chavePix!, merchantName: company.empresa, merchantCity: company.cidade, amount: cents(fees.total), txid: chargeTxid(row.id, row.numerosParcela), description: chargeDescription(row.numerosParcela) })
        : null,
    };
  });
  const filled = composeMessage(input.etapa, {
    cliente: client.nome,
    contato: client.contato,
    parcelas,
    link: clientPageLink(db, client.id),
    company: { empresa: company.empresa, cnpjEmpresa: company.cnpjEmpresa, enderecoEmpresa: company.enderecoEmpresa },
  });
  return { cliente: { id: client.id, nome: client.nome }, canal: input.etapa.canal, etapa: stepLabel(input.etapa.dias), assunto: filled.assunto, texto: filled.texto };
}

/** The preview's clients: the first 500 by name (a small business's whole register). */
export function previewClients(db: Db): { id: number; nome: string }[] {
  return db.select({ id: clients.id, nome: clients.nome }).from(clients).orderBy(asc(clients.nomeOrdem), asc(clients.id)).limit(500).all();
}
