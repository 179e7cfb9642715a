import { describe, expect, test } from "bun:test";
import { useTestApp } from "../../../tests/support";
import type { SupplierJson } from "./model";

// GET /api/suppliers with list parameters (DECISIONS §5): one page in pt-BR name order, the
// total in X-Total-Count; the grid's one search box finds name, CNPJ or e-mail.

const t = useTestApp({ tables: ["payables", "suppliers"] });

async function create(body: object): Promise<SupplierJson> {
  const response = await t.request("/api/suppliers", { method: "POST", body, cookie: t.cookie });
  expect(response.status).toBe(201);
  return (await response.json()) as SupplierJson;
}

async function page(query: string): Promise<{ status: number; names: string[]; total: string | null }> {
  const response = await t.request(`/api/suppliers?${query}`, { cookie: t.cookie });
  if (response.status !== 200) return { status: response.status, names: [], total: null };
  const rows = (await response.json()) as SupplierJson[];
  return { status: 200, names: rows.map((s) => s.nome), total: response.headers.get("x-total-count") };
}

async function numbered(count: number) {
  for (let n = 1; n <= count; n++) await create({ nome: `Fornecedor ${n}` });
}

describe("GET /api/suppliers, paged", () => {
  test("pagina and porPagina answer that page as an array, the total in X-Total-Count", async () => {
    await numbered(12);
    expect(await page("pagina=2&porPagina=5")).toEqual({
      status: 200,
      names: ["Fornecedor 6", "Fornecedor 7", "Fornecedor 8", "Fornecedor 9", "Fornecedor 10"],
      total: "12",
    });
    expect(await page("pagina=3&porPagina=5")).toMatchObject({ names: ["Fornecedor 11", "Fornecedor 12"], total: "12" });
    expect(await page("pagina=9&porPagina=5")).toMatchObject({ names: [], total: "12" });
  });

  test("a page is 48 cards when porPagina is not given", async () => {
    await numbered(50);
    const first = await page("q=fornecedor");
    expect(first.names).toHaveLength(48);
    expect(first.total).toBe("50");
    expect((await page("q=fornecedor&pagina=2")).names).toEqual(["Fornecedor 49", "Fornecedor 50"]);
  });

  test("names in pt-BR natural order: 'Cliente 2' before 'Cliente 10', accents beside their letter", async () => {
    for (const nome of ["Cliente 10", "Ótica Central", "Cliente 2", "Avícola Sul", "Ávila Papéis", "cliente 1", "Zeta"]) await create({ nome });
    expect((await page("porPagina=50")).names).toEqual([
      "Avícola Sul",
      "Ávila Papéis",
      "cliente 1",
      "Cliente 2",
      "Cliente 10",
      "Ótica Central",
      "Zeta",
    ]);
    expect((await page("ordem=-nome&porPagina=3")).names).toEqual(["Zeta", "Ótica Central", "Cliente 10"]);
  });

  test("q finds the name ignoring case and accents, the e-mail, and the CNPJ with or without punctuation", async () => {
    await create({ nome: "Moinho São José", cnpj: "60.574.610/0001-20", email: "vendas@moinho.com.br" });
    await create({ nome: "Laticínios Serra Azul", email: "contato@serraazul.com" });
    await create({ nome: "Gráfica Boa Vista", cnpj: "12345678000195" });
    expect(await page("q=SAO%20JOSE")).toMatchObject({ names: ["Moinho São José"], total: "1" });
    expect((await page("q=laticinios")).names).toEqual(["Laticínios Serra Azul"]);
    expect((await page("q=gr%C3%A1fica")).names).toEqual(["Gráfica Boa Vista"]);
    expect((await page("q=SERRAAZUL.COM")).names).toEqual(["Laticínios Serra Azul"]);
    expect((await page("q=60574610")).names).toEqual(["Moinho São José"]);
    expect((await page("q=12.345.678%2F0001")).names).toEqual(["Gráfica Boa Vista"]);
    expect(await page("q=nada-disso")).toMatchObject({ names: [], total: "0" });
  });

  test("LIKE wildcards typed in q are plain characters", async () => {
    await create({ nome: "Cem Por Cento 100%" });
    await create({ nome: "Sublinhado_Ltda" });
    await create({ nome: "Qualquer Outro" });
    expect((await page("q=%25")).names).toEqual(["Cem Por Cento 100%"]);
    expect((await page("q=_")).names).toEqual(["Sublinhado_Ltda"]);
  });

  test("without parameters the whole list (SPEC §7), with no X-Total-Count", async () => {
    await numbered(60);
    const response = await t.request("/api/suppliers", { cookie: t.cookie });
    expect(((await response.json()) as SupplierJson[]).length).toBe(60);
    expect(response.headers.get("x-total-count")).toBeNull();
  });

  test("a bad pagina, porPagina or ordem is a 400 in pt-BR, never a 500", async () => {
    for (const query of ["pagina=0", "pagina=-1", "pagina=abc", "porPagina=0", "porPagina=1.5", "ordem=cnpj", "ordem=-email"]) {
      const response = await t.request(`/api/suppliers?${query}`, { cookie: t.cookie });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { message: string }).message).toMatch(/inválid/);
    }
  });

  test("porPagina is capped at 500", async () => {
    await numbered(3);
    expect(await page("porPagina=100000")).toMatchObject({ status: 200, total: "3" });
  });

  test("the grid's page: rendered by the server with the same query", async () => {
    await numbered(50);
    const html = await (await t.request("/suppliers?q=fornecedor%204", { cookie: t.cookie })).text();
    expect(html).toContain("Fornecedor 4");
    expect(html).toContain("Fornecedor 49");
    expect(html).not.toContain("Fornecedor 39<");
  });
});
