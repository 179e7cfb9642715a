// A régua message's words (DECISIONS §11): a step's subject and text with the placeholders
// filled for one client and the installments that reached a step that day, and the fixed footer
// (CDC art. 42-A). Pure.
import { formatDateBR } from "../../lib/dates";
import { formatBRL, sumCents, type Cents } from "../../lib/money";
import { FOOTER_NOTICE } from "./model";

export interface MessageInstallment {
  id: number;
  numerosParcela: string;
  descricao: string;
  dataVencimento: string;
  /** As of the message's day: face value, or with multa and juros when overdue. */
  total: Cents;
  diasAtraso: number;
  /** The PIX copia-e-cola for `total`, or null (no PIX key configured). */
  pix: string | null;
}

interface Company {
  empresa: string;
  cnpjEmpresa: string;
  enderecoEmpresa: string;
}

interface MessageContext {
  cliente: string;
  contato: string;
  parcelas: MessageInstallment[];
  /** The client's own page, or null (then the line holding {link} goes). */
  link: string | null;
  company: Company;
}

/** "05/03/2026", "05/03/2026 e 10/03/2026", "05/03, 10/03 e 15/03/2026". */
function dueDates(parcelas: readonly MessageInstallment[]): string {
  const dates = [...new Set(parcelas.map((p) => p.dataVencimento))].sort().map(formatDateBR);
  if (dates.length <= 1) return dates[0] ?? "";
  return `${dates.slice(0, -1).join(", ")} e ${dates.at(-1)}`;
}

/**
 * {pix}: one installment, its code alone; several, each on its own with its amount as of today
 * and its code. Null when no installment has a code.
 */
function pixBlock(parcelas: readonly MessageInstallment[]): string | null {
  if (parcelas.every((p) => p.pix === null)) return null;
  if (parcelas.length === 1) return parcelas[0]!.pix;
  return parcelas
    .map((p) => `Parcela ${p.numerosParcela} (${p.descricao}), vencimento ${formatDateBR(p.dataVencimento)}, ${formatBRL(p.total)}:\n${p.pix ?? "(sem PIX: fale conosco)"}`)
    .join("\n\n");
}

function placeholderValues(context: MessageContext): Record<string, string | null> {
  const { parcelas, company } = context;
  return {
    cliente: context.cliente,
    contato: context.contato,
    valor: formatBRL(sumCents(parcelas.map((p) => p.total))),
    vencimento: dueDates(parcelas),
    dias_atraso: String(Math.max(0, ...parcelas.map((p) => p.diasAtraso))),
    link: context.link,
    pix: pixBlock(parcelas),
    empresa: company.empresa,
    cnpj_empresa: company.cnpjEmpresa,
    endereco_empresa: company.enderecoEmpresa,
  };
}

/**
 * The template filled. A placeholder with no value (no PIX key, no client page yet) takes its
 * paragraph ({pix}: the "use o código abaixo" line would point at nothing) or its line ({link})
 * with it; unknown names stay as typed.
 */
function fillTemplate(template: string, values: Record<string, string | null>): string {
  let text = template.replace(/\r\n?/g, "\n");
  if (values.pix === null) text = text.split(/\n[ \t]*\n/).filter((paragraph) => !paragraph.includes("{pix}")).join("\n\n");
  if (values.link === null) text = text.split("\n").filter((line) => !line.includes("{link}")).join("\n");
  const filled = text.replace(/\{(\w+)\}/g, (whole, name: string) => (Object.hasOwn(values, name) ? (values[name] ?? "") : whole));
  return filled.replace(/\n{3,}/g, "\n\n").trim();
}

/** The one-line subject, filled. */
const fillSubject = (template: string, values: Record<string, string | null>) =>
  fillTemplate(template, values).replace(/\s+/g, " ").trim();

/** Every message ends with who charges: name, CNPJ, address, and "Se você já pagou…". */
function footer(company: Company): string {
  return ["—", company.empresa, `CNPJ ${company.cnpjEmpresa}`, company.enderecoEmpresa, FOOTER_NOTICE].join("\n");
}

interface FilledMessage {
  assunto: string;
  texto: string;
}

export function composeMessage(step: { assunto: string; texto: string }, context: MessageContext): FilledMessage {
  const values = placeholderValues(context);
  return { assunto: fillSubject(step.assunto, values), texto: `${fillTemplate(step.texto, values)}\n\n${footer(context.company)}` };
}
