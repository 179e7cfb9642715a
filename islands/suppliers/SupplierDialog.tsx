import { useId, useRef } from "react";
import {
  emptySupplierForm,
  supplierFormValues,
  supplierSchema,
  UFS,
  type SupplierFormValues,
  type SupplierJson,
} from "../../src/api/suppliers/model";
import { maskCnpj, maskPhone } from "../../src/lib/brazil";
import { Button } from "../../src/ui/Button";
import { Dialog } from "../../src/ui/Dialog";
import { Field } from "../../src/ui/Field";
import { Input } from "../../src/ui/Input";
import { Select } from "../../src/ui/Select";
import { api } from "../api";
import { useDialogForm } from "../form";

const UF_OPTIONS = UFS.map((uf) => ({ value: uf, label: uf }));

export interface SupplierDialogProps {
  open: boolean;
  /** The supplier being edited; null for a new one. */
  supplier: SupplierJson | null;
  onClose(): void;
  /** Called after the server accepted the change (the toast is already shown). */
  onSaved(): void;
}

/**
 * 'Novo Fornecedor' / 'Editar Fornecedor' (SPEC §5, DECISIONS §2): every field the card
 * shows. Mount it with a fresh key per opening so the form starts from `supplier`.
 */
export function SupplierDialog({ open, supplier, onClose, onSaved }: SupplierDialogProps) {
  const formId = useId();
  const { form, formRef, saving, submit, field } = useDialogForm<SupplierFormValues>(
    supplierSchema,
    supplier ? supplierFormValues(supplier) : emptySupplierForm,
    {
      send: (values) =>
        supplier
          ? api(`/api/suppliers/${supplier.id}`, { method: "PUT", body: values })
          : api("/api/suppliers", { method: "POST", body: values }),
      savedTitle: supplier ? "Fornecedor atualizado" : "Fornecedor criado",
      failedMessage: "Erro ao salvar fornecedor.",
      onSaved,
    },
  );
  const nomeRef = useRef<HTMLInputElement>(null);

  return (
    <Dialog
      open={open}
      onClose={() => !saving && onClose()}
      title={supplier ? "Editar Fornecedor" : "Novo Fornecedor"}
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
      <form id={formId} ref={formRef} className="reg-form" noValidate onSubmit={submit}>
        <Field label="Nome" required error={form.errors.nome} className="reg-form__wide">
          <Input ref={nomeRef} autoComplete="organization" {...field("nome")} />
        </Field>
        <Field label="CNPJ" hint="Opcional" error={form.errors.cnpj}>
          <Input autoComplete="off" placeholder="00.000.000/0000-00" mask={maskCnpj} {...field("cnpj")} />
        </Field>
        <Field label="Telefone" error={form.errors.telefone}>
          <Input
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            placeholder="(00) 00000-0000"
            mask={maskPhone}
            {...field("telefone")}
          />
        </Field>
        <Field label="Email" error={form.errors.email} className="reg-form__wide">
          <Input type="email" autoComplete="email" placeholder="contato@fornecedor.com.br" {...field("email")} />
        </Field>
        <Field label="Cidade" error={form.errors.cidade}>
          <Input autoComplete="address-level2" {...field("cidade")} />
        </Field>
        <Field label="Estado" error={form.errors.estado}>
          <Select options={UF_OPTIONS} placeholder="Selecione" {...field("estado")} />
        </Field>
      </form>
    </Dialog>
  );
}
