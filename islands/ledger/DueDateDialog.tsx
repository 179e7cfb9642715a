import { useRef } from "react";
import { formatDateBR } from "../../src/lib/dates";
import { installmentName } from "../../src/lib/installments";
import { Field } from "../../src/ui/Field";
import { Input } from "../../src/ui/Input";
import { FormDialog, useDialogForm } from "../lib/form";
import type { LedgerRow } from "./kinds";
import { dueDateSchema } from "./schemas";

export interface DueDateDialogProps {
  row: LedgerRow;
  onClose(): void;
  send(dataVencimento: string): Promise<unknown>;
  onSaved(): void;
}

/** Prorrogar (SPEC §2, §5): a new due date for an unpaid installment. */
export function DueDateDialog({ row, onClose, send, onSaved }: DueDateDialogProps) {
  const dialog = useDialogForm<{ dataVencimento: string }>(dueDateSchema, { dataVencimento: row.dataVencimento }, {
    send: (values) => send(values.dataVencimento),
    failedMessage: "Não foi possível alterar o vencimento.",
    onSaved,
    onClose,
  });
  const dateRef = useRef<HTMLInputElement>(null);
  return (
    <FormDialog title="Prorrogar vencimento" dialog={dialog} onCancel={onClose} initialFocusRef={dateRef} size="sm">
      <p className="reg-form__wide ledger-question">
        {row.partyName} — {installmentName(row)}, vencimento atual {formatDateBR(row.dataVencimento)}.
      </p>
      <Field label="Novo vencimento" required error={dialog.form.errors.dataVencimento} className="reg-form__wide">
        <Input ref={dateRef} type="date" {...dialog.field("dataVencimento")} />
      </Field>
    </FormDialog>
  );
}
