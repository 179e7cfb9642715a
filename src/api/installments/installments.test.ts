import { describe, expect, test } from "bun:test";
import { PADARIA, useTestApp } from "../../../tests/support";
import { malformedBodies, sweepBodies, sweepIds, type BadInput, type SweepTarget } from "../../../tests/sweep";
import { pinClock } from "../../lib/clock";
import type { ClientJson } from "../clients/model";
import type { InstallmentJson } from "./model";

// Today is Sunday 15 March 2026 in São Paulo unless a test says otherwise.
const t = useTestApp({ tables: ["receivables", "clients"], now: "2026-03-15T10:00:00-03:00" });
// A receivable generated without a category: the default, Serviços avulsos (migration 0025).
const AVULSOS = { categoriaId: 3, categoriaNome: "Receitas de serviços › Serviços avulsos", centroCustoId: null, centroCustoNome: null };
const api = t.api;

const floricultura = { ...PADARIA, nome: "Floricultura Ipê Amarelo", cnpj: "11.444.777/0001-61", codigoCliente: "FLO-002", email: "flores@ipe.com.br" };

async function createClient(body: object = PADARIA): Promise<ClientJson> {
  const response = await api("/api/clients", { method: "POST", body });
  expect(response.status).toBe(201);
  return (await response.json()) as ClientJson;
}

const plan = (clientId: number, overrides: object = {}) => ({
  clientId,
  numParcelas: 3,
  valor: "100.00",
  primeiroVencimento: "2026-04-10",
  descricao: "Mensalidade 2º trimestre",
  ...overrides,
});

async function generate(body: object): Promise<InstallmentJson[]> {
  const response = await api("/api/installments/generate", { method: "POST", body });
  expect(response.status).toBe(201);
  const answer = (await response.json()) as { message: string; installments: InstallmentJson[] };
  expect(answer.message).toBe("Parcelas geradas com sucesso!");
  return answer.installments;
}

async function list(query = ""): Promise<{ rows: InstallmentJson[]; total: string | null; status: number }> {
  const response = await api(`/api/installments${query}`);
  return { status: response.status, total: response.headers.get("x-total-count"), rows: (await response.json()) as InstallmentJson[] };
}

const stored = (id: number) => t.db.$client.query("select * from receivables where id = ?").get(id) as Record<string, unknown>;
const receivableCount = () => (t.db.$client.query("select count(*) as n from receivables").get() as { n: number }).n;
const sumCents = (rows: InstallmentJson[]) => rows.reduce((sum, r) => sum + Number(r.valor.replace(".", "")), 0);

describe("generating installments", () => {
  test("splits the total in k/n rows, the remainder on the last, with the client's name and no payment", async () => {
    const client = await createClient();
    const rows = await generate(plan(client.id));
    expect(rows).toEqual([
      { id: rows[0]!.id, clientId: client.id, clientName: "Padaria Pão Quente", numerosParcela: "1/3", descricao: "Mensalidade 2º trimestre", dataVencimento: "2026-04-10", valor: "33.33", status: "em_aberto", dataPagamento: null, valorPago: null, saldo: "33.33", desconto: "0.00", multa: null, juros: null, competencia: null, assinatura: false, cobradaEm: null, ...AVULSOS },
      expect.objectContaining({ numerosParcela: "2/3", dataVencimento: "2026-05-10", valor: "33.33" }),
      expect.objectContaining({ numerosParcela: "3/3", dataVencimento: "2026-06-10", valor: "33.34" }),
    ]);
    expect(stored(rows[2]!.id)).toMatchObject({ valor: 3334, status: "em_aberto", data_pagamento: null });
  });

  const sums: [string, number, string[]][] = [
    ["100.00", 3, ["33.33", "33.33", "33.34"]],
    ["1000.00", 7, [...Array(6).fill("142.85"), "142.90"]],
    ["0.24", 24, Array(24).fill("0.01")],
    ["0.29", 24, [...Array(23).fill("0.01"), "0.06"]],
    ["0.01", 1, ["0.01"]],
  ];
  for (const [valor, n, expected] of sums) {
    test(`${valor} in ${n} installments adds up to the cent`, async () => {
      const client = await createClient();
      const rows = await generate(plan(client.id, { valor, numParcelas: n }));
      expect(rows.map((r) => r.valor)).toEqual(expected);
      expect(sumCents(rows)).toBe(Number(valor.replace(".", "")));
      expect(rows.map((r) => r.numerosParcela)).toEqual(expected.map((_, k) => `${k + 1}/${n}`));
    });
  }

  test("0.05 in 24 installments is refused (a row would be R$ 0,00) and nothing is written", async () => {
    const client = await createClient();
    const response = await api("/api/installments/generate", { method: "POST", body: plan(client.id, { valor: "0.05", numParcelas: 24 }) });
    expect(response.status).toBe(400);
    expect((await response.json()).errors).toEqual({ valor: "Valor insuficiente para 24 parcelas (mínimo R$ 0,01 por parcela)" });
    expect(receivableCount()).toBe(0);
  });

  const monthEnds: [string, string, number, string[]][] = [
    ["31 January into February", "2026-01-31", 3, ["2026-01-31", "2026-02-28", "2026-03-31"]],
    ["31 January in a leap year", "2024-01-31", 3, ["2024-01-31", "2024-02-29", "2024-03-31"]],
    ["29 February into the next years", "2024-02-29", 13, ["2024-02-29", "2024-03-29"]],
    ["the change of year", "2026-11-30", 3, ["2026-11-30", "2026-12-30", "2027-01-30"]],
    ["31 December", "2026-12-31", 3, ["2026-12-31", "2027-01-31", "2027-02-28"]],
  ];
  for (const [name, first, n, expected] of monthEnds) {
    test(`due dates across ${name}`, async () => {
      const client = await createClient();
      const dates = (await generate(plan(client.id, { primeiroVencimento: first, numParcelas: n }))).map((r) => r.dataVencimento);
      expect(dates.slice(0, expected.length)).toEqual(expected);
      if (n === 13) expect(dates[12]).toBe("2025-02-28");
    });
  }

  test("clientId may come as a string of digits; money as a number", async () => {
    const client = await createClient();
    const rows = await generate(plan(client.id, { clientId: String(client.id), valor: 1234.56, numParcelas: "2" }));
    expect(rows.map((r) => r.valor)).toEqual(["617.28", "617.28"]);
  });

  test("a blocked client can still be billed", async () => {
    const client = await createClient();
    await api(`/api/clients/${client.id}/toggle-block`, { method: "PATCH" });
    expect(await generate(plan(client.id))).toHaveLength(3);
  });

  test("an unknown client is a 404 and nothing is written", async () => {
    const response = await api("/api/installments/generate", { method: "POST", body: plan(4242) });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: "Cliente não encontrado" });
    expect(receivableCount()).toBe(0);
  });

  test("each SPEC §5 message, under its field", async () => {
    const response = await api("/api/installments/generate", { method: "POST", body: {} });
    expect(response.status).toBe(400);
    expect((await response.json()).errors).toEqual({
      clientId: "Cliente é obrigatório",
      numParcelas: "Mínimo 1 parcela",
      valor: "Valor deve ser maior que zero",
      primeiroVencimento: "Data de vencimento é obrigatória",
      descricao: "Descrição é obrigatória",
    });
    const client = await createClient();
    const errorsFor = async (overrides: object) =>
      (await (await api("/api/installments/generate", { method: "POST", body: plan(client.id, overrides) })).json()).errors;
    expect(await errorsFor({ numParcelas: 0 })).toEqual({ numParcelas: "Mínimo 1 parcela" });
    expect(await errorsFor({ numParcelas: 25 })).toEqual({ numParcelas: "Máximo 24 parcelas" });
    expect(await errorsFor({ valor: "0.00" })).toEqual({ valor: "Valor deve ser maior que zero" });
    expect(await errorsFor({ descricao: "   " })).toEqual({ descricao: "Descrição é obrigatória" });
    expect(await errorsFor({ descricao: "x".repeat(501) })).toEqual({ descricao: "Máximo de 500 caracteres" });
    expect(receivableCount()).toBe(0);
  });

  test("a 500-character description is stored", async () => {
    const client = await createClient();
    const [first] = await generate(plan(client.id, { descricao: "x".repeat(500), numParcelas: 1 }));
    expect(first!.descricao).toHaveLength(500);
  });
});

describe("the list", () => {
  async function fixture() {
    const padariaClient = await createClient();
    const flores = await createClient(floricultura);
    // Padaria: due 10 Feb (vencido), 10 Mar (vencido), 10 Apr (em aberto).
    const a = await generate(plan(padariaClient.id, { primeiroVencimento: "2026-02-10", valor: "300.00", descricao: "Mensalidade" }));
    // Floricultura: 20 Mar and 20 Apr, one of 12 and one of 2 so the Parcela sort shows 1/2 < 2/2 …
    const b = await generate(plan(flores.id, { primeiroVencimento: "2026-03-20", valor: "50.01", numParcelas: 2, descricao: "anuidade" }));
    await api(`/api/installments/${a[0]!.id}/pay`, { method: "PATCH", body: { dataPagamento: "2026-03-01" } });
    return { PADARIA: padariaClient, flores, a, b };
  }

  test("without parameters: every row as an array, no X-Total-Count", async () => {
    await fixture();
    const { status, total, rows } = await list();
    expect(status).toBe(200);
    expect(total).toBeNull();
    expect(rows.map((r) => [r.dataVencimento, r.status])).toEqual([
      ["2026-02-10", "pago"],
      ["2026-03-10", "vencido"],
      ["2026-03-20", "em_aberto"],
      ["2026-04-10", "em_aberto"],
      ["2026-04-20", "em_aberto"],
    ]);
    expect(rows[0]).toMatchObject({ dataPagamento: "2026-03-01", valorPago: "100.00", multa: "0.00", juros: "0.00" });
  });

  test("status, mes and clientId filter; X-Total-Count counts every match", async () => {
    const { PADARIA: p, flores } = await fixture();
    expect((await list("?status=vencido")).rows.map((r) => r.dataVencimento)).toEqual(["2026-03-10"]);
    expect((await list("?status=pago")).rows.map((r) => r.dataVencimento)).toEqual(["2026-02-10"]);
    expect((await list("?status=em_aberto")).total).toBe("3");
    expect((await list("?mes=2026-03")).rows.map((r) => r.dataVencimento)).toEqual(["2026-03-10", "2026-03-20"]);
    expect((await list(`?clientId=${flores.id}`)).rows.every((r) => r.clientName === "Floricultura Ipê Amarelo")).toBe(true);
    expect((await list(`?clientId=${p.id}&mes=2026-04&status=em_aberto`)).total).toBe("1");
    const page = await list("?porPagina=2&pagina=2");
    expect(page.total).toBe("5");
    expect(page.rows.map((r) => r.dataVencimento)).toEqual(["2026-03-20", "2026-04-10"]);
    // Empty parameters are no filter (and ask for no page).
    expect((await list("?status=&mes=")).rows).toHaveLength(5);
  });

  test("sorts by each column both ways, ties by id", async () => {
    await fixture();
    const order = async (ordem: string) => (await list(`?ordem=${ordem}`)).rows.map((r) => `${r.clientName.slice(0, 5)} ${r.numerosParcela} ${r.dataVencimento}`);
    expect(await order("cliente")).toEqual([
      "Flori 1/2 2026-03-20",
      "Flori 2/2 2026-04-20",
      "Padar 1/3 2026-02-10",
      "Padar 2/3 2026-03-10",
      "Padar 3/3 2026-04-10",
    ]);
    expect((await order("-cliente"))[0]).toBe("Padar 3/3 2026-04-10");
    expect(await order("parcela")).toEqual([
      "Padar 1/3 2026-02-10",
      "Flori 1/2 2026-03-20",
      "Padar 2/3 2026-03-10",
      "Flori 2/2 2026-04-20",
      "Padar 3/3 2026-04-10",
    ]);
    expect((await order("-vencimento"))[0]).toBe("Flori 2/2 2026-04-20");
    expect((await order("valor"))[0]).toBe("Flori 1/2 2026-03-20"); // 25.00 < 25.01 < 100.00
    // Equal values are ordered by due date, then id, in the same direction.
    expect((await order("-valor")).slice(0, 3)).toEqual(["Padar 3/3 2026-04-10", "Padar 2/3 2026-03-10", "Padar 1/3 2026-02-10"]);
    expect((await list("?ordem=status")).rows.map((r) => r.status)).toEqual(["em_aberto", "em_aberto", "em_aberto", "pago", "vencido"]);
    expect((await list("?ordem=descricao")).rows.map((r) => r.descricao)).toEqual(["anuidade", "anuidade", "Mensalidade", "Mensalidade", "Mensalidade"]);
  });

  const bad: [string, string][] = [
    ["?status=atrasado", "Status inválido: use em_aberto, parcial, vencido ou pago"],
    ["?mes=2026-13", "Mês inválido: use AAAA-MM, entre 1900 e 2199"],
    ["?mes=março", "Mês inválido: use AAAA-MM, entre 1900 e 2199"],
    ["?clientId=abc", "Cliente inválido"],
    ["?ordem=nome", "Ordenação inválida: use cliente, parcela, vencimento, valor, status, descricao, categoria, centroCusto"],
    ["?pagina=0", "Página inválida"],
    ["?porPagina=-5", "Tamanho de página inválido"],
  ];
  for (const [query, message] of bad) {
    test(`${query} is a 400 '${message}'`, async () => {
      const response = await api(`/api/installments${query}`);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ message });
    });
  }

  test("an installment becomes vencido at midnight in APP_TZ, with no job", async () => {
    const client = await createClient();
    await generate(plan(client.id, { primeiroVencimento: "2026-03-15", numParcelas: 1 }));
    pinClock("2026-03-15T23:59:59-03:00");
    expect((await list()).rows[0]!.status).toBe("em_aberto");
    pinClock("2026-03-16T00:00:00-03:00");
    expect((await list()).rows[0]!.status).toBe("vencido");
    // 02:30 UTC on the 16th is still the 15th in São Paulo.
    pinClock("2026-03-16T02:30:00Z");
    expect((await list()).rows[0]!.status).toBe("em_aberto");
  });
});

describe("paying, undoing, re-dating, deleting", () => {
  async function one(overrides: object = {}) {
    const client = await createClient();
    const [row] = await generate(plan(client.id, { numParcelas: 1, valor: "43.50", primeiroVencimento: "2026-03-05", ...overrides }));
    return row!;
  }

  test("PATCH pay with no body pays today at face value", async () => {
    const row = await one();
    const response = await api(`/api/installments/${row.id}/pay`, { method: "PATCH" });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      message: "Parcela quitada",
      installment: { ...row, status: "pago", dataPagamento: "2026-03-15", valorPago: "43.50", saldo: "0.00", multa: "0.00", juros: "0.00" },
    });
  });

  test("pay-with-fees stores multa and juros as sent and valorPago = valorBaixa", async () => {
    const row = await one();
    const body = { dataPagamento: "2026-03-15", valorBaixa: "44.52", multa: "0.87", juros: "0.15" };
    const response = await api(`/api/installments/${row.id}/pay-with-fees`, { method: "PATCH", body });
    expect(response.status).toBe(200);
    expect((await response.json()).installment).toMatchObject({ status: "pago", dataPagamento: "2026-03-15", valorPago: "44.52", multa: "0.87", juros: "0.15" });
    expect(stored(row.id)).toMatchObject({ valor_pago: 4452, multa: 87, juros: 15 });
  });

  test("pay-with-fees without valorBaixa receives valor + multa + juros", async () => {
    const row = await one();
    const body = { dataPagamento: "2026-03-10", multa: 0.87, juros: 0.07 };
    const answer = await (await api(`/api/installments/${row.id}/pay-with-fees`, { method: "PATCH", body })).json();
    expect(answer.installment).toMatchObject({ valorPago: "44.44", dataPagamento: "2026-03-10" });
  });

  test("paying twice is a 409; a payment date after today is a 400", async () => {
    const row = await one();
    const future = await api(`/api/installments/${row.id}/pay-with-fees`, { method: "PATCH", body: { dataPagamento: "2026-03-16" } });
    expect(future.status).toBe(400);
    expect(await future.json()).toEqual({ message: "Data de pagamento não pode ser futura", errors: { dataPagamento: "Data de pagamento não pode ser futura" } });
    expect(stored(row.id).status).toBe("em_aberto");
    await api(`/api/installments/${row.id}/pay`, { method: "PATCH" });
    for (const route of ["pay", "pay-with-fees"]) {
      const again = await api(`/api/installments/${row.id}/${route}`, { method: "PATCH", body: { dataPagamento: "2026-03-15" } });
      expect(again.status).toBe(409);
      expect(await again.json()).toEqual({ message: "Esta parcela já está paga" });
    }
  });

  test("undo-payment clears the payment and the row is vencido again by its date", async () => {
    const row = await one();
    await api(`/api/installments/${row.id}/pay-with-fees`, { method: "PATCH", body: { dataPagamento: "2026-03-15", multa: "0.87", juros: "0.15" } });
    const response = await api(`/api/installments/${row.id}/undo-payment`, { method: "POST" });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      message: "Baixa cancelada com sucesso!",
      installment: { ...row, status: "vencido", dataPagamento: null, valorPago: null, multa: null, juros: null },
    });
    expect(stored(row.id)).toMatchObject({ status: "em_aberto", data_pagamento: null, valor_pago: null, multa: null, juros: null });
    const again = await api(`/api/installments/${row.id}/undo-payment`, { method: "POST" });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ message: "Esta parcela não está paga: não há baixa a cancelar" });
  });

  test("due-date changes an unpaid row; a paid one is a 409", async () => {
    const row = await one();
    const response = await api(`/api/installments/${row.id}/due-date`, { method: "PATCH", body: { dataVencimento: "2026-04-05" } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: "Vencimento alterado", installment: { ...row, dataVencimento: "2026-04-05", status: "em_aberto" } });
    await api(`/api/installments/${row.id}/pay`, { method: "PATCH" });
    const paid = await api(`/api/installments/${row.id}/due-date`, { method: "PATCH", body: { dataVencimento: "2026-05-05" } });
    expect(paid.status).toBe(409);
    expect(await paid.json()).toEqual({ message: "Não é possível alterar o vencimento de uma parcela paga" });
    expect(stored(row.id).data_vencimento).toBe("2026-04-05");
  });

  test("DELETE removes an unpaid row for good; a paid one is a 409", async () => {
    const row = await one();
    const response = await api(`/api/installments/${row.id}`, { method: "DELETE" });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: "Parcela excluída com sucesso!" });
    expect(receivableCount()).toBe(0);
    const [paid] = await generate(plan(row.clientId, { numParcelas: 1, primeiroVencimento: "2026-03-05" }));
    await api(`/api/installments/${paid!.id}/pay`, { method: "PATCH" });
    const refused = await api(`/api/installments/${paid!.id}`, { method: "DELETE" });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ message: "Não é possível excluir uma parcela paga: cancele a baixa primeiro" });
    expect(receivableCount()).toBe(1);
  });

  test("SPEC §5 messages of the payment and due-date dialogs", async () => {
    const row = await one();
    const fees = await api(`/api/installments/${row.id}/pay-with-fees`, { method: "PATCH", body: {} });
    expect(await fees.json()).toEqual({ message: "Data de pagamento é obrigatória", errors: { dataPagamento: "Data de pagamento é obrigatória" } });
    const pay = await api(`/api/installments/${row.id}/pay`, { method: "PATCH", body: { dataPagamento: "" } });
    expect((await pay.json()).errors).toEqual({ dataPagamento: "Data de pagamento é obrigatória" });
    const due = await api(`/api/installments/${row.id}/due-date`, { method: "PATCH", body: { dataVencimento: null } });
    expect(await due.json()).toEqual({ message: "Data de vencimento é obrigatória", errors: { dataVencimento: "Data de vencimento é obrigatória" } });
  });
});

describe("the summary cards", () => {
  test("Total em Aberto, Vencidas and Recebido no Mês, hand-computed, following the list's filters", async () => {
    const p = await createClient();
    const f = await createClient(floricultura);
    // Padaria 300.00/3 due 10 Feb, 10 Mar, 10 Apr; Floricultura 50.01/2 due 20 Mar, 20 Apr.
    const a = await generate(plan(p.id, { primeiroVencimento: "2026-02-10", valor: "300.00" }));
    const b = await generate(plan(f.id, { primeiroVencimento: "2026-03-20", valor: "50.01", numParcelas: 2 }));
    // Paid in February (not this month) at face value; paid this month with fees.
    await api(`/api/installments/${a[0]!.id}/pay`, { method: "PATCH", body: { dataPagamento: "2026-02-10" } });
    await api(`/api/installments/${b[0]!.id}/pay-with-fees`, { method: "PATCH", body: { dataPagamento: "2026-03-14", multa: "0.50", juros: "0.25" } });
    const summary = async (query = "") => (await (await api(`/api/installments/summary${query}`)).json()) as Record<string, { total: string; quantidade: number }>;

    // Unpaid: a[1] 100.00 (vencido), a[2] 100.00, b[1] 25.01.
    expect(await summary()).toEqual({
      emAberto: { total: "225.01", quantidade: 3 },
      vencidas: { total: "100.00", quantidade: 1 },
      recebidoNoMes: { total: "25.75", quantidade: 1 },
    });
    expect(await summary("?mes=2026-04")).toEqual({
      emAberto: { total: "125.01", quantidade: 2 },
      vencidas: { total: "0.00", quantidade: 0 },
      recebidoNoMes: { total: "0.00", quantidade: 0 },
    });
    expect(await summary(`?clientId=${p.id}`)).toEqual({
      emAberto: { total: "200.00", quantidade: 2 },
      vencidas: { total: "100.00", quantidade: 1 },
      recebidoNoMes: { total: "0.00", quantidade: 0 },
    });
    expect((await summary("?status=pago")).emAberto).toEqual({ total: "0.00", quantidade: 0 });
    // Recebido no Mês is what came in this month among the month's and the party's rows: the
    // status filter leaves it alone, so a baixa under "Vencida" shows there (issue 37 item 3).
    expect((await summary("?status=pago")).recebidoNoMes).toEqual({ total: "25.75", quantidade: 1 });
    expect((await summary("?status=vencido")).recebidoNoMes).toEqual({ total: "25.75", quantidade: 1 });
    await api(`/api/installments/${a[1]!.id}/pay`, { method: "PATCH", body: { dataPagamento: "2026-03-15" } });
    expect(await summary("?status=vencido")).toEqual({
      emAberto: { total: "0.00", quantidade: 0 },
      vencidas: { total: "0.00", quantidade: 0 },
      recebidoNoMes: { total: "125.75", quantidade: 2 },
    });
    expect((await summary(`?status=vencido&clientId=${p.id}`)).recebidoNoMes).toEqual({ total: "100.00", quantidade: 1 });
    expect((await summary("?status=em_aberto&mes=2026-04")).recebidoNoMes).toEqual({ total: "0.00", quantidade: 0 });
    const bad = await api("/api/installments/summary?status=bad");
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ message: "Status inválido: use em_aberto, parcial, vencido ou pago" });
  });

  test("an empty ledger shows zeros", async () => {
    expect(await (await api("/api/installments/summary")).json()).toEqual({
      emAberto: { total: "0.00", quantidade: 0 },
      vencidas: { total: "0.00", quantidade: 0 },
      recebidoNoMes: { total: "0.00", quantidade: 0 },
    });
  });
});

describe("bad input never writes and never answers 500", () => {
  const target: SweepTarget = {
    send: api,
    snapshot: () => [t.db.$client.query("select * from receivables order by id").all(), t.db.$client.query("select * from clients order by id").all()],
  };
  const withRow = async () => {
    const client = await createClient();
    const [row] = await generate(plan(client.id, { numParcelas: 1, primeiroVencimento: "2026-03-01" }));
    return { client, row: row! };
  };
  const withPaidRow = async () => {
    const fixture = await withRow();
    await api(`/api/installments/${fixture.row.id}/pay`, { method: "PATCH" });
    return fixture;
  };
  const money: BadInput[] = [
    { name: "pt-BR money '1.234,56'", body: { valor: "1.234,56" }, status: 400, errors: { valor: "Valor inválido" } },
    { name: "money '12,50'", body: { valor: "12,50" }, status: 400, errors: { valor: "Valor inválido" } },
    { name: "money with 3 decimals", body: { valor: "12.345" }, status: 400, errors: { valor: "Valor inválido" } },
    { name: "money 'NaN'", body: { valor: "NaN" }, status: 400, errors: { valor: "Valor inválido" } },
    { name: "money '1e3'", body: { valor: "1e3" }, status: 400, errors: { valor: "Valor inválido" } },
    { name: "negative money", body: { valor: "-10.00" }, status: 400, errors: { valor: "Valor deve ser maior que zero" } },
    { name: "money as an object", body: { valor: { reais: 10 } }, status: 400, errors: { valor: "Valor inválido" } },
  ];

  // Generate: each bad field on an otherwise valid plan for the client each case creates first.
  const THE_CLIENT = "{cliente}";
  const withClient = (body: unknown, client: ClientJson) =>
    body && typeof body === "object" && (body as { clientId?: unknown }).clientId === THE_CLIENT ? { ...body, clientId: client.id } : body;
  const valid = plan(THE_CLIENT as unknown as number);
  const generateCases: BadInput[] = [
    { name: "an empty object", body: {}, status: 400 },
    { name: "a null body", body: null, status: 400 },
    ...malformedBodies(valid),
    ...money.map((c) => ({ ...c, body: { ...valid, ...(c.body as object) } })),
    { name: "a fractional clientId", body: { ...valid, clientId: 1.5 }, status: 400, errors: { clientId: "Cliente inválido" } },
    { name: "clientId 'abc'", body: { ...valid, clientId: "abc" }, status: 400, errors: { clientId: "Cliente inválido" } },
    { name: "an unknown clientId", body: { ...valid, clientId: 999999 }, status: 404, message: "Cliente não encontrado" },
    { name: "numParcelas 2.5", body: { ...valid, numParcelas: 2.5 }, status: 400, errors: { numParcelas: "Número de parcelas inválido" } },
    { name: "numParcelas 'três'", body: { ...valid, numParcelas: "três" }, status: 400, errors: { numParcelas: "Número de parcelas inválido" } },
    { name: "a 31 February", body: { ...valid, primeiroVencimento: "2026-02-31" }, status: 400, errors: { primeiroVencimento: "Data inválida" } },
    { name: "a pt-BR date", body: { ...valid, primeiroVencimento: "10/04/2026" }, status: 400, errors: { primeiroVencimento: "Data inválida" } },
    { name: "a date past year 9999", body: { ...valid, primeiroVencimento: "9999-12-01", numParcelas: 2 }, status: 400, errors: { primeiroVencimento: "Data inválida" } },
    { name: "a NUL in descricao", body: { ...valid, descricao: "a\u0000b" }, status: 400, errors: { descricao: "Caractere inválido no texto" } },
  ];
  sweepBodies(
    target,
    { method: "POST", label: "/api/installments/generate", setup: () => createClient(), path: () => "/api/installments/generate", prepare: withClient },
    generateCases,
  );

  const payCases: BadInput[] = [
    ...malformedBodies({ dataPagamento: "2026-03-15" }),
    { name: "a blank dataPagamento", body: { dataPagamento: "" }, status: 400, errors: { dataPagamento: "Data de pagamento é obrigatória" } },
    { name: "a future dataPagamento", body: { dataPagamento: "2026-03-16" }, status: 400, errors: { dataPagamento: "Data de pagamento não pode ser futura" } },
    { name: "an impossible date", body: { dataPagamento: "2026-02-30" }, status: 400, errors: { dataPagamento: "Data inválida" } },
    { name: "a zero valorPago", body: { valorPago: "0.00" }, status: 400, errors: { valorPago: "Valor deve ser maior que zero" } },
    { name: "a pt-BR valorPago", body: { valorPago: "43,50" }, status: 400, errors: { valorPago: "Valor inválido" } },
  ];
  sweepBodies(target, { method: "PATCH", label: "/api/installments/:id/pay", setup: withRow, path: (f) => `/api/installments/${f.row.id}/pay` }, payCases);

  const feeCases: BadInput[] = [
    { name: "an empty object", body: {}, status: 400, errors: { dataPagamento: "Data de pagamento é obrigatória" } },
    { name: "a null body", body: null, status: 400, errors: { dataPagamento: "Data de pagamento é obrigatória" } },
    ...malformedBodies({ dataPagamento: "2026-03-15" }),
    { name: "a future date", body: { dataPagamento: "2027-01-01" }, status: 400, errors: { dataPagamento: "Data de pagamento não pode ser futura" } },
    { name: "a negative multa", body: { dataPagamento: "2026-03-15", multa: "-0.87" }, status: 400, errors: { multa: "Valor não pode ser negativo" } },
    { name: "juros with 3 decimals", body: { dataPagamento: "2026-03-15", juros: "0.151" }, status: 400, errors: { juros: "Valor inválido" } },
    { name: "a pt-BR valorBaixa", body: { dataPagamento: "2026-03-15", valorBaixa: "1.044,52" }, status: 400, errors: { valorBaixa: "Valor inválido" } },
  ];
  sweepBodies(target, { method: "PATCH", label: "/api/installments/:id/pay-with-fees", setup: withRow, path: (f) => `/api/installments/${f.row.id}/pay-with-fees` }, feeCases);

  const dueCases: BadInput[] = [
    { name: "no body", status: 400, errors: { dataVencimento: "Data de vencimento é obrigatória" } },
    { name: "a blank date", body: { dataVencimento: " " }, status: 400, errors: { dataVencimento: "Data de vencimento é obrigatória" } },
    { name: "a number for the date", body: { dataVencimento: 20260405 }, status: 400, errors: { dataVencimento: "Data inválida" } },
    ...malformedBodies({ dataVencimento: "2026-04-05" }),
  ];
  sweepBodies(target, { method: "PATCH", label: "/api/installments/:id/due-date", setup: withRow, path: (f) => `/api/installments/${f.row.id}/due-date` }, dueCases);

  // Illegal transitions write nothing either.
  sweepBodies(target, { method: "PATCH", label: "/api/installments/:id/pay (paid)", setup: withPaidRow, path: (f) => `/api/installments/${f.row.id}/pay` }, [
    { name: "no body", status: 409, message: "Esta parcela já está paga" },
  ]);
  sweepBodies(target, { method: "POST", label: "/api/installments/:id/undo-payment (unpaid)", setup: withRow, path: (f) => `/api/installments/${f.row.id}/undo-payment` }, [
    { name: "no body", status: 409, message: "Esta parcela não está paga: não há baixa a cancelar" },
  ]);
  sweepBodies(target, { method: "DELETE", label: "/api/installments/:id (paid)", setup: withPaidRow, path: (f) => `/api/installments/${f.row.id}` }, [
    { name: "no body", status: 409, message: "Não é possível excluir uma parcela paga: cancele a baixa primeiro" },
  ]);

  sweepIds(
    target,
    withRow,
    [
      { method: "PATCH", path: (id) => `/api/installments/${id}/pay` },
      { method: "PATCH", path: (id) => `/api/installments/${id}/pay-with-fees`, body: { dataPagamento: "2026-03-15" } },
      { method: "PATCH", path: (id) => `/api/installments/${id}/due-date`, body: { dataVencimento: "2026-04-05" } },
      { method: "POST", path: (id) => `/api/installments/${id}/undo-payment` },
      { method: "DELETE", path: (id) => `/api/installments/${id}` },
    ],
    "Parcela não encontrada",
  );

  test("without a session every installments route answers 401 and writes nothing", async () => {
    const { row } = await withRow();
    const before = target.snapshot();
    for (const [method, path] of [
      ["GET", "/api/installments"],
      ["GET", "/api/installments/summary"],
      ["POST", "/api/installments/generate"],
      ["PATCH", `/api/installments/${row.id}/pay`],
      ["DELETE", `/api/installments/${row.id}`],
    ] as const) {
      expect((await t.request(path, { method, body: method === "GET" ? undefined : {} })).status).toBe(401);
    }
    expect(target.snapshot()).toEqual(before);
  });
});
