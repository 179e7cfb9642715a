// Usuários: the list's URL contract (src/lib/list-spec.ts), apart from the forms' zod schemas so
// the list island loads without them (issue 21 §2). Client-safe; model.ts re-exports it.
import { oneOf, text, type ListSpec } from "../../lib/list-spec";
import { ROLES } from "../../lib/roles";

/** The role filter's and the form's refusal. */
export const ROLE_INVALID = "Perfil inválido: use administrador, financeiro ou consulta";

/** /users in the URL: ?q=&papel=&ativo=&pagina=. */
export const USER_LIST = {
  path: "/users",
  endpoint: "/api/users",
  filters: {
    q: text,
    papel: oneOf(ROLES, ROLE_INVALID),
    ativo: oneOf(["sim", "nao"], "Situação inválida: use sim ou nao"),
  },
  sorts: ["email", "nome", "papel", "ultimoAcesso"],
  defaultSort: "email",
  perPage: 50,
  listName: "usuários",
} satisfies ListSpec;
