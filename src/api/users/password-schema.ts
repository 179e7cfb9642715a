// "Trocar senha"'s schema on its own: the form loads it with its first use (a small part, not the
// users' whole model); ./model.ts re-exports it for the API.
import { z } from "zod/mini";

/** POST /api/auth/password: the current password and the new one. */
export const passwordChangeSchema = z.object(
  {
    senhaAtual: z.string("Informe a senha atual").check(z.minLength(1, "Informe a senha atual")),
    novaSenha: z.string("Informe a nova senha"),
  },
  "Dados inválidos",
);

