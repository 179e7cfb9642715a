import { describe, expect, test } from "bun:test";
import { csvCell, csvDate, csvMoney, csvMonth, csvParcela, csvResponse, parseCsv, toCsv } from "./csv";
import { cents } from "./money";

describe("CSV for Excel pt-BR", () => {
  test("BOM, ';' between cells, CRLF after every line, decimal comma, dd/mm/aaaa", () => {
    const csv = toCsv(["Cliente", "Valor", "Vencimento", "Parcelas"], [["Padaria Pão Quente", csvMoney(cents(123456)), csvDate("2026-01-31"), 3]]);
    expect(csv).toBe("\uFEFFCliente;Valor;Vencimento;Parcelas\r\nPadaria Pão Quente;1234,56;31/01/2026;3\r\n");
  });

  test("money has no thousands separator and negatives stay numbers (not neutralised)", () => {
    expect(csvCell(csvMoney(cents(123456789)))).toBe("1234567,89");
    expect(csvCell(csvMoney(cents(-1230)))).toBe("-12,30");
    expect(csvCell(csvMoney(cents(5)))).toBe("0,05");
  });

  test("an installment's number and a month are written so no spreadsheet reads a date (Calc read-back: tests/e2e/spreadsheet.e2e.ts)", () => {
    expect([csvParcela("1/3"), csvParcela("12/18")]).toEqual(["1 de 3", "12 de 18"]);
    expect(csvCell(csvMonth("2026-11"))).toBe("2026-11");
  });

  test("text that a spreadsheet would run as a formula is neutralised", () => {
    for (const text of ["=HYPERLINK(\"x\")", "+55 11", "-2+3", "@SUM(A1)", "\tx"]) expect(csvCell(text).replace(/^"|"$/g, "").startsWith("'")).toBe(true);
    expect(csvCell("Padaria = boa")).toBe("Padaria = boa");
    // A carriage return first: neutralised, then quoted (it is a line break to a CSV reader).
    expect(csvCell("\r=1+1")).toBe(`"'\r=1+1"`);
    expect(csvCell("\rPadaria")).toBe(`"'\rPadaria"`);
  });

  test("separators, quotes and line breaks are quoted and survive a parse back", () => {
    const name = '=Bar "do Zé"; Cia\r\nFilial';
    const csv = toCsv(["Nome", "Valor"], [[name, csvMoney(cents(10000))], [null, undefined]]);
    expect(parseCsv(csv)).toEqual([["Nome", "Valor"], [`'${name}`, "100,00"], ["", ""]]);
  });

  test("served as a text/csv attachment with the file name", async () => {
    const response = csvResponse("fluxo-de-caixa-2026-06-a-2027-05.csv", toCsv(["a"], []));
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toContain('attachment; filename="fluxo-de-caixa-2026-06-a-2027-05.csv"');
    expect(new Uint8Array(await response.arrayBuffer()).slice(0, 3)).toEqual(new Uint8Array([0xef, 0xbb, 0xbf]));
  });
});
