import { useRef } from "react";
import { emptyPartnerForm, partnerFormValues, partnerSchema, type PartnerFormValues } from "../../src/api/partners/model";
import { maskPhone } from "../../src/lib/brazil";
import { Field } from "../../src/ui/Field";
import { Input } from "../../src/ui/Input";
import { FormDialog } from "../lib/form";
import { useRecordForm, type RecordForm } from "../lib/record-dialog";
import type { RecordDialogProps } from "../lib/registers";
import type { PartnerJson } from "../../src/api/partners/model";

const PARTNER_FORM: RecordForm<PartnerFormValues, PartnerJson> = {
  endpoint: "/api/partners",
  editMethod: "PATCH", // SPEC §7
  values: (partner) => (partner ? partnerFormValues(partner) : emptyPartnerForm),
  savedTitles: ["Parceiro criado", "Parceiro atualizado"],
  failedMessage: "Não foi possível salvar o parceiro.",
};

/**
 * 'Novo Parceiro' / 'Editar Parceiro' (SPEC §5 partner form: every field required). Mounted
 * only while open, so each opening starts from the row.
 */
export function PartnerDialog({ record, onClose, onSaved }: RecordDialogProps<PartnerJson>) {
  const nomeRef = useRef<HTMLInputElement>(null);
  const dialog = useRecordForm(partnerSchema, { record, onClose, onSaved }, PARTNER_FORM);
  const { form, field } = dialog;
  return (
    <FormDialog title={record ? "Editar Parceiro" : "Novo Parceiro"} dialog={dialog} onCancel={onClose} initialFocusRef={nomeRef}>
      <Field label="Nome" required error={form.errors.nome}>
        <Input ref={nomeRef} autoComplete="name" {...field("nome")} />
      </Field>
      <Field label="Empresa" required error={form.errors.empresa}>
        <Input autoComplete="organization" {...field("empresa")} />
      </Field>
      <Field label="E-mail" required error={form.errors.email} className="reg-form__wide">
        <Input type="email" autoComplete="email" placeholder="nome@empresa.com.br" {...field("email")} />
      </Field>
      <Field label="Telefone" required error={form.errors.telefone}>
        <Input type="tel" inputMode="tel" autoComplete="tel" placeholder="(00) 00000-0000" mask={maskPhone} {...field("telefone")} />
      </Field>
    </FormDialog>
  );
}
