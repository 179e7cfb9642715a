import { clock } from "../lib/clock";

/** "22/11/2026, 14:05" in APP_TZ: when the page was made, which is when it is printed. */
export function printedAtNow(): string {
  return new Intl.DateTimeFormat("pt-BR", { timeZone: clock.timeZone, dateStyle: "short", timeStyle: "short" }).format(clock.now());
}

interface PrintHeaderProps {
  title: string;
  /** What the printed page shows ("Período: …", "Cliente: …"); omitted when empty. */
  filters?: string;
  printedAt: string;
}

/** Only on paper (reports.css): what was printed, with which filters, and when. */
export function PrintHeader({ title, filters, printedAt }: PrintHeaderProps) {
  return (
    <div className="print-header" aria-hidden="true">
      <strong>Cofre · {title}</strong>
      {filters && <span>{filters}</span>}
      <span>Impresso em {printedAt}</span>
    </div>
  );
}
