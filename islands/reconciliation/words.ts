// The Conciliação screen's words and figures: one place for how a transaction is named, how its
// amount and the statement's facts read, and which badge each situation gets.
import type { Confianca, ImportAnswer, Situacao, StatementJson, TransactionJson } from "../../src/api/statements/model";
import { DEFAULT_TIME_ZONE } from "../../src/lib/clock";
import { formatDateBR } from "../../src/lib/dates";
import { formatBRL, parseMoney, ZERO } from "../../src/lib/money";
import type { BadgeVariant } from "../../src/ui/Badge";

/** "R$ 150,00" from the API's "150.00"; debits keep their sign: "-R$ 80,00". */
export const money = (text: string | null | undefined) => formatBRL(parseMoney(text ?? "0") ?? ZERO);

/** How a row is named in its buttons: "transação de 05/11/2026 R$ 150,00". */
export const transactionName = (t: Pick<TransactionJson, "data" | "valor">) => `transação de ${formatDateBR(t.data)} ${money(t.valor)}`;

export const SITUACAO_BADGE: Record<Situacao, BadgeVariant> = {
  pendente: "warning",
  sugerida: "info",
  conciliada: "success",
  ignorada: "neutral",
};

export const CONFIANCA: Record<Confianca, { label: string; variant: BadgeVariant }> = {
  alta: { label: "Alta", variant: "success" },
  media: { label: "Média", variant: "warning" },
};

/** The Situação filter, in the order a person works through a statement. */
export const SITUACAO_FILTER: { value: Situacao | ""; label: string }[] = [
  { value: "", label: "Todas" },
  { value: "pendente", label: "Pendentes" },
  { value: "sugerida", label: "Sugeridas" },
  { value: "conciliada", label: "Conciliadas" },
  { value: "ignorada", label: "Ignoradas" },
];

/** "01/11 a 16/11/2026" ("20/12/2026 a 05/01/2027" across years), or what the file left out. */
export function periodText(s: Pick<StatementJson, "de" | "ate">): string {
  if (s.de && s.ate) return `${s.de.slice(0, 4) === s.ate.slice(0, 4) ? formatDateBR(s.de).slice(0, 5) : formatDateBR(s.de)} a ${formatDateBR(s.ate)}`;
  if (s.de || s.ate) return formatDateBR(s.de ?? s.ate);
  return "Período não informado";
}

/** "Itaú Unibanco (341) · Ag. 1234 · Conta 56789-0" (the server names the bank: the FEBRABAN list is not shipped). */
function accountText(s: Pick<StatementJson, "bancoNome" | "agencia" | "conta">): string {
  return [s.bancoNome, s.agencia ? `Ag. ${s.agencia}` : null, `Conta ${s.conta}`].filter(Boolean).join(" · ");
}

/** One option of the statement picker: account and period. */
export const statementOption = (s: StatementJson) => `${accountText(s)} — ${periodText(s)}`;

let stampParts: Intl.DateTimeFormat | undefined;
/**
 * "16/11/2026 às 10:00" in the company's zone, built from parts so the server and the browser
 * write the same text (their Intl data may punctuate a date-time differently).
 */
export function stampText(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  stampParts ??= new Intl.DateTimeFormat("en-GB", {
    timeZone: DEFAULT_TIME_ZONE,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  });
  const p = Object.fromEntries(stampParts.formatToParts(date).map((part) => [part.type, part.value]));
  return `${p.day}/${p.month}/${p.year} às ${p.hour}:${p.minute}`;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The import's toast details: "2 novas, 1 já importada, 2 sugestões". */
export function importDetails(answer: ImportAnswer): string {
  return [
    plural(answer.novas, "nova", "novas"),
    plural(answer.jaImportadas, "já importada", "já importadas"),
    plural(answer.sugestoes, "sugestão", "sugestões"),
  ].join(", ");
}
