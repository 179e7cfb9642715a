// Shared by the API (400 answers) and the islands (messages under fields): client-safe, no server imports.

export type FieldErrors = Record<string, string>;

export interface Issue {
  path: PropertyKey[];
  message: string;
}

/** First message per field, keyed by the field's dotted path ("" for the whole body). */
export function fieldErrors(issues: Issue[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join(".");
    errors[key] ??= issue.message;
  }
  return errors;
}
