// Status derivation (DECISIONS §2): "vencido" is never stored, it is read from the date.
export type StoredStatus = "em_aberto" | "pago";
export type Status = "em_aberto" | "vencido" | "pago";

export const STORED_STATUSES = ["em_aberto", "pago"] as const satisfies readonly StoredStatus[];
export const STATUSES = ["em_aberto", "vencido", "pago"] as const satisfies readonly Status[];

/** SPEC §4's words for a status (badges, reports, exports). */
export const STATUS_LABEL: Record<Status, string> = { em_aberto: "Em Aberto", vencido: "Vencida", pago: "Pago" };

/**
 * The one word for a client or subscription in its trial, on every badge and label (issue 37
 * §11: SPEC's "TRIAL" on Clientes and "Trial" on Assinaturas became one word a Brazilian owner
 * reads). Form field labels keep SPEC's ("Trial até", "Cliente em período de teste (trial)").
 */
export const IN_TRIAL_LABEL = "Em teste";

/** `today` is YYYY-MM-DD in APP_TZ (clock.today()); ISO dates compare correctly as strings. */
export function deriveStatus(row: { status: StoredStatus; dataVencimento: string }, today: string): Status {
  if (row.status === "pago") return "pago";
  return row.dataVencimento < today ? "vencido" : "em_aberto";
}
