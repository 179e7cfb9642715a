// Contas a Pagar: the list's URL contract (src/lib/list-spec.ts), apart from the forms' zod schemas so
// the list island loads without them (issue 21 §2). Client-safe; model.ts re-exports it.
import { ledgerListSpec } from "../ledger/list-spec";

/** Contas a Pagar in the URL: ?status=&mes=&supplierId=&ordem=&pagina=&porPagina=. */
export const PAYABLE_LIST = ledgerListSpec({
  path: "/payables",
  endpoint: "/api/payables",
  partyKey: "supplierId",
  partySort: "fornecedor",
  partyInvalid: "Fornecedor inválido",
  listName: "contas a pagar",
});
