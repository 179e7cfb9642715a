import { useEffect, useRef, useState, type FormEvent } from "react";
import { passwordChangeSchema } from "../../src/api/users/model";
import { Button } from "../../src/ui/Button";
import { Field } from "../../src/ui/Field";
import { Input } from "../../src/ui/Input";
import { toast } from "../../src/ui/toast";
import { api, ApiError } from "../lib/api";
import { useForm } from "../lib/use-form";

const EMPTY = { senhaAtual: "", novaSenha: "", confirmacao: "" };
export const MISMATCH = "A confirmação não confere com a nova senha";

export interface PasswordFormProps {
  /** The account's e-mail: the username password managers save the new password for. */
  email: string;
  /** After the server accepted the new password (its toast shown). */
  onChanged(message: string): void;
}

/**
 * "Trocar senha": the current password, the new one twice. The confirmation is checked here; the
 * rules (length, not the e-mail, not a common password) are the server's, its messages under the fields.
 */
export function PasswordForm({ email, onChanged }: PasswordFormProps) {
  const form = useForm(passwordChangeSchema, EMPTY);
  const formRef = useRef<HTMLFormElement>(null);
  const [saving, setSaving] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const { values, errors } = form;
  const field = (name: keyof typeof EMPTY) => ({ name, value: values[name], onValueChange: (value: string) => form.set(name, value) });

  useEffect(() => {
    if (attempt) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempt]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    if (!form.validate(values.confirmacao === values.novaSenha ? {} : { confirmacao: MISMATCH })) return setAttempt((n) => n + 1);
    setSaving(true);
    try {
      const answer = await api<{ message: string }>("/api/auth/password", { method: "POST", body: { senhaAtual: values.senhaAtual, novaSenha: values.novaSenha } });
      form.reset(EMPTY);
      onChanged(answer.message);
    } catch (error) {
      const apiError = error instanceof ApiError ? error : null;
      if (apiError && Object.keys(apiError.errors).length) {
        form.setErrors(apiError.errors);
        setAttempt((n) => n + 1);
      }
      toast({ title: "Erro", description: apiError?.serverMessage ?? "Não foi possível trocar a senha.", variant: "destructive" });
    } finally {
      setSaving(false);
    }
  }

  return (
    <form ref={formRef} className="account-password" noValidate onSubmit={submit} aria-labelledby="conta-senha">
      {/* For password managers: the account the new password belongs to. */}
      <input type="text" name="username" autoComplete="username" value={email} readOnly hidden />
      <Field label="Senha atual" required error={errors.senhaAtual}>
        <Input type="password" autoComplete="current-password" {...field("senhaAtual")} />
      </Field>
      <Field label="Nova senha" required error={errors.novaSenha} hint="Pelo menos 10 caracteres; nem o seu e-mail, nem uma senha comum.">
        <Input type="password" autoComplete="new-password" {...field("novaSenha")} />
      </Field>
      <Field label="Confirmar nova senha" required error={errors.confirmacao}>
        <Input type="password" autoComplete="new-password" {...field("confirmacao")} />
      </Field>
      <div className="account-password__actions">
        <Button type="submit" variant="primary" loading={saving}>
          {saving ? "Salvando..." : "Trocar senha"}
        </Button>
      </div>
    </form>
  );
}
