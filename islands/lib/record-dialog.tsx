// A register's create/edit dialog (Clientes, Fornecedores, Parceiros, the Assinatura): the one
// dialog-form flow over its API, and the read-only view of a consulta's "Ver". Only the dialogs
// import it, so the form's code loads with them and not with the list (issue 21 §2).
import { useLayoutEffect, useRef, type ReactNode } from "react";
import { Button } from "../../src/ui/Button";
import { Dialog } from "../../src/ui/Dialog";
import { api } from "./api";
import { useDialogForm, type DialogFormOptions } from "./form";
import type { RecordDialogProps } from "./registers";

interface RecordViewProps {
  /** Says it is a view: "Cliente", not "Editar Cliente". */
  title: string;
  onClose(): void;
  size?: "sm" | "md" | "lg";
  className?: string;
  /** The dialog's own fields, as in its form: the disabled fieldset makes them read-only. */
  children: ReactNode;
}

/**
 * A record's dialog read-only, for a consulta's "Ver" (DECISIONS §10): the same fields, and only
 * "Fechar" — nothing to save, so nothing to discard either. Text fields are read-only rather than
 * disabled: a long e-mail or site can still be scrolled, selected and copied, and is read out
 * whole; what has no read-only state (a select, a checkbox, a button inside) is disabled.
 */
export function RecordView({ title, onClose, size, className, children }: RecordViewProps) {
  const fields = useRef<HTMLFieldSetElement>(null);
  useLayoutEffect(() => {
    for (const field of fields.current?.querySelectorAll<HTMLElement>("input, textarea, select, button") ?? []) {
      const choice = field instanceof HTMLInputElement && (field.type === "checkbox" || field.type === "radio");
      if ((field instanceof HTMLInputElement && !choice) || field instanceof HTMLTextAreaElement) field.readOnly = true;
      else (field as HTMLInputElement | HTMLSelectElement | HTMLButtonElement).disabled = true;
    }
  });
  return (
    <Dialog
      open
      onClose={onClose}
      title={title}
      size={size}
      className={className}
      footer={
        <Button variant="secondary" onClick={onClose}>
          Fechar
        </Button>
      }
    >
      {/* In the form's place: the same .reg-form grid, without the browser's fieldset frame (registers.css). */}
      <fieldset ref={fields} className="reg-form reg-form--view">
        {children}
      </fieldset>
    </Dialog>
  );
}

/** A register's dialog form: its API, the form's values for a row, SPEC §8's words. */
export interface RecordForm<V, Row> {
  /** POST {endpoint}, or {editMethod} {endpoint}/{id}. */
  endpoint: string;
  editMethod: "PUT" | "PATCH";
  values(record: Row | null): V;
  /** ['Parceiro criado', 'Parceiro atualizado'] */
  savedTitles: [created: string, updated: string];
  failedMessage: DialogFormOptions<V>["failedMessage"];
}

/** A register's create/edit dialog form: the one dialog-form flow, sending the typed values. */
export function useRecordForm<V extends object, Row extends { id: number }>(
  schema: Parameters<typeof useDialogForm<V>>[0],
  { record, onClose, onSaved }: RecordDialogProps<Row>,
  spec: RecordForm<V, Row>,
) {
  const { endpoint, editMethod } = spec;
  return useDialogForm<V>(schema, spec.values(record), {
    send: (body) => (record ? api(`${endpoint}/${record.id}`, { method: editMethod, body }) : api(endpoint, { method: "POST", body })),
    savedTitle: spec.savedTitles[record ? 1 : 0]!,
    failedMessage: spec.failedMessage,
    onSaved,
    onClose,
  });
}
