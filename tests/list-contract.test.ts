// Every list screen follows one contract (its spec in its feature's list-spec.ts): the page hands its
// island the view its spec reads from the URL and exactly what the list API answers for that
// same URL — one row shape, whichever way the island gets its rows.
import { describe, expect, test } from "bun:test";
import { CLIENT_LIST } from "../src/api/clients/model";
import { HISTORY_LIST } from "../src/api/history/model";
import { RECEIVABLE_LIST } from "../src/api/installments/model";
import { PARTNER_LIST } from "../src/api/partners/model";
import { PAYABLE_LIST } from "../src/api/payables/model";
import { SUPPLIER_LIST } from "../src/api/suppliers/model";
import { SUBSCRIPTION_LIST } from "../src/api/subscriptions/model";
import { USER_LIST } from "../src/api/users/model";
import { MESSAGE_LIST } from "../src/api/messages/model";
import { listDefaults, readListView, searchOf, type ListSpec } from "../src/lib/list-spec";
import { addTestUser, PADARIA, useTestApp } from "./support";
import { unpackRows } from "../islands/ledger/kinds";

const t = useTestApp({ now: "2026-03-10T12:00:00Z" });

/** The props the page serialised for its list island. */
function islandProps(html: string): { initial: { rows: unknown[]; total: number }; params: Record<string, string> } {
  for (const [, json] of html.matchAll(/<script type="application\/json" id="[^"]+">(.*?)<\/script>/g)) {
    const props = JSON.parse(json!.replace(/\\u003c/g, "<"));
    // The ledger's rows travel packed (packRows): unpacked as its island does, they are the API's.
    if (props.initial && props.params) return { ...props, initial: { ...props.initial, rows: unpackRows(props.initial.rows) } };
  }
  throw new Error("no list island on the page");
}

async function seed() {
  const client = await (await t.api("/api/clients", { method: "POST", body: PADARIA })).json();
  const supplier = await (await t.api("/api/suppliers", { method: "POST", body: { nome: "Gráfica Ágil", email: "contato@agil.com.br" } })).json();
  await t.api("/api/partners", { method: "POST", body: { nome: "Ana Souza", empresa: "Contábil Norte", email: "ana@norte.com.br", telefone: "11987654321" } });
  const plan = { numParcelas: 3, valor: "300.00", primeiroVencimento: "2026-03-05", descricao: "Contrato" };
  await t.api("/api/installments/generate", { method: "POST", body: { ...plan, clientId: client.id } });
  await t.api("/api/payables/generate", { method: "POST", body: { ...plan, supplierId: supplier.id } });
  // Two manual charges, for the messages' log.
  const [first, second] = (await (await t.api(`/api/installments?clientId=${client.id}`)).json()) as { id: number }[];
  for (const installment of [first!, second!]) await t.api(`/api/installments/${installment.id}/charge-log`, { method: "POST", body: { canal: "email" } });
  await t.api(`/api/clients/${client.id}/subscription`, { method: "PUT", body: { status: "ativa", valor: "150.00", diaVencimento: 10, inicio: "2026-06" } });
  return { client, supplier };
}

const LISTS: [ListSpec, (ids: { client: { id: number }; supplier: { id: number } }) => string][] = [
  [CLIENT_LIST, () => "?q=padaria&ordem=-mensalidade"],
  [SUPPLIER_LIST, () => "?q=gr%C3%A1fica"],
  [PARTNER_LIST, () => "?ordem=-empresa"],
  [RECEIVABLE_LIST, ({ client }) => `?clientId=${client.id}&ordem=-valor&porPagina=2`],
  [PAYABLE_LIST, ({ supplier }) => `?supplierId=${supplier.id}&status=em_aberto`],
  [HISTORY_LIST, () => "?entidade=client&porPagina=5"],
  [SUBSCRIPTION_LIST, () => "?status=ativa&ordem=-valor"],
  [USER_LIST, () => "?papel=administrador&ordem=-email"],
  [MESSAGE_LIST, ({ client }) => `?canal=email&clientId=${client.id}`],
];

describe("one list contract", () => {
  test("each page hands its island its spec's view and the list API's answer for the same URL", async () => {
    const ids = await seed();
    for (const [spec, search] of LISTS) {
      const query = search(ids);
      const page = await t.api(`${spec.path}${query}`);
      expect(page.status).toBe(200);
      const props = islandProps(await page.text());
      expect(props.params).toEqual(readListView(spec, Object.fromEntries(new URLSearchParams(query))));
      const fromApi = await t.api(`${spec.endpoint}${query}`);
      expect(fromApi.status).toBe(200);
      expect(props.initial).toEqual({ rows: await fromApi.json(), total: Number(fromApi.headers.get("x-total-count")) });
      if (props.initial.total === 0) throw new Error(`${spec.path}${query}: no rows to compare`);
    }
  });

  test("every sort the spec allows, either way, answers 200 from the API (also on a page read from the end) and the page", async () => {
    // ?ordem=proximoVencimento was once a 500: its ORDER BY was split on the commas inside max(…).
    // A second row of each list, so that page 2 of 1-row pages is read (from the end).
    const client = await (await t.api("/api/clients", { method: "POST", body: { ...PADARIA, nome: "Floricultura Ipê", cnpj: "11.444.777/0001-61", codigoCliente: "FLO-2", email: "flores@ipe.com.br" } })).json();
    await t.api(`/api/clients/${client.id}/subscription`, { method: "PUT", body: { status: "ativa", valor: "90.00", diaVencimento: 20, inicio: "2026-04", trialAte: "2026-05-01" } });
    await t.api("/api/suppliers", { method: "POST", body: { nome: "Papelaria Central", email: "vendas@central.com.br" } });
    await t.api("/api/partners", { method: "POST", body: { nome: "Bruno Lima", empresa: "Lima & Filhos", email: "bruno@lima.com.br", telefone: "11912345678" } });
    await addTestUser(t.db, "consulta@cofre.test", "livro-caixa-2026", { papel: "administrador", nome: "Consulta" });
    for (const [spec] of LISTS) {
      const total = Number((await t.api(`${spec.endpoint}?porPagina=1`)).headers.get("x-total-count"));
      expect({ list: spec.path, atLeastTwo: total >= 2 }).toEqual({ list: spec.path, atLeastTwo: true });
      for (const sort of spec.sorts) {
        for (const ordem of [sort, `-${sort}`]) {
          // The page runs the API's query: its first page is enough to show it renders the sort.
          const deep = `?ordem=${ordem}&pagina=2&porPagina=1`;
          const statuses = [(await t.api(`${spec.endpoint}?ordem=${ordem}`)).status, (await t.api(`${spec.endpoint}${deep}`)).status, (await t.api(`${spec.path}?ordem=${ordem}`)).status];
          expect({ url: `${spec.path}?ordem=${ordem}`, statuses }).toEqual({ url: `${spec.path}?ordem=${ordem}`, statuses: [200, 200, 200] });
        }
      }
    }
  });

  test("every filter of Contas a Receber / a Pagar, due month and payment date alike (issue 35 §4), is one view for page and API", async () => {
    // The file's app keeps its rows between tests: the first test's seed may be here already.
    if (!(await (await t.api("/api/clients?q=padaria")).json()).length) await seed();
    const [client] = (await (await t.api("/api/clients?q=padaria")).json()) as { id: number }[];
    const [supplier] = (await (await t.api("/api/suppliers?q=gr%C3%A1fica")).json()) as { id: number }[];
    for (const side of ["installments", "payables"]) {
      const [first] = (await (await t.api(`/api/${side}?porPagina=1`)).json()) as { id: number }[];
      expect((await t.api(`/api/${side}/${first!.id}/pay`, { method: "PATCH", body: { dataPagamento: "2026-03-09" } })).status).toBe(200);
    }
    const values: Record<string, string> = { status: "pago", mes: "2026-03", clientId: String(client!.id), supplierId: String(supplier!.id), pagoEm: "2026-03", pagoDe: "2026-03-09", pagoAte: "2026-03-09" };
    for (const spec of [RECEIVABLE_LIST, PAYABLE_LIST]) {
      for (const key of Object.keys(spec.filters)) {
        // The plano de contas' filters have their own test below (they need its categories).
        if (key === "categoriaId" || key === "centroCustoId") continue;
        expect({ list: spec.path, key, known: key in values }).toEqual({ list: spec.path, key, known: true });
        const query = `?${key}=${values[key]}`;
        const props = islandProps(await (await t.api(`${spec.path}${query}`)).text());
        expect(props.params[key]).toBe(values[key]!);
        const fromApi = await t.api(`${spec.endpoint}${query}`);
        expect({ url: `${spec.path}${query}`, initial: props.initial }).toEqual({ url: `${spec.path}${query}`, initial: { rows: await fromApi.json(), total: Number(fromApi.headers.get("x-total-count")) } });
        expect({ url: `${spec.path}${query}`, some: props.initial.total > 0 }).toEqual({ url: `${spec.path}${query}`, some: true });
      }
    }
  });

  test("the plano de contas' filters (issue 36) on every list with categories: page and API agree, only that category's rows", async () => {
    // The file's app keeps its rows between tests: the first test's seed may be here already.
    if (!(await (await t.api("/api/clients?q=padaria")).json()).length) await seed();
    const id = (nome: string) => (t.db.$client.query("select id from categories where nome = ?").get(nome) as { id: number }).id;
    const views: [ListSpec, string, number][] = [
      [RECEIVABLE_LIST, `?categoriaId=${id("Serviços avulsos")}&porPagina=2`, id("Serviços avulsos")],
      [PAYABLE_LIST, `?categoriaId=${id("Fornecedores")}&ordem=-valor`, id("Fornecedores")],
    ];
    for (const [spec, query, categoriaId] of views) {
      const props = islandProps(await (await t.api(`${spec.path}${query}`)).text());
      expect(props.params).toEqual(readListView(spec, Object.fromEntries(new URLSearchParams(query))));
      const fromApi = await t.api(`${spec.endpoint}${query}`);
      const rows = (await fromApi.json()) as { categoriaId: number }[];
      expect(props.initial).toEqual({ rows, total: Number(fromApi.headers.get("x-total-count")) });
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((row) => row.categoriaId === categoriaId)).toBe(true);
    }
    // A category nobody uses: an empty page, not an error; a value no one could mean: the spec's 400.
    expect((await t.api(`${PAYABLE_LIST.endpoint}?categoriaId=${id("Marketing")}`)).headers.get("x-total-count")).toBe("0");
    for (const spec of [RECEIVABLE_LIST, PAYABLE_LIST]) {
      expect((await t.api(`${spec.endpoint}?categoriaId=x`)).status).toBe(400);
      expect((await t.api(`${spec.path}?centroCustoId=0`)).headers.get("location")).toBe(`${spec.path}?aviso=1`);
    }
  });

  test("the sorts by categoria and centro de custo (issue 36 §3): every page, read from either end, is the page's and the API's, and together the whole list in that order", async () => {
    if (!(await (await t.api("/api/clients?q=padaria")).json()).length) await seed();
    const [client] = (await (await t.api("/api/clients?q=padaria")).json()) as { id: number }[];
    const [supplier] = (await (await t.api("/api/suppliers?q=gr%C3%A1fica")).json()) as { id: number }[];
    const id = (nome: string) => (t.db.$client.query("select id from categories where nome = ?").get(nome) as { id: number }).id;
    const centre = await (await t.api("/api/cost-centres", { method: "POST", body: { nome: "Projetos" } })).json();
    // Rows of other categories, one with a cost centre: the order has something to order.
    const more = { numParcelas: 2, valor: "80.00", primeiroVencimento: "2026-04-05", descricao: "Extra" };
    expect((await t.api("/api/installments/generate", { method: "POST", body: { ...more, clientId: client!.id, categoriaId: id("Juros e multas recebidos"), centroCustoId: centre.id } })).status).toBe(201);
    expect((await t.api("/api/payables/generate", { method: "POST", body: { ...more, supplierId: supplier!.id, categoriaId: id("Aluguel"), centroCustoId: centre.id } })).status).toBe(201);
    for (const spec of [RECEIVABLE_LIST, PAYABLE_LIST]) {
      for (const ordem of ["categoria", "-categoria", "centroCusto", "-centroCusto"]) {
        const whole = (await (await t.api(`${spec.endpoint}?ordem=${ordem}`)).json()) as { id: number; categoriaNome: string }[];
        expect(new Set(whole.map((row) => row.categoriaNome)).size).toBeGreaterThan(1);
        const pages: unknown[] = [];
        for (let pagina = 1; pagina <= whole.length; pagina++) {
          const query = `?ordem=${ordem}&pagina=${pagina}&porPagina=1`;
          const props = islandProps(await (await t.api(`${spec.path}${query}`)).text());
          expect(props.params).toEqual(readListView(spec, Object.fromEntries(new URLSearchParams(query))));
          const fromApi = await t.api(`${spec.endpoint}${query}`);
          expect(props.initial).toEqual({ rows: await fromApi.json(), total: whole.length });
          pages.push(...props.initial.rows);
        }
        expect({ url: `${spec.path}?ordem=${ordem}`, pages }).toEqual({ url: `${spec.path}?ordem=${ordem}`, pages: whole });
      }
    }
    // Grupo › categoria, by the groups' names first: "Receitas de serviços" before "Receitas financeiras".
    const names = ((await (await t.api(`${RECEIVABLE_LIST.endpoint}?ordem=categoria`)).json()) as { categoriaNome: string }[]).map((row) => row.categoriaNome);
    expect([...new Set(names)]).toEqual(["Receitas de serviços › Serviços avulsos", "Receitas financeiras › Juros e multas recebidos"]);
  });

  test("a value the spec refuses is a 400 from the API and the default view (with a notice) from the page", async () => {
    for (const [spec, bad] of [
      [CLIENT_LIST, "?ordem=senha"],
      [SUPPLIER_LIST, "?pagina=0"],
      [PARTNER_LIST, "?porPagina=abc"],
      [RECEIVABLE_LIST, "?mes=2026-13"],
      [PAYABLE_LIST, "?status=quitado"],
      [HISTORY_LIST, "?de=2026-02-30"],
      [SUBSCRIPTION_LIST, "?status=cancelada"],
      [USER_LIST, "?papel=chefe"],
    ] as const) {
      const fromApi = await t.api(`${spec.endpoint}${bad}`);
      expect(fromApi.status).toBe(400);
      expect((await fromApi.json()).message).toBeString();
      const page = await t.api(`${spec.path}${bad}`);
      expect(page.status).toBe(302);
      expect(page.headers.get("location")).toBe(`${spec.path}?aviso=1`);
    }
  });
});

describe("list-spec", () => {
  test("the defaults are what the URL leaves out", () => {
    expect(listDefaults(SUPPLIER_LIST)).toEqual({ q: "", ordem: "nome", pagina: "1", porPagina: "48" });
    expect(listDefaults(HISTORY_LIST)).toEqual({ de: "", ate: "", usuario: "", entidade: "", id: "", q: "", pagina: "1", porPagina: "50" });
    expect(searchOf({ ...listDefaults(CLIENT_LIST), q: "pão", pagina: "2" }, listDefaults(CLIENT_LIST))).toBe("?q=p%C3%A3o&pagina=2");
  });

  test("a view is read by the spec's rules: trimmed text, capped page size, sorts from the whitelist", () => {
    expect(readListView(CLIENT_LIST, { q: "  pão ", status: "x", porPagina: "9999", ordem: "-cnpj", outro: "1" })).toEqual({
      q: "pão",
      cnpj: "",
      status: "",
      ordem: "-cnpj",
      pagina: "1",
      porPagina: "500",
    });
    expect(() => readListView(CLIENT_LIST, { ordem: "senha" })).toThrow("Ordenação inválida: use nome, cnpj, mensalidade, status");
    expect(() => readListView(HISTORY_LIST, { ordem: "x", entidade: "usuario" })).toThrow("Tipo de registro inválido");
    expect(readListView(HISTORY_LIST, { usuario: " Ana@X.COM " }).usuario).toBe("ana@x.com");
    expect(() => readListView(RECEIVABLE_LIST, { clientId: "0" })).toThrow("Cliente inválido");
    expect(() => readListView(PAYABLE_LIST, { supplierId: "1e3" })).toThrow("Fornecedor inválido");
  });
});

describe("a list page's first load", () => {
  test("carries no zod: the forms' schemas come with their dialogs (issue 21 §2)", async () => {
    for (const [spec] of LISTS) {
      const html = await (await t.api(spec.path)).text();
      const urls = [...new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!))];
      expect({ page: spec.path, scripts: urls.length > 1 }).toEqual({ page: spec.path, scripts: true });
      const withZod: string[] = [];
      for (const url of urls) if ((await (await t.request(url)).text()).includes("$ZodType")) withZod.push(url);
      expect({ page: spec.path, withZod }).toEqual({ page: spec.path, withZod: [] });
    }
  });
});
