// CSV that Excel pt-BR opens as it should: UTF-8 with BOM (or accents break), ';' between
// cells (',' is the decimal mark), CRLF, decimal comma without thousands separator, dd/mm/aaaa.
// Text that a spreadsheet would read as a formula (= + - @, tab, CR) is neutralised.
import { formatDateBR } from "./dates.ts";
import { centsToDecimal, type Cents } from "./money.ts";
import { STATUS_LABEL, type Status } from "./status.ts";

export const CSV_BOM = "\uFEFF";
const CSV_SEPARATOR = ";";
const CSV_EOL = "\r\n";

/** A cell the writer produced itself (money, date): written as is, never neutralised. */
export class CsvValue {
  constructor(readonly text: string) {}
}

export type CsvCell = string | number | null | undefined | CsvValue;

/** 1234.5 reais → "1234,50"; negative stays a number for Excel: "-12,30". */
export const csvMoney = (c: Cents) => new CsvValue(centsToDecimal(c).replace(".", ","));

/** A "1234.56" API money string as a CSV money cell. */
export const csvMoneyText = (decimal: string) => new CsvValue(decimal.replace(".", ","));

/** "2026-01-31" → "31/01/2026"; empty for null. */
export const csvDate = (iso: string | null | undefined) => new CsvValue(formatDateBR(iso));

/**
 * "1/3" → "1 de 3": written as "1/3" a spreadsheet reads it as a date (1 March), and quoting
 * does not stop it; "1 de 3" stays text in Calc and Excel pt-BR.
 */
export const csvParcela = (numerosParcela: string) => numerosParcela.replace("/", " de ");

/**
 * "2026-11" as is: text that sorts in time order (and Excel reads as that month); "11/2026"
 * would sort 01/2027 before 11/2026.
 */
export const csvMonth = (ym: string) => new CsvValue(ym);

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[";\r\n]/;

export function csvCell(cell: CsvCell): string {
  if (cell === null || cell === undefined) return "";
  let text: string;
  if (cell instanceof CsvValue) text = cell.text;
  else if (typeof cell === "number") text = Number.isInteger(cell) ? String(cell) : String(cell).replace(".", ",");
  // A leading apostrophe makes Excel and LibreOffice show the text instead of evaluating it.
  else text = FORMULA_START.test(cell) ? `'${cell}` : cell;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The whole file: BOM, the header row, then the rows; every line ends in CRLF. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return CSV_BOM + [header, ...rows].map(csvLine).join("");
}

/** One line of the file: its cells, ';' between them, CRLF after. */
export const csvLine = (row: readonly CsvCell[]) => row.map(csvCell).join(CSV_SEPARATOR) + CSV_EOL;

/** The headers of a download: text/csv, attachment with an ASCII file name (and its UTF-8 twin). */
export function downloadHeaders(fileName: string): Headers {
  const ascii = fileName.normalize("NFD").replace(/[^\w.-]+/g, "-");
  return new Headers({
    "content-type": "text/csv; charset=utf-8",
    "content-disposition": `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
    "cache-control": "no-store",
  });
}

/** A small download (a report), written whole. */
export function csvResponse(fileName: string, csv: string): Response {
  return new Response(csv, { headers: downloadHeaders(fileName) });
}

/** Reads a file written by toCsv back into rows (tests; imports of our own exports). */
export function parseCsv(text: string): string[][] {
  const body = text.startsWith(CSV_BOM) ? text.slice(1) : text;
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === CSV_SEPARATOR) {
      row.push(cell);
      cell = "";
    } else if (c === "\r" && body[i + 1] === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      i++;
    } else cell += c;
  }
  if (cell !== "" || row.length) rows.push([...row, cell]);
  return rows;
}

/** An installment as every export writes it: who, parcela, descrição, vencimento, valor, situação, paid on, paid. */
export function installmentCells(
  party: string,
  r: { numerosParcela: string; descricao: string; dataVencimento: string; valor: string; status: Status; dataPagamento: string | null; valorPago: string | null },
): CsvCell[] {
  return [
    party,
    csvParcela(r.numerosParcela),
    r.descricao,
    csvDate(r.dataVencimento),
    csvMoneyText(r.valor),
    STATUS_LABEL[r.status],
    csvDate(r.dataPagamento),
    r.valorPago === null ? null : csvMoneyText(r.valorPago),
  ];
}
