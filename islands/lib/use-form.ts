import { useState } from "react";
import { fieldErrors } from "../../src/lib/field-errors";

// A form's state and its schema check, on its own: the settings page's forms use it without the
// dialog kit around it (islands/lib/form.tsx), so that page loads no dialog code.

interface Issue { path: PropertyKey[]; message: string }
export interface Schema { safeParse(input: unknown): { success: true } | { success: false; error: { issues: Issue[] } } }

/** A schema whose code (zod and the form's rules) loads with the form's first use: see schemaOnDemand. */
export interface SchemaOnDemand {
  load(): Promise<Schema>;
  /** The schema once loaded. */
  readonly loaded: Schema | null;
}

/**
 * `schemaOnDemand(() => import("./settings-schema").then((m) => m.settingsSchema))`: zod/mini and
 * the rules stay out of the page (~9 KB gzipped, issue 38 §7) and load when a person first points
 * at or focuses the form (the form spreads `form.intent`), at the latest on its first submit. The
 * messages are the same schema's (SPEC §5), and the API checks with it again. A failed load is
 * forgotten (the next use tries again).
 */
export function schemaOnDemand(load: () => Promise<Schema>): SchemaOnDemand {
  let pending: Promise<Schema> | null = null;
  let loaded: Schema | null = null;
  return {
    get loaded() {
      return loaded;
    },
    load: () =>
      (pending ??= load().then(
        (schema) => (loaded = schema),
        (error: unknown) => {
          pending = null;
          throw error;
        },
      )),
  };
}

/**
 * A form's state checked by the same zod schema the API uses: SPEC §5's messages show under
 * the fields before anything is sent, and the server's own field errors land there too.
 */
export function useForm<V extends object>(schema: Schema | SchemaOnDemand, initial: V) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const check = (ready: Schema, extra: Record<string, string>) => {
    const result = ready.safeParse(values);
    const found = { ...(result.success ? {} : fieldErrors(result.error.issues)), ...extra };
    setErrors(found);
    return Object.keys(found).length === 0;
  };
  const preload = () => {
    if ("load" in schema) schema.load().catch(() => {});
  };

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
    /** Whether validate() can run now (the schema is not on demand, or has loaded). */
    get ready() {
      return !("load" in schema) || schema.loaded !== null;
    },
    /** True when the values pass the schema; otherwise shows the messages and returns false. */
    validate(extra: Record<string, string> = {}): boolean {
      const ready = "load" in schema ? schema.loaded : schema;
      // An on-demand schema is checked through checked() until it has loaded.
      if (!ready) throw new Error("useForm: the schema has not loaded; use checked()");
      return check(ready, extra);
    },
    /**
     * validate() once an on-demand schema is at hand (at once with one already loaded: the messages
     * show in the same turn, only the answer waits a microtask). A schema that cannot load leaves
     * the check to the server, whose field messages land under the fields the same way.
     */
    checked(extra: Record<string, string> = {}): Promise<boolean> {
      const ready = "load" in schema ? schema.loaded : schema;
      if (ready) return Promise.resolve(check(ready, extra));
      return (schema as SchemaOnDemand).load().then(
        (loaded) => check(loaded, extra),
        () => check({ safeParse: () => ({ success: true }) }, extra),
      );
    },
    /** Spread on the <form>: a pointer or the focus on it loads an on-demand schema ahead. */
    intent: { onPointerOver: preload, onFocus: preload },
    setErrors,
  };
}

