// Contas a Receber: the list's URL contract (src/lib/list-spec.ts), apart from the forms' zod schemas so
// the list island loads without them (issue 21 §2). Client-safe; model.ts re-exports it.
import { ledgerListSpec } from "../ledger/list-spec";

/** Contas a Receber in the URL: ?status=&mes=&clientId=&ordem=&pagina=&porPagina=. */
export const RECEIVABLE_LIST = ledgerListSpec({
  path: "/receivables",
  endpoint: "/api/installments",
  partyKey: "clientId",
  partySort: "cliente",
  partyInvalid: "Cliente inválido",
  listName: "parcelas",
});
