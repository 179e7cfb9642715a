import { fieldErrors, type Issue } from "../lib/field-errors";
import { badRequest } from "./errors";

interface SafeParser<T> {
  safeParse(input: unknown): { success: true; data: T } | { success: false; error: { issues: Issue[] } };
}

/** The one way a route reads input: the form's schema, or a 400 with per-field messages. */
export function parseWith<T>(schema: SafeParser<T>, input: unknown): T {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const errors = fieldErrors(result.error.issues);
  throw badRequest(Object.values(errors)[0] ?? "Dados inválidos", errors);
}

/** Path ids are positive integers in digits only: "12abc", "12.5", "-1" and "0" are refused. */
export function parseId(raw: string | undefined): number {
  if (raw === undefined || !/^[1-9]\d{0,14}$/.test(raw)) throw badRequest("Identificador inválido");
  return Number(raw);
}
