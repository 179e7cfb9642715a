// The accountant's exports (issue 35 §4) opened in LibreOffice Calc with the pt-BR locale, as a
// double-click would, and read back cell by cell: numbers are numbers, dates dates, the CNPJ text
// with its leading zero, months text that sorts in time order.
import { beforeAll, describe, expect, test } from "bun:test";
import { buildOfx } from "../fixtures/ofx/build";
import { column, openInSpreadsheet, skipWithoutSpreadsheet, type SheetCell } from "../spreadsheet";
import { PADARIA, useTestApp } from "../support";

const skip = skipWithoutSpreadsheet();
// Today is Monday 16 November 2026 in São Paulo.
const t = useTestApp({ now: "2026-11-16T10:00:00-03:00" });
let sheets: Record<"receber" | "pagar" | "clientes" | "assinaturas" | "conciliacao", SheetCell[][]>;

async function send(path: string, body: object, method = "POST"): Promise<{ id: number } & Record<string, unknown>> {
  const response = await t.api(path, { method, body });
  if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

beforeAll(async () => {
  if (skip) return;
  const zero = await send("/api/clients", { ...PADARIA, nome: "Açougue Zero", cnpj: "04.252.011/0001-10", codigoCliente: "ACO-001", email: "zero@acougue.com.br", valorMensalidade: "89.90" });
  await send(`/api/clients/${zero.id}/subscription`, { status: "ativa", valor: "89.90", diaVencimento: 5, inicio: "2026-10" }, "PUT");
  await send("/api/subscriptions/run", {});
  const padaria = await send("/api/clients", PADARIA);
  await send(`/api/clients/${padaria.id}/subscription`, { status: "ativa", valor: "150.00", diaVencimento: 10, inicio: "2026-12", trialAte: "2026-12-20" }, "PUT");
  // Açougue's October month, due 5 Oct, paid on 3 Nov with fees: in November's cash.
  const [october] = (await (await t.api(`/api/installments?clientId=${zero.id}&mes=2026-10`)).json()) as { id: number }[];
  await send(`/api/installments/${october!.id}/pay-with-fees`, { dataPagamento: "2026-11-03", multa: "1.80", juros: "0.84" }, "PATCH");
  const supplier = await send("/api/suppliers", { nome: "Gráfica Ágil", cnpj: "01.444.777/0001-09", email: "contato@agil.com.br" });
  const payables = (await send("/api/payables/generate", { supplierId: supplier.id, numParcelas: 2, valor: "1000.50", primeiroVencimento: "2026-10-20", descricao: "Papel" })).payables as { id: number }[];
  await send(`/api/payables/${payables[0]!.id}/pay`, { dataPagamento: "2026-11-06" }, "PATCH");

  // A statement: Açougue's November month settled by its PIX, a fee left pending.
  const [november] = (await (await t.api(`/api/installments?clientId=${zero.id}&mes=2026-11`)).json()) as { id: number; valor: string }[];
  const bytes = buildOfx({
    postings: [
      { fitid: "A1", data: "20261105", valor: "89,90", nome: "PIX RECEBIDO ACOUGUE ZERO" },
      { fitid: "A2", data: "20261106", valor: "-12.50", nome: "TARIFA" },
    ],
    period: { from: "20261101", to: "20261116" },
    account: "56789-0",
  });
  const form = new FormData();
  form.append("arquivo", new File([bytes as Uint8Array<ArrayBuffer>], "extrato.ofx", { type: "application/x-ofx" }));
  const uploaded = await t.app.handle(new Request("http://cofre.test/api/statements", { method: "POST", headers: { cookie: t.cookie, host: "cofre.test" }, body: form }));
  const statementId = ((await uploaded.json()) as { id: number }).id;
  const lines = (await (await t.api(`/api/statements/${statementId}/transactions`)).json()) as { id: number; fitid: string }[];
  await send(`/api/statements/${statementId}/transactions/${lines.find((l) => l.fitid === "A1")!.id}/confirm`, { receivableId: november!.id });

  const get = async (path: string) => {
    const response = await t.api(path);
    expect(response.status).toBe(200);
    return response.arrayBuffer();
  };
  // Every export in one LibreOffice run: its start is most of the cost.
  sheets = openInSpreadsheet({
    receber: await get("/receivables/export?pagoEm=2026-11"),
    pagar: await get("/payables/export?pagoDe=2026-11-01&pagoAte=2026-11-30"),
    clientes: await get("/clients/export"),
    assinaturas: await get("/subscriptions/export?ordem=cliente"),
    conciliacao: await get(`/reconciliation/export?extrato=${statementId}`),
  });
}, 120_000);

const types = (cells: SheetCell[]) => [...new Set(cells.filter((c) => c.type !== "").map((c) => c.type))];

describe.skipIf(skip)("the accountant's exports opened in LibreOffice Calc (pt-BR)", () => {
  test("Contas a Receber by payment month: the CNPJ text with its zero, código and competência text, money numbers, dates dates", () => {
    const sheet = sheets.receber;
    // Paid in November: October's month (paid 3 Nov) and November's (settled by the statement, 5 Nov).
    expect(column(sheet, "Cliente").map((c) => c.value)).toEqual(["Açougue Zero", "Açougue Zero"]);
    expect(column(sheet, "CNPJ")[0]).toEqual({ type: "string", value: "04.252.011/0001-10" });
    expect(column(sheet, "Código")[0]).toEqual({ type: "string", value: "ACO-001" });
    expect(column(sheet, "Competência").map((c) => [c.type, c.value])).toEqual([
      ["string", "2026-10"],
      ["string", "2026-11"],
    ]);
    expect(column(sheet, "Data de pagamento").map((c) => [c.type, c.value])).toEqual([
      ["date", "2026-11-03"],
      ["date", "2026-11-05"],
    ]);
    expect(column(sheet, "Multa")[0]).toEqual({ type: "float", value: "1.8" });
    expect(column(sheet, "Juros")[0]).toEqual({ type: "float", value: "0.84" });
    expect(column(sheet, "Desconto")[0]).toEqual({ type: "float", value: "0" });
    expect(column(sheet, "Valor recebido")[0]).toEqual({ type: "float", value: "92.54" });
    expect(types(column(sheet, "Vencimento"))).toEqual(["date"]);
    expect(types(column(sheet, "Parcela"))).toEqual(["string"]);
  });

  test("Contas a Pagar by payment period: the supplier's CNPJ with its zero, Valor pago a number", () => {
    const sheet = sheets.pagar;
    expect(column(sheet, "CNPJ")).toEqual([{ type: "string", value: "01.444.777/0001-09" }]);
    expect(column(sheet, "Valor pago")).toEqual([{ type: "float", value: "500.25" }]);
    expect(column(sheet, "Data de pagamento")).toEqual([{ type: "date", value: "2026-11-06" }]);
  });

  test("Clientes: CNPJ text with its zero, Mensalidade a number", () => {
    const sheet = sheets.clientes;
    expect(column(sheet, "Nome").map((c) => c.value)).toEqual(["Açougue Zero", "Padaria Pão Quente"]);
    expect(column(sheet, "CNPJ")[0]).toEqual({ type: "string", value: "04.252.011/0001-10" });
    expect(column(sheet, "Mensalidade").map((c) => [c.type, c.value])).toEqual([
      ["float", "89.9"],
      ["float", "150"],
    ]);
    expect(types(column(sheet, "Telefone"))).toEqual(["string"]);
  });

  test("Assinaturas: MRR per row a number (a trial's 0), months text, dates dates", () => {
    const sheet = sheets.assinaturas;
    expect(column(sheet, "MRR").map((c) => [c.type, c.value])).toEqual([
      ["float", "89.9"],
      ["float", "0"],
    ]);
    expect(column(sheet, "Início").map((c) => [c.type, c.value])).toEqual([
      ["string", "2026-10"],
      ["string", "2026-12"],
    ]);
    expect(column(sheet, "Em teste até")[1]).toEqual({ type: "date", value: "2026-12-20" });
    expect(types(column(sheet, "Dia de vencimento"))).toEqual(["float"]);
    expect(types(column(sheet, "Próximo vencimento"))).toEqual(["date"]);
  });

  test("Conciliação: each line's date, signed amount and situation, and the installment it settled", () => {
    const sheet = sheets.conciliacao;
    expect(column(sheet, "Data").map((c) => [c.type, c.value])).toEqual([
      ["date", "2026-11-05"],
      ["date", "2026-11-06"],
    ]);
    expect(column(sheet, "Valor").map((c) => [c.type, c.value])).toEqual([
      ["float", "89.9"],
      ["float", "-12.5"],
    ]);
    expect(column(sheet, "Situação").map((c) => c.value)).toEqual(["Conciliada", "Pendente"]);
    expect(column(sheet, "Cliente/Fornecedor")[0]).toEqual({ type: "string", value: "Açougue Zero" });
    expect(column(sheet, "Competência")[0]).toEqual({ type: "string", value: "2026-11" });
    expect(column(sheet, "Vencimento da parcela")[0]!.type).toBe("date");
    expect(column(sheet, "Valor da parcela")[0]).toEqual({ type: "float", value: "89.9" });
  });
});
