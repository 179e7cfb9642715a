import { describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { screenshot, signIn, waitForIslands, useServerAndBrowser } from "./support";

const e2e = useServerAndBrowser();

async function openSuppliers(page: Page) {
  await page.goto(`${e2e.server.url}/suppliers`);
  await waitForIslands(page);
}

/** Waits for the toast, then dismisses it so the next check sees a fresh one. */
async function expectToast(page: Page, title: string, description?: string) {
  const toast = page.getByRole("status").filter({ hasText: title });
  await toast.waitFor();
  if (description) expect(await toast.textContent()).toContain(description);
  if ((await page.locator("dialog[open]").count()) === 0) {
    await toast.getByRole("button", { name: "Fechar" }).click();
    await toast.waitFor({ state: "detached" });
  }
}

const card = (page: Page, nome: string) => page.getByRole("group", { name: nome, exact: true });
const cardNames = (page: Page) => page.locator(".sup-card h2").allTextContents();

/** Waits for running animations (the dialog's fade-in) to end before a screenshot. */
async function animationsDone(page: Page) {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"));
}

/** Closes any toast still showing (e.g. the sign-in welcome), so screenshots show the page. */
async function dismissToasts(page: Page) {
  for (const close of await page.getByRole("status").getByRole("button", { name: "Fechar" }).all()) await close.click();
}

/** No horizontal scrolling: the page fits the viewport's width. */
async function expectNoHorizontalOverflow(page: Page) {
  const [scroll, client] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
  expect(scroll).toBeLessThanOrEqual(client);
}

describe("Fornecedores", () => {
  test("create, edit, search, block, unblock and delete, as a user at 1280 px", async () => {
    const page = await e2e.browser.newPage({ viewport: { width: 1280, height: 800 } });
    await signIn(page, e2e.server.url);
    await openSuppliers(page);
    expect(await page.title()).toBe("Fornecedores · Cofre");
    await page.getByRole("heading", { name: "Fornecedores", level: 1 }).waitFor();

    // A fresh database: the empty state.
    await page.getByText("Nenhum fornecedor encontrado").waitFor();
    await page.getByText("Cadastre o primeiro fornecedor para começar.").waitFor();
    await screenshot(page, "suppliers-empty-1280");

    // Create: SPEC's message on an empty save, then the masks as the user types bare digits.
    await page.getByRole("button", { name: "Novo Fornecedor" }).click();
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
    await create.getByLabel("Email").fill("compras@acme.com.br");
    await create.getByLabel("Cidade").fill("São Paulo");
    await create.getByLabel("Estado").selectOption("SP");
    await create.getByRole("button", { name: "Salvar" }).click();
    await expectToast(page, "Fornecedor criado");
    await create.waitFor({ state: "hidden" });
    const acme = card(page, "Acme Distribuidora");
    await acme.waitFor();
    for (const text of ["Ativo", "(11) 98765-4321", "compras@acme.com.br", "São Paulo - SP"]) {
      await acme.getByText(text).first().waitFor();
    }
    expect(await acme.locator(".sup-card__cnpj").textContent()).toBe("CNPJ 12.345.678/0001-95");

    // A supplier with only a name: muted placeholders.
    await page.getByRole("button", { name: "Novo Fornecedor" }).click();
    await page.getByRole("dialog", { name: "Novo Fornecedor" }).getByLabel("Nome").fill("Beta Gráfica");
    await page.keyboard.press("Enter");
    await expectToast(page, "Fornecedor criado");
    await card(page, "Beta Gráfica").getByText("CNPJ não informado").waitFor();
    await card(page, "Beta Gráfica").getByText("Telefone não informado").waitFor();

    // One more through the API; the page renders it on the server (first paint has the data).
    const response = await page.request.post(`${e2e.server.url}/api/suppliers`, {
      data: { nome: "Céu Azul Transportes", cnpj: "98.765.432/0001-10", email: "ceu@azul.com", telefone: "2134567890", cidade: "Niterói", estado: "RJ" },
    });
    expect(response.status()).toBe(201);
    const html = await (await page.request.get(`${e2e.server.url}/suppliers`)).text();
    expect(html).toContain("Céu Azul Transportes");
    await openSuppliers(page);
    expect(await cardNames(page)).toEqual(["Acme Distribuidora", "Beta Gráfica", "Céu Azul Transportes"]);

    // Edit: city and state change; the card updates without a reload.
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    await acme.getByRole("button", { name: "Editar" }).click();
    const edit = page.getByRole("dialog", { name: "Editar Fornecedor" });
    expect(await edit.getByLabel("Nome").inputValue()).toBe("Acme Distribuidora");
    await animationsDone(page);
    await screenshot(page, "suppliers-dialog-1280");
    expect(await edit.getByLabel("CNPJ").inputValue()).toBe("12.345.678/0001-95");
    await edit.getByLabel("Cidade").fill("Curitiba");
    await edit.getByLabel("Estado").selectOption("PR");
    await edit.getByRole("button", { name: "Salvar" }).click();
    await expectToast(page, "Fornecedor atualizado");
    await acme.getByText("Curitiba - PR").waitFor();
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);

    // Search: name, CNPJ with or without punctuation, e-mail; no match shows the empty state.
    const search = page.getByPlaceholder("Buscar por nome, CNPJ ou e-mail");
    await search.fill("grafica");
    expect(await cardNames(page)).toEqual(["Beta Gráfica"]);
    await search.fill("98765432");
    expect(await cardNames(page)).toEqual(["Céu Azul Transportes"]);
    await search.fill("12.345.678/0001");
    expect(await cardNames(page)).toEqual(["Acme Distribuidora"]);
    await search.fill("ceu@azul");
    expect(await cardNames(page)).toEqual(["Céu Azul Transportes"]);
    await search.fill("nada-disso");
    await page.getByText("Nenhum fornecedor encontrado").waitFor();
    await page.getByText("Ajuste a busca ou cadastre um novo fornecedor.").waitFor();
    await page.getByRole("button", { name: "Limpar busca" }).click();
    expect(await cardNames(page)).toHaveLength(3);

    // Block and unblock: no confirmation, the badge follows, a toast each time.
    await acme.getByRole("button", { name: "Bloquear" }).click();
    await expectToast(page, "Status atualizado");
    await acme.getByText("Bloqueado", { exact: true }).waitFor();
    expect(await page.locator("dialog[open]").count()).toBe(0);
    await screenshot(page, "suppliers-1280");
    await acme.getByRole("button", { name: "Desbloquear" }).click();
    await expectToast(page, "Status atualizado");
    await acme.getByText("Ativo", { exact: true }).waitFor();

    // Delete: confirm with SPEC's text, toast, card gone.
    await card(page, "Beta Gráfica").getByRole("button", { name: "Excluir" }).click();
    const confirm = page.getByRole("alertdialog");
    await confirm.getByText("Tem certeza que deseja excluir este fornecedor?").waitFor();
    await confirm.getByRole("button", { name: "Excluir" }).click();
    await expectToast(page, "Fornecedor excluído");
    await card(page, "Beta Gráfica").waitFor({ state: "detached" });
    expect(await cardNames(page)).toEqual(["Acme Distribuidora", "Céu Azul Transportes"]);

    // The change is on the server: a reload shows the same.
    await openSuppliers(page);
    expect(await cardNames(page)).toEqual(["Acme Distribuidora", "Céu Azul Transportes"]);
    await card(page, "Acme Distribuidora").getByText("Curitiba - PR").waitFor();
    await page.close();
  });

  test("on a 375 px phone: one column, no sideways scroll, the dialog fits", async () => {
    const page = await e2e.browser.newPage({ viewport: { width: 375, height: 740 } });
    await signIn(page, e2e.server.url);
    await page.request.post(`${e2e.server.url}/api/suppliers`, {
      data: { nome: "Distribuidora de Materiais Elétricos Paulista Ltda", email: "financeiro.contas.a.pagar@materiaiseletricospaulista.com.br" },
    });
    await openSuppliers(page);
    await dismissToasts(page);
    const boxes = await page.locator(".sup-card").evaluateAll((els) => els.map((el) => el.getBoundingClientRect().left));
    expect(new Set(boxes).size).toBe(1);
    await expectNoHorizontalOverflow(page);
    await screenshot(page, "suppliers-375");
    await page.setViewportSize({ width: 360, height: 740 });
    await expectNoHorizontalOverflow(page);
    await page.setViewportSize({ width: 375, height: 740 });

    await page.getByRole("button", { name: "Novo Fornecedor" }).click();
    const dialog = page.getByRole("dialog", { name: "Novo Fornecedor" });
    await dialog.getByLabel("Telefone").pressSequentially("1134567890");
    expect(await dialog.getByLabel("Telefone").inputValue()).toBe("(11) 3456-7890");
    await dialog.getByRole("button", { name: "Salvar" }).click();
    await dialog.getByText("Nome é obrigatório.").waitFor();
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(375);
    await animationsDone(page);
    await screenshot(page, "suppliers-dialog-375");
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    await page.close();
  });
});
