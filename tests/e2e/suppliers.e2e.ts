import { describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { axeViolations, eventually, expectToast, screenshot, signIn, toast, useServerAndBrowser, waitForIslands, chooseRowAction, animationsDone, dismissToasts, expectNoHorizontalOverflow } from "./support";

const e2e = useServerAndBrowser();

async function openSuppliers(page: Page, search = "") {
  await page.goto(`${e2e.server.url}/suppliers${search}`);
  await waitForIslands(page);
}

const card = (page: Page, nome: string) => page.getByRole("group", { name: nome, exact: true });
const cardNames = (page: Page) => page.locator(".sup-card h2").allTextContents();
const searchBox = (page: Page) => page.getByRole("search", { name: "Buscar fornecedores" }).getByLabel("Buscar");

async function post(page: Page, data: object) {
  const response = await page.request.post(`${e2e.server.url}/api/suppliers`, { data });
  expect(response.status()).toBe(201);
}

describe("Fornecedores", () => {
  test("create, edit, search in the URL, block, unblock and delete, as a user at 1280 px", async () => {
    const page = await e2e.browser.newPage({ viewport: { width: 1280, height: 800 } });
    const problems: string[] = [];
    page.on("pageerror", (error) => problems.push(error.message));
    page.on("console", (message) => {
      if (message.type() === "error" && !/status of 4\d\d/.test(message.text())) problems.push(message.text());
    });
    await signIn(page, e2e.server.url);
    await openSuppliers(page);
    expect(await page.title()).toBe("Fornecedores · Cofre");
    await page.getByRole("heading", { name: "Fornecedores", level: 1 }).waitFor();

    // A fresh database: the empty state, with the action that fills it.
    await page.getByText("Nenhum fornecedor encontrado").waitFor();
    await page.getByText("Cadastre o primeiro fornecedor para começar.").waitFor();
    expect(await page.locator("#fornecedores-contagem").textContent()).toBe("Nenhum fornecedor");
    await dismissToasts(page);
    await screenshot(page, "suppliers-empty-1280");

    // Create from the empty state: SPEC's message on an empty save, then the masks as the user types bare digits.
    await page.locator(".ui-empty").getByRole("button", { name: "Novo Fornecedor" }).click();
    const create = page.getByRole("dialog", { name: "Novo Fornecedor" });
    await create.waitFor();
    await create.getByRole("button", { name: "Salvar" }).click();
    await create.getByText("Nome é obrigatório.").waitFor();
    expect(await create.getByLabel("Nome").evaluate((el) => el === document.activeElement)).toBe(true);
    await create.getByLabel("Nome").fill("Acme Distribuidora");
    await create.getByLabel("CNPJ").pressSequentially("12345678000195");
    expect(await create.getByLabel("CNPJ").inputValue()).toBe("12.345.678/0001-95");
    await create.getByLabel("Telefone").pressSequentially("11987654321");
    expect(await create.getByLabel("Telefone").inputValue()).toBe("(11) 98765-4321");
    await create.getByLabel("E-mail").fill("compras@acme.com.br");
    await create.getByLabel("Cidade").fill("São Paulo");
    await create.getByLabel("Estado").selectOption("SP");
    await create.getByRole("button", { name: "Salvar" }).click();
    await expectToast(page, "Fornecedor criado");
    await create.waitFor({ state: "hidden" });
    const acme = card(page, "Acme Distribuidora");
    await acme.waitFor();
    for (const text of ["Ativo", "(11) 98765-4321", "compras@acme.com.br", "São Paulo - SP"]) await acme.getByText(text).first().waitFor();
    expect(await acme.locator(".sup-card__cnpj").textContent()).toBe("CNPJ 12.345.678/0001-95");

    // The header's "Novo Fornecedor" (its own island); a supplier with only a name gets muted placeholders.
    await page.getByRole("button", { name: "Novo Fornecedor" }).first().click();
    await page.getByRole("dialog", { name: "Novo Fornecedor" }).getByLabel("Nome").fill("Beta Gráfica");
    await page.keyboard.press("Enter");
    await expectToast(page, "Fornecedor criado");
    await card(page, "Beta Gráfica").getByText("CNPJ não informado").waitFor();
    await card(page, "Beta Gráfica").getByText("Telefone não informado").waitFor();

    // One more through the API: the server renders it (first paint has the data).
    await post(page, { nome: "Céu Azul Transportes", cnpj: "98.765.432/0001-10", email: "ceu@azul.com", telefone: "2134567890", cidade: "Niterói", estado: "RJ" });
    const html = await (await page.request.get(`${e2e.server.url}/suppliers`)).text();
    expect(html).toContain("Céu Azul Transportes");
    await openSuppliers(page);
    expect(await cardNames(page)).toEqual(["Acme Distribuidora", "Beta Gráfica", "Céu Azul Transportes"]);
    expect(await page.locator("#fornecedores-contagem").textContent()).toBe("Fornecedores 1–3 de 3");

    // Edit: the dialog starts from the card; the card updates without a reload.
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    await acme.getByRole("button", { name: "Editar Acme Distribuidora" }).click();
    const edit = page.getByRole("dialog", { name: "Editar Fornecedor" });
    expect(await edit.getByLabel("Nome").inputValue()).toBe("Acme Distribuidora");
    expect(await edit.getByLabel("CNPJ").inputValue()).toBe("12.345.678/0001-95");
    await animationsDone(page);
    await screenshot(page, "suppliers-dialog-1280");
    await edit.getByLabel("Cidade").fill("Curitiba");
    await edit.getByLabel("Estado").selectOption("PR");
    await edit.getByRole("button", { name: "Salvar" }).click();
    await expectToast(page, "Fornecedor atualizado");
    await acme.getByText("Curitiba - PR").waitFor();
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);

    // Search on the server as you type: name without accents, CNPJ with or without punctuation, e-mail.
    await searchBox(page).fill("grafica");
    await eventually(() => cardNames(page), ["Beta Gráfica"]);
    expect(new URL(page.url()).search).toBe("?q=grafica");
    await searchBox(page).fill("98765432");
    await eventually(() => cardNames(page), ["Céu Azul Transportes"]);
    await searchBox(page).fill("12.345.678/0001");
    await eventually(() => cardNames(page), ["Acme Distribuidora"]);
    await searchBox(page).fill("ceu@azul");
    await eventually(() => cardNames(page), ["Céu Azul Transportes"]);
    // The view survives a reload: the server renders the same search.
    await page.reload();
    await waitForIslands(page);
    expect(await searchBox(page).inputValue()).toBe("ceu@azul");
    expect(await cardNames(page)).toEqual(["Céu Azul Transportes"]);
    await searchBox(page).fill("nada-disso");
    await page.getByText("Ajuste a busca ou cadastre um novo fornecedor.").waitFor();
    await page.getByRole("button", { name: "Limpar busca" }).click();
    await eventually(async () => (await cardNames(page)).length, 3);
    expect(new URL(page.url()).search).toBe("");

    // Block and unblock: no confirmation, the badge follows, a toast each time.
    await chooseRowAction(acme, "Bloquear", "Acme Distribuidora");
    await expectToast(page, "Status atualizado");
    await acme.getByText("Bloqueado", { exact: true }).waitFor();
    expect(await page.locator("dialog[open]").count()).toBe(0);
    await screenshot(page, "suppliers-1280");
    await chooseRowAction(acme, "Desbloquear", "Acme Distribuidora");
    await expectToast(page, "Status atualizado");
    await acme.getByText("Ativo", { exact: true }).waitFor();

    // Delete: SPEC's question, starting on Cancelar; toast; the card is gone.
    await chooseRowAction(card(page, "Beta Gráfica"), "Excluir", "Beta Gráfica");
    const confirm = page.getByRole("alertdialog");
    await confirm.getByText("Tem certeza que deseja excluir este fornecedor?").waitFor();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Cancelar");
    await confirm.getByRole("button", { name: "Excluir" }).click();
    await expectToast(page, "Fornecedor excluído");
    await card(page, "Beta Gráfica").waitFor({ state: "detached" });
    expect(await cardNames(page)).toEqual(["Acme Distribuidora", "Céu Azul Transportes"]);

    // The change is on the server: a reload shows the same.
    await openSuppliers(page);
    expect(await cardNames(page)).toEqual(["Acme Distribuidora", "Céu Azul Transportes"]);
    await card(page, "Acme Distribuidora").getByText("Curitiba - PR").waitFor();
    expect(problems).toEqual([]);
    await page.close();
  });

  test("48 cards a page; the pager's page is in the URL and survives a reload", async () => {
    const page = await e2e.browser.newPage({ viewport: { width: 1280, height: 800 } });
    await signIn(page, e2e.server.url);
    for (let n = 1; n <= 50; n++) await post(page, { nome: `Paginado ${n}` });
    await openSuppliers(page, "?q=paginado");
    expect(await page.locator(".sup-card").count()).toBe(48);
    expect(await page.locator("#fornecedores-contagem").textContent()).toBe("Fornecedores 1–48 de 50");
    expect((await cardNames(page)).slice(0, 3)).toEqual(["Paginado 1", "Paginado 2", "Paginado 3"]);
    await page.getByRole("link", { name: "Próxima" }).click();
    await eventually(() => cardNames(page), ["Paginado 49", "Paginado 50"]);
    expect(new URL(page.url()).search).toBe("?q=paginado&pagina=2");
    await page.reload();
    await waitForIslands(page);
    expect(await cardNames(page)).toEqual(["Paginado 49", "Paginado 50"]);
    expect(await page.locator("#fornecedores-contagem").textContent()).toBe("Fornecedores 49–50 de 50");
    for (const id of await page.evaluate(async () => ((await (await fetch("/api/suppliers?q=paginado&porPagina=100")).json()) as { id: number }[]).map((s) => s.id))) {
      await page.request.delete(`${e2e.server.url}/api/suppliers/${id}`);
    }
    await page.close();
  });

  test("a 120-character name and e-mail end in '…' with the actions in view, at 1280 and 375 px; axe-core passes", async () => {
    const page = await e2e.browser.newPage({ viewport: { width: 1280, height: 800 } });
    await signIn(page, e2e.server.url);
    const longName = `Comércio de Materiais de Construção e Ferragens ${"Irmãos Albuquerque ".repeat(4)}Ltda`.slice(0, 120);
    const domain = "@materiais-de-construcao-albuquerque.com.br";
    const longEmail = `${"financeiro.contas.a.pagar.".repeat(5).slice(0, 120 - domain.length - 1)}x${domain}`;
    expect([longName.length, longEmail.length]).toEqual([120, 120]);
    await post(page, { nome: longName, cnpj: "06990590000123", email: longEmail, telefone: "81987654321", cidade: "Jaboatão dos Guararapes", estado: "PE" });
    await openSuppliers(page);
    await dismissToasts(page);
    const long = card(page, longName);
    const title = long.locator("h2");
    expect(await title.getAttribute("title")).toBe(longName);
    expect(await title.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true); // cut short, one line
    expect(await long.locator(`[title="${longEmail}"]`).count()).toBe(1);
    const cardBox = (await long.boundingBox())!;
    const remove = (await long.getByRole("button", { name: `Mais ações para ${longName}` }).boundingBox())!;
    expect(remove.x + remove.width).toBeLessThanOrEqual(cardBox.x + cardBox.width);
    await expectNoHorizontalOverflow(page);
    await screenshot(page, "suppliers-long-1280");
    expect(await axeViolations(page)).toEqual([]);

    // A dialog keeps focus inside on every Tab and asks before dropping typed text.
    await page.getByRole("button", { name: "Novo Fornecedor" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Novo Fornecedor" });
    await dialog.getByLabel("Nome").fill("Mercado");
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press("Tab");
      expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press("Escape");
    await page.getByRole("alertdialog").getByText("Descartar alterações?").waitFor();
    await page.getByRole("alertdialog").getByRole("button", { name: "Descartar" }).click();
    await dialog.waitFor({ state: "hidden" });

    await page.setViewportSize({ width: 375, height: 740 });
    await expectNoHorizontalOverflow(page);
    // One column of cards; the search folds into "Filtros" so the first card is above the fold.
    const lefts = await page.locator(".sup-card").evaluateAll((els) => els.map((el) => el.getBoundingClientRect().left));
    expect(new Set(lefts).size).toBe(1);
    expect(await searchBox(page).isVisible()).toBe(false);
    const first = (await page.locator(".sup-card").first().boundingBox())!;
    expect(first.y).toBeLessThan(740);
    const phoneCard = (await long.boundingBox())!;
    const phoneRemove = (await long.getByRole("button", { name: `Mais ações para ${longName}` }).boundingBox())!;
    expect(phoneRemove.x + phoneRemove.width).toBeLessThanOrEqual(phoneCard.x + phoneCard.width);
    expect(phoneRemove.height).toBeGreaterThanOrEqual(44);
    await screenshot(page, "suppliers-375");
    expect(await axeViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 360, height: 740 });
    await expectNoHorizontalOverflow(page);
    await page.setViewportSize({ width: 375, height: 740 });

    await page.getByRole("button", { name: "Novo Fornecedor" }).first().click();
    await dialog.getByLabel("Telefone").pressSequentially("1134567890");
    expect(await dialog.getByLabel("Telefone").inputValue()).toBe("(11) 3456-7890");
    await dialog.getByRole("button", { name: "Salvar" }).click();
    await dialog.getByText("Nome é obrigatório.").waitFor();
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(375);
    await animationsDone(page);
    await screenshot(page, "suppliers-dialog-375");
    await page.close();
  });
});
