import { describe, expect, test } from "bun:test";
import { useTestApp } from "../../../tests/support";
import { malformedBodies, sweepBodies, sweepIds, type BadInput, type SweepTarget } from "../../../tests/sweep";
import type { SupplierJson } from "../suppliers/model";
import type { PayableJson } from "./model";

const t = useTestApp({ tables: ["payables", "suppliers"], now: "2026-03-15T10:00:00-03:00" });
const api = t.api;

async function createSupplier(nome = "Moinho Santa Clara"): Promise<SupplierJson> {
  const response = await api("/api/suppliers", { method: "POST", body: { nome } });
  expect(response.status).toBe(201);
  return (await response.json()) as SupplierJson;
}

// As SPEC §7 sends it: supplierId a string of digits.
const plan = (supplierId: number | string, overrides: object = {}) => ({
  supplierId: String(supplierId),
  numParcelas: 4,
  valor: "1000.00",
  primeiroVencimento: "2026-02-28",
  descricao: "Farinha de trigo, lote 12",
  ...overrides,
});

async function generate(body: object): Promise<PayableJson[]> {
  const response = await api("/api/payables/generate", { method: "POST", body });
  expect(response.status).toBe(201);
  const answer = (await response.json()) as { message: string; payables: PayableJson[] };
  expect(answer.message).toBe("Parcelas geradas com sucesso!");
  return answer.payables;
}

const payableCount = () => (t.db.$client.query("select count(*) as n from payables").get() as { n: number }).n;

describe("generating payables", () => {
  test("supplierId as a string of digits: k/n rows, month ends clamped, the remainder on the last", async () => {
    const moinho = await createSupplier();
    const rows = await generate(plan(moinho.id, { valor: "1000.00", numParcelas: 7 }));
    expect(rows[0]).toEqual({
      id: rows[0]!.id,
      supplierId: moinho.id,
      supplierName: "Moinho Santa Clara",
      numerosParcela: "1/7",
      descricao: "Farinha de trigo, lote 12",
      dataVencimento: "2026-02-28",
      valor: "142.85",
      status: "vencido",
      dataPagamento: null,
      valorPago: null,
      saldo: "142.85",
      desconto: "0.00",
      categoriaId: 16,
      categoriaNome: "Custos dos serviços › Fornecedores",
      centroCustoId: null,
      centroCustoNome: null,
    });
    expect(rows.map((r) => r.valor)).toEqual([...Array(6).fill("142.85"), "142.90"]);
    expect(rows.map((r) => r.dataVencimento).slice(0, 3)).toEqual(["2026-02-28", "2026-03-28", "2026-04-28"]);
  });

  test("supplierId as an integer; 0.01 in one installment", async () => {
    const moinho = await createSupplier();
    const rows = await generate(plan(moinho.id, { supplierId: moinho.id, valor: 0.01, numParcelas: 1 }));
    expect(rows.map((r) => [r.numerosParcela, r.valor])).toEqual([["1/1", "0.01"]]);
  });

  test("a blocked supplier can still get payables", async () => {
    const moinho = await createSupplier();
    await api(`/api/suppliers/${moinho.id}/block`, { method: "PATCH", body: { statusBloqueio: 1 } });
    expect(await generate(plan(moinho.id))).toHaveLength(4);
  });

  test("each SPEC §5 message; an unknown supplier is a 404 and nothing is written", async () => {
    const response = await api("/api/payables/generate", { method: "POST", body: {} });
    expect(response.status).toBe(400);
    expect((await response.json()).errors).toEqual({
      supplierId: "Fornecedor é obrigatório",
      numParcelas: "Mínimo 1 parcela",
      valor: "Valor deve ser maior que zero",
      primeiroVencimento: "Data de vencimento é obrigatória",
      descricao: "Descrição é obrigatória",
    });
    const unknown = await api("/api/payables/generate", { method: "POST", body: plan("777777") });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ message: "Fornecedor não encontrado" });
    const moinho = await createSupplier();
    const tooMany = await api("/api/payables/generate", { method: "POST", body: plan(moinho.id, { numParcelas: 25 }) });
    expect((await tooMany.json()).errors).toEqual({ numParcelas: "Máximo 24 parcelas" });
    expect(payableCount()).toBe(0);
  });
});

describe("the list and its cards", () => {
  async function fixture() {
    const moinho = await createSupplier();
    const laticinios = await createSupplier("Laticínios Serra Azul");
    // Moinho: 250.00 due 28 Feb (vencido), 28 Mar, 28 Apr, 28 May. Laticínios: 80.00 due 10 Mar (vencido), 10 Apr.
    const m = await generate(plan(moinho.id));
    const l = await generate(plan(laticinios.id, { valor: "160.00", numParcelas: 2, primeiroVencimento: "2026-03-10", descricao: "Queijo" }));
    await api(`/api/payables/${m[0]!.id}/pay`, { method: "PATCH", body: { dataPagamento: "2026-03-02", valorPago: "255.10" } });
    await api(`/api/payables/${m[1]!.id}/pay`, { method: "PATCH" });
    return { moinho, laticinios, m, l };
  }

  test("without parameters every row; with them one page, X-Total-Count and the filters", async () => {
    const { laticinios } = await fixture();
    const all = await api("/api/payables");
    expect(all.headers.get("x-total-count")).toBeNull();
    const rows = (await all.json()) as PayableJson[];
    expect(rows.map((r) => [r.dataVencimento, r.status, r.valorPago])).toEqual([
      ["2026-02-28", "pago", "255.10"],
      ["2026-03-10", "vencido", null],
      ["2026-03-28", "pago", "250.00"],
      ["2026-04-10", "em_aberto", null],
      ["2026-04-28", "em_aberto", null],
      ["2026-05-28", "em_aberto", null],
    ]);
    const page = await api(`/api/payables?supplierId=${laticinios.id}&status=em_aberto&porPagina=1`);
    expect(page.headers.get("x-total-count")).toBe("1");
    expect(((await page.json()) as PayableJson[]).map((r) => r.dataVencimento)).toEqual(["2026-04-10"]);
    const april = await api("/api/payables?mes=2026-04&ordem=-fornecedor");
    expect(((await april.json()) as PayableJson[]).map((r) => r.supplierName)).toEqual(["Moinho Santa Clara", "Laticínios Serra Azul"]);
    const wrongSort = await api("/api/payables?ordem=cliente");
    expect(wrongSort.status).toBe(400);
    expect(await wrongSort.json()).toEqual({ message: "Ordenação inválida: use fornecedor, parcela, vencimento, valor, status, descricao, categoria, centroCusto" });
    expect((await api("/api/payables?supplierId=1.5")).status).toBe(400);
  });

  test("the four cards, hand-computed, following the filters", async () => {
    const { moinho } = await fixture();
    const summary = async (query = "") => (await api(`/api/payables/summary${query}`)).json();
    // Unpaid: 80.00 (vencido) + 80.00 + 250.00 + 250.00; paid: 255.10 + 250.00; 2 of 6 paid = 33%.
    expect(await summary()).toEqual({
      totalAPagar: { total: "660.00", quantidade: 4 },
      totalPago: { total: "505.10", quantidade: 2 },
      vencidas: { total: "80.00", quantidade: 1 },
      performance: 33,
    });
    // Moinho alone: 2 of 4 paid = 50%.
    expect(await summary(`?supplierId=${moinho.id}`)).toEqual({
      totalAPagar: { total: "500.00", quantidade: 2 },
      totalPago: { total: "505.10", quantidade: 2 },
      vencidas: { total: "0.00", quantidade: 0 },
      performance: 50,
    });
    // March: 10 Mar (vencido) and 28 Mar (paid): 1 of 2.
    expect((await summary("?mes=2026-03")).performance).toBe(50);
    expect(await summary("?mes=2027-01")).toEqual({
      totalAPagar: { total: "0.00", quantidade: 0 },
      totalPago: { total: "0.00", quantidade: 0 },
      vencidas: { total: "0.00", quantidade: 0 },
      performance: 0,
    });
  });

  test("performance rounds half up: 1 paid of 8 is 13%", async () => {
    const moinho = await createSupplier();
    const rows = await generate(plan(moinho.id, { numParcelas: 8 }));
    await api(`/api/payables/${rows[0]!.id}/pay`, { method: "PATCH" });
    expect((await (await api("/api/payables/summary")).json()).performance).toBe(13);
  });
});

describe("paying and deleting", () => {
  async function one() {
    const moinho = await createSupplier();
    const [row] = await generate(plan(moinho.id, { numParcelas: 1, valor: "430.00" }));
    return row!;
  }

  test("PATCH pay with no body pays today at face value", async () => {
    const row = await one();
    const response = await api(`/api/payables/${row.id}/pay`, { method: "PATCH" });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      message: "Pagamento realizado com sucesso!",
      payable: { ...row, status: "pago", dataPagamento: "2026-03-15", valorPago: "430.00", saldo: "0.00" },
    });
  });

  test("PATCH pay with a date and a changed amount; paying twice is a 409", async () => {
    const row = await one();
    const response = await api(`/api/payables/${row.id}/pay`, { method: "PATCH", body: { dataPagamento: "2026-03-01", valorPago: 431.99 } });
    expect((await response.json()).payable).toMatchObject({ dataPagamento: "2026-03-01", valorPago: "431.99", status: "pago" });
    const again = await api(`/api/payables/${row.id}/pay`, { method: "PATCH" });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ message: "Esta conta já está paga" });
  });

  test("a payment date after today is a 400", async () => {
    const row = await one();
    const response = await api(`/api/payables/${row.id}/pay`, { method: "PATCH", body: { dataPagamento: "2026-03-16" } });
    expect(response.status).toBe(400);
    expect((await response.json()).errors).toEqual({ dataPagamento: "Data de pagamento não pode ser futura" });
  });

  test("DELETE removes any payable, paid or not", async () => {
    const row = await one();
    await api(`/api/payables/${row.id}/pay`, { method: "PATCH" });
    const response = await api(`/api/payables/${row.id}`, { method: "DELETE" });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: "Conta excluída com sucesso!" });
    expect(payableCount()).toBe(0);
  });

  test("a supplier with payables cannot be deleted (409), without them it can", async () => {
    const row = await one();
    expect((await api(`/api/suppliers/${row.supplierId}`, { method: "DELETE" })).status).toBe(409);
    await api(`/api/payables/${row.id}`, { method: "DELETE" });
    expect((await api(`/api/suppliers/${row.supplierId}`, { method: "DELETE" })).status).toBe(200);
  });
});

describe("bad input never writes and never answers 500", () => {
  const target: SweepTarget = {
    send: api,
    snapshot: () => [t.db.$client.query("select * from payables order by id").all(), t.db.$client.query("select * from suppliers order by id").all()],
  };
  const THE_SUPPLIER = "{fornecedor}";
  const withSupplier = (body: unknown, supplier: SupplierJson) =>
    body && typeof body === "object" && (body as { supplierId?: unknown }).supplierId === THE_SUPPLIER ? { ...body, supplierId: String(supplier.id) } : body;
  const valid = { ...plan(0), supplierId: THE_SUPPLIER };
  const generateCases: BadInput[] = [
    { name: "an empty object", body: {}, status: 400 },
    { name: "a null body", body: null, status: 400 },
    ...malformedBodies(valid),
    { name: "a blank supplierId", body: { ...valid, supplierId: "" }, status: 400, errors: { supplierId: "Fornecedor é obrigatório" } },
    { name: "supplierId '12abc'", body: { ...valid, supplierId: "12abc" }, status: 400, errors: { supplierId: "Fornecedor inválido" } },
    { name: "supplierId -3", body: { ...valid, supplierId: -3 }, status: 400, errors: { supplierId: "Fornecedor inválido" } },
    { name: "pt-BR money", body: { ...valid, valor: "1.000,00" }, status: 400, errors: { valor: "Valor inválido" } },
    { name: "money with 3 decimals", body: { ...valid, valor: 10.005 }, status: 400, errors: { valor: "Valor inválido" } },
    { name: "money 'Infinity'", body: { ...valid, valor: "Infinity" }, status: 400, errors: { valor: "Valor inválido" } },
    { name: "zero money", body: { ...valid, valor: 0 }, status: 400, errors: { valor: "Valor deve ser maior que zero" } },
    { name: "a 501-character descricao", body: { ...valid, descricao: "x".repeat(501) }, status: 400, errors: { descricao: "Máximo de 500 caracteres" } },
    { name: "numParcelas 0", body: { ...valid, numParcelas: 0 }, status: 400, errors: { numParcelas: "Mínimo 1 parcela" } },
  ];
  sweepBodies(
    target,
    { method: "POST", label: "/api/payables/generate", setup: () => createSupplier(), path: () => "/api/payables/generate", prepare: withSupplier },
    generateCases,
  );

  const withRow = async () => {
    const supplier = await createSupplier();
    const [row] = await generate(plan(supplier.id, { numParcelas: 1 }));
    return row!;
  };
  const payCases: BadInput[] = [
    ...malformedBodies({ dataPagamento: "2026-03-15" }),
    { name: "a blank dataPagamento", body: { dataPagamento: "" }, status: 400, errors: { dataPagamento: "Data de pagamento é obrigatória" } },
    { name: "a future dataPagamento", body: { dataPagamento: "2026-12-01" }, status: 400, errors: { dataPagamento: "Data de pagamento não pode ser futura" } },
    { name: "a pt-BR date", body: { dataPagamento: "15/03/2026" }, status: 400, errors: { dataPagamento: "Data inválida" } },
    { name: "a pt-BR valorPago", body: { valorPago: "430,00" }, status: 400, errors: { valorPago: "Valor inválido" } },
    { name: "a negative valorPago", body: { valorPago: -1 }, status: 400, errors: { valorPago: "Valor deve ser maior que zero" } },
  ];
  sweepBodies(target, { method: "PATCH", label: "/api/payables/:id/pay", setup: withRow, path: (row) => `/api/payables/${row.id}/pay` }, payCases);

  sweepIds(
    target,
    withRow,
    [
      { method: "PATCH", path: (id) => `/api/payables/${id}/pay` },
      { method: "DELETE", path: (id) => `/api/payables/${id}` },
    ],
    "Conta não encontrada",
  );
});
