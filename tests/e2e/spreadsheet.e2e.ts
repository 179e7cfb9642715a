// The exports as a person sees them: opened in LibreOffice Calc with the pt-BR locale (what a
// double-click does) and read back cell by cell — numbers must be numbers, dates dates, and
// nothing else may turn into a date ("1/3" became the 1st of March) or run as a formula.
// A real client, like the browser suite's Chromium, so it runs with `bun run e2e`; the CSVs' own
// text is checked in `bun test` (src/api/reports/export.test.ts, src/lib/csv.test.ts).
import { beforeAll, describe, expect, test } from "bun:test";
import { buildFigures, FIXTURE_TODAY, TRICKY_NAME, type Figures } from "../fixtures/figures";
import { column, openInSpreadsheet, skipWithoutSpreadsheet, type SheetCell } from "../spreadsheet";
import { PADARIA, useTestApp } from "../support";
import { pinClock } from "../../src/lib/clock";

const skip = skipWithoutSpreadsheet();
const t = useTestApp();
let f: Figures;
let sheets: Record<"cliente" | "fornecedor" | "mensal" | "fluxo" | "historico" | "receber" | "pagar" | "assinaturas" | "dre" | "projecao", SheetCell[][]>;

/**
 * Relatórios › Assinaturas from January to April: a subscription of 150,00 whose fee was lowered
 * to 130,00 for April, a negative readjustment (-20,00). Built after the other exports are read,
 * so they do not see its installments.
 */
async function subscriptionsExport(get: (path: string) => Promise<ArrayBuffer>): Promise<ArrayBuffer> {
  const send = async (path: string, method: string, body: object) => {
    const response = await t.api(path, { method, body });
    if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as { id: number };
  };
  const client = await send("/api/clients", "POST", { ...PADARIA, nome: "Assinante Ltda", cnpj: "11.444.777/0001-61", codigoCliente: "ASS-001" });
  const terms = { status: "ativa", diaVencimento: 10, inicio: "2026-01" };
  await send(`/api/clients/${client.id}/subscription`, "PUT", { ...terms, valor: "150.00" });
  await send("/api/subscriptions/run", "POST", {});
  await send(`/api/clients/${client.id}/subscription`, "PUT", { ...terms, valor: "130.00" });
  const unpin = pinClock("2026-04-01");
  try {
    await send("/api/subscriptions/run", "POST", {});
    return await get("/reports/export?aba=assinaturas&de=2026-01&ate=2026-04");
  } finally {
    unpin();
  }
}

beforeAll(async () => {
  if (skip) return;
  const unpin = pinClock(FIXTURE_TODAY);
  try {
    f = await buildFigures(t, t.cookie);
    const get = async (path: string) => {
      const response = await t.api(path);
      expect(response.status).toBe(200);
      return response.arrayBuffer();
    };
    // Every export in one LibreOffice run: its start is most of the cost.
    sheets = openInSpreadsheet({
      cliente: await get(`/reports/export?aba=cliente&id=${f.padaria}`),
      fornecedor: await get(`/reports/export?aba=fornecedor&id=${f.papelaria}`),
      mensal: await get("/reports/export?aba=mensal&mes=2026-03"),
      fluxo: await get("/reports/export?aba=fluxo&de=2025-10&ate=2026-09"),
      historico: await get(`/history/export?entidade=client`),
      // The lists' exports follow the view: here, only what was paid, by amount, largest first.
      receber: await get("/receivables/export?status=pago&ordem=-valor"),
      pagar: await get(`/payables/export?supplierId=${f.papelaria}`),
      dre: await get("/reports/export?aba=dre&de=2026-01&ate=2026-03&base=caixa"),
      projecao: await get("/reports/export?aba=projecao&dias=30"),
      assinaturas: await subscriptionsExport(get),
    });
  } finally {
    unpin();
  }
}, 120_000);

const types = (cells: SheetCell[]) => [...new Set(cells.filter((c) => c.type !== "").map((c) => c.type))];

describe.skipIf(skip)("exports opened in LibreOffice Calc (pt-BR)", () => {
  test("client report: Parcela stays text ('1 de 3'), dates are dates, money is numbers", () => {
    const sheet = sheets.cliente;
    expect(column(sheet, "Parcela")).toEqual([
      { type: "string", value: "1 de 3" },
      { type: "string", value: "2 de 3" },
      { type: "string", value: "3 de 3" },
    ]);
    expect(column(sheet, "Vencimento").map((c) => [c.type, c.value])).toEqual([
      ["date", "2026-01-31"],
      ["date", "2026-02-28"],
      ["date", "2026-03-31"],
    ]);
    expect(column(sheet, "Valor").map((c) => [c.type, c.value])).toEqual([
      ["float", "350"],
      ["float", "350"],
      ["float", "350"],
    ]);
    expect(column(sheet, "Valor recebido")[0]).toEqual({ type: "float", value: "357.12" });
    expect(column(sheet, "Data de pagamento")[0]).toEqual({ type: "date", value: "2026-02-01" });
    expect(types(column(sheet, "Cliente"))).toEqual(["string"]);
  });

  test("supplier report: the same rules", () => {
    const sheet = sheets.fornecedor;
    expect(types(column(sheet, "Parcela"))).toEqual(["string"]);
    expect(types(column(sheet, "Vencimento"))).toEqual(["date"]);
    expect(column(sheet, "Valor pago").slice(0, 2)).toEqual([
      { type: "float", value: "980" },
      { type: "float", value: "1010.5" },
    ]);
  });

  test("monthly and cash flow: the month is text that sorts in time order; figures and counts are numbers", () => {
    expect(column(sheets.mensal, "Mês").map((c) => c.value)).toEqual(Array(6).fill("2026-03"));
    expect(types(column(sheets.mensal, "Mês"))).toEqual(["string"]);
    expect(types(column(sheets.mensal, "Valor"))).toEqual(["float"]);
    expect(types(column(sheets.mensal, "Quantidade"))).toEqual(["float"]);
    const months = column(sheets.fluxo, "Mês");
    expect(types(months)).toEqual(["string"]);
    expect(months.map((c) => c.value)).toEqual(months.map((c) => c.value).sort());
    expect(months[0]!.value).toBe("2025-10");
    for (const header of ["Recebido", "A receber em aberto", "Parcelas a receber", "Pago", "A pagar em aberto", "Parcelas a pagar", "Saldo", "Saldo acumulado"]) {
      expect({ header, types: types(column(sheets.fluxo, header)) }).toEqual({ header, types: ["float"] });
    }
    // January: 357.12 received, 980.00 paid.
    expect(sheets.fluxo[4]!.slice(0, 4).map((c) => c.value)).toEqual(["2026-01", "Realizado", "357.12", "0"]);
  });

  test("Saldo projetado: every day a date, the figures and counts numbers (issue 34 §3)", () => {
    const sheet = sheets.projecao;
    const days = column(sheet, "Data");
    expect(days).toHaveLength(31);
    expect(types(days)).toEqual(["date"]);
    expect(days[0]!.value).toBe("2026-03-15");
    for (const header of ["Entradas", "Parcelas a receber", "Saídas", "Parcelas a pagar", "Saldo"]) {
      expect({ header, types: types(column(sheet, header)) }).toEqual({ header, types: ["float"] });
    }
  });

  test("DRE: each month's figures, the total and the margin are numbers; the accounts are text", () => {
    const dre = sheets.dre;
    expect(dre[0]!.map((c) => c.value)).toEqual(["Tipo", "Grupo", "Categoria", "2026-01", "2026-02", "2026-03", "Total"]);
    for (const header of ["2026-01", "2026-02", "2026-03", "Total"]) {
      expect({ header, types: types(column(dre, header)) }).toEqual({ header, types: ["float"] });
    }
    // By caixa each payment counts in its payment month: the 357,12 received on 01/02 (the cash
    // flow's January, by due date) is February's receita, its fees included.
    const receitas = dre.find((row) => row[0]!.value === "Receitas" && row[1]!.type === "")!;
    expect(receitas[4]).toEqual({ type: "float", value: "357.12" });
    const resultado = dre.find((row) => row[0]!.value === "Resultado")!;
    expect(types(resultado.slice(3))).toEqual(["float"]);
    expect(types(column(dre, "Categoria"))).toEqual(["string"]);
  });

  test("Contas a Receber / a Pagar export the view: its filters and sort, the same cell rules", () => {
    const receber = sheets.receber;
    expect(receber[0]!.map((c) => c.value)).toEqual([
      "Cliente",
      "CNPJ",
      "Código",
      "Parcela",
      "Descrição",
      "Competência",
      "Vencimento",
      "Valor",
      "Situação",
      "Data de pagamento",
      "Multa",
      "Juros",
      "Desconto",
      "Valor recebido",
      "Saldo",
      "Categoria",
      "Centro de custo",
      "Conta",
    ]);
    // Issue 34 §5: the payments' parts and what is left, numbers in Calc; paid rows owe nothing.
    for (const name of ["Multa", "Juros", "Desconto", "Saldo"]) expect(types(column(receber, name))).toEqual(["float"]);
    expect(column(receber, "Saldo").map((c) => c.value)).toEqual(["0", "0", "0"]);
    expect(column(receber, "Desconto").map((c) => c.value)).toEqual(["0", "0", "0"]);
    expect(column(receber, "Situação").map((c) => c.value)).toEqual(["Pago", "Pago", "Pago"]);
    // Paid: padaria 1/3 (350,00), bar pago and mercadinho set (100,00 and 199,90), by valor descending.
    expect(column(receber, "Valor").map((c) => c.value)).toEqual(["350", "199.9", "100"]);
    expect(types(column(receber, "Parcela"))).toEqual(["string"]);
    expect(types(column(receber, "Data de pagamento"))).toEqual(["date"]);
    const pagar = sheets.pagar;
    expect(column(pagar, "Fornecedor").map((c) => c.value)).toEqual(["Papelaria Central", "Papelaria Central", "Papelaria Central"]);
    expect(column(pagar, "Parcela").map((c) => c.value)).toEqual(["1 de 3", "2 de 3", "3 de 3"]);
    expect(column(pagar, "Valor pago").map((c) => c.value)).toEqual(["980", "1010.5", ""]);
    expect(pagar[0]!.slice(-5).map((c) => c.value)).toEqual(["Valor pago", "Saldo", "Categoria", "Centro de custo", "Conta"]);
    // The unpaid one still owes its face value; the paid ones nothing.
    expect(column(pagar, "Saldo").map((c) => c.value)).toEqual(["0", "0", column(pagar, "Valor")[2]!.value]);
    expect(types(column(pagar, "Saldo"))).toEqual(["float"]);
  });

  test("history: Ação in pt-BR words; a name starting with '=' is text, never a formula", () => {
    const acoes = column(sheets.historico, "Ação").map((c) => c.value);
    expect(acoes).toContain("Cadastro");
    expect(acoes).toContain("Bloqueio");
    for (const action of ["create", "block", "update", "auto_block"]) expect(acoes).not.toContain(action);
    const registros = column(sheets.historico, "Registro");
    // The neutralising apostrophe shows in Calc (it is what keeps "=…" from running).
    expect(registros.some((c) => c.type === "string" && c.value === `'${TRICKY_NAME}`)).toBe(true);
    expect(registros.every((c) => c.formula === undefined)).toBe(true);
    expect(types(column(sheets.historico, "Data/hora"))).toEqual(["date"]);
  });

  test("subscriptions (MRR): the month is text that sorts in time order; money and the count are numbers, negatives too", () => {
    const sheet = sheets.assinaturas;
    const months = column(sheet, "Mês");
    expect(types(months)).toEqual(["string"]);
    expect(months.map((c) => c.value)).toEqual(["2026-01", "2026-02", "2026-03", "2026-04"]);
    for (const header of ["MRR", "Novas", "Reajustes", "Encerradas", "Assinaturas"]) {
      expect({ header, types: types(column(sheet, header)) }).toEqual({ header, types: ["float"] });
    }
    expect(column(sheet, "MRR").map((c) => c.value)).toEqual(["150", "150", "150", "130"]);
    expect(column(sheet, "Novas")[0]).toEqual({ type: "float", value: "150" });
    expect(column(sheet, "Reajustes")[3]).toEqual({ type: "float", value: "-20" });
  });
});
