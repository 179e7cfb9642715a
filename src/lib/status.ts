// Status derivation (DECISIONS §2): "vencido" and "parcial" are never stored. "vencido" is read
// from the date; "parcial" from the payments (something paid, a balance left). While a balance
// is overdue, "vencido" wins.
export type StoredStatus = "em_aberto" | "pago";
export type Status = "em_aberto" | "parcial" | "vencido" | "pago";

export const STORED_STATUSES = ["em_aberto", "pago"] as const satisfies readonly StoredStatus[];
export const STATUSES = ["em_aberto", "parcial", "vencido", "pago"] as const satisfies readonly Status[];

/** SPEC §4's words for a status (badges, reports, exports). */
export const STATUS_LABEL: Record<Status, string> = { em_aberto: "Em Aberto", parcial: "Parcial", vencido: "Vencida", pago: "Pago" };

/**
 * The one word for a client or subscription in its trial, on every badge and label (issue 37
 * §11: SPEC's "TRIAL" on Clientes and "Trial" on Assinaturas became one word a Brazilian owner
 * reads). Form field labels keep SPEC's ("Trial até", "Cliente em período de teste (trial)").
 */
export const IN_TRIAL_LABEL = "Em teste";

/** `today` is YYYY-MM-DD in APP_TZ (clock.today()); ISO dates compare correctly as strings. */
/** `principalPago`: principal paid so far (cents); absent is 0 (a row with no payments). */
export function deriveStatus(row: { status: StoredStatus; dataVencimento: string; principalPago?: number }, today: string): Status {
  if (row.status === "pago") return "pago";
  if (row.dataVencimento < today) return "vencido";
  return (row.principalPago ?? 0) > 0 ? "parcial" : "em_aberto";
}
