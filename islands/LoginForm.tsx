import { useEffect, useState, type FormEvent } from "react";
import { loginSchema } from "../src/api/auth/model";
import { fieldErrors } from "../src/lib/field-errors";
import { Button } from "../src/ui/Button";
import { Field } from "../src/ui/Field";
import { Input } from "../src/ui/Input";
import { flashToast } from "../src/ui/flash";
import { toast } from "../src/ui/toast";
import { api, ApiError } from "./lib/api";
import { saveAuth, type AuthUser } from "./lib/auth-storage";

export interface LoginFormProps {
  /** After a form post the server refused (no script yet): what was typed and why it failed. */
  email?: string;
  refused?: string;
}

export default function LoginForm({ email = "", refused }: LoginFormProps) {
  const [values, setValues] = useState({ email, password: "" });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState(refused);
  const [submitting, setSubmitting] = useState(false);
  // Whoever sees the login page is signed out (SPEC §4), even if Sair ran before any script did.
  useEffect(() => saveAuth(null), []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = loginSchema.safeParse(values);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error.issues));
    setErrors({});
    setRefusal(undefined);
    setSubmitting(true);
    try {
      const { user } = await api<{ user: AuthUser }>("/api/auth/login", { method: "POST", body: parsed.data });
      saveAuth(user);
      // The toast must outlive the navigation: the next page's Toaster shows it.
      flashToast({ title: "Login realizado com sucesso!", description: "Bem-vindo ao Cofre" });
      location.assign("/");
    } catch (error) {
      const description =
        error instanceof ApiError ? (error.serverMessage ?? "Falha no login") : "Credenciais inválidas";
      toast({ title: "Erro no login", description, variant: "destructive" });
      setSubmitting(false);
    }
  }

  return (
    // A submit before hydration posts the form to /login (never the password in a URL), which
    // signs in with the same rules and answers with a redirect or this form saying why.
    <form className="login-form" method="post" action="/login" noValidate onSubmit={submit}>
      {refusal && (
        <p className="login-refused" role="alert">
          <strong>Erro no login</strong> {refusal}
        </p>
      )}
      <Field label="Email" error={errors.email}>
        <Input
          type="email"
          name="email"
          autoComplete="username"
          placeholder="seu@email.com"
          value={values.email}
          onValueChange={(email) => setValues((v) => ({ ...v, email }))}
        />
      </Field>
      <Field label="Senha" error={errors.password}>
        <Input
          type="password"
          name="password"
          autoComplete="current-password"
          value={values.password}
          onValueChange={(password) => setValues((v) => ({ ...v, password }))}
        />
      </Field>
      <Button type="submit" variant="primary" disabled={submitting} className="login-submit">
        {submitting ? "Entrando..." : "Entrar"}
      </Button>
    </form>
  );
}
