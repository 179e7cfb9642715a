import { useState } from "react";
import { fieldErrors } from "../../src/lib/field-errors";

// A form's state and its schema check, on its own: the settings page's forms use it without the
// dialog kit around it (islands/lib/form.tsx), so that page loads no dialog code.

interface Issue { path: PropertyKey[]; message: string }
export interface Schema { safeParse(input: unknown): { success: true } | { success: false; error: { issues: Issue[] } } }

/**
 * A form's state checked by the same zod schema the API uses: SPEC §5's messages show under
 * the fields before anything is sent, and the server's own field errors land there too.
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
    validate(extra: Record<string, string> = {}): boolean {
      const result = schema.safeParse(values);
      const found = { ...(result.success ? {} : fieldErrors(result.error.issues)), ...extra };
      setErrors(found);
      return Object.keys(found).length === 0;
    },
    setErrors,
  };
}

