// Contas a Receber / a Pagar: the list's URL contract (src/lib/list-spec.ts), apart from the forms' zod schemas so
// the list island loads without them (issue 21 §2). Client-safe; model.ts re-exports it.
import { isAcceptedMonth } from "../../lib/dates";
import { matching, oneOf, recordId, type ListSpec } from "../../lib/list-spec";
import { STATUSES } from "../../lib/status";

export const LEDGER_SORTS = ["parcela", "vencimento", "valor", "status", "descricao"] as const;
export type LedgerSortKey = (typeof LEDGER_SORTS)[number] | "cliente" | "fornecedor";

/**
 * One side's list in the URL: ?status=&mes=&{clientId|supplierId}=&categoriaId=&centroCustoId=&ordem=&pagina=&porPagina=
 * (the side's party filter under its API name and its party's sort key).
 */
export function ledgerListSpec(side: {
  path: string;
  endpoint: string;
  partyKey: "clientId" | "supplierId";
  partySort: "cliente" | "fornecedor";
  partyInvalid: string;
  listName: string;
}): ListSpec {
  return {
    path: side.path,
    endpoint: side.endpoint,
    filters: {
      status: oneOf(STATUSES, "Status inválido: use em_aberto, vencido ou pago"),
      mes: matching(isAcceptedMonth, "Mês inválido: use AAAA-MM, entre 1900 e 2199"),
      [side.partyKey]: recordId(side.partyInvalid),
      // The plano de contas (issue 36): the DRE's figures link to the list with these set.
      categoriaId: recordId("Categoria inválida"),
      centroCustoId: recordId("Centro de custo inválido"),
      // Paid in this month (YYYY-MM): the DRE by caixa's figures link here.
      pagamento: matching(isAcceptedMonth, "Mês de pagamento inválido: use AAAA-MM, entre 1900 e 2199"),
    },
    sorts: [side.partySort, ...LEDGER_SORTS],
    defaultSort: "vencimento",
    perPage: 50,
    listName: side.listName,
  };
}
