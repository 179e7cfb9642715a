import { describe, expect, test } from "bun:test";
import type { Locator, Page } from "playwright-core";
import { screenshot, signIn, waitForIslands, useServerAndBrowser } from "./support";

const e2e = useServerAndBrowser();

const toasts = (page: Page) => page.locator(".ui-toaster");
const table = (page: Page) => page.locator(".clients-table");
const row = (page: Page, text: string) => table(page).locator("tbody tr", { hasText: text });
const names = (page: Page) => table(page).locator(".clients-name__nome").allTextContents();
const filters = (page: Page) => page.getByRole("search", { name: "Filtrar clientes" });

async function toast(page: Page, text: string) {
  await toasts(page).getByText(text, { exact: true }).waitFor();
}

async function openNew(page: Page): Promise<Locator> {
  await page.getByRole("button", { name: "Novo Cliente" }).click();
  const dialog = page.getByRole("dialog", { name: "Novo Cliente" });
  await dialog.waitFor();
  return dialog;
}

interface NewClient {
  nome: string;
  cnpj: string;
  codigo: string;
  contato: string;
  telefone: string;
  email: string;
  mensalidade?: string;
  trial?: boolean;
}

/** Types as a person would: CNPJ and phone unmasked, key by key. */
async function fill(dialog: Locator, client: NewClient) {
  await dialog.getByLabel("Nome").fill(client.nome);
  await dialog.getByLabel("CNPJ").fill("");
  await dialog.getByLabel("CNPJ").pressSequentially(client.cnpj);
  await dialog.getByLabel("Código do cliente").fill(client.codigo);
  await dialog.getByLabel("Contato").fill(client.contato);
  await dialog.getByLabel("Telefone").fill("");
  await dialog.getByLabel("Telefone").pressSequentially(client.telefone);
  await dialog.getByLabel("Email").fill(client.email);
  if (client.trial) await dialog.getByLabel("Cliente em período de teste (trial)").check();
  else await dialog.getByLabel("Mensalidade (R$)").fill(client.mensalidade ?? "");
}

async function save(page: Page, dialog: Locator, expectedToast: string) {
  await dialog.getByRole("button", { name: "Salvar" }).click();
  await toast(page, expectedToast);
  await dialog.waitFor({ state: "hidden" });
}

describe("Gerenciar Clientes", () => {
  test("create, duplicate CNPJ, edit, filter, block, unblock, trial and delete", async () => {
    const page = await e2e.browser.newPage({ viewport: { width: 1280, height: 800 } });
    // Hydration mismatches and script errors show up here; expected 4xx answers are not errors.
    const problems: string[] = [];
    page.on("pageerror", (error) => problems.push(error.message));
    page.on("console", (message) => {
      if (message.type() === "error" && !message.text().includes("status of 409")) problems.push(message.text());
    });
    await signIn(page, e2e.server.url);
    await page.goto(`${e2e.server.url}/clients`);
    await waitForIslands(page);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Gerenciar Clientes");
    await table(page).getByText("Nenhum cliente encontrado").waitFor();

    // Create: CNPJ and phone typed bare come out masked in the inputs and formatted in the table.
    let dialog = await openNew(page);
    await fill(dialog, {
      nome: "Padaria Pão Quente",
      cnpj: "11222333000181",
      codigo: "PAD-01",
      contato: "João Lima",
      telefone: "11987654321",
      email: "joao@padaria.com.br",
      mensalidade: "150.5",
    });
    expect(await dialog.getByLabel("CNPJ").inputValue()).toBe("11.222.333/0001-81");
    expect(await dialog.getByLabel("Telefone").inputValue()).toBe("(11) 98765-4321");
    await save(page, dialog, "Cliente criado");
    const padaria = row(page, "Padaria Pão Quente");
    await padaria.waitFor();
    expect(await padaria.textContent()).toContain("11.222.333/0001-81");
    expect(await padaria.textContent()).toContain("(11) 98765-4321");
    expect(await padaria.textContent()).toContain("R$\u00a0150,50");
    expect(await padaria.textContent()).toContain("João Lima");
    expect(await padaria.locator(".ui-badge").textContent()).toBe("Ativo");

    // The same CNPJ again: the server's 409 shows in the dialog, which keeps what was typed.
    dialog = await openNew(page);
    await fill(dialog, {
      nome: "Mercado Bom Preço",
      cnpj: "11222333000181",
      codigo: "MBP-01",
      contato: "Ana Paula",
      telefone: "1134567890",
      email: "ana@mercado.com.br",
      mensalidade: "320",
    });
    await dialog.getByRole("button", { name: "Salvar" }).click();
    await dialog.getByText("CNPJ já cadastrado").waitFor();
    await toast(page, "Erro");
    await toasts(page).getByText("CNPJ já cadastrado").waitFor();
    expect(await dialog.isVisible()).toBe(true);
    expect(await dialog.getByLabel("Nome").inputValue()).toBe("Mercado Bom Preço");
    expect(await dialog.getByLabel("CNPJ").getAttribute("aria-invalid")).toBe("true");
    await screenshot(page, "clients-dialog-1280");
    // Fixing the CNPJ saves it.
    await dialog.getByLabel("CNPJ").fill("");
    await dialog.getByLabel("CNPJ").pressSequentially("45723174000110");
    await save(page, dialog, "Cliente criado");
    await row(page, "Mercado Bom Preço").waitFor();

    // A trial client (alphanumeric CNPJ): fee 0 and disabled, 'TRIAL' badge.
    dialog = await openNew(page);
    await fill(dialog, {
      nome: "Ótica Visão Clara",
      cnpj: "12abc34501de35",
      codigo: "OTI-01",
      contato: "Beatriz Rocha",
      telefone: "21998765432",
      email: "bia@otica.com.br",
      trial: true,
    });
    expect(await dialog.getByLabel("CNPJ").inputValue()).toBe("12.ABC.345/01DE-35");
    expect(await dialog.getByLabel("Mensalidade (R$)").inputValue()).toBe("0");
    expect(await dialog.getByLabel("Mensalidade (R$)").isDisabled()).toBe(true);
    await save(page, dialog, "Cliente criado");
    const otica = row(page, "Ótica Visão Clara");
    await otica.waitFor();
    expect(await otica.locator(".ui-badge").textContent()).toBe("TRIAL");
    expect(await otica.textContent()).toContain("R$\u00a00,00");
    expect(await names(page)).toEqual(["Mercado Bom Preço", "Ótica Visão Clara", "Padaria Pão Quente"]);
    // The table fits beside the menu at 1280 px: no sideways scrolling.
    const overflow = await table(page).evaluate((wrap) => wrap.scrollWidth - wrap.clientWidth);
    expect(overflow).toBe(0);
    await screenshot(page, "clients-1280");

    // Edit: the new fee is in the table without a reload.
    await padaria.getByRole("button", { name: "Editar" }).click();
    dialog = page.getByRole("dialog", { name: "Editar Cliente" });
    expect(await dialog.getByLabel("CNPJ").inputValue()).toBe("11.222.333/0001-81");
    await dialog.getByLabel("Mensalidade (R$)").fill("199.9");
    await save(page, dialog, "Cliente atualizado");
    await padaria.getByText("R$\u00a0199,90").waitFor();

    // Filters work on the loaded list, as you type.
    await filters(page).getByLabel("Nome").fill("merc");
    expect(await names(page)).toEqual(["Mercado Bom Preço"]);
    await filters(page).getByLabel("Nome").fill("");
    await filters(page).getByLabel("CNPJ").fill("11.222");
    expect(await names(page)).toEqual(["Padaria Pão Quente"]);
    await filters(page).getByLabel("CNPJ").fill("11222");
    expect(await names(page)).toEqual(["Padaria Pão Quente"]);
    await filters(page).getByLabel("CNPJ").fill("");
    await filters(page).getByLabel("Status").selectOption({ label: "Bloqueado" });
    await table(page).getByText("Nenhum cliente encontrado").waitFor();
    await filters(page).getByLabel("Status").selectOption({ label: "Todos" });
    expect(await names(page)).toHaveLength(3);

    // Block, then unblock.
    await padaria.getByRole("button", { name: "Bloquear" }).click();
    let confirm = page.getByRole("alertdialog");
    await confirm.getByText("Tem certeza que deseja bloquear este cliente?").waitFor();
    await confirm.getByRole("button", { name: "Bloquear" }).click();
    await toast(page, "Cliente bloqueado com sucesso");
    await padaria.locator(".ui-badge", { hasText: "Bloqueado" }).waitFor();
    await filters(page).getByLabel("Status").selectOption({ label: "Bloqueado" });
    expect(await names(page)).toEqual(["Padaria Pão Quente"]);
    await filters(page).getByLabel("Status").selectOption({ label: "Ativo" });
    expect(await names(page)).toEqual(["Mercado Bom Preço", "Ótica Visão Clara"]);
    await filters(page).getByLabel("Status").selectOption({ label: "Todos" });

    await padaria.getByRole("button", { name: "Desbloquear" }).click();
    confirm = page.getByRole("alertdialog");
    await confirm.getByText("Tem certeza que deseja desbloquear este cliente?").waitFor();
    await confirm.getByRole("button", { name: "Desbloquear" }).click();
    await toast(page, "Cliente desbloqueado com sucesso");
    await padaria.locator(".ui-badge", { hasText: "Ativo" }).waitFor();

    // Delete.
    await row(page, "Mercado Bom Preço").getByRole("button", { name: "Excluir" }).click();
    confirm = page.getByRole("alertdialog");
    await confirm.getByText("Tem certeza que deseja excluir este cliente?").waitFor();
    await confirm.getByRole("button", { name: "Excluir" }).click();
    await toast(page, "Cliente excluído");
    await row(page, "Mercado Bom Preço").waitFor({ state: "detached" });
    expect(await names(page)).toEqual(["Ótica Visão Clara", "Padaria Pão Quente"]);

    // What the server renders matches what the island showed.
    await page.reload();
    await waitForIslands(page);
    expect(await names(page)).toEqual(["Ótica Visão Clara", "Padaria Pão Quente"]);
    expect(problems).toEqual([]);
    await page.close();
  });

  test("on a phone: rows as cards, filters wrap, the dialog fits", async () => {
    const page = await e2e.browser.newPage({ viewport: { width: 375, height: 740 } });
    await signIn(page, e2e.server.url);
    await page.goto(`${e2e.server.url}/clients`);
    await waitForIslands(page);
    await row(page, "Padaria Pão Quente").waitFor();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
    // The sign-in toast would cover the first card in the picture.
    const signedIn = toasts(page).getByRole("button", { name: "Fechar" });
    if (await signedIn.isVisible()) await signedIn.click();
    await screenshot(page, "clients-375");

    // 360 px, the narrowest phone we support: still nothing sideways.
    await page.setViewportSize({ width: 360, height: 740 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.setViewportSize({ width: 375, height: 740 });

    const dialog = await openNew(page);
    await dialog.getByRole("button", { name: "Salvar" }).click();
    await dialog.getByText("Nome é obrigatório").waitFor();
    const box = await dialog.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(375);
    await screenshot(page, "clients-dialog-375");
    await page.close();
  });
});
