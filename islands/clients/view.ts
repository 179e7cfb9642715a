// The Clients list's pure parts: the row it carries, the status display, the filter options.
import type { ClientJson, ClientListRow } from "../../src/api/clients/model";
import { automaticBlockText } from "../../src/lib/history-text";
import type { BadgeVariant } from "../../src/ui/Badge";

/** What the list island reads of a client: no timestamps, no blocking origin; why a block is automatic. */
export type ClientRowView = Partial<Pick<ClientListRow, "bloqueioParcelas">> & Pick<
  ClientJson,
  | "id"
  | "nome"
  | "cnpj"
  | "contato"
  | "telefone"
  | "email"
  | "url"
  | "valorMensalidade"
  | "codigoCliente"
  | "isTrial"
  | "statusBloqueio"
>;

export function clientRowView(client: ClientListRow): ClientRowView {
  const { id, nome, cnpj, contato, telefone, email, url, valorMensalidade, codigoCliente, isTrial, statusBloqueio, bloqueioParcelas } = client;
  return { id, nome, cnpj, contato, telefone, email, url, valorMensalidade, codigoCliente, isTrial, statusBloqueio, bloqueioParcelas };
}

export const STATUS_OPTIONS = [
  { value: "", label: "Todos" },
  { value: "0", label: "Ativo" },
  { value: "1", label: "Bloqueado" },
] as const;

/**
 * SPEC §4 client status display: blocked wins over trial. A client blocked automatically says
 * why (`reason`: the installments blocking it, for the badge's tooltip).
 */
export function clientStatus(client: Pick<ClientRowView, "statusBloqueio" | "isTrial" | "bloqueioParcelas">): { label: string; variant: BadgeVariant; reason?: string } {
  if (client.statusBloqueio === 1) {
    const why = client.bloqueioParcelas;
    return { label: "Bloqueado", variant: "danger", ...(why?.total ? { reason: automaticBlockText(why.parcelas, why.total) } : {}) };
  }
  if (client.isTrial) return { label: "TRIAL", variant: "info" };
  return { label: "Ativo", variant: "success" };
}
