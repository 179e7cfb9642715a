// By payment date, the accountant's regime de caixa (issue 35 §4): pagoEm / pagoDe / pagoAte
// filter the lists, their cards and their CSV exports alike.
import { describe, expect, test } from "bun:test";
import { PADARIA, useTestApp } from "../../../tests/support";
import { parseCsv } from "../../lib/csv";

const t = useTestApp({ tables: ["history_events", "receivables", "payables", "clients", "suppliers"], now: "2026-04-20T10:00:00-03:00" });

/** Padaria (CNPJ starting with 0): due in January, February and March; paid 10 Feb, 5 Mar and 1 Apr. */
async function fixture() {
  const client = await (await t.api("/api/clients", { method: "POST", body: { ...PADARIA, cnpj: "04.252.011/0001-10", codigoCliente: "0042" } })).json();
  const generated = await t.api("/api/installments/generate", {
    method: "POST",
    body: { clientId: client.id, numParcelas: 3, valor: "300.00", primeiroVencimento: "2026-01-31", descricao: "Contrato" },
  });
  const ids: number[] = (await generated.json()).installments.map((r: { id: number }) => r.id);
  const pay = (id: number, dataPagamento: string) =>
    t.api(`/api/installments/${id}/pay-with-fees`, { method: "PATCH", body: { dataPagamento, multa: "2.00", juros: "1.50" } });
  expect((await pay(ids[0]!, "2026-02-10")).status).toBe(200);
  expect((await pay(ids[1]!, "2026-03-05")).status).toBe(200);
  expect((await pay(ids[2]!, "2026-04-01")).status).toBe(200);
  return { client, ids };
}
const dueDates = async (query: string) => {
  const response = await t.api(`/api/installments${query}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { dataVencimento: string }[]).map((r) => r.dataVencimento);
};

describe("filtered by payment date", () => {
  test("pagoEm is the month it was paid in, whatever month it was due; pagoDe/pagoAte a period, ends included", async () => {
    await fixture();
    // Due 28 Feb, paid 5 Mar: in March's cash, not February's.
    expect(await dueDates("?pagoEm=2026-03")).toEqual(["2026-02-28"]);
    expect(await dueDates("?mes=2026-03")).toEqual(["2026-03-31"]);
    expect(await dueDates("?pagoDe=2026-03-05&pagoAte=2026-04-01")).toEqual(["2026-02-28", "2026-03-31"]);
    expect(await dueDates("?pagoDe=2026-03-06")).toEqual(["2026-03-31"]);
    expect(await dueDates("?pagoAte=2026-02-10")).toEqual(["2026-01-31"]);
    const cards = await (await t.api("/api/installments/summary?pagoEm=2026-03")).json();
    expect(cards.emAberto).toEqual({ total: "0.00", quantidade: 0 });
  });

  test("a value no one could mean is a 400 in pt-BR; the page falls back to the default view", async () => {
    for (const [query, message] of [
      ["?pagoEm=2026-13", "Mês de pagamento inválido: use AAAA-MM, entre 1900 e 2199"],
      ["?pagoDe=2026-02-30", "Data inicial de pagamento inválida: use AAAA-MM-DD"],
      ["?pagoAte=ontem", "Data final de pagamento inválida: use AAAA-MM-DD"],
    ]) {
      const response = await t.api(`/api/payables${query}`);
      expect({ query, status: response.status, body: await response.json() }).toEqual({ query, status: 400, body: { message } });
    }
    expect((await t.api("/receivables?pagoEm=março")).headers.get("location")).toBe("/receivables?aviso=1");
  });

  test("the page hands its island the same rows as the API for the same URL", async () => {
    await fixture();
    const html = await (await t.api("/receivables?pagoEm=2026-04")).text();
    expect(html).toContain('"pagoEm":"2026-04"');
    expect(html).toContain("2026-03-31");
    expect(html).not.toContain('"dataVencimento":"2026-02-28"');
  });

  test("the export follows it, with the accountant's columns: CNPJ punctuated (its zero kept), código, competência, fees, desconto, paid", async () => {
    await fixture();
    const response = await t.api("/receivables/export?pagoEm=2026-03");
    expect(response.status).toBe(200);
    const [header, ...lines] = parseCsv(await response.text());
    expect(header).toEqual(["Cliente", "CNPJ", "Código", "Parcela", "Descrição", "Competência", "Vencimento", "Valor", "Situação", "Data de pagamento", "Multa", "Juros", "Desconto", "Valor recebido", "Saldo", "Categoria", "Centro de custo", "Conta"]);
    expect(lines).toEqual([["Padaria Pão Quente", "04.252.011/0001-10", "0042", "2 de 3", "Contrato", "", "28/02/2026", "100,00", "Pago", "05/03/2026", "2,00", "1,50", "0,00", "103,50", "0,00", "Receitas de serviços › Serviços avulsos", "", ""]]);
  });

  test("payables: by period, the supplier's CNPJ, Desconto and Valor pago", async () => {
    const supplier = await (await t.api("/api/suppliers", { method: "POST", body: { nome: "Gráfica Ágil", cnpj: "11.444.777/0001-61", email: "contato@agil.com.br" } })).json();
    const generated = await t.api("/api/payables/generate", { method: "POST", body: { supplierId: supplier.id, numParcelas: 2, valor: "90.00", primeiroVencimento: "2026-03-01", descricao: "Papel" } });
    const [first] = (await generated.json()).payables as { id: number }[];
    // Paid from the default account (issue 34 §3): the file names it in Conta.
    const account = await t.api("/api/accounts", { method: "POST", body: { banco: "341", agencia: "1234", conta: "56789-0", saldoInicialData: "2026-01-01", padrao: true } });
    expect(account.status).toBe(201);
    await t.api(`/api/payables/${first!.id}/pay`, { method: "PATCH", body: { dataPagamento: "2026-03-02" } });
    const [header, ...lines] = parseCsv(await (await t.api("/payables/export?pagoDe=2026-03-01&pagoAte=2026-03-31")).text());
    expect(header).toEqual(["Fornecedor", "CNPJ", "Parcela", "Descrição", "Vencimento", "Valor", "Situação", "Data de pagamento", "Desconto", "Valor pago", "Saldo", "Categoria", "Centro de custo", "Conta"]);
    expect(lines).toEqual([["Gráfica Ágil", "11.444.777/0001-61", "1 de 2", "Papel", "01/03/2026", "45,00", "Pago", "02/03/2026", "0,00", "45,00", "0,00", "Custos dos serviços › Fornecedores", "", "Itaú Unibanco (341) · Ag. 1234 · Conta 56789-0"]]);
  });
});
