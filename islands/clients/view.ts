// The Clients list's pure parts: the row it carries, the status display, the filter options.
import type { ClientJson } from "../../src/api/clients/model";
import type { BadgeVariant } from "../../src/ui/Badge";

/** What the list island reads of a client: no timestamps, no blocking origin. */
export type ClientRowView = Pick<
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

export function clientRowView(client: ClientJson): ClientRowView {
  const { id, nome, cnpj, contato, telefone, email, url, valorMensalidade, codigoCliente, isTrial, statusBloqueio } = client;
  return { id, nome, cnpj, contato, telefone, email, url, valorMensalidade, codigoCliente, isTrial, statusBloqueio };
}

export const STATUS_OPTIONS = [
  { value: "", label: "Todos" },
  { value: "0", label: "Ativo" },
  { value: "1", label: "Bloqueado" },
] as const;

/** SPEC §4 client status display: blocked wins over trial. */
export function clientStatus(client: Pick<ClientJson, "statusBloqueio" | "isTrial">): { label: string; variant: BadgeVariant } {
  if (client.statusBloqueio === 1) return { label: "Bloqueado", variant: "danger" };
  if (client.isTrial) return { label: "TRIAL", variant: "info" };
  return { label: "Ativo", variant: "success" };
}
