// The CSV downloads, parsed back and compared with the API's figures.
import { afterEach, beforeAll, describe, expect, test } from "bun:test";
import { buildFigures, FIXTURE_TODAY, TRICKY_NAME, type Figures } from "../../../tests/fixtures/figures";
import { useTestApp } from "../../../tests/support";
import { pinClock } from "../../lib/clock";
import { parseCsv } from "../../lib/csv";

const t = useTestApp();
let f: Figures;
let unpin: () => void = () => {};
beforeAll(async () => {
  const restore = pinClock(FIXTURE_TODAY);
  f = await buildFigures(t, t.cookie);
  restore();
});
afterEach(() => unpin());

/** The download's bytes as Excel reads them: the BOM is checked, then stripped with the rest. */
async function download(path: string) {
  const response = await t.api(path);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
  const bytes = new Uint8Array(await response.arrayBuffer());
  expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
  expect(text.endsWith("\r\n")).toBe(true);
  expect(text.replaceAll("\r\n", "").includes("\n")).toBe(false); // every line break is CRLF
  return { rows: parseCsv(text), fileName: /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1] };
}
const api = async (path: string) => (await t.api(path)).json();
/** "1234,56" → "1234.56": the API's form of a CSV money cell. */
const decimal = (cell: string | undefined) => cell?.replace(",", ".");

describe("CSV export", () => {
  test("cash flow: one line per month with the API's figures, file named after the range", async () => {
    unpin = pinClock(FIXTURE_TODAY);
    const { rows, fileName } = await download("/reports/export?aba=fluxo&de=2025-10&ate=2026-09");
    expect(fileName).toBe("fluxo-de-caixa-2025-10-a-2026-09.csv");
    expect(rows[0]).toEqual(["Mês", "Situação", "Recebido", "A receber em aberto", "Parcelas a receber", "Pago", "A pagar em aberto", "Parcelas a pagar", "Saldo", "Saldo acumulado"]);
    const flow = await api("/api/reports/cash-flow?from=2025-10&to=2026-09");
    expect(rows.slice(1).map((r) => [r[0], decimal(r[2]), decimal(r[3]), Number(r[4]), decimal(r[5]), decimal(r[6]), Number(r[7]), decimal(r[8]), decimal(r[9])])).toEqual(
      flow.map((m: Record<string, string | number>) => [
        m.month, m.recebido, m.receberEmAberto, m.parcelasReceber, m.pago, m.pagarEmAberto, m.parcelasPagar, m.saldo, m.saldoAcumulado,
      ]),
    );
    expect(rows[4]).toEqual(["2026-01", "Realizado", "357,12", "0,00", "1", "980,00", "0,00", "1", "-622,88", "-622,88"]);
  });

  test("monthly: the six figures with their counts", async () => {
    unpin = pinClock(FIXTURE_TODAY);
    const { rows, fileName } = await download("/reports/export?aba=mensal&mes=2026-03");
    expect(fileName).toBe("relatorio-mensal-2026-03.csv");
    expect(rows).toEqual([
      ["Mês", "Indicador", "Valor", "Quantidade"],
      ["2026-03", "Recebido no mês", "100,00", "1"],
      ["2026-03", "Pago no mês", "1260,50", "2"],
      ["2026-03", "Saldo realizado", "-1160,50", ""],
      ["2026-03", "A receber pendente", "930,00", "3"],
      ["2026-03", "A pagar pendente", "1250,00", "2"],
      ["2026-03", "Saldo previsto", "-1480,50", ""],
    ]);
  });

  test("client: every installment; a name with ';', quotes and a leading '=' survives, neutralised", async () => {
    unpin = pinClock(FIXTURE_TODAY);
    const { rows, fileName } = await download(`/reports/export?aba=cliente&id=${f.bar}`);
    expect(fileName).toBe(`relatorio-cliente-${f.bar}-bar-do-ze-cia.csv`);
    expect(rows.slice(1).map((r) => r.slice(0, 8))).toEqual([
      [`'${TRICKY_NAME}`, "1 de 1", "Mensalidade", "05/03/2026", "100,00", "Pago", "05/03/2026", "100,00"],
      [`'${TRICKY_NAME}`, "1 de 1", "Mensalidade", "15/03/2026", "100,00", "Em Aberto", "", ""],
    ]);
    const padaria = await download(`/reports/export?aba=cliente&id=${f.padaria}`);
    const report = await api(`/api/reports/client/${f.padaria}`);
    const face = padaria.rows.slice(1).map((r) => Math.round(Number(decimal(r[4])) * 100));
    expect((face.reduce((a, b) => a + b, 0) / 100).toFixed(2)).toBe(report.totalContrato);
    expect(padaria.rows[1]!.slice(3, 10)).toEqual(["31/01/2026", "350,00", "Pago", "01/02/2026", "357,12", "7,00", "0,12"]);
  });

  test("supplier: valorPago as paid", async () => {
    unpin = pinClock(FIXTURE_TODAY);
    const { rows } = await download(`/reports/export?aba=fornecedor&id=${f.papelaria}`);
    expect(rows.slice(1).map((r) => [r[0], r[1], r[5], r[7]])).toEqual([
      ["Papelaria Central", "1 de 3", "Pago", "980,00"],
      ["Papelaria Central", "2 de 3", "Pago", "1010,50"],
      ["Papelaria Central", "3 de 3", "Em Aberto", ""],
    ]);
  });

  test("bad requests: no party chosen, unknown party, malformed month; no session", async () => {
    expect((await t.api("/reports/export?aba=cliente")).status).toBe(400);
    expect((await t.api("/reports/export?aba=cliente&id=999999")).status).toBe(404);
    expect((await t.api("/reports/export?aba=mensal&mes=2026-13")).status).toBe(400);
    expect((await t.api("/reports/export?aba=fluxo&de=2020-01&ate=2026-01")).status).toBe(400);
    expect((await t.request("/reports/export?aba=fluxo")).status).toBe(302);
  });
});
