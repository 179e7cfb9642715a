import { z } from "zod/mini";
import { formatCnpj, formatPhone, isValidCnpj, normalizeCnpj } from "../../lib/brazil";
import type { BlockingInstallment } from "../../lib/history-text";
import type { ListParams } from "../../lib/list-spec";
import { ZERO } from "../../lib/money";
import { moneyField, optionalText, requiredEmail, requiredPhone, requiredText } from "../fields";
import { CLIENT_LIST, CLIENT_SORTS, type ClientSortKey } from "./list-spec";

// The client form (SPEC §5), used by the ClientForm island and by POST/PUT /api/clients.
// Input is what the form holds (strings, isTrial boolean); output is what is stored
// (trimmed, CNPJ/phone bare, money in cents, empty optionals null).

const FEE_REQUIRED = "Valor de mensalidade é obrigatório para clientes não-trial";

/** http(s) with a dotted host: "https://padaria.com.br". */
function isWebUrl(text: string): boolean {
  if (!/^https?:\/\/[^\s/?#]+\.[^\s/?#]+/i.test(text) || !URL.canParse(text)) return false;
  return /^https?:$/.test(new URL(text).protocol);
}

const clientFields = z.object(
  {
    nome: requiredText("Nome é obrigatório"),
    cnpj: z.pipe(
      requiredText("CNPJ é obrigatório").check(z.refine(isValidCnpj, "CNPJ inválido")),
      z.transform((cnpj: string) => normalizeCnpj(cnpj)),
    ),
    contato: requiredText("Contato é obrigatório"),
    telefone: requiredPhone("Telefone é obrigatório"),
    email: requiredEmail("Email inválido"),
    url: optionalText({ isValid: isWebUrl, invalid: "URL inválida" }),
    // Blank or missing → null (a trial; otherwise the refine below asks for it).
    valorMensalidade: moneyField(null, 0),
    codigoCliente: requiredText("Código do cliente é obrigatório"),
    isTrial: z._default(z.boolean("Trial deve ser verdadeiro ou falso"), false),
    // DECISIONS §11: the régua never writes to a client who asked not to be charged automatically.
    naoEnviarCobrancas: z._default(z.boolean("Informe verdadeiro ou falso"), false),
  },
  "Dados inválidos",
);

export const clientSchema = z.pipe(
  clientFields.check(
    z.refine((client) => client.isTrial || (client.valorMensalidade ?? 0) > 0, {
      message: FEE_REQUIRED,
      path: ["valorMensalidade"],
      // Also when other fields failed, so the form shows every message at once; not when
      // the fee or the trial flag themselves failed (their own message is the useful one).
      when: (payload) =>
        typeof payload.value === "object" &&
        payload.value !== null &&
        !Array.isArray(payload.value) &&
        !payload.issues.some((issue) => ["", "valorMensalidade", "isTrial"].includes(String(issue.path?.[0] ?? ""))),
    }),
  ),
  // SPEC §9: a trial client's monthly fee is 0, whatever was typed.
  z.transform((client) => ({ ...client, valorMensalidade: client.isTrial ? ZERO : (client.valorMensalidade ?? ZERO) })),
);

/** What the service stores: the schema's output. */
export type ClientInput = z.output<typeof clientSchema>;

/** The dialog's state, exactly as the inputs hold it. Send this (not the parsed output) to the API. */
export interface ClientFormValues {
  nome: string;
  cnpj: string;
  contato: string;
  telefone: string;
  email: string;
  url: string;
  valorMensalidade: string;
  codigoCliente: string;
  isTrial: boolean;
  naoEnviarCobrancas: boolean;
}

export const emptyClientForm: ClientFormValues = {
  nome: "",
  cnpj: "",
  contato: "",
  telefone: "",
  email: "",
  url: "",
  valorMensalidade: "",
  codigoCliente: "",
  isTrial: false,
  naoEnviarCobrancas: false,
};

/** A client as the API sends it (SPEC §3): money as "1234.50", timestamps ISO 8601. */
export interface ClientJson {
  id: number;
  nome: string;
  cnpj: string;
  contato: string;
  telefone: string;
  email: string;
  url: string | null;
  valorMensalidade: string;
  codigoCliente: string;
  isTrial: boolean;
  /** "Não enviar cobranças automáticas" (DECISIONS §11). */
  naoEnviarCobrancas: boolean;
  statusBloqueio: 0 | 1;
  bloqueioOrigem: "manual" | "automatico" | null;
  createdAt: string;
  updatedAt: string;
}

/** Why an automatic block holds: the first blocking installments (oldest first, up to 3) and how many. */
export interface BlockingReason {
  parcelas: BlockingInstallment[];
  total: number;
}

/** A row of the paged list (GET /api/clients?pagina=…): the client and, blocked automatically, why. */
export interface ClientListRow extends ClientJson {
  bloqueioParcelas: BlockingReason | null;
}

/** The list's sortable columns (`ordem=nome`, `ordem=-mensalidade`). */

/** The Clients list's view, typed (CLIENT_LIST read); `view` is the same view as URL parameters. */
export interface ClientQuery {
  q: string;
  cnpj: string;
  status: "" | "0" | "1";
  sort: { key: ClientSortKey; dir: "asc" | "desc" };
  page: number;
  perPage: number;
  view: ListParams;
}

/** PATCH /api/clients/:id/toggle-block answer. */
export interface ClientBlockAnswer {
  message: "Cliente bloqueado com sucesso" | "Cliente desbloqueado com sucesso";
  client: ClientJson;
}

/** Fills the edit dialog from a row: CNPJ and phone punctuated as the masks show them. */
export function clientFormValues(client: ClientJson): ClientFormValues {
  return {
    nome: client.nome,
    cnpj: formatCnpj(client.cnpj),
    contato: client.contato,
    telefone: formatPhone(client.telefone),
    email: client.email,
    url: client.url ?? "",
    valorMensalidade: client.valorMensalidade,
    codigoCliente: client.codigoCliente,
    isTrial: client.isTrial,
    naoEnviarCobrancas: client.naoEnviarCobrancas,
  };
}

export { CLIENT_LIST, CLIENT_SORTS, type ClientSortKey };
