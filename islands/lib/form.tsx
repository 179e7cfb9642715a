import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode, type RefObject } from "react";
import { Button } from "../../src/ui/Button";
import { ConfirmDialog } from "../../src/ui/ConfirmDialog";
import { Dialog } from "../../src/ui/Dialog";
import { Icon } from "../../src/ui/Icon";
import { toast } from "../../src/ui/toast";
import { ApiError, serverMessage } from "./api";

import { useForm, type Schema } from "./use-form";

interface SubmitOptions<V> {
  /** Sends the form's values: the server normalizes them with the same schema. */
  send(values: V): Promise<unknown>;
  /** Toast description when the server sends no message, e.g. 'Erro ao salvar fornecedor.'. */
  failedMessage: string;
  /** After the server accepted the values, with its answer. */
  onSaved(answer: unknown): void;
  /** The field a 409 is about ("CNPJ já cadastrado" → cnpj), so it shows under that field. */
  conflictField?(message: string): keyof V | null;
  /** Messages the schema cannot know (a MoneyInput's unreadable text, a confirmation), checked with it. */
  extraErrors?(): Record<string, string>;
  /**
   * A refusal that is a question the dialog asks in its own body with its answers (a subscription
   * overlapping installments made by hand): true, and no red alert, no 'Erro' toast.
   */
  asked?(error: unknown): boolean;
}

export interface DialogFormOptions<V> extends Omit<SubmitOptions<V>, "onSaved"> {
  /** The success toast when the server's answer carries no `message` (a created record). */
  savedTitle?: string;
  onSaved(): void;
  onClose(): void;
}

const sameValues = (a: object, b: object) =>
  Object.keys({ ...a, ...b }).every((key) => Object.is((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));

/**
 * A form's submit flow, for every form that sends to the API (the dialogs through useDialogForm,
 * "Trocar senha" inline): checked by the schema before sending; on a refusal the server's field
 * messages land under the fields (a 409 under the field it is about, else at the top), the first
 * invalid field gets the focus, the input stays, and a destructive 'Erro' toast says why (SPEC §8).
 */
export function useSubmitForm<V extends object>(schema: Schema, initial: V, options: SubmitOptions<V>) {
  const form = useForm(schema, initial);
  const formRef = useRef<HTMLFormElement>(null);
  const [saving, setSaving] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (attempt) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempt]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    setAlert(null);
    if (!form.validate(options.extraErrors?.())) return setAttempt((n) => n + 1);
    setSaving(true);
    try {
      options.onSaved(await options.send(form.values));
    } catch (error) {
      if (options.asked?.(error)) return;
      const apiError = error instanceof ApiError ? error : null;
      const message = apiError?.serverMessage ?? options.failedMessage;
      const fields: Record<string, string> = { ...apiError?.errors };
      const conflict = apiError?.status === 409 ? options.conflictField?.(message) : null;
      if (conflict) fields[conflict as string] = message;
      if (Object.keys(fields).length) {
        form.setErrors(fields);
        setAttempt((n) => n + 1);
      }
      setAlert(Object.values(fields).includes(message) ? null : message);
      toast({ title: "Erro", description: message, variant: "destructive" });
    } finally {
      setSaving(false);
    }
  }

  /** Props wiring a text input to one field. */
  const field = <K extends keyof V & string>(name: K) => ({
    name,
    value: form.values[name] as string,
    onValueChange: (value: string) => form.set(name, value as V[K]),
  });

  return { form, formRef, saving, submit, field, alert };
}

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
