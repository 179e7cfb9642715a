// The plano de contas' dialogs (issue 36): a group or a category (its group, name, active), and a
// cost centre. The routes parse with the same schemas.
import { useRef } from "react";
import { categorySchema, costCentreSchema, type CategoryJson, type CategoryKind, type CostCentreJson } from "../../src/api/categories/model";
import { Field } from "../../src/ui/Field";
import { Input } from "../../src/ui/Input";
import { Select } from "../../src/ui/Select";
import { api } from "../lib/api";
import { FormDialog, useDialogForm } from "../lib/form";

export interface CategoryDraft {
  tipo: CategoryKind;
  grupoId: number | null;
  record: CategoryJson | null;
  /** A category (in a group), not a group. */
  categoria?: boolean;
}

interface CategoryValues {
  nome: string;
  tipo: CategoryKind;
  grupoId: string;
  ativa: boolean;
}

export function CategoryDialog({ draft, groups, onClose, onSaved }: { draft: CategoryDraft; groups: CategoryJson[]; onClose(): void; onSaved(): void }) {
  const nomeRef = useRef<HTMLInputElement>(null);
  const record = draft.record;
  const isCategory = draft.categoria === true;
  const initial: CategoryValues = { nome: record?.nome ?? "", tipo: draft.tipo, grupoId: draft.grupoId === null ? "" : String(draft.grupoId), ativa: record?.ativa ?? true };
  const dialog = useDialogForm(categorySchema, initial, {
    send: (values) => api(record ? `/api/categories/${record.id}` : "/api/categories", { method: record ? "PATCH" : "POST", body: values }),
    savedTitle: record ? "Categoria atualizada" : isCategory ? "Categoria criada" : "Grupo criado",
    failedMessage: "Não foi possível salvar a categoria.",
    conflictField: () => "nome",
    onSaved,
    onClose,
  });
  const { form, field } = dialog;
  const what = isCategory ? "categoria" : "grupo";
  const title = record ? `Editar ${what}` : isCategory ? "Nova categoria" : "Novo grupo";
  return (
    <FormDialog title={title} dialog={dialog} onCancel={onClose} initialFocusRef={nomeRef} size="sm">
      <p className="categories-kind">{draft.tipo === "receita" ? "Receita" : "Despesa"}</p>
      {isCategory && (
        <Field label="Grupo" required error={form.errors.grupoId}>
          <Select options={groups.map((g) => ({ value: String(g.id), label: g.nome }))} {...field("grupoId")} />
        </Field>
      )}
      <Field label="Nome" required error={form.errors.nome}>
        <Input ref={nomeRef} maxLength={80} {...field("nome")} />
      </Field>
      {!record?.papel && (
        <label className="categories-check">
          <input type="checkbox" checked={form.values.ativa} onChange={(event) => form.set("ativa", event.currentTarget.checked)} />
          {isCategory ? "Ativa (aparece nos formulários)" : "Ativo (suas categorias aparecem nos formulários)"}
        </label>
      )}
    </FormDialog>
  );
}

interface CentreValues {
  nome: string;
  ativo: boolean;
}

export function CostCentreDialog({ record, onClose, onSaved }: { record: CostCentreJson | null; onClose(): void; onSaved(): void }) {
  const nomeRef = useRef<HTMLInputElement>(null);
  const initial: CentreValues = { nome: record?.nome ?? "", ativo: record?.ativo ?? true };
  const dialog = useDialogForm(costCentreSchema, initial, {
    send: (values) => api(record ? `/api/cost-centres/${record.id}` : "/api/cost-centres", { method: record ? "PATCH" : "POST", body: values }),
    savedTitle: record ? "Centro de custo atualizado" : "Centro de custo criado",
    failedMessage: "Não foi possível salvar o centro de custo.",
    conflictField: () => "nome",
    onSaved,
    onClose,
  });
  const { form, field } = dialog;
  return (
    <FormDialog title={record ? "Editar centro de custo" : "Novo centro de custo"} dialog={dialog} onCancel={onClose} initialFocusRef={nomeRef} size="sm">
      <Field label="Nome" required error={form.errors.nome}>
        <Input ref={nomeRef} maxLength={80} {...field("nome")} />
      </Field>
      <label className="categories-check">
        <input type="checkbox" checked={form.values.ativo} onChange={(event) => form.set("ativo", event.currentTarget.checked)} />
        Ativo (aparece nos formulários)
      </label>
    </FormDialog>
  );
}
