// The users screen's and Minha conta's words: the roles' badges and what each may do, and the
// instants (last sign-in, a session's use) as people read them.
import type { Role } from "../../src/lib/roles";
import type { BadgeVariant } from "../../src/ui/Badge";

export { ROLE_LABELS } from "../../src/lib/roles";

export const ROLE_BADGE: Record<Role, BadgeVariant> = { administrador: "info", financeiro: "success", consulta: "neutral" };

/** What a role may do (DECISIONS §10), in one line: under the Perfil select and in Minha conta. */
export const ROLE_HINTS: Record<Role, string> = {
  administrador: "Tudo, inclusive usuários e configurações.",
  financeiro: "Cadastros, contas, assinaturas, conciliação e cobrança; não usuários nem configurações.",
  consulta: "Vê telas e relatórios, exporta e imprime; não altera nada.",
};

const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * "12/03/2026 14:05" in the company's zone, built from parts so the server and the browser
 * write the same text (their Intl data may punctuate a date-time differently).
 */
export function instantText(iso: string, timeZone: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-GB", { timeZone, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
    formats.set(timeZone, format);
  }
  const p = Object.fromEntries(format.formatToParts(date).map((part) => [part.type, part.value]));
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}`;
}

/** A last sign-in or a session's last use: the instant, or "Nunca". */
export const lastUseText = (iso: string | null, timeZone: string) => (iso ? instantText(iso, timeZone) : "Nunca");
