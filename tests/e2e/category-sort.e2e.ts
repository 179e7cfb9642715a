// Contas a Receber / a Pagar sorted by the plano de contas (issue 36 §3): the Descrição column's
// header also sorts by Categoria (and Centro de custo where the company has cost centres), the
// line each cell shows under its description; the server sorts, the sort lives in the URL
// (reload, Back), the page reads right at 1280 and 375 px, axe finds nothing serious.
import { describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { axeViolations, eventually, expectNoHorizontalOverflow, isoDaysFromToday, pageApi, screenshot, signIn, useServerAndBrowser, waitForIslands } from "./support";

const e2e = useServerAndBrowser();

const LONG = "Academia Corpo em Movimento SA"; // 30 characters: its column keeps room for it
const categoryCells = (page: Page) => page.locator(".ledger-table tbody tr .ui-lines > :nth-child(2)").allInnerTexts();

async function seed(page: Page) {
  const id = async (nome: string) => ((await pageApi(page, "/api/categories", undefined, "GET")).json as { id: number; nome: string }[]).find((c) => c.nome === nome)!.id;
  const client = await pageApi(page, "/api/clients", { nome: LONG, cnpj: "11222333000181", contato: "Maria", telefone: "11987654321", email: "m@cofre.test", valorMensalidade: "300.00", codigoCliente: "ACA-01" });
  expect(client.status).toBe(201);
  const centre = await pageApi(page, "/api/cost-centres", { nome: "Projetos" });
  expect(centre.status).toBe(201);
  // Due dates against the categories' order: the sort cannot be the due date's by chance.
  for (const [categoria, dias, centro] of [
    ["Juros e multas recebidos", 1, null],
    ["Serviços avulsos", 10, centre.json.id],
    ["Mensalidades", 20, null],
  ] as const) {
    const made = await pageApi(page, "/api/installments/generate", {
      clientId: client.json.id, numParcelas: 1, valor: "100.00", primeiroVencimento: isoDaysFromToday(dias), descricao: `Contrato ${categoria}`, categoriaId: await id(categoria), centroCustoId: centro,
    });
    expect(made.status).toBe(201);
  }
}

describe("Lists sorted by the plano de contas", () => {
  test("Categoria sorts by grupo › categoria, either way, in the URL; Centro de custo likewise; 1280 and 375 px; axe", async () => {
    const page = await e2e.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(page, e2e.server.url);
    await seed(page);
    await page.goto(`${e2e.server.url}/receivables`);
    await waitForIslands(page);
    const table = page.locator(".ledger-table");
    // By due date (the default): the categories as they fall.
    await eventually(() => categoryCells(page), ["Juros e multas recebidos", "Serviços avulsos · Projetos", "Mensalidades"]);
    // "Receitas de serviços" (Mensalidades, Serviços avulsos) before "Receitas financeiras".
    await table.getByRole("button", { name: "Categoria", exact: true }).click();
    await page.waitForURL(/ordem=categoria/);
    await eventually(() => categoryCells(page), ["Mensalidades", "Serviços avulsos · Projetos", "Juros e multas recebidos"]);
    // The row names the category alone (no title: docs/decisions.md "A page's weight"); its group
    // is in the Categoria filter's option.
    expect(await table.locator("tbody tr .ui-lines > :nth-child(2)[title]").count()).toBe(0);
    expect(await page.locator("select[name='categoriaId'] option", { hasText: "Receitas de serviços › Mensalidades" }).count()).toBe(1);
    await table.getByRole("button", { name: "Categoria", exact: true }).click();
    await page.waitForURL(/ordem=-categoria/);
    await eventually(() => categoryCells(page), ["Juros e multas recebidos", "Serviços avulsos · Projetos", "Mensalidades"]);
    expect(await table.locator("th[aria-sort='descending']").textContent()).toContain("Categoria");
    expect(await table.locator("th[aria-sort]").count()).toBe(1);
    // The view is the URL's: a reload keeps it, Back returns to the ascending one.
    await page.reload();
    await waitForIslands(page);
    await eventually(() => categoryCells(page), ["Juros e multas recebidos", "Serviços avulsos · Projetos", "Mensalidades"]);
    await page.goBack();
    await page.waitForURL((url) => url.searchParams.get("ordem") === "categoria");
    await eventually(() => categoryCells(page), ["Mensalidades", "Serviços avulsos · Projetos", "Juros e multas recebidos"]);
    // The company has a cost centre: its order too, rows without one last.
    await table.getByRole("button", { name: "Centro de custo", exact: true }).click();
    await page.waitForURL(/ordem=centroCusto/);
    await eventually(async () => (await categoryCells(page))[0], "Serviços avulsos · Projetos");
    // The client's name keeps its room (issue 37 §1).
    const name = page.locator("tbody a", { hasText: LONG }).first();
    expect(await name.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, "receivables-by-category-1280");

    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`${e2e.server.url}/receivables?ordem=categoria`);
    await waitForIslands(page);
    await eventually(() => categoryCells(page), ["Mensalidades", "Serviços avulsos · Projetos", "Juros e multas recebidos"]);
    await expectNoHorizontalOverflow(page);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, "receivables-by-category-375");
    await page.close();
  });
});
