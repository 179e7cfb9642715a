// Why a client is blocked, in the history's words (src/lib/history-text.ts re-exports it): on its
// own, so the clients list's status tooltip does not bring the history's whole vocabulary.
import { formatDateBR } from "./dates.ts";
import { installmentName } from "./installments.ts";

/** A blocking installment as blocking events name it (a subscription's month with its competência). */
export interface BlockingInstallment {
  id: number;
  numerosParcela: string;
  dataVencimento?: string;
  competencia?: string;
}

/** "a, b e c" */
export function list(items: string[]): string {
  return items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} e ${items.at(-1)}`;
}

export function installmentsText(parcelas: BlockingInstallment[], total: number, overdue: boolean): string {
  const shown = parcelas.slice(0, 3).map((p) => `${installmentName(p)}${overdue && p.dataVencimento ? ` vencida desde ${formatDateBR(p.dataVencimento)}` : ""}`);
  const more = total - shown.length;
  return list(more > 0 ? [...shown, `mais ${more}`] : shown);
}

/** Why a client is blocked automatically (the clients list's status tooltip), in the history's words. */
export function automaticBlockText(parcelas: BlockingInstallment[], total: number): string {
  return `Bloqueado automaticamente: ${installmentsText(parcelas, total, true)}`;
}

