// GET /clients/export (issue 35 §4): the Clientes list's view (its search, CNPJ, status and
// order) as a CSV for Excel pt-BR, through the list's own query (src/lib/csv.ts's rules).
import type { Db } from "../../../db/client";
import { today } from "../../lib/clock";
import { formatCnpj, formatPhone } from "../../lib/brazil";
import { csvMoneyText, type CsvCell } from "../../lib/csv";
import { everyPage } from "../paged-export";
import { findClients, parseClientQuery } from "./service";

const HEADER = ["Nome", "CNPJ", "Código", "Contato", "Telefone", "E-mail", "Site", "Mensalidade", "Trial", "Situação", "Bloqueio"];

export function clientsCsv(db: Db, raw: Record<string, string | undefined>, graceDays: number): { fileName: string; header: string[]; rows: Iterable<CsvCell[]> } {
  // Parsed now: a value no one could mean is a 400 before any byte.
  const query = parseClientQuery(raw);
  return { fileName: `clientes-${today()}.csv`, header: HEADER, rows: lines(db, query, graceDays) };
}

function* lines(db: Db, query: ReturnType<typeof parseClientQuery>, graceDays: number): Generator<CsvCell[]> {
  for (const c of everyPage((paging) => findClients(db, { ...query, ...paging }, graceDays))) {
    yield [
      c.nome,
      // Punctuated, the CNPJ is text in a spreadsheet: its leading zeros stay.
      formatCnpj(c.cnpj),
      c.codigoCliente,
      c.contato,
      formatPhone(c.telefone),
      c.email,
      c.url,
      csvMoneyText(c.valorMensalidade),
      c.isTrial ? "Sim" : "Não",
      c.statusBloqueio ? "Bloqueado" : "Ativo",
      c.bloqueioOrigem === "automatico" ? "Automático" : c.bloqueioOrigem === "manual" ? "Manual" : null,
    ];
  }
}
