import { useEffect, useRef, useState } from "react";
import { categoryPath, type CategoryJson } from "../../src/api/categories/model";
import { api } from "../lib/api";
import { emptySupplierForm, supplierFormValues, supplierSchema, UFS, type SupplierFormValues } from "../../src/api/suppliers/model";
import { maskCnpj, maskPhone } from "../../src/lib/brazil";
import { Field } from "../../src/ui/Field";
import { Input } from "../../src/ui/Input";
import { Select } from "../../src/ui/Select";
import { FormDialog } from "../lib/form";
import { useRecordForm, type RecordForm } from "../lib/record-dialog";
import type { RecordDialogProps } from "../lib/registers";
import type { SupplierJson } from "../../src/api/suppliers/model";

const UF_OPTIONS = UFS.map((uf) => ({ value: uf, label: uf }));

const SUPPLIER_FORM: RecordForm<SupplierFormValues, SupplierJson> = {
  endpoint: "/api/suppliers",
  editMethod: "PUT",
  values: (supplier) => (supplier ? supplierFormValues(supplier) : emptySupplierForm),
  savedTitles: ["Fornecedor criado", "Fornecedor atualizado"],
  failedMessage: "Erro ao salvar fornecedor.",
};

/**
 * 'Novo Fornecedor' / 'Editar Fornecedor' (SPEC §5, DECISIONS §2): every field the card shows,
 * only the name required. Mounted only while open, so each opening starts from the card.
 */
export function SupplierDialog(props: RecordDialogProps<SupplierJson>) {
  const dialog = useRecordForm(supplierSchema, props, SUPPLIER_FORM);
  // The despesa categories its payables may default to (issue 36): asked when the dialog opens.
  const [categories, setCategories] = useState<{ value: string; label: string }[]>([]);
  useEffect(() => {
    let current = true;
    api<CategoryJson[]>("/api/categories")
      .then((all) => {
        if (!current) return;
        const own = dialog.form.values.categoriaId;
        const offered = all.filter((c) => c.tipo === "despesa" && c.grupoId !== null && (c.ativa || String(c.id) === own));
        setCategories(offered.map((c) => ({ value: String(c.id), label: categoryPath(c) })));
      })
      .catch(() => {});
    return () => {
      current = false;
    };
    // Once, when the dialog opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const { errors } = dialog.form;
  const field = dialog.field;
  const nomeRef = useRef<HTMLInputElement>(null);
  const title = props.record ? "Editar Fornecedor" : "Novo Fornecedor";

  return (
    <FormDialog title={title} dialog={dialog} onCancel={props.onClose} initialFocusRef={nomeRef}>
      <Field label="Nome" required error={errors.nome} className="reg-form__wide">
        <Input ref={nomeRef} autoComplete="organization" {...field("nome")} />
      </Field>
      <Field label="CNPJ" hint="Opcional" error={errors.cnpj}>
        <Input autoComplete="off" spellCheck={false} placeholder="00.000.000/0000-00" mask={maskCnpj} {...field("cnpj")} />
      </Field>
      <Field label="Telefone" error={errors.telefone}>
        <Input type="tel" inputMode="tel" autoComplete="tel" placeholder="(00) 00000-0000" mask={maskPhone} {...field("telefone")} />
      </Field>
      <Field label="E-mail" error={errors.email} className="reg-form__wide">
        <Input type="email" autoComplete="email" placeholder="contato@fornecedor.com.br" {...field("email")} />
      </Field>
      <Field label="Cidade" error={errors.cidade}>
        <Input autoComplete="address-level2" {...field("cidade")} />
      </Field>
      <Field label="Estado" error={errors.estado}>
        <Select options={UF_OPTIONS} placeholder="Selecione" {...field("estado")} />
      </Field>
      <Field label="Categoria padrão" hint="A das contas a pagar geradas sem categoria" error={errors.categoriaId} className="reg-form__wide">
        <Select options={categories} placeholder="Fornecedores (padrão do Cofre)" {...field("categoriaId")} />
      </Field>
    </FormDialog>
  );
}
