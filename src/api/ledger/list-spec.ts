// Contas a Receber / a Pagar: the list's URL contract (src/lib/list-spec.ts), apart from the forms' zod schemas so
// the list island loads without them (issue 21 §2). Client-safe; model.ts re-exports it.
import { isAcceptedDate, isAcceptedMonth } from "../../lib/dates";
import { matching, oneOf, recordId, type ListSpec } from "../../lib/list-spec";
import { STATUSES } from "../../lib/status";

// categoria / centroCusto (issue 36 §3): by the plano de contas' display order (grupo › categoria).
export const LEDGER_SORTS = ["parcela", "vencimento", "valor", "status", "descricao", "categoria", "centroCusto"] as const;
export type LedgerSortKey = (typeof LEDGER_SORTS)[number] | "cliente" | "fornecedor";

/**
 * One side's list in the URL: ?status=&mes=&{clientId|supplierId}=&pagoEm=&pagoDe=&pagoAte=&categoriaId=&centroCustoId=&ordem=&pagina=&porPagina=
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
      status: oneOf(STATUSES, "Status inválido: use em_aberto, parcial, vencido ou pago"),
      mes: matching(isAcceptedMonth, "Mês inválido: use AAAA-MM, entre 1900 e 2199"),
      [side.partyKey]: recordId(side.partyInvalid),
      // By payment date (regime de caixa, issue 35 §4): a month, or a period of days.
      pagoEm: matching(isAcceptedMonth, "Mês de pagamento inválido: use AAAA-MM, entre 1900 e 2199"),
      pagoDe: matching(isAcceptedDate, "Data inicial de pagamento inválida: use AAAA-MM-DD"),
      pagoAte: matching(isAcceptedDate, "Data final de pagamento inválida: use AAAA-MM-DD"),
      // The plano de contas (issue 36): the DRE's figures link to the list with these set (by
      // caixa with pagoEm too).
      categoriaId: recordId("Categoria inválida"),
      centroCustoId: recordId("Centro de custo inválido"),
    },
    sorts: [side.partySort, ...LEDGER_SORTS],
    defaultSort: "vencimento",
    perPage: 50,
    listName: side.listName,
  };
}
