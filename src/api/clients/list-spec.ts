// Gerenciar Clientes: the list's URL contract (src/lib/list-spec.ts), apart from the forms' zod schemas so
// the list island loads without them (issue 21 §2). Client-safe; model.ts re-exports it.
import { text, type ListSpec } from "../../lib/list-spec";

export const CLIENT_SORTS = ["nome", "cnpj", "mensalidade", "status"] as const;
export type ClientSortKey = (typeof CLIENT_SORTS)[number];

/** Gerenciar Clientes in the URL: ?q=&cnpj=&status=&ordem=&pagina=&porPagina=. */
export const CLIENT_LIST = {
  path: "/clients",
  endpoint: "/api/clients",
  filters: {
    q: text,
    cnpj: text,
    // Anything but Ativo/Bloqueado shows every client (a stale bookmark still opens the list).
    status: (raw: string) => (raw === "0" || raw === "1" ? raw : ""),
  },
  sorts: CLIENT_SORTS,
  defaultSort: "nome",
  perPage: 50,
  listName: "clientes",
} satisfies ListSpec;
