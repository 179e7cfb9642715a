// The messages' log (DECISIONS §7, §11): every charge message, automatic or manual. Client-safe:
// the /dunning/sent list and the WhatsApp worklist read these shapes.
import { isAcceptedDate } from "../../lib/dates";
import { matching, oneOf, recordId, type ListParams, type ListSpec } from "../../lib/list-spec";

/** What a person sees: `pendente` (in the outbox, or waiting in the WhatsApp worklist), then its fate. */
export const MESSAGE_STATUSES = ["pendente", "enviada", "falhou", "incerta", "pulada"] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];
export const MESSAGE_STATUS_LABELS: Record<MessageStatus, string> = {
  pendente: "Pendente",
  enviada: "Enviada",
  falhou: "Falhou",
  incerta: "Incerta",
  pulada: "Pulada",
};

/** Channels' names (the list carries no zod: not the régua's model). */
export const MESSAGE_CHANNEL_LABELS = { email: "E-mail", whatsapp: "WhatsApp" } as const;

export const MESSAGE_LIST = {
  path: "/dunning/sent",
  endpoint: "/api/messages",
  filters: {
    canal: oneOf(["email", "whatsapp"], "Canal inválido: use email ou whatsapp"),
    status: oneOf(MESSAGE_STATUSES, `Situação inválida: use ${MESSAGE_STATUSES.join(", ")}`),
    de: matching(isAcceptedDate, "Data inválida"),
    ate: matching(isAcceptedDate, "Data inválida"),
    clientId: recordId("Cliente inválido"),
  },
  sorts: [],
  defaultSort: "",
  perPage: 50,
  listName: "mensagens",
} satisfies ListSpec;

export interface MessageQuery {
  canal: string;
  status: string;
  de: string;
  ate: string;
  clientId: number | null;
  page: number;
  perPage: number;
  view: ListParams;
}

interface MessageInstallmentJson {
  id: number;
  numerosParcela: string;
  vencimento: string;
  /** As of the message's day, "150.00". */
  valor: string;
}

export interface MessageJson {
  id: number;
  data: string;
  criadaEm: string;
  clientId: number;
  clientNome: string;
  canal: "email" | "whatsapp";
  origem: "regua" | "manual";
  etapa: string | null;
  status: MessageStatus;
  /** Why it was skipped, or what the server answered when it failed. */
  motivo: string | null;
  destino: string | null;
  assunto: string | null;
  parcelas: MessageInstallmentJson[];
  /** Who sent it by hand or marked it sent. */
  quem: string | null;
  enviadaEm: string | null;
}

/** A WhatsApp worklist row: the message with its filled text and the wa.me link. */
export interface WhatsappItem extends MessageJson {
  texto: string;
  whatsappUrl: string | null;
}
