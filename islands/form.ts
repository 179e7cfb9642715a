import { useEffect, useRef, useState, type FormEvent } from "react";
import { fieldErrors } from "../src/lib/field-errors";
import { toast } from "../src/ui/toast";
import { ApiError } from "./api";

interface Issue { path: PropertyKey[]; message: string }
interface Schema { safeParse(input: unknown): { success: true } | { success: false; error: { issues: Issue[] } } }

/**
 * A dialog form's state checked by the same zod schema the API uses: SPEC §5's messages show
 * under the fields before anything is sent, and the server's own field errors land there too.
 */
export function useForm<V extends object>(schema: Schema, initial: V) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});

  return {
    values,
    errors,
    set<K extends keyof V>(field: K, value: V[K]) {
      setValues((current) => ({ ...current, [field]: value }));
      // The message under a field goes away as soon as the user changes it.
      setErrors(({ [field as string]: _dropped, ...rest }) => rest);
    },
    reset(next: V) {
      setValues(next);
      setErrors({});
    },
    /** True when the values pass the schema; otherwise shows the messages and returns false. */
    validate(): boolean {
      const result = schema.safeParse(values);
      setErrors(result.success ? {} : fieldErrors(result.error.issues));
      return result.success;
    },
    setErrors,
  };
}

export interface DialogFormOptions<V> {
  /** Sends the raw form values: the server normalizes them with the same schema. */
  send(values: V): Promise<unknown>;
  /** Toast title on success, e.g. 'Parceiro criado'. */
  savedTitle: string;
  /** Toast description when the server sends no message, e.g. 'Erro ao salvar fornecedor.'. */
  failedMessage: string;
  onSaved(): void;
}

/**
 * A create/edit dialog's form: checked by the schema before sending; on a refusal the server's
 * field messages land under the fields, the first invalid field gets the focus, the input
 * stays, and a destructive 'Erro' toast says why (SPEC §8).
 */
export function useDialogForm<V extends object>(schema: Schema, initial: V, options: DialogFormOptions<V>) {
  const form = useForm(schema, initial);
  const formRef = useRef<HTMLFormElement>(null);
  const [saving, setSaving] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (attempt) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempt]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    if (!form.validate()) return setAttempt((n) => n + 1);
    setSaving(true);
    try {
      await options.send(form.values);
      toast({ title: options.savedTitle });
      options.onSaved();
    } catch (error) {
      const apiError = error instanceof ApiError ? error : null;
      if (apiError && Object.keys(apiError.errors).length) {
        form.setErrors(apiError.errors);
        setAttempt((n) => n + 1);
      }
      toast({ title: "Erro", description: apiError?.serverMessage ?? options.failedMessage, variant: "destructive" });
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

  return { form, formRef, saving, submit, field };
}
