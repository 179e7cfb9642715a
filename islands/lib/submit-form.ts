// A form's submit flow on its own (its dialog kit is islands/lib/form.tsx): "Trocar senha" sends
// inline, and its page loads no dialog code.
import { useEffect, useRef, useState, type FormEvent } from "react";
import { toast } from "../../src/ui/toast";
import { ApiError } from "./api";
import { useForm, type Schema, type SchemaOnDemand } from "./use-form";

export interface SubmitOptions<V> {
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

/**
 * A form's submit flow, for every form that sends to the API (the dialogs through useDialogForm,
 * "Trocar senha" inline): checked by the schema before sending; on a refusal the server's field
 * messages land under the fields (a 409 under the field it is about, else at the top), the first
 * invalid field gets the focus, the input stays, and a destructive 'Erro' toast says why (SPEC §8).
 */
export function useSubmitForm<V extends object>(schema: Schema | SchemaOnDemand, initial: V, options: SubmitOptions<V>) {
  const form = useForm(schema, initial);
  const formRef = useRef<HTMLFormElement>(null);
  const [saving, setSaving] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const checking = useRef(false);

  useEffect(() => {
    if (attempt) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempt]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (saving || checking.current) return;
    setAlert(null);
    // With the schema at hand the values are checked and sent before the first await (a caller may
    // set a ref around requestSubmit()); an on-demand schema may still be loading: a second
    // submit meanwhile sends nothing.
    const extra = options.extraErrors?.();
    let valid: boolean;
    if (form.ready) valid = form.validate(extra);
    else {
      checking.current = true;
      valid = await form.checked(extra).finally(() => (checking.current = false));
    }
    if (!valid) return setAttempt((n) => n + 1);
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

