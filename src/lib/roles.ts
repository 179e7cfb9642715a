// The three roles (DECISIONS §10), client-safe: the API's table (src/api/auth/permissions.ts) and
// the screens read the same names.
export const ROLES = ["administrador", "financeiro", "consulta"] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = { administrador: "Administrador", financeiro: "Financeiro", consulta: "Consulta" };

/** Whether a role may change data (every write route of the table is administrador or financeiro). */
export const canWrite = (role: Role | null | undefined) => role === "administrador" || role === "financeiro";
