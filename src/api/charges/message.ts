// The charge's words and links (DECISIONS §7): the template filled for one installment, and
// the WhatsApp and e-mail links that open the user's own apps (Cofre sends nothing itself).
import { isValidPhone, normalizePhone } from "../../lib/brazil";
import type { Placeholder } from "../settings/model";

/** What each placeholder becomes; `pix` is null when no PIX code could be made (no key yet). */
export type MessageValues = Record<Exclude<Placeholder, "pix">, string> & { pix: string | null };

/**
 * The template with its placeholders filled. Without a PIX code, the paragraph holding {pix}
 * goes (its "use o PIX abaixo" line would point at nothing); the rest of the message stays.
 */
export function fillMessage(template: string, values: MessageValues): string {
  let text = template.replace(/\r\n?/g, "\n");
  if (values.pix === null) {
    text = text
      .split(/\n[ \t]*\n/)
      .filter((paragraph) => !paragraph.includes("{pix}"))
      .join("\n\n");
  }
  const filled = text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? (values[name as Placeholder] ?? "") : whole,
  );
  // An empty placeholder ({empresa} not configured) must not leave a trailing gap.
  return filled.replace(/\n{3,}/g, "\n\n").trim();
}

/** The e-mail's subject: which installment, and from whom when the company is configured. */
export function chargeSubject(values: Pick<MessageValues, "parcela" | "vencimento" | "empresa">): string {
  const subject = `Cobrança da parcela ${values.parcela} com vencimento em ${values.vencimento}`;
  return values.empresa ? `${subject} · ${values.empresa}` : subject;
}

/**
 * `https://wa.me/55DDDNUMBER?text=…` for a Brazilian phone stored as digits (DDD + number);
 * null when the client has no usable phone, so the screen offers no WhatsApp button.
 */
export function whatsappUrl(telefone: string | null | undefined, text: string): string | null {
  if (!telefone || !isValidPhone(telefone)) return null;
  return `https://wa.me/55${normalizePhone(telefone)}?text=${encodeURIComponent(text)}`;
}

/** `mailto:` with subject and body (RFC 6068: percent-encoded, line breaks as CRLF); null without an e-mail. */
export function mailtoUrl(email: string | null | undefined, subject: string, body: string): string | null {
  const address = email?.trim();
  if (!address || !address.includes("@")) return null;
  const encode = (text: string) => encodeURIComponent(text.replace(/\r?\n/g, "\r\n"));
  return `mailto:${encodeURIComponent(address).replace("%40", "@")}?subject=${encode(subject)}&body=${encode(body)}`;
}
