import { describe, expect, test } from "bun:test";
import type { Locator, Page } from "playwright-core";
import { axeViolations, eventually, screenshot, signIn, toast, toasts, useServerAndBrowser, waitForIslands, chooseRowAction } from "./support";

const e2e = useServerAndBrowser();

const table = (page: Page) => page.locator(".clients-table");
const row = (page: Page, text: string) => table(page).locator("tbody tr", { hasText: text });
const names = (page: Page) => table(page).locator(".cell-name__main").allTextContents();
const filters = (page: Page) => page.getByRole("search", { name: "Filtrar clientes" });


async function openNew(page: Page): Promise<Locator> {
  await page.getByRole("button", { name: "Novo Cliente" }).first().click();
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
  await dialog.getByLabel("E-mail").fill(client.email);
  if (client.trial) await dialog.getByLabel("Cliente em período de teste (trial)").check();
  else await dialog.getByLabel("Mensalidade").pressSequentially(client.mensalidade ?? "");
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
      mensalidade: "250,50",
    });
    expect(await dialog.getByLabel("CNPJ").inputValue()).toBe("11.222.333/0001-81");
    expect(await dialog.getByLabel("Telefone").inputValue()).toBe("(11) 98765-4321");
    await save(page, dialog, "Cliente criado");
    const padaria = row(page, "Padaria Pão Quente");
    await padaria.waitFor();
    expect(await padaria.textContent()).toContain("11.222.333/0001-81");
    expect(await padaria.textContent()).toContain("(11) 98765-4321");
    expect(await padaria.textContent()).toContain("R$\u00a0250,50");
    // What the server stored, through the API: the comma was a decimal comma.
    const stored = await page.evaluate(async () => (await (await fetch("/api/clients")).json()) as { nome: string; valorMensalidade: string }[]);
    expect(stored.find((c) => c.nome === "Padaria Pão Quente")!.valorMensalidade).toBe("250.50");
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
      mensalidade: "1.234,56",
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
    const mercado = await page.evaluate(async () => (await (await fetch("/api/clients?q=mercado")).json()) as { valorMensalidade: string }[]);
    expect(mercado[0]!.valorMensalidade).toBe("1234.56");

    // A trial client (alphanumeric CNPJ): fee 0 and disabled, 'Em teste' badge.
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
    // Checking "trial" sets the fee from outside: wait for that state, never read it once.
    await eventually(() => dialog.getByLabel("CNPJ").inputValue(), "12.ABC.345/01DE-35");
    await eventually(() => dialog.getByLabel("Mensalidade").inputValue(), "0,00");
    await eventually(() => dialog.getByLabel("Mensalidade").isDisabled(), true);
    await save(page, dialog, "Cliente criado");
    const otica = row(page, "Ótica Visão Clara");
    await otica.waitFor();
    expect(await otica.locator(".ui-badge").textContent()).toBe("Em teste");
    expect(await otica.textContent()).toContain("R$\u00a00,00");
    expect(await names(page)).toEqual(["Mercado Bom Preço", "Ótica Visão Clara", "Padaria Pão Quente"]);
    // The table fits beside the menu at 1280 px: no sideways scrolling.
    const overflow = await table(page).evaluate((wrap) => wrap.scrollWidth - wrap.clientWidth);
    expect(overflow).toBe(0);
    await screenshot(page, "clients-1280");

    // Edit: the fee shows the Brazilian way; the wheel and arrow keys change nothing.
    await padaria.getByRole("button", { name: "Editar Padaria Pão Quente" }).click();
    dialog = page.getByRole("dialog", { name: "Editar Cliente" });
    expect(await dialog.getByLabel("CNPJ").inputValue()).toBe("11.222.333/0001-81");
    const fee = dialog.getByLabel("Mensalidade");
    expect(await fee.inputValue()).toBe("250,50");
    await fee.focus();
    await page.keyboard.press("ArrowUp");
    await page.keyboard.press("ArrowDown");
    await fee.hover();
    await page.mouse.wheel(0, 300);
    expect(await fee.inputValue()).toBe("250,50");
    await fee.fill("199,9");
    await save(page, dialog, "Cliente atualizado");
    await padaria.getByText("R$\u00a0199,90").waitFor();

    // Filters run on the server as you type, and the view is in the URL.
    await filters(page).getByLabel("Buscar").fill("merc");
    await eventually(() => names(page), ["Mercado Bom Preço"]);
    expect(new URL(page.url()).search).toBe("?q=merc");
    await filters(page).getByLabel("Buscar").fill("joão");
    await eventually(() => names(page), ["Padaria Pão Quente"]);
    await filters(page).getByLabel("Buscar").fill("");
    await filters(page).getByLabel("CNPJ").fill("11.222");
    await eventually(() => names(page), ["Padaria Pão Quente"]);
    await filters(page).getByLabel("CNPJ").fill("");
    await filters(page).getByLabel("Status").selectOption({ label: "Bloqueado" });
    await table(page).getByText("Nenhum cliente encontrado").waitFor();
    await filters(page).getByLabel("Status").selectOption({ label: "Todos" });
    await eventually(async () => (await names(page)).length, 3);
    // Sorting by fee, descending, survives a reload.
    await table(page).getByRole("button", { name: "Mensalidade" }).click();
    await table(page).getByRole("button", { name: "Mensalidade" }).click();
    await eventually(() => names(page), ["Mercado Bom Preço", "Padaria Pão Quente", "Ótica Visão Clara"]);
    expect(new URL(page.url()).search).toBe("?ordem=-mensalidade");
    await page.reload();
    await waitForIslands(page);
    expect(await names(page)).toEqual(["Mercado Bom Preço", "Padaria Pão Quente", "Ótica Visão Clara"]);
    await page.goto(`${e2e.server.url}/clients`);
    await waitForIslands(page);

    // Block, then unblock.
    await chooseRowAction(padaria, "Bloquear", "Padaria Pão Quente");
    let confirm = page.getByRole("alertdialog");
    await confirm.getByText("Tem certeza que deseja bloquear este cliente?").waitFor();
    await confirm.getByRole("button", { name: "Bloquear" }).click();
    await toast(page, "Cliente bloqueado com sucesso");
    await padaria.locator(".ui-badge", { hasText: "Bloqueado" }).waitFor();
    await filters(page).getByLabel("Status").selectOption({ label: "Bloqueado" });
    await eventually(() => names(page), ["Padaria Pão Quente"]);
    await filters(page).getByLabel("Status").selectOption({ label: "Ativo" });
    await eventually(() => names(page), ["Mercado Bom Preço", "Ótica Visão Clara"]);
    await filters(page).getByLabel("Status").selectOption({ label: "Todos" });
    await eventually(async () => (await names(page)).length, 3);

    await chooseRowAction(padaria, "Desbloquear", "Padaria Pão Quente");
    confirm = page.getByRole("alertdialog");
    await confirm.getByText("Tem certeza que deseja desbloquear este cliente?").waitFor();
    await confirm.getByRole("button", { name: "Desbloquear" }).click();
    await toast(page, "Cliente desbloqueado com sucesso");
    await padaria.locator(".ui-badge", { hasText: "Ativo" }).waitFor();

    // Delete.
    await chooseRowAction(row(page, "Mercado Bom Preço"), "Excluir", "Mercado Bom Preço");
    confirm = page.getByRole("alertdialog");
    // A confirmation that deletes starts on Cancelar.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Cancelar");
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
    // The filters fold behind "Filtros", so the first client is above the fold.
    expect(await filters(page).isVisible()).toBe(false);
    const first = await table(page).locator("tbody tr").first().boundingBox();
    expect(first!.y + first!.height).toBeLessThan(740);
    await page.getByRole("button", { name: "Filtros" }).click();
    await filters(page).getByLabel("Buscar").waitFor();
    await page.getByRole("button", { name: "Filtros" }).click();
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

  test("long real-world values keep the actions in view; keyboard and axe-core", async () => {
    const page = await e2e.browser.newPage({ viewport: { width: 1280, height: 800 } });
    await signIn(page, e2e.server.url);
    const longName = `Comércio de Materiais de Construção e Ferragens ${"Irmãos Albuquerque ".repeat(4)}Ltda`.slice(0, 120);
    const domain = "@materiais-de-construcao-albuquerque.com.br";
    const longEmail = `${"financeiro.contas.a.pagar.".repeat(5).slice(0, 120 - domain.length - 1)}x${domain}`;
    const created = await page.evaluate(
      async ([nome, email]) =>
        (
          await fetch("/api/clients", {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({
              nome,
              cnpj: "06990590000123",
              contato: "Ricardo Albuquerque",
              telefone: "81987654321",
              email,
              valorMensalidade: "1234.56",
              codigoCliente: "ALB-01",
            }),
          })
        ).status,
      [longName, longEmail],
    );
    expect(created).toBe(201);
    await page.goto(`${e2e.server.url}/clients`);
    await waitForIslands(page);
    const long = row(page, "Comércio de Materiais");
    // One line per cell: the row stays 48–56 px and the actions stay inside the table.
    const box = (await long.boundingBox())!;
    expect(box.height).toBeLessThanOrEqual(60);
    const actions = (await long.getByRole("button", { name: `Mais ações para ${longName}` }).boundingBox())!;
    const wrap = (await table(page).boundingBox())!;
    expect(actions.x + actions.width).toBeLessThanOrEqual(wrap.x + wrap.width);
    expect(await table(page).evaluate((el) => el.scrollWidth - el.clientWidth)).toBe(0);
    expect(await long.locator(".cell-name__main").getAttribute("title")).toBe(longName);
    await screenshot(page, "clients-long-1280");

    // The first Tab reaches "Pular para o conteúdo".
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Pular para o conteúdo");

    // A dialog keeps the focus inside on every Tab, and asks before dropping typed text.
    const dialog = await openNew(page);
    await dialog.getByLabel("Nome").fill("Mercado");
    for (let i = 0; i < 25; i++) {
      await page.keyboard.press("Tab");
      expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press("Escape");
    const discard = page.getByRole("alertdialog");
    await discard.getByText("Descartar alterações?").waitFor();
    await discard.getByRole("button", { name: "Descartar" }).click();
    await dialog.waitFor({ state: "hidden" });

    expect(await axeViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 375, height: 740 });
    await screenshot(page, "clients-long-375");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await axeViolations(page)).toEqual([]);
    await page.close();
  });
});
