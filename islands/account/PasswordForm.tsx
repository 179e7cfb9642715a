import { PASSWORD_HINT } from "../../src/api/users/password-words";
import { Button } from "../../src/ui/Button";
import { Field } from "../../src/ui/Field";
import { Input } from "../../src/ui/Input";
import { api, serverMessage } from "../lib/api";
import { useSubmitForm } from "../lib/submit-form";
import { schemaOnDemand } from "../lib/use-form";

// zod and the rules load with the form's first use, not with the page (issue 38 §7).
const passwordChangeSchema = schemaOnDemand(() => import("../../src/api/users/password-schema").then((m) => m.passwordChangeSchema));

const EMPTY = { senhaAtual: "", novaSenha: "", confirmacao: "" };
export const MISMATCH = "A confirmação não confere com a nova senha";

interface PasswordFormProps {
  /** The account's e-mail: the username password managers save the new password for. */
  email: string;
  /** After the server accepted the new password (its toast shown). */
  onChanged(message: string): void;
}

/**
 * "Trocar senha": the current password, the new one twice. The confirmation is checked here; the
 * rules (length, not the e-mail, strong enough by zxcvbn-ts) are the server's, its messages under the fields.
 */
export function PasswordForm({ email, onChanged }: PasswordFormProps) {
  const { form, formRef, saving, submit, field } = useSubmitForm<typeof EMPTY>(passwordChangeSchema, EMPTY, {
    send: ({ senhaAtual, novaSenha }) => api<{ message: string }>("/api/auth/password", { method: "POST", body: { senhaAtual, novaSenha } }),
    failedMessage: "Não foi possível trocar a senha.",
    extraErrors: (): Record<string, string> => (form.values.confirmacao === form.values.novaSenha ? {} : { confirmacao: MISMATCH }),
    onSaved(answer): void {
      form.reset(EMPTY);
      onChanged(serverMessage(answer) ?? "Senha alterada");
    },
  });
  const { errors } = form;

  return (
    <form ref={formRef} className="account-password" noValidate onSubmit={submit} aria-labelledby="conta-senha" {...form.intent}>
      {/* For password managers: the account the new password belongs to. */}
      <input type="text" name="username" autoComplete="username" value={email} readOnly hidden />
      <Field label="Senha atual" required error={errors.senhaAtual}>
        <Input type="password" autoComplete="current-password" {...field("senhaAtual")} />
      </Field>
      <Field label="Nova senha" required error={errors.novaSenha} hint={PASSWORD_HINT}>
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
