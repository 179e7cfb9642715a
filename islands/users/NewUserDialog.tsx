import { useRef } from "react";
import { newUserSchema, PASSWORD_HINT, type CreatedUserAnswer } from "../../src/api/users/model";
import { ROLES, type Role } from "../../src/lib/roles";
import { Field } from "../../src/ui/Field";
import { Input } from "../../src/ui/Input";
import { Select } from "../../src/ui/Select";
import { api } from "../lib/api";
import { FormDialog, useDialogForm } from "../lib/form";
import { ROLE_HINTS, ROLE_LABELS } from "./words";

interface NewUserValues {
  email: string;
  nome: string;
  papel: Role;
  /** "Definir senha agora": the typed `senha` is sent; otherwise the server makes a temporary one. */
  definirSenha: boolean;
  senha: string;
}

const EMPTY: NewUserValues = { email: "", nome: "", papel: "financeiro", definirSenha: false, senha: "" };

export const ROLE_OPTIONS = ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));

export interface NewUserDialogProps {
  onClose(): void;
  /** After the server created the user (its toast shown); the answer may carry the temporary password. */
  onCreated(answer: CreatedUserAnswer): void;
}

/** "Novo usuário": e-mail, nome, perfil and either a password typed now or a temporary one shown once. */
export function NewUserDialog({ onClose, onCreated }: NewUserDialogProps) {
  const emailRef = useRef<HTMLInputElement>(null);
  const answer = useRef<CreatedUserAnswer | null>(null);
  const dialog = useDialogForm<NewUserValues>(newUserSchema, EMPTY, {
    send: async ({ email, nome, papel, definirSenha, senha }) => {
      answer.current = await api<CreatedUserAnswer>("/api/users", { method: "POST", body: { email, nome, papel, ...(definirSenha ? { senha } : {}) } });
      return answer.current;
    },
    failedMessage: "Não foi possível criar o usuário.",
    onSaved: () => answer.current && onCreated(answer.current),
    onClose,
    conflictField: () => "email",
    // Checked and empty would make the server choose a temporary password the person never sees.
    extraErrors: (): Record<string, string> => (dialog.form.values.definirSenha && dialog.form.values.senha === "" ? { senha: "Digite a senha ou desmarque “Definir senha agora”" } : {}),
  });
  const { form, field } = dialog;

  return (
    <FormDialog title="Novo usuário" dialog={dialog} onCancel={onClose} initialFocusRef={emailRef} submitLabel="Criar usuário">
      <Field label="E-mail" required error={form.errors.email} className="reg-form__wide">
        <Input ref={emailRef} type="email" autoComplete="off" spellCheck={false} placeholder="nome@empresa.com.br" {...field("email")} />
      </Field>
      <Field label="Nome" required error={form.errors.nome}>
        <Input autoComplete="off" {...field("nome")} />
      </Field>
      <Field label="Perfil" required error={form.errors.papel} hint={ROLE_HINTS[form.values.papel]}>
        <Select name="papel" options={ROLE_OPTIONS} value={form.values.papel} onValueChange={(papel) => form.set("papel", papel as Role)} />
      </Field>
      <label className="reg-form__check reg-form__wide users-form__check">
        <input type="checkbox" name="definirSenha" checked={form.values.definirSenha} onChange={(e) => form.set("definirSenha", e.currentTarget.checked)} />
        <span>Definir senha agora</span>
      </label>
      {form.values.definirSenha ? (
        <Field label="Senha" required error={form.errors.senha} hint={PASSWORD_HINT} className="reg-form__wide">
          <Input type="password" autoComplete="new-password" {...field("senha")} />
        </Field>
      ) : (
        <p className="users-form__note reg-form__wide">
          Sem senha definida, o Cofre cria uma senha temporária, mostrada uma única vez depois de criar; no primeiro acesso a pessoa escolhe a sua.
        </p>
      )}
    </FormDialog>
  );
}
