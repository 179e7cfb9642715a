import { z } from "zod/mini";

/** The login form: used by the LoginForm island and by POST /api/auth/login. */
export const loginSchema = z.object(
  {
    email: z.string("Email inválido").check(z.trim(), z.maxLength(255, "Email inválido"), z.email("Email inválido")),
    password: z.string("Senha é obrigatória").check(z.minLength(1, "Senha é obrigatória"), z.maxLength(1024, "Senha muito longa")),
  },
  "Dados inválidos",
);

export type LoginInput = z.infer<typeof loginSchema>;
