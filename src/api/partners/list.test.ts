import { describe, expect, test } from "bun:test";
import { useTestApp } from "../../../tests/support";
import type { PartnerJson, PartnerSummary } from "./model";

// GET /api/partners with list parameters (DECISIONS §5) and the summary the page shows.

const t = useTestApp({ tables: ["partners"] });

let phone = 11900000000;
async function create(nome: string, empresa = "Contábil Norte", email = `${nome.replace(/\W/g, "").toLowerCase()}@exemplo.com.br`) {
  const body = { nome, empresa, email, telefone: String(phone++) };
  const response = await t.request("/api/partners", { method: "POST", body, cookie: t.cookie });
  expect(response.status).toBe(201);
  return (await response.json()) as PartnerJson;
}

async function page(query: string): Promise<{ names: string[]; total: string | null }> {
  const response = await t.request(`/api/partners?${query}`, { cookie: t.cookie });
  expect(response.status).toBe(200);
  const rows = (await response.json()) as PartnerJson[];
  return { names: rows.map((p) => p.nome), total: response.headers.get("x-total-count") };
}

describe("GET /api/partners, paged", () => {
  test("pagina and porPagina answer that page, the total in X-Total-Count; 50 a page by default", async () => {
    for (let n = 1; n <= 53; n++) await create(`Parceiro ${n}`);
    expect(await page("pagina=2&porPagina=4")).toEqual({ names: ["Parceiro 5", "Parceiro 6", "Parceiro 7", "Parceiro 8"], total: "53" });
    const first = await page("q=parceiro");
    expect(first.names).toHaveLength(50);
    expect(first.total).toBe("53");
    expect((await page("q=parceiro&pagina=2")).names).toEqual(["Parceiro 51", "Parceiro 52", "Parceiro 53"]);
  });

  test("names in pt-BR natural order: 'Cliente 2' before 'Cliente 10'; ordem=-nome reverses it", async () => {
    for (const nome of ["Cliente 10", "Érica Lima", "Cliente 2", "Eduardo Reis", "cliente 1"]) await create(nome);
    expect((await page("porPagina=10")).names).toEqual(["cliente 1", "Cliente 2", "Cliente 10", "Eduardo Reis", "Érica Lima"]);
    expect((await page("ordem=-nome")).names).toEqual(["Érica Lima", "Eduardo Reis", "Cliente 10", "Cliente 2", "cliente 1"]);
  });

  test("ordem=empresa sorts by company; ties keep the name order either way", async () => {
    await create("Bruno", "Lima Advogados");
    await create("Carla", "Dias Marketing");
    await create("Ana", "Dias Marketing");
    expect((await page("ordem=empresa")).names).toEqual(["Ana", "Carla", "Bruno"]);
    expect((await page("ordem=-empresa")).names).toEqual(["Bruno", "Ana", "Carla"]);
  });

  test("companies sort in pt-BR natural order too: accents folded, 'Loja 2' before 'Loja 10'", async () => {
    await create("Zeca", "Zebra Transportes");
    await create("Otávio", "Ótica Visão Clara");
    await create("Lia", "Loja 10");
    await create("Leo", "Loja 2");
    expect((await page("ordem=empresa")).names).toEqual(["Leo", "Lia", "Otávio", "Zeca"]);
  });

  test("q finds name, company or e-mail, ignoring case and accents", async () => {
    await create("Ana Souza", "Contábil Norte", "ana@norte.com.br");
    await create("João Pedro", "Lima Advogados", "jp@lima.adv.br");
    expect(await page("q=JOAO")).toEqual({ names: ["João Pedro"], total: "1" });
    expect((await page("q=contabil")).names).toEqual(["Ana Souza"]);
    expect((await page("q=lima.adv")).names).toEqual(["João Pedro"]);
    expect(await page("q=ninguem")).toEqual({ names: [], total: "0" });
  });

  test("without parameters the whole array, as SPEC §7 has it", async () => {
    for (let n = 1; n <= 55; n++) await create(`Parceiro ${n}`);
    const response = await t.request("/api/partners", { cookie: t.cookie });
    expect(((await response.json()) as PartnerJson[]).length).toBe(55);
    expect(response.headers.get("x-total-count")).toBeNull();
  });

  test("a bad page or sort is a 400 in pt-BR", async () => {
    for (const query of ["pagina=0", "porPagina=x", "ordem=telefone"]) {
      expect((await t.request(`/api/partners?${query}`, { cookie: t.cookie })).status).toBe(400);
    }
  });
});

describe("GET /api/partners/summary", () => {
  test("counts every partner, those with an e-mail and those with a phone", async () => {
    await create("Ana Souza");
    await create("Bruno Lima");
    // Rows written before the form required both (an old import): blank e-mail, blank phone.
    t.db.$client.exec("update partners set email = '' where nome = 'Ana Souza'");
    t.db.$client.exec("update partners set telefone = '  ' where nome = 'Bruno Lima'");
    await create("Carla Dias");
    const response = await t.request("/api/partners/summary", { cookie: t.cookie });
    expect(response.status).toBe(200);
    expect((await response.json()) as PartnerSummary).toEqual({ total: 3, comEmail: 2, comTelefone: 2 });
  });

  test("is signed-in only", async () => {
    expect((await t.request("/api/partners/summary")).status).toBe(401);
  });

  test("the page renders the summary and one page of rows from the URL", async () => {
    for (let n = 1; n <= 12; n++) await create(`Parceiro ${n}`);
    const html = await (await t.request("/partners?q=parceiro%201&ordem=-nome", { cookie: t.cookie })).text();
    expect(html).toMatch(/data-summary="total"[^>]*>12</);
    const order = ["Parceiro 12", "Parceiro 11", "Parceiro 10"].map((name) => html.indexOf(`>${name}<`));
    expect(order.every((at, i) => at > 0 && (i === 0 || at > order[i - 1]!))).toBe(true);
  });
});
