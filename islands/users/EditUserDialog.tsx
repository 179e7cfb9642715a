import { useRef } from "react";
import { LAST_ADMIN, userPatchSchema, type UserJson } from "../../src/api/users/model";
import type { Role } from "../../src/lib/roles";
import { Field } from "../../src/ui/Field";
import { Input } from "../../src/ui/Input";
import { Select } from "../../src/ui/Select";
import { api } from "../lib/api";
import { FormDialog, useDialogForm } from "../lib/form";
import { ROLE_OPTIONS } from "./NewUserDialog";
import { ROLE_HINTS } from "./words";

export interface EditUserDialogProps {
  user: UserJson;
  /** The signed-in administrator's own row: the role cannot be changed here. */
  own: boolean;
  onClose(): void;
  onSaved(): void;
}

/** "Editar usuário": nome and perfil (PATCH /api/users/:id); the last active administrator's 409 lands under Perfil. */
export function EditUserDialog({ user, own, onClose, onSaved }: EditUserDialogProps) {
  const nomeRef = useRef<HTMLInputElement>(null);
  const dialog = useDialogForm<{ nome: string; papel: Role }>(userPatchSchema, { nome: user.nome, papel: user.papel }, {
    send: ({ nome, papel }) => api(`/api/users/${user.id}`, { method: "PATCH", body: own ? { nome } : { nome, papel } }),
    failedMessage: "Não foi possível salvar o usuário.",
    onSaved,
    onClose,
    conflictField: (message) => (message === LAST_ADMIN ? "papel" : null),
  });
  const { form, field } = dialog;

  return (
    <FormDialog title="Editar usuário" dialog={dialog} onCancel={onClose} initialFocusRef={nomeRef}>
      <p className="users-form__note reg-form__wide">
        E-mail: <strong className="users-form__email">{user.email}</strong>
      </p>
      <Field label="Nome" required error={form.errors.nome}>
        <Input ref={nomeRef} autoComplete="off" {...field("nome")} />
      </Field>
      <Field
        label="Perfil"
        required
        error={form.errors.papel}
        hint={own ? "O seu próprio perfil não muda aqui: peça a outro administrador." : ROLE_HINTS[form.values.papel]}
      >
        <Select name="papel" options={ROLE_OPTIONS} value={form.values.papel} disabled={own} onValueChange={(papel) => form.set("papel", papel as Role)} />
      </Field>
    </FormDialog>
  );
}
