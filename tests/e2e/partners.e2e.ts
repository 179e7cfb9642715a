import { describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { axeViolations, eventually, expectToast, screenshot, signIn, toast, useServerAndBrowser, waitForIslands, chooseRowAction, animationsDone, dismissToasts, expectNoHorizontalOverflow } from "./support";

const e2e = useServerAndBrowser();

async function openPartners(page: Page, search = "") {
  await page.goto(`${e2e.server.url}/partners${search}`);
  await waitForIslands(page);
}

const summary = (page: Page) =>
  page.locator("[data-summary]").evaluateAll((els) => els.map((el) => `${el.getAttribute("data-summary")}=${el.textContent}`));
const table = (page: Page) => page.locator(".partners-table");
const row = (page: Page, nome: string) => table(page).locator("tbody tr").filter({ has: page.locator(".partner-name", { hasText: nome }) });
const names = (page: Page) => table(page).locator("tbody .partner-name").allTextContents();
const searchBox = (page: Page) => page.getByRole("search", { name: "Buscar parceiros" }).getByLabel("Buscar");

async function post(page: Page, data: object) {
  expect((await page.request.post(`${e2e.server.url}/api/partners`, { data })).status()).toBe(201);
}

describe("Parceiros", () => {
  test("create, edit, search and sort in the URL, delete at 1280 px; the summary follows every change", async () => {
    const page = await e2e.browser.newPage({ viewport: { width: 1280, height: 800 } });
    const problems: string[] = [];
    page.on("pageerror", (error) => problems.push(error.message));
    page.on("console", (message) => {
      if (message.type() === "error") problems.push(message.text());
    });
    await signIn(page, e2e.server.url);
    await openPartners(page);
    expect(await page.title()).toBe("Parceiros · Cofre");
    await page.getByRole("heading", { name: "Parceiros", level: 1 }).waitFor();
    await table(page).getByText("Nenhum parceiro cadastrado").waitFor();
    expect(await summary(page)).toEqual(["total=0", "comEmail=0", "comTelefone=0"]);

    // Create from the empty state: SPEC's messages first, then the masked phone.
    await table(page).getByRole("button", { name: "Novo Parceiro" }).click();
    const create = page.getByRole("dialog", { name: "Novo Parceiro" });
    await create.getByRole("button", { name: "Salvar" }).click();
    for (const message of ["Nome é obrigatório", "Empresa é obrigatória", "E-mail inválido", "Telefone é obrigatório"]) {
      await create.getByText(message, { exact: true }).waitFor();
    }
    await create.getByLabel("Nome").fill("Ana Souza");
    await create.getByLabel("Empresa").fill("Contábil Norte");
    await create.getByLabel("E-mail").fill("ana@contabilnorte.com.br");
    await create.getByLabel("Telefone").pressSequentially("11987654321");
    expect(await create.getByLabel("Telefone").inputValue()).toBe("(11) 98765-4321");
    await animationsDone(page);
    await screenshot(page, "partners-dialog-1280");
    await create.getByRole("button", { name: "Salvar" }).click();
    await expectToast(page, "Parceiro criado");
    await create.waitFor({ state: "hidden" });
    const ana = row(page, "Ana Souza");
    await ana.waitFor();
    expect(await ana.locator("td").allInnerTexts()).toEqual(
      expect.arrayContaining(["Contábil Norte", "ana@contabilnorte.com.br", "(11) 98765-4321"]),
    );
    await eventually(() => summary(page), ["total=1", "comEmail=1", "comTelefone=1"]);

    // Two more through the API, then a reload: the server renders them with the summary.
    await post(page, { nome: "Bruno Lima", empresa: "Lima Advogados", email: "bruno@lima.adv.br", telefone: "(21) 3456-7890" });
    await post(page, { nome: "Carla Dias", empresa: "Agência Dias Marketing", email: "carla@diasmkt.com", telefone: "31999998888" });
    await openPartners(page);
    expect(await names(page)).toEqual(["Ana Souza", "Bruno Lima", "Carla Dias"]);
    expect(await summary(page)).toEqual(["total=3", "comEmail=3", "comTelefone=3"]);
    expect(await page.locator("#parceiros-contagem").textContent()).toBe("Parceiros 1–3 de 3");

    // Edit: the dialog starts from the row; the table updates without a reload.
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    await row(page, "Bruno Lima").getByRole("button", { name: "Editar Bruno Lima" }).click();
    const edit = page.getByRole("dialog", { name: "Editar Parceiro" });
    expect(await edit.getByLabel("Telefone").inputValue()).toBe("(21) 3456-7890");
    await edit.getByLabel("Empresa").fill("Lima & Associados");
    await edit.getByRole("button", { name: "Salvar" }).click();
    await expectToast(page, "Parceiro atualizado");
    await row(page, "Bruno Lima").getByRole("cell", { name: "Lima & Associados" }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);

    // Search (company, accents ignored) and sort run on the server; the view is in the URL and survives a reload.
    await searchBox(page).fill("agencia");
    await eventually(() => names(page), ["Carla Dias"]);
    expect(new URL(page.url()).search).toBe("?q=agencia");
    await searchBox(page).fill("");
    await eventually(async () => (await names(page)).length, 3);
    await table(page).getByRole("button", { name: "Empresa" }).click();
    await eventually(() => names(page), ["Carla Dias", "Ana Souza", "Bruno Lima"]);
    await table(page).getByRole("button", { name: "Empresa" }).click();
    await eventually(() => names(page), ["Bruno Lima", "Ana Souza", "Carla Dias"]);
    expect(new URL(page.url()).search).toBe("?ordem=-empresa");
    await page.reload();
    await waitForIslands(page);
    expect(await names(page)).toEqual(["Bruno Lima", "Ana Souza", "Carla Dias"]);
    expect(await table(page).locator('th[aria-sort="descending"]').textContent()).toBe("Empresa");
    await searchBox(page).fill("lima");
    await eventually(() => names(page), ["Bruno Lima"]);
    await page.reload();
    await waitForIslands(page);
    expect(new URL(page.url()).search).toBe("?q=lima&ordem=-empresa");
    expect(await searchBox(page).inputValue()).toBe("lima");
    expect(await names(page)).toEqual(["Bruno Lima"]);
    await openPartners(page);
    await dismissToasts(page);
    await screenshot(page, "partners-1280");

    // Delete: SPEC's confirmation with the name, starting on Cancelar; toast, row gone, summary down.
    await chooseRowAction(row(page, "Carla Dias"), "Excluir", "Carla Dias");
    const confirm = page.getByRole("alertdialog");
    expect(await confirm.locator(".ui-confirm__message").textContent()).toBe('Tem certeza que deseja excluir o parceiro "Carla Dias"?');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Cancelar");
    await confirm.getByRole("button", { name: "Excluir" }).click();
    await expectToast(page, "Parceiro excluído com sucesso!");
    await row(page, "Carla Dias").waitFor({ state: "detached" });
    expect(await names(page)).toEqual(["Ana Souza", "Bruno Lima"]);
    await eventually(() => summary(page), ["total=2", "comEmail=2", "comTelefone=2"]);

    // Cancelling a delete changes nothing.
    await chooseRowAction(row(page, "Ana Souza"), "Excluir", "Ana Souza");
    await page.getByRole("alertdialog").getByRole("button", { name: "Cancelar" }).click();
    await page.getByRole("alertdialog").waitFor({ state: "hidden" });
    expect(await names(page)).toEqual(["Ana Souza", "Bruno Lima"]);
    expect(problems).toEqual([]);
    await page.close();
  });

  test("a 120-character name, company and e-mail keep the actions in view at 1280 and 375 px; axe-core passes", async () => {
    const page = await e2e.browser.newPage({ viewport: { width: 1280, height: 800 } });
    await signIn(page, e2e.server.url);
    const longName = `Mariana Albuquerque de Vasconcelos ${"Cavalcanti Bezerra ".repeat(5)}`.slice(0, 120);
    const longCompany = `Albuquerque Consultoria Tributária e Contábil ${"Associados do Nordeste ".repeat(4)}Ltda`.slice(0, 120);
    const domain = "@albuquerque-consultoria-tributaria.com.br";
    const longEmail = `${"mariana.vasconcelos.financeiro.".repeat(4).slice(0, 120 - domain.length - 1)}x${domain}`;
    expect([longName.length, longCompany.length, longEmail.length]).toEqual([120, 120, 120]);
    await post(page, { nome: longName, empresa: longCompany, email: longEmail, telefone: "11912345678" });
    await openPartners(page);
    await dismissToasts(page);
    const long = row(page, longName.trim());
    const box = (await long.boundingBox())!;
    expect(box.height).toBeLessThanOrEqual(60);
    const wrap = (await table(page).boundingBox())!;
    const remove = (await long.getByRole("button", { name: `Mais ações para ${longName.trim()}` }).boundingBox())!;
    expect(remove.x + remove.width).toBeLessThanOrEqual(wrap.x + wrap.width);
    expect(await table(page).evaluate((el) => el.scrollWidth - el.clientWidth)).toBe(0);
    expect(await long.locator(`[title="${longEmail}"]`).count()).toBe(1);
    expect(await long.locator(`[title="${longCompany}"]`).count()).toBe(1);
    await screenshot(page, "partners-long-1280");
    expect(await axeViolations(page)).toEqual([]);

    await page.setViewportSize({ width: 375, height: 740 });
    await expectNoHorizontalOverflow(page);
    // Rows become cards; the search folds into "Filtros".
    expect(await searchBox(page).isVisible()).toBe(false);
    const phoneRemove = (await long.getByRole("button", { name: `Mais ações para ${longName.trim()}` }).boundingBox())!;
    expect(phoneRemove.x + phoneRemove.width).toBeLessThanOrEqual(375);
    expect(phoneRemove.height).toBeGreaterThanOrEqual(44);
    await screenshot(page, "partners-375");
    expect(await axeViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 360, height: 740 });
    await expectNoHorizontalOverflow(page);
    await page.setViewportSize({ width: 375, height: 740 });

    await long.getByRole("button", { name: `Editar ${longName.trim()}` }).click();
    const dialog = page.getByRole("dialog", { name: "Editar Parceiro" });
    const dialogBox = (await dialog.boundingBox())!;
    expect(dialogBox.x + dialogBox.width).toBeLessThanOrEqual(375);
    await dialog.getByLabel("Empresa").fill("Outra");
    await page.keyboard.press("Escape");
    await page.getByRole("alertdialog").getByText("Descartar alterações?").waitFor();
    await page.getByRole("alertdialog").getByRole("button", { name: "Descartar" }).click();
    await dialog.waitFor({ state: "hidden" });
    await page.close();
  });
});
