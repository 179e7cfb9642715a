// Fornecedores: the list's URL contract (src/lib/list-spec.ts), apart from the forms' zod schemas so
// the list island loads without them (issue 21 §2). Client-safe; model.ts re-exports it.
import { text, type ListSpec } from "../../lib/list-spec";

/** Fornecedores in the URL: ?q= (name, CNPJ or e-mail) &pagina=; a page is 48 cards, so 2, 3 or 4 columns fill evenly. */
export const SUPPLIER_LIST = {
  path: "/suppliers",
  endpoint: "/api/suppliers",
  filters: { q: text },
  sorts: ["nome"],
  defaultSort: "nome",
  perPage: 48,
  listName: "fornecedores",
} satisfies ListSpec;
