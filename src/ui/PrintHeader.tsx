import { clock } from "../lib/clock";

/** "22/11/2026, 14:05" in APP_TZ: when the page was made, which is when it is printed. */
export function printedAtNow(): string {
  return new Intl.DateTimeFormat("pt-BR", { timeZone: clock.timeZone, dateStyle: "short", timeStyle: "short" }).format(clock.now());
}

/**
 * Whose paper it is and when it was made (issue 37 §17): the company's name and CNPJ as
 * Configurações holds them (src/pages/print-stamp.ts reads them), and the moment of the page.
 */
export interface PrintStamp {
  /** "22/11/2026, 14:05" in APP_TZ. */
  at: string;
  /** The company's name; "" when not configured yet. */
  empresa: string;
  /** "11.222.333/0001-81", or null when the settings have none. */
  cnpj: string | null;
}

interface PrintHeaderProps {
  title: string;
  /** What the printed page shows ("Período: …", "Cliente: …"); omitted when empty. */
  filters?: string;
  printed: PrintStamp;
}

/** Only on paper (reports.css): whose page, what was printed, with which filters, and when. */
export function PrintHeader({ title, filters, printed }: PrintHeaderProps) {
  const company = [printed.empresa, printed.cnpj && `CNPJ ${printed.cnpj}`].filter(Boolean).join(" · ");
  return (
    <div className="print-header" aria-hidden="true">
      {company && <span className="print-header__company">{company}</span>}
      <strong>Cofre · {title}</strong>
      {filters && <span>{filters}</span>}
      <span>Impresso em {printed.at}</span>
    </div>
  );
}
