import { describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { screenshot, signIn, waitForIslands, useServerAndBrowser } from "./support";

const e2e = useServerAndBrowser();

async function openPartners(page: Page) {
  await page.goto(`${e2e.server.url}/partners`);
  await waitForIslands(page);
}

/** Waits for the toast, then dismisses it so the next check sees a fresh one. */
async function expectToast(page: Page, title: string) {
  const toast = page.getByRole("status").filter({ hasText: title });
  await toast.waitFor();
  if ((await page.locator("dialog[open]").count()) === 0) {
    await toast.getByRole("button", { name: "Fechar" }).click();
    await toast.waitFor({ state: "detached" });
  }
}

const summary = async (page: Page) =>
  Object.fromEntries(
    await Promise.all(
      ["total", "email", "telefone"].map(async (id) => [id, await page.getByTestId(`summary-${id}`).textContent()]),
    ),
  );
const row = (page: Page, nome: string) => page.locator("tbody tr").filter({ has: page.locator(".par-name", { hasText: nome }) });
const names = (page: Page) => page.locator("tbody .par-name").allTextContents();

/** Waits for running animations (the dialog's fade-in) to end before a screenshot. */
async function animationsDone(page: Page) {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"));
}

/** Closes any toast still showing (e.g. the sign-in welcome), so screenshots show the page. */
async function dismissToasts(page: Page) {
  for (const close of await page.getByRole("status").getByRole("button", { name: "Fechar" }).all()) await close.click();
}

async function expectNoHorizontalOverflow(page: Page) {
  const [scroll, client] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
  expect(scroll).toBeLessThanOrEqual(client);
}

describe("Parceiros", () => {
  test("create, edit and delete at 1280 px; the summary follows every change", async () => {
    const page = await e2e.browser.newPage({ viewport: { width: 1280, height: 800 } });
    await signIn(page, e2e.server.url);
    await openPartners(page);
    expect(await page.title()).toBe("Parceiros · Cofre");
    await page.getByRole("heading", { name: "Parceiros", level: 1 }).waitFor();
    await page.getByText("Nenhum parceiro cadastrado").waitFor();
    expect(await summary(page)).toEqual({ total: "0", email: "0", telefone: "0" });

    // Create: SPEC's messages first, then the masked phone.
    await page.getByRole("button", { name: "Novo Parceiro" }).click();
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
    expect(await ana.locator("td").allInnerTexts()).toEqual(
      expect.arrayContaining(["Contábil Norte", "ana@contabilnorte.com.br", "(11) 98765-4321"]),
    );
    expect(await summary(page)).toEqual({ total: "1", email: "1", telefone: "1" });

    // Two more through the API, then a reload: the server renders them with the summary.
    for (const data of [
      { nome: "Bruno Lima", empresa: "Lima Advogados", email: "bruno@lima.adv.br", telefone: "(21) 3456-7890" },
      { nome: "Carla Dias", empresa: "Dias Marketing Digital", email: "carla@diasmkt.com", telefone: "31999998888" },
    ]) {
      expect((await page.request.post(`${e2e.server.url}/api/partners`, { data })).status()).toBe(201);
    }
    await openPartners(page);
    expect(await names(page)).toEqual(["Ana Souza", "Bruno Lima", "Carla Dias"]);
    expect(await summary(page)).toEqual({ total: "3", email: "3", telefone: "3" });

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
    await screenshot(page, "partners-1280");

    // Delete: SPEC's confirmation with the name, toast, row gone, summary down.
    await row(page, "Carla Dias").getByRole("button", { name: "Excluir Carla Dias" }).click();
    const confirm = page.getByRole("alertdialog");
    expect(await confirm.locator(".ui-confirm__message").textContent()).toBe(
      'Tem certeza que deseja excluir o parceiro "Carla Dias"?',
    );
    await confirm.getByRole("button", { name: "Excluir" }).click();
    await expectToast(page, "Parceiro excluído com sucesso!");
    await row(page, "Carla Dias").waitFor({ state: "detached" });
    expect(await names(page)).toEqual(["Ana Souza", "Bruno Lima"]);
    expect(await summary(page)).toEqual({ total: "2", email: "2", telefone: "2" });

    // Cancelling a delete changes nothing.
    await row(page, "Ana Souza").getByRole("button", { name: "Excluir Ana Souza" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Cancelar" }).click();
    await page.getByRole("alertdialog").waitFor({ state: "hidden" });
    expect(await names(page)).toEqual(["Ana Souza", "Bruno Lima"]);
    await page.close();
  });

  test("on a 375 px phone the table folds into the name column; nothing scrolls sideways", async () => {
    const page = await e2e.browser.newPage({ viewport: { width: 375, height: 740 } });
    await signIn(page, e2e.server.url);
    await page.request.post(`${e2e.server.url}/api/partners`, {
      data: {
        nome: "Mariana Albuquerque de Vasconcelos",
        empresa: "Albuquerque Consultoria Tributária e Contábil Ltda",
        email: "mariana.vasconcelos@albuquerqueconsultoria.com.br",
        telefone: "11912345678",
      },
    });
    await openPartners(page);
    await dismissToasts(page);
    await expectNoHorizontalOverflow(page);
    const mariana = row(page, "Mariana Albuquerque de Vasconcelos");
    await mariana.locator(".par-stack").getByText("(11) 91234-5678").waitFor();
    await mariana.getByRole("button", { name: "Editar Mariana Albuquerque de Vasconcelos" }).waitFor();
    await screenshot(page, "partners-375");
    await page.setViewportSize({ width: 360, height: 740 });
    await expectNoHorizontalOverflow(page);
    await page.setViewportSize({ width: 375, height: 740 });

    await mariana.getByRole("button", { name: "Editar Mariana Albuquerque de Vasconcelos" }).click();
    const dialog = page.getByRole("dialog", { name: "Editar Parceiro" });
    const box = (await dialog.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(375);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    await page.close();
  });
});
