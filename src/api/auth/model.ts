import { z } from "zod/mini";
import { USER_EMAIL } from "../../lib/user-email";

/**
 * The login form: used by the LoginForm island and by POST /api/auth/login. The e-mail rule is the
 * users' own (any account the product can create can sign in), not the clients' stricter one.
 */
export const loginSchema = z.object(
  {
    email: z.string("Email inválido").check(z.trim(), z.maxLength(255, "Email inválido"), z.regex(USER_EMAIL, "Email inválido")),
    password: z.string("Senha é obrigatória").check(z.minLength(1, "Senha é obrigatória"), z.maxLength(1024, "Senha muito longa")),
  },
  "Dados inválidos",
);

