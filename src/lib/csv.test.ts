import { describe, expect, test } from "bun:test";
import { csvCell, csvDate, csvMoney, csvMonth, csvParcela, csvResponse, csvStreamResponse, parseCsv, toCsv, type CsvCell } from "./csv";
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

  test("an installment's number and a month are written so no spreadsheet reads a date (Calc read-back: src/api/reports/spreadsheet.test.ts)", () => {
    expect([csvParcela("1/3"), csvParcela("12/18")]).toEqual(["1 de 3", "12 de 18"]);
    expect(csvCell(csvMonth("2026-11"))).toBe("2026-11");
  });

  test("text that a spreadsheet would run as a formula is neutralised", () => {
    for (const text of ["=HYPERLINK(\"x\")", "+55 11", "-2+3", "@SUM(A1)", "\tx"]) expect(csvCell(text).replace(/^"|"$/g, "").startsWith("'")).toBe(true);
    expect(csvCell("Padaria = boa")).toBe("Padaria = boa");
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

  describe("a large download, streamed", () => {
    const header = ["Cliente", "Parcela", "Valor"];
    // The BOM is part of the file: a default TextDecoder (and Response.text()) would drop it.
    const bytesAsText = (bytes: ArrayBuffer | Uint8Array) => new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
    const rows = (n: number): CsvCell[][] => Array.from({ length: n }, (_, i) => [`=Cliente ${i}; "filial"`, csvParcela(`${(i % 12) + 1}/12`), csvMoney(cents(i * 137))]);

    test("the same bytes as the whole file, and the event loop runs between its slices", async () => {
      const many = rows(60_000);
      // A timer that wants to run every few ms: it runs while the file goes out only if the
      // stream yields (one synchronous write of 60,000 rows would let it run once, after).
      let ticks = 0;
      const timer = setInterval(() => ticks++, 1);
      const response = csvStreamResponse(new Request("http://cofre.test/x"), "historico.csv", header, many);
      const text = bytesAsText(await response.arrayBuffer());
      clearInterval(timer);
      expect(text).toBe(toCsv(header, many));
      expect(response.headers.get("content-encoding")).toBeNull();
      expect(response.headers.get("content-disposition")).toContain('filename="historico.csv"');
      expect(ticks).toBeGreaterThan(3);
    });

    test("gzipped when the browser accepts it, and it unzips to the same file", async () => {
      const some = rows(5_000);
      const response = csvStreamResponse(new Request("http://cofre.test/x", { headers: { "accept-encoding": "gzip, deflate, br" } }), "x.csv", header, some);
      expect(response.headers.get("content-encoding")).toBe("gzip");
      expect(response.headers.get("vary")).toBe("accept-encoding");
      const zipped = new Uint8Array(await response.arrayBuffer());
      const plain = toCsv(header, some);
      expect(zipped.byteLength).toBeLessThan(new TextEncoder().encode(plain).byteLength / 4);
      expect(bytesAsText(Bun.gunzipSync(zipped))).toBe(plain);
    });

    test("a cancelled download closes its rows (the statement behind them)", async () => {
      let closed = false;
      function* source() {
        try {
          for (let i = 0; ; i++) yield [`linha ${i}`];
        } finally {
          closed = true;
        }
      }
      const response = csvStreamResponse(new Request("http://cofre.test/x"), "x.csv", ["a"], source());
      const reader = response.body!.getReader();
      await reader.read();
      await reader.cancel();
      expect(closed).toBe(true);
    });

    test("an empty file is the BOM and the header", async () => {
      const response = csvStreamResponse(new Request("http://cofre.test/x"), "x.csv", header, []);
      expect(bytesAsText(await response.arrayBuffer())).toBe(toCsv(header, []));
    });
  });
});
