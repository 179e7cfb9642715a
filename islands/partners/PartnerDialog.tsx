import { useId, useRef } from "react";
import {
  emptyPartnerForm,
  partnerFormValues,
  partnerSchema,
  type PartnerFormValues,
  type PartnerJson,
} from "../../src/api/partners/model";
import { maskPhone } from "../../src/lib/brazil";
import { Button } from "../../src/ui/Button";
import { Dialog } from "../../src/ui/Dialog";
import { Field } from "../../src/ui/Field";
import { Input } from "../../src/ui/Input";
import { api } from "../api";
import { useDialogForm } from "../form";

export interface PartnerDialogProps {
  open: boolean;
  /** The partner being edited; null for a new one. */
  partner: PartnerJson | null;
  onClose(): void;
  /** Called after the server accepted the change (the toast is already shown). */
  onSaved(): void;
}

/**
 * 'Novo Parceiro' / 'Editar Parceiro' (SPEC §5 partner form). Mount it with a fresh key per
 * opening so the form starts from `partner`.
 */
export function PartnerDialog({ open, partner, onClose, onSaved }: PartnerDialogProps) {
  const formId = useId();
  const { form, formRef, saving, submit, field } = useDialogForm<PartnerFormValues>(
    partnerSchema,
    partner ? partnerFormValues(partner) : emptyPartnerForm,
    {
      send: (values) =>
        partner
          ? api(`/api/partners/${partner.id}`, { method: "PATCH", body: values })
          : api("/api/partners", { method: "POST", body: values }),
      savedTitle: partner ? "Parceiro atualizado" : "Parceiro criado",
      failedMessage: "Não foi possível salvar o parceiro.",
      onSaved,
    },
  );
  const nomeRef = useRef<HTMLInputElement>(null);

  return (
    <Dialog
      open={open}
      onClose={() => !saving && onClose()}
      title={partner ? "Editar Parceiro" : "Novo Parceiro"}
      initialFocusRef={nomeRef}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={saving}>
            Cancelar
          </Button>
          <Button type="submit" form={formId} loading={saving}>
            {saving ? "Salvando..." : "Salvar"}
          </Button>
        </>
      }
    >
      <form id={formId} ref={formRef} className="reg-form reg-form--single" noValidate onSubmit={submit}>
        <Field label="Nome" required error={form.errors.nome}>
          <Input ref={nomeRef} autoComplete="name" {...field("nome")} />
        </Field>
        <Field label="Empresa" required error={form.errors.empresa}>
          <Input autoComplete="organization" {...field("empresa")} />
        </Field>
        <Field label="E-mail" required error={form.errors.email}>
          <Input type="email" autoComplete="email" placeholder="nome@empresa.com.br" {...field("email")} />
        </Field>
        <Field label="Telefone" required error={form.errors.telefone}>
          <Input
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            placeholder="(00) 00000-0000"
            mask={maskPhone}
            {...field("telefone")}
          />
        </Field>
      </form>
    </Dialog>
  );
}
