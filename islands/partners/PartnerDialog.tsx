import { useEffect, useId, useRef, useState, type FormEvent } from "react";
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
import { toast } from "../../src/ui/toast";
import { api, ApiError } from "../api";
import { useForm } from "../form";

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
  const formRef = useRef<HTMLFormElement>(null);
  const nomeRef = useRef<HTMLInputElement>(null);
  const form = useForm<PartnerFormValues>(partnerSchema, partner ? partnerFormValues(partner) : emptyPartnerForm);
  const [saving, setSaving] = useState(false);
  const [attempt, setAttempt] = useState(0);

  // After a refused save, the first field with a message gets the focus.
  useEffect(() => {
    if (attempt) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempt]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    if (!form.validate()) return setAttempt((n) => n + 1);
    setSaving(true);
    try {
      // The raw form values: the server trims and normalizes them with the same schema.
      if (partner) await api(`/api/partners/${partner.id}`, { method: "PATCH", body: form.values });
      else await api("/api/partners", { method: "POST", body: form.values });
      toast({ title: partner ? "Parceiro atualizado" : "Parceiro criado" });
      onSaved();
    } catch (error) {
      const apiError = error instanceof ApiError ? error : null;
      if (apiError && Object.keys(apiError.errors).length) {
        form.setErrors(apiError.errors);
        setAttempt((n) => n + 1);
      }
      toast({
        title: "Erro",
        description: apiError?.serverMessage ?? "Não foi possível salvar o parceiro.",
        variant: "destructive",
      });
    } finally {
      setSaving(false);
    }
  }

  const field = <K extends keyof PartnerFormValues>(name: K) => ({
    name,
    value: form.values[name],
    onValueChange: (value: string) => form.set(name, value),
  });

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
