import { useRef } from "react";
import type { LedgerChoices } from "../../src/api/categories/model";
import { ledgerEditSchema } from "../../src/api/ledger/model";
import { formatBRL, parseMoney, ZERO } from "../../src/lib/money";
import { installmentName } from "../../src/lib/installments";
import { Field } from "../../src/ui/Field";
import { Input } from "../../src/ui/Input";
import { Select } from "../../src/ui/Select";
import { FormDialog, useDialogForm } from "../lib/form";
import type { LedgerRow } from "./kinds";

export interface EditEntryDialogProps {
  row: LedgerRow;
  choices: LedgerChoices;
  onClose(): void;
  send(body: { descricao: string; categoriaId: string; centroCustoId: string }): Promise<unknown>;
  onSaved(): void;
}

/**
 * "Editar lançamento" (issue 36): description, category and cost centre of an installment, paid
 * or not — never its money or dates (those have their own actions, with their own rules).
 */
export function EditEntryDialog({ row, choices, onClose, send, onSaved }: EditEntryDialogProps) {
  const initial = { descricao: row.descricao, categoriaId: row.categoriaId ? String(row.categoriaId) : "", centroCustoId: row.centroCustoId ? String(row.centroCustoId) : "" };
  const dialog = useDialogForm(ledgerEditSchema, initial, { send, failedMessage: "Não foi possível salvar o lançamento.", onSaved, onClose });
  const descricaoRef = useRef<HTMLInputElement>(null);
  // An inactive category stays offered while it is the row's own (so saving the description keeps it).
  const categorias = choices.categorias.filter((c) => c.ativa || c.id === row.categoriaId);
  const centros = choices.centros.filter((c) => c.ativo || c.id === row.centroCustoId);
  return (
    <FormDialog title="Editar lançamento" dialog={dialog} onCancel={onClose} initialFocusRef={descricaoRef}>
      <p className="reg-form__wide ledger-question">
        {row.partyName} — {installmentName(row)} · {formatBRL(parseMoney(row.valor) ?? ZERO)}. O valor e as datas não mudam aqui.
      </p>
      <Field label="Descrição" required error={dialog.form.errors.descricao} className="reg-form__wide">
        <Input ref={descricaoRef} maxLength={500} {...dialog.field("descricao")} />
      </Field>
      <Field label="Categoria" required error={dialog.form.errors.categoriaId}>
        <Select options={categorias.map((c) => ({ value: String(c.id), label: c.ativa ? c.nome : `${c.nome} (inativa)` }))} {...dialog.field("categoriaId")} />
      </Field>
      <Field label="Centro de custo" error={dialog.form.errors.centroCustoId}>
        <Select placeholder="Nenhum" options={centros.map((c) => ({ value: String(c.id), label: c.ativo ? c.nome : `${c.nome} (inativo)` }))} {...dialog.field("centroCustoId")} />
      </Field>
    </FormDialog>
  );
}
