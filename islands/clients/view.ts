// The Clients list's pure parts: the status display and the filter options.
import type { ClientListRow } from "../../src/api/clients/model";
import { automaticBlockText } from "../../src/lib/block-text";
import { IN_TRIAL_LABEL } from "../../src/lib/status";
import type { BadgeVariant } from "../../src/ui/Badge";

export const STATUS_OPTIONS = [
  { value: "", label: "Todos" },
  { value: "0", label: "Ativo" },
  { value: "1", label: "Bloqueado" },
] as const;

/**
 * SPEC §4 client status display: blocked wins over trial. A client blocked automatically says
 * why (`reason`: the installments blocking it, for the badge's tooltip).
 */
export function clientStatus(client: Pick<ClientListRow, "statusBloqueio" | "isTrial"> & Partial<Pick<ClientListRow, "bloqueioParcelas">>): { label: string; variant: BadgeVariant; reason?: string } {
  if (client.statusBloqueio === 1) {
    const why = client.bloqueioParcelas;
    return { label: "Bloqueado", variant: "danger", ...(why?.total ? { reason: automaticBlockText(why.parcelas, why.total) } : {}) };
  }
  if (client.isTrial) return { label: IN_TRIAL_LABEL, variant: "info" };
  return { label: "Ativo", variant: "success" };
}
