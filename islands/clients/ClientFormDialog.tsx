import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import {
  clientFormValues,
  clientSchema,
  emptyClientForm,
  type ClientFormValues,
  type ClientJson,
} from "../../src/api/clients/model";
import { maskCnpj, maskPhone } from "../../src/lib/brazil";
import { Button } from "../../src/ui/Button";
import { Dialog } from "../../src/ui/Dialog";
import { Field } from "../../src/ui/Field";
import { Icon } from "../../src/ui/Icon";
import { Input } from "../../src/ui/Input";
import { toast } from "../../src/ui/toast";
import { api, ApiError } from "../api";
import { useForm } from "../form";

export interface ClientFormDialogProps {
  /** The client being edited, or null for a new one. */
  client: ClientJson | null;
  onClose(): void;
  /** After a successful save (the toast is already shown). */
  onSaved(saved: ClientJson): void;
}

// useForm wants an index-signature-compatible type; a mapped copy of the interface is one.
type FormValues = Pick<ClientFormValues, keyof ClientFormValues>;

const FIELDS = new Set<string>(Object.keys(emptyClientForm));

/** A 409 about CNPJ or code belongs under that field; anything else goes to the top of the form. */
function conflictField(message: string): keyof ClientFormValues | null {
  if (/cnpj/i.test(message)) return "cnpj";
  if (/c[oó]digo/i.test(message)) return "codigoCliente";
  return null;
}

/**
 * 'Novo Cliente' / 'Editar Cliente' (SPEC §2, §5). Mounted only while open, so every opening
 * starts from the row (or empty). Validates with the API's schema and sends the raw values.
 */
export function ClientFormDialog({ client, onClose, onSaved }: ClientFormDialogProps) {
  const editing = client !== null;
  const form = useForm<FormValues>(clientSchema, client ? clientFormValues(client) : emptyClientForm);
  const { values, errors } = form;
  const [saving, setSaving] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const [focusInvalid, setFocusInvalid] = useState(0);
  const formId = `client-form-${useId().replace(/[^a-zA-Z0-9_-]/g, "")}`;
  const formRef = useRef<HTMLFormElement>(null);
  const nomeRef = useRef<HTMLInputElement>(null);
  // The fee typed before trial was checked, given back when it is unchecked.
  const feeBeforeTrial = useRef<string | null>(null);

  useEffect(() => {
    if (focusInvalid) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusInvalid]);

  function setTrial(isTrial: boolean) {
    form.set("isTrial", isTrial);
    if (isTrial) {
      feeBeforeTrial.current = values.valorMensalidade;
      form.set("valorMensalidade", "0"); // SPEC §4: a trial client's fee is 0
    } else {
      const previous = feeBeforeTrial.current;
      form.set("valorMensalidade", previous && Number(previous) > 0 ? previous : "");
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    setAlert(null);
    if (!form.validate()) return setFocusInvalid((n) => n + 1);
    setSaving(true);
    const fallback = editing ? "Não foi possível atualizar o cliente." : "Não foi possível criar o cliente.";
    try {
      // SPEC §7 lists statusBloqueio=0 in the payload; the server never changes blocking on save.
      const body = { ...values, statusBloqueio: 0 };
      const saved = editing
        ? await api<ClientJson>(`/api/clients/${client.id}`, { method: "PUT", body })
        : await api<ClientJson>("/api/clients", { method: "POST", body });
      toast({ title: editing ? "Cliente atualizado" : "Cliente criado" });
      onSaved(saved);
    } catch (error) {
      const message = error instanceof ApiError ? (error.serverMessage ?? fallback) : fallback;
      const fieldMessages: Record<string, string> = {};
      if (error instanceof ApiError) {
        for (const [field, text] of Object.entries(error.errors)) if (FIELDS.has(field)) fieldMessages[field] = text;
        const field = error.status === 409 ? conflictField(message) : null;
        if (field) fieldMessages[field] = message;
      }
      form.setErrors(fieldMessages);
      const shownUnderAField = Object.values(fieldMessages).includes(message);
      setAlert(shownUnderAField ? null : message);
      if (Object.keys(fieldMessages).length) setFocusInvalid((n) => n + 1);
      toast({ title: "Erro", description: message, variant: "destructive" });
      setSaving(false);
    }
  }

  const close = () => {
    if (!saving) onClose();
  };

  return (
    <Dialog
      open
      onClose={close}
      title={editing ? "Editar Cliente" : "Novo Cliente"}
      size="lg"
      initialFocusRef={nomeRef}
      className="clients-dialog"
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={saving}>
            Cancelar
          </Button>
          <Button type="submit" form={formId} variant="primary" loading={saving}>
            {saving ? "Salvando..." : "Salvar"}
          </Button>
        </>
      }
    >
      <form id={formId} ref={formRef} className="clients-form" noValidate onSubmit={submit}>
        {alert && (
          <div className="clients-form__alert" role="alert">
            <Icon name="alert" size={18} />
            <span>{alert}</span>
          </div>
        )}
        <Field label="Nome" required error={errors.nome} className="clients-form__wide">
          <Input ref={nomeRef} name="nome" autoComplete="organization" value={values.nome} onValueChange={(v) => form.set("nome", v)} />
        </Field>
        <Field label="CNPJ" required error={errors.cnpj}>
          <Input
            name="cnpj"
            mask={maskCnpj}
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
            placeholder="00.000.000/0000-00"
            value={values.cnpj}
            onValueChange={(v) => form.set("cnpj", v)}
          />
        </Field>
        <Field label="Código do cliente" required error={errors.codigoCliente}>
          <Input name="codigoCliente" autoComplete="off" value={values.codigoCliente} onValueChange={(v) => form.set("codigoCliente", v)} />
        </Field>
        <Field label="Contato" required error={errors.contato}>
          <Input name="contato" autoComplete="name" value={values.contato} onValueChange={(v) => form.set("contato", v)} />
        </Field>
        <Field label="Telefone" required error={errors.telefone}>
          <Input
            name="telefone"
            type="tel"
            inputMode="tel"
            mask={maskPhone}
            autoComplete="tel-national"
            placeholder="(11) 98765-4321"
            value={values.telefone}
            onValueChange={(v) => form.set("telefone", v)}
          />
        </Field>
        <Field label="Email" required error={errors.email}>
          <Input name="email" type="email" autoComplete="email" value={values.email} onValueChange={(v) => form.set("email", v)} />
        </Field>
        <Field label="URL (opcional)" error={errors.url}>
          <Input name="url" type="url" inputMode="url" autoComplete="url" placeholder="https://" value={values.url} onValueChange={(v) => form.set("url", v)} />
        </Field>
        <Field
          label="Mensalidade (R$)"
          required={!values.isTrial}
          error={errors.valorMensalidade}
          hint={values.isTrial ? "Clientes em período de teste não pagam mensalidade." : undefined}
        >
          <Input
            name="valorMensalidade"
            type="number"
            step="0.01"
            min="0"
            inputMode="decimal"
            placeholder="0,00"
            disabled={values.isTrial}
            value={values.valorMensalidade}
            onValueChange={(v) => form.set("valorMensalidade", v)}
          />
        </Field>
        <label className="clients-form__trial">
          <input type="checkbox" name="isTrial" checked={values.isTrial} onChange={(e) => setTrial(e.currentTarget.checked)} />
          <span>Cliente em período de teste (trial)</span>
        </label>
      </form>
    </Dialog>
  );
}
