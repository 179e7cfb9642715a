// Relatórios › Assinaturas (issue 18): the page as served and its CSV (LibreOffice Calc reads it
// in tests/e2e/spreadsheet.e2e.ts, with every other export, in one run). The figures are
// the MRR movement of src/api/subscriptions/mrr.ts.
import { afterEach, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { PADARIA, useTestApp } from "../../../tests/support";
import type { MrrMonth } from "../../api/subscriptions/mrr";
import { pinClock } from "../../lib/clock";
import { parseCsv } from "../../lib/csv";

const t = useTestApp();
const TODAY = "2026-05-20T10:00:00-03:00";
let cookie = "";
const get = (path: string) => t.request(path, { cookie });

const FLORICULTURA = { ...PADARIA, nome: "Floricultura Ipê Amarelo", cnpj: "11.444.777/0001-61", codigoCliente: "FLO-002", email: "flores@ipe.com.br" };
const MERCADO = { ...PADARIA, nome: "Mercadinho Bom Preço", cnpj: "38.599.503/0001-06", codigoCliente: "MER-003", email: "contato@bompreco.com.br" };

// January–May 2026: Padaria from January (150,00, readjusted 4,62 % from April), the florist
// February–March (250,00, ended), Mercadinho from April (100,00). Built on 15 March and 20 May.
beforeAll(async () => {
  let unpin = pinClock("2026-03-15T10:00:00-03:00");
  try {
    cookie = await t.login();
    const send = async (path: string, method: string, body: object) => {
      const response = await t.request(path, { method, body, cookie });
      if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
      return (await response.json()) as { id: number };
    };
    const terms = (extra: object) => ({ status: "ativa", valor: "150.00", diaVencimento: 10, inicio: "2026-01", ...extra });
    const padaria = await send("/api/clients", "POST", PADARIA);
    const flores = await send("/api/clients", "POST", FLORICULTURA);
    const mercado = await send("/api/clients", "POST", MERCADO);
    await send(`/api/clients/${padaria.id}/subscription`, "PUT", terms({}));
    await send(`/api/clients/${flores.id}/subscription`, "PUT", terms({ valor: "250.00", inicio: "2026-02" }));
    // A readjustment waits 12 months from the contract (Lei 10.192/2001): Padaria's dates from
    // March 2025, billed outside Cofre before 2026.
    t.db.$client.run("UPDATE subscriptions SET inicio = '2025-03' WHERE client_id = ?", [padaria.id]);
    await send(`/api/clients/${padaria.id}/subscription/readjust`, "POST", { percentual: "4,62" });
    unpin();
    unpin = pinClock(TODAY);
    cookie = await t.login();
    await send("/api/subscriptions/run", "POST", {});
    await send(`/api/clients/${flores.id}/subscription`, "PUT", terms({ status: "encerrada", valor: "250.00", inicio: "2026-02", fim: "2026-03" }));
    await send(`/api/clients/${mercado.id}/subscription`, "PUT", terms({ valor: "100.00", inicio: "2026-04" }));
  } finally {
    unpin();
  }
});
let unpin = () => {};
beforeEach(() => (unpin = pinClock(TODAY)));
afterEach(() => unpin());

const text = (el: Element | null | undefined) => (el?.textContent ?? "").replace(/\u00a0/g, " ").replace(/\s+/g, " ").trim();

async function page(query: string) {
  const response = await get(`/reports?${query}`);
  expect(response.status).toBe(200);
  const root = document.createElement("div");
  root.innerHTML = await response.text();
  const table = root.querySelector(".report-subscriptions .report-table table")!;
  const rows = [...table.querySelectorAll("tbody tr")].map((tr) => [...tr.children].map((cell) => text(cell)));
  const marker = root.querySelector('[data-island="MrrChart"]')!;
  const props = JSON.parse(root.querySelector(`script#${marker.getAttribute("data-props-id")}`)!.textContent!) as { months: MrrMonth[]; source: string; table: boolean };
  return { root, rows, props };
}

describe("the Assinaturas tab", () => {
  test("a fifth tab, a link to the report's URL, current on its page", async () => {
    const { root } = await page("aba=assinaturas&de=2026-01&ate=2026-05");
    const tabs = [...root.querySelectorAll(".report-tabs a")];
    // The DRE (issue 36) and Saldo projetado (issue 34 §3) came after it.
    expect(tabs.map((a) => text(a))).toEqual(["Por Cliente", "Por Fornecedor", "Mensal", "Fluxo de Caixa", "Assinaturas", "DRE", "Saldo projetado"]);
    expect(tabs[4]!.getAttribute("href")).toBe("/reports?aba=assinaturas");
    expect(tabs[4]!.getAttribute("aria-current")).toBe("page");
    expect(root.querySelector(".report-panel")?.getAttribute("aria-label")).toBe("Assinaturas");
  });

  test("one row a month with MRR, novas, reajustes, encerradas and the count; the closing row last", async () => {
    const { root, rows } = await page("aba=assinaturas&de=2026-01&ate=2026-06");
    const header = [...root.querySelectorAll(".report-subscriptions thead th")].map((th) => text(th));
    expect(header).toEqual(["Mês", "MRR", "Novas", "Reajustes", "Encerradas", "Assinaturas"]);
    expect(rows).toEqual([
      ["jan. de 2026", "R$ 150,00", "R$ 150,00", "R$ 0,00", "R$ 0,00", "1"],
      ["fev. de 2026", "R$ 400,00", "R$ 250,00", "R$ 0,00", "R$ 0,00", "2"],
      ["mar. de 2026", "R$ 400,00", "R$ 0,00", "R$ 0,00", "R$ 0,00", "2"],
      ["abr. de 2026", "R$ 256,93", "R$ 100,00", "R$ 6,93", "R$ 250,00", "2"],
      ["mai. de 2026", "R$ 256,93", "R$ 0,00", "R$ 0,00", "R$ 0,00", "2"],
      // May is the current month (today's subscriptions); June a projection of them.
      ["jun. de 2026", "R$ 256,93", "R$ 0,00", "R$ 0,00", "R$ 0,00", "2"],
      [
        "Fechamento do período MRR e assinaturas em jun. de 2026; novas, reajustes e encerradas somadas",
        "R$ 256,93",
        "R$ 500,00",
        "R$ 6,93",
        "R$ 250,00",
        "2",
      ],
    ]);
    // Opening + novas + reajustes − encerradas = closing: 0 + 500,00 + 6,93 − 250,00 = 256,93.
    expect(text(root.querySelector(".report-subscriptions .ui-list-count"))).toBe("MRR de R$ 0,00 em dez. de 2025 a R$ 256,93 em jun. de 2026.");
    // The current month read out, as the dashboard's card says it.
    expect(text(root.querySelector(".report-note[data-mrr-current]"))).toBe("mai. de 2026 até hoje: MRR R$ 256,93; 0 novas e 0 encerradas; 0 em teste (R$ 0,00) fora do MRR.");
    const from = await page("aba=assinaturas&de=2026-03&ate=2026-05");
    expect(text(from.root.querySelector(".report-subscriptions .ui-list-count"))).toBe("MRR de R$ 400,00 em fev. de 2026 a R$ 256,93 em mai. de 2026.");
    expect(from.rows.at(-1)!.slice(1)).toEqual(["R$ 256,93", "R$ 100,00", "R$ 6,93", "R$ 250,00", "2"]);
  });

  test("the chart island gets the same months from the server (no fetch on load), without a second hidden table", async () => {
    const { props, rows } = await page("aba=assinaturas&de=2026-01&ate=2026-05");
    expect(props.months).toEqual(await (await get("/api/subscriptions/mrr?de=2026-01&ate=2026-05")).json());
    expect(props.source).toBe("/api/subscriptions/mrr?de=2026-01&ate=2026-05");
    expect(props.table).toBe(false);
    expect(rows).toHaveLength(6);
  });

  test("without a period: the last 12 months; the filters, the export link and the printed title carry the range", async () => {
    const { root, rows } = await page("aba=assinaturas");
    expect(rows.slice(0, -1).map((r) => r[0])).toEqual([
      "jun. de 2025", "jul. de 2025", "ago. de 2025", "set. de 2025", "out. de 2025", "nov. de 2025",
      "dez. de 2025", "jan. de 2026", "fev. de 2026", "mar. de 2026", "abr. de 2026", "mai. de 2026",
    ]);
    expect((root.querySelector('input[name="de"]') as HTMLInputElement).defaultValue).toBe("2025-06");
    expect((root.querySelector('input[name="ate"]') as HTMLInputElement).defaultValue).toBe("2026-05");
    expect(root.querySelector('a[download]')?.getAttribute("href")).toBe("/reports/export?aba=assinaturas&de=2025-06&ate=2026-05");
    expect(text(root.querySelector(".print-header"))).toContain("Assinaturas (MRR)");
    expect(text(root.querySelector(".print-header"))).toContain("Período: jun. de 2025 a mai. de 2026");
    expect(text(root.querySelector(".report-filters .report-hint"))).toBe("Até 120 meses.");
  });

  test("a period it cannot read shows the last 12 months and says why", async () => {
    for (const [query, message] of [
      ["de=2026-05&ate=2026-01", "O mês inicial deve ser anterior ou igual ao mês final"],
      ["de=2016-01&ate=2026-05", "O período pode ter no máximo 120 meses"],
      ["de=2026-13", "Mês inicial inválido: use o formato AAAA-MM (ex.: 2026-11), entre 1900 e 2199"],
    ]) {
      const { root, rows } = await page(`aba=assinaturas&${query}`);
      expect(text(root.querySelector(".report-error[role=alert]"))).toBe(message!);
      expect(rows).toHaveLength(13);
    }
  });
});

/** The download's bytes as Excel reads them: the BOM is checked, then stripped with the rest. */
async function download(path: string) {
  const response = await get(path);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
  const bytes = new Uint8Array(await response.arrayBuffer());
  expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const body = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
  expect(body.replaceAll("\r\n", "").includes("\n")).toBe(false); // every line break is CRLF
  return { bytes, rows: parseCsv(body), fileName: /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1] };
}

describe("CSV export", () => {
  test("one line per month with the API's figures (';', decimal comma, the month as 2026-04), named after the range", async () => {
    const { rows, fileName } = await download("/reports/export?aba=assinaturas&de=2026-01&ate=2026-06");
    expect(fileName).toBe("assinaturas-mrr-2026-01-a-2026-06.csv");
    expect(rows).toEqual([
      ["Mês", "MRR", "Novas", "Reajustes", "Encerradas", "Assinaturas"],
      ["2026-01", "150,00", "150,00", "0,00", "0,00", "1"],
      ["2026-02", "400,00", "250,00", "0,00", "0,00", "2"],
      ["2026-03", "400,00", "0,00", "0,00", "0,00", "2"],
      ["2026-04", "256,93", "100,00", "6,93", "250,00", "2"],
      ["2026-05", "256,93", "0,00", "0,00", "0,00", "2"],
      ["2026-06", "256,93", "0,00", "0,00", "0,00", "2"],
    ]);
    const api = (await (await get("/api/subscriptions/mrr?de=2026-01&ate=2026-06")).json()) as MrrMonth[];
    const comma = (decimal: string) => decimal.replace(".", ",");
    expect(rows.slice(1)).toEqual(api.map((m) => [m.mes, comma(m.mrr), comma(m.novas), comma(m.reajustes), comma(m.encerradas), String(m.assinaturas)]));
  });

  test("a period it cannot read is a 400 that says why", async () => {
    const response = await get("/reports/export?aba=assinaturas&de=2026-05&ate=2026-01");
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("O mês inicial deve ser anterior ou igual ao mês final");
  });
});
