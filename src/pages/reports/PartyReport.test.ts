import { beforeAll, describe, expect, test } from "bun:test";
import { PADARIA, useTestApp } from "../../../tests/support";
import { PRINT_MAX_ROWS } from "./PartyReport";

// Issue 16 item 4: a printed client/supplier report carried only the 50 rows of the page shown
// (76 installments → 1–50, nothing said the rest was missing). Paper gets every row.
const t = useTestApp();
const ids: Record<"long" | "short" | "huge" | "supplier", number> = { long: 0, short: 0, huge: 0, supplier: 0 };

beforeAll(async () => {
  const post = async (path: string, body: unknown) => {
    const response = await t.api(path, { method: "POST", body });
    expect(response.status).toBe(201);
    return (await response.json()) as { id: number };
  };
  const cnpjs = ["11222333000181", "38599503000106", "11444777000161"];
  const [long, short, huge] = await Promise.all(
    cnpjs.map((cnpj, i) => post("/api/clients", { ...PADARIA, nome: `Cliente ${i}`, cnpj, codigoCliente: `C-${i}` })),
  );
  ids.long = long!.id;
  ids.short = short!.id;
  ids.huge = huge!.id;
  ids.supplier = (await post("/api/suppliers", { nome: "Papelaria Central" })).id;
  // 76 installments: four contracts of 19 (the API's limit is 24 a contract).
  for (const [k, start] of ["2026-01-10", "2026-02-10", "2026-03-10", "2026-04-10"].entries()) {
    await post("/api/installments/generate", { clientId: ids.long, numParcelas: 19, valor: "1900.00", primeiroVencimento: start, descricao: `Contrato ${k + 1}` });
    await post("/api/payables/generate", { supplierId: String(ids.supplier), numParcelas: 19, valor: "1900.00", primeiroVencimento: start, descricao: `Compra ${k + 1}` });
  }
  // Exactly one page: 24 + 24 + 2.
  for (const n of [24, 24, 2]) {
    await post("/api/installments/generate", { clientId: ids.short, numParcelas: n, valor: `${n}.00`, primeiroVencimento: "2026-05-01", descricao: "Mensalidade" });
  }
  // More than a printed report holds, written directly (the API makes at most 24 at a time).
  const insert = t.db.$client.prepare(
    "INSERT INTO receivables (client_id, numeros_parcela, descricao, data_vencimento, valor, status) VALUES (?, ?, 'Mensalidade', ?, 100, 'em_aberto')",
  );
  t.db.$client.transaction(() => {
    for (let i = 0; i <= PRINT_MAX_ROWS; i++) insert.run(ids.huge, `${i + 1}/${PRINT_MAX_ROWS + 1}`, `2030-01-${String((i % 28) + 1).padStart(2, "0")}`);
  })();
});

const decode = (html: string) =>
  html.replace(/&(lt|gt|quot|#x27|#39|amp);/g, (_, name: string) => ({ lt: "<", gt: ">", quot: '"', "#x27": "'", "#39": "'", amp: "&" })[name]!);

/**
 * The page as served: its tables' body rows (first cell's text), screen and paper apart. Read
 * with Bun's streaming HTMLRewriter: a DOM of 5,000 rows took happy-dom over a second.
 */
async function report(query: string) {
  const response = await t.api(`/reports?${query}`);
  expect(response.status).toBe(200);
  const found = { screen: [] as string[], paper: [] as string[], all: [] as string[], paperNote: [] as string[], screenCount: [] as string[] };
  const rewriter = new HTMLRewriter();
  const rows = (selector: string, into: string[]) =>
    rewriter
      .on(`${selector} tbody tr`, { element: () => void into.push("") })
      .on(`${selector} tbody tr > :first-child`, { text: (chunk) => void (into[into.length - 1] += chunk.text) });
  const text = (selector: string, into: string[]) =>
    rewriter.on(selector, { element: () => void into.push(""), text: (chunk) => void (into[into.length - 1] += chunk.text) });
  rows(".report-table.no-print", found.screen);
  rows(".report-table.print-only", found.paper);
  rows(".report-installments .report-table", found.all);
  text(".report-installments .ui-list-count.print-only", found.paperNote);
  text(".report-installments .ui-list-count.no-print", found.screenCount);
  await rewriter.transform(response).text();
  for (const list of Object.values(found)) list.forEach((value, i) => (list[i] = decode(value)));
  found.paperNote = found.paperNote.map((s) => s.trim());
  found.screenCount = found.screenCount.map((s) => s.trim());
  return found;
}

describe("a party report on paper carries every installment", () => {
  test("76 installments: the screen shows 50, paper all 76 in the report's order, and says so", async () => {
    const first = await report(`aba=cliente&id=${ids.long}`);
    expect(first.screen).toHaveLength(50);
    expect(first.paper).toHaveLength(76);
    expect(first.paper.slice(0, 50)).toEqual(first.screen);
    expect(first.paper.filter((n) => n === "19/19")).toHaveLength(4);
    expect(first.paperNote).toEqual(["Todas as 76"]);
    expect(first.screenCount).toEqual(["1–50 de 76"]);
    // Printed from page 2, paper still starts at the first installment.
    const second = await report(`aba=cliente&id=${ids.long}&pagina=2`);
    expect(second.screen).toHaveLength(26);
    expect(second.paper).toEqual(first.paper);
    expect(second.paper.slice(50)).toEqual(second.screen);
  });

  test("a supplier's report likewise", async () => {
    const page = await report(`aba=fornecedor&id=${ids.supplier}`);
    expect([page.screen.length, page.paper.length]).toEqual([50, 76]);
    expect(page.paperNote).toEqual(["Todas as 76"]);
  });

  test("one page holds them all: one table, printed as shown", async () => {
    const page = await report(`aba=cliente&id=${ids.short}`);
    expect(page.paper).toEqual([]);
    expect(page.screen).toEqual([]);
    expect(page.all).toHaveLength(50);
  });

  test("a subscription's month reads 'Mensal', not '1/1' (issue 37 §1)", async () => {
    const client = (await (await t.api("/api/clients", { method: "POST", body: { ...PADARIA, nome: "Cliente Assinante", cnpj: "12345678000195", codigoCliente: "C-ASS" } })).json()) as { id: number };
    t.db.$client
      .prepare("INSERT INTO receivables (client_id, numeros_parcela, descricao, data_vencimento, valor, status, competencia) VALUES (?, '1/1', 'Mensalidade 12/2026', '2026-12-10', 15000, 'em_aberto', '2026-12')")
      .run(client.id);
    const page = await report(`aba=cliente&id=${client.id}`);
    expect(page.all).toEqual(["Mensal"]);
  });

  test(`past ${PRINT_MAX_ROWS} rows paper stops there and says where the rest is`, async () => {
    const page = await report(`aba=cliente&id=${ids.huge}`);
    expect(page.paper).toHaveLength(PRINT_MAX_ROWS);
    expect(page.paperNote).toEqual([`As primeiras 5.000 de 5.001 (todas no CSV)`]);
  });
});
