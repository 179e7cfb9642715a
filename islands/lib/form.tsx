import { useId, useRef, useState, type ReactNode, type RefObject } from "react";
import { Button } from "../../src/ui/Button";
import { ConfirmDialog } from "../../src/ui/ConfirmDialog";
import { Dialog } from "../../src/ui/Dialog";
import { Icon } from "../../src/ui/Icon";
import { toast } from "../../src/ui/toast";
import { serverMessage } from "./api";
import { useSubmitForm, type SubmitOptions } from "./submit-form";
import type { Schema } from "./use-form";

export interface DialogFormOptions<V> extends Omit<SubmitOptions<V>, "onSaved"> {
  /** The success toast when the server's answer carries no `message` (a created record). */
  savedTitle?: string;
  onSaved(): void;
  onClose(): void;
}

const sameValues = (a: object, b: object) =>
  Object.keys({ ...a, ...b }).every((key) => Object.is((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));

/**
 * A create/edit dialog's whole flow, for every register and ledger dialog: useSubmitForm's, a
 * toast of what the server did on success, and closing with unsaved changes asks
 * "Descartar alterações?" first.
 */
export function useDialogForm<V extends object>(schema: Schema, initial: V, options: DialogFormOptions<V>) {
  const submitted = useSubmitForm(schema, initial, {
    ...options,
    onSaved(answer) {
      // The server says what happened ({message}); `savedTitle` only where it answers the record alone.
      toast({ title: serverMessage(answer) ?? options.savedTitle ?? "Salvo" });
      options.onSaved();
    },
  });
  const initialValues = useRef(initial);
  const [askingDiscard, setAskingDiscard] = useState(false);

  /** Esc, the backdrop and "Fechar": with unsaved changes, ask first. */
  function requestClose() {
    if (submitted.saving) return;
    if (sameValues(submitted.form.values, initialValues.current)) options.onClose();
    else setAskingDiscard(true);
  }

  const discard = (
    <ConfirmDialog
      open={askingDiscard}
      title="Descartar alterações?"
      message="O que você digitou neste formulário será perdido."
      confirmLabel="Descartar"
      cancelLabel="Continuar editando"
      destructive
      onConfirm={() => {
        setAskingDiscard(false);
        options.onClose();
      }}
      onCancel={() => setAskingDiscard(false)}
    />
  );

  return { ...submitted, requestClose, discard };
}

interface FormDialogProps {
  title: string;
  /** What useDialogForm returned. */
  dialog: Pick<ReturnType<typeof useDialogForm<object>>, "formRef" | "saving" | "submit" | "alert" | "requestClose" | "discard">;
  onCancel(): void;
  initialFocusRef?: RefObject<HTMLElement | null>;
  size?: "sm" | "md" | "lg";
  /** Label of the submit button ("Salvar" by default; "Salvando..." while sending). */
  submitLabel?: string;
  className?: string;
  children: ReactNode;
}

/** The dialog around every form: title, the server's message at the top, Cancelar / Salvar. */
export function FormDialog({ title, dialog, onCancel, initialFocusRef, size, submitLabel = "Salvar", className, children }: FormDialogProps) {
  const formId = `form-${useId().replace(/[^a-zA-Z0-9_-]/g, "")}`;
  return (
    <>
      <Dialog
        open
        onClose={dialog.requestClose}
        title={title}
        size={size}
        initialFocusRef={initialFocusRef}
        className={className}
        footer={
          <>
            <Button variant="secondary" onClick={() => !dialog.saving && onCancel()} disabled={dialog.saving}>
              Cancelar
            </Button>
            <Button type="submit" form={formId} variant="primary" loading={dialog.saving}>
              {dialog.saving ? "Salvando..." : submitLabel}
            </Button>
          </>
        }
      >
        <form id={formId} ref={dialog.formRef} className="reg-form" noValidate onSubmit={dialog.submit}>
          {dialog.alert && (
            <div className="reg-form__alert" role="alert">
              <Icon name="alert" size={18} />
              <span>{dialog.alert}</span>
            </div>
          )}
          {children}
        </form>
      </Dialog>
      {dialog.discard}
    </>
  );
}
