// Parceiros: the list's URL contract (src/lib/list-spec.ts), apart from the forms' zod schemas so
// the list island loads without them (issue 21 §2). Client-safe; model.ts re-exports it.
import { text, type ListSpec } from "../../lib/list-spec";

/** Parceiros in the URL: ?q= (name, company or e-mail) &ordem= &pagina= &porPagina=. */
export const PARTNER_LIST = {
  path: "/partners",
  endpoint: "/api/partners",
  filters: { q: text },
  sorts: ["nome", "empresa"],
  defaultSort: "nome",
  perPage: 50,
  listName: "parceiros",
} satisfies ListSpec;
