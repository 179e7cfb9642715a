// Histórico: the side panel of a row and the /history page, driven as a person would.
import { describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { formatDateBR } from "../../src/lib/dates";
import { ADMIN, SCREENSHOTS, axeViolations, eventually, isoDaysFromToday, pageApi, screenshot, signIn, toast, useServerAndBrowser, waitForIslands, chooseRowAction } from "./support";

const e2e = useServerAndBrowser();

const row = (page: Page, text: string) => page.locator("tbody tr", { hasText: text });
const timeline = (page: Page) => page.getByRole("dialog", { name: "Histórico" }).locator(".history-timeline__text").allTextContents();
const nbsp = (lines: string[]) => lines.map((line) => line.replaceAll("\u00a0", " "));

/** The open panel as the eye sees it: animations over, the viewport only (a modal is fixed to it). */
async function panelScreenshot(page: Page, name: string) {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"));
  await page.screenshot({ path: `${SCREENSHOTS}/${name}.png` });
}

const padaria = {
  nome: "Padaria Pão Quente",
  cnpj: "11222333000181",
  contato: "João Lima",
  telefone: "11987654321",
  email: "joao@padaria.com.br",
  valorMensalidade: "355.00",
  codigoCliente: "PAD-01",
};

function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(error.message));
  page.on("console", (m) => m.type() === "error" && !/status of 4\d\d/.test(m.text()) && problems.push(m.text()));
  return problems;
}

describe("Histórico", () => {
  test("pay, cancel and re-date an installment: its panel shows the three lines with the user's e-mail; the client's too", async () => {
    const page = await e2e.browser.newPage({ viewport: { width: 1280, height: 900 } });
    const problems = watchProblems(page);
    await signIn(page, e2e.server.url);
    const client = await pageApi(page, "/api/clients", padaria);
    expect(client.status).toBe(201);
    const generated = await pageApi(page, "/api/installments/generate", {
      clientId: client.json.id,
      numParcelas: 3,
      valor: "100.00",
      primeiroVencimento: isoDaysFromToday(-10),
      descricao: "Contrato de manutenção",
    });
    expect(generated.status).toBe(201);
    await page.goto(`${e2e.server.url}/receivables?clientId=${client.json.id}`);
    await waitForIslands(page);

    await row(page, "1/3").getByRole("button", { name: "Baixar Padaria Pão Quente parcela 1/3" }).click();
    await page.getByRole("dialog", { name: "Baixar parcela" }).getByRole("button", { name: "Confirmar baixa" }).click();
    await toast(page, "Parcela quitada");
    await chooseRowAction(row(page, "1/3"), "Cancelar Baixa", "Padaria Pão Quente parcela 1/3");
    await page.getByRole("alertdialog").getByRole("button", { name: "Cancelar baixa" }).click();
    await toast(page, "Baixa cancelada com sucesso!");
    await chooseRowAction(row(page, "1/3"), "Prorrogar", "Padaria Pão Quente parcela 1/3");
    const redate = page.getByRole("dialog", { name: "Prorrogar vencimento" });
    await redate.getByLabel("Novo vencimento").fill(isoDaysFromToday(5));
    await redate.getByRole("button", { name: "Salvar" }).click();
    await toast(page, "Vencimento alterado");

    // Histórico is in the row's "⋯" menu; closing the panel gives focus back to that button.
    const opener = row(page, "1/3").getByRole("button", { name: "Mais ações para Padaria Pão Quente parcela 1/3" });
    await chooseRowAction(row(page, "1/3"), "Histórico", "Padaria Pão Quente parcela 1/3");
    const panel = page.getByRole("dialog", { name: "Histórico" });
    await panel.locator(".history-timeline").waitFor();
    const today = formatDateBR(isoDaysFromToday(0));
    const lines = nbsp(await timeline(page));
    const mine = [
      `${ADMIN.email} alterou o vencimento de ${formatDateBR(isoDaysFromToday(-10))} para ${formatDateBR(isoDaysFromToday(5))}`,
      `${ADMIN.email} cancelou a baixa de ${today} (R$ 34,11)`,
      `${ADMIN.email} deu baixa em ${today}: R$ 34,11 com multa R$ 0,67 e juros R$ 0,11`,
    ];
    // Newest first; the automatic blocks and releases that followed each change sit between them.
    expect(lines.filter((line) => line.startsWith(ADMIN.email) && !line.includes("gerou"))).toEqual(mine);
    expect(lines).toContain("Bloqueio automático: parcela 1/3 vencida desde " + formatDateBR(isoDaysFromToday(-10)));
    expect(lines.at(-1)).toContain(`${ADMIN.email} gerou 3 parcelas de Padaria Pão Quente — Contrato de manutenção`);
    await panelScreenshot(page, "history-panel-1280");
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press("Escape");
    await panel.waitFor({ state: "hidden" });
    await eventually(() => opener.evaluate((el) => el === document.activeElement), true);

    // The client's panel holds the client's own events and its installments'.
    await page.goto(`${e2e.server.url}/clients`);
    await waitForIslands(page);
    await screenshot(page, "history-clients-1280");
    await chooseRowAction(row(page, "Padaria Pão Quente"), "Histórico", "Padaria Pão Quente");
    await page.getByRole("dialog", { name: "Histórico" }).locator(".history-timeline").waitFor();
    const clientLines = nbsp(await timeline(page));
    expect(clientLines.at(-1)).toBe(`${ADMIN.email} cadastrou o cliente Padaria Pão Quente`);
    expect(clientLines).toEqual(expect.arrayContaining(mine));
    expect(await page.getByRole("dialog", { name: "Histórico" }).locator(".history-timeline__label", { hasText: "parcela 1/3" }).count()).toBeGreaterThan(0);
    expect(problems).toEqual([]);
    await page.close();
  });

  test("/history: filters in the URL survive a reload; the CSV is the view; 1280 and 375 px", async () => {
    const page = await e2e.browser.newPage({ viewport: { width: 1280, height: 900 } });
    const problems = watchProblems(page);
    await signIn(page, e2e.server.url);
    const supplier = await pageApi(page, "/api/suppliers", { nome: "Moinho Santa Clara", email: "compras@moinho.com.br", cidade: "Campinas", estado: "SP" });
    expect(supplier.status).toBe(201);
    await page.getByRole("link", { name: "Histórico" }).click();
    await page.waitForURL(`${e2e.server.url}/history`);
    await waitForIslands(page);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Histórico");

    await page.getByLabel("Tipo de registro").selectOption("supplier");
    await page.getByLabel("Usuário").selectOption(ADMIN.email);
    await page.getByLabel("Buscar").fill("moinho");
    await eventually(async () => new URL(page.url()).search, `?usuario=${encodeURIComponent(ADMIN.email)}&entidade=supplier&q=moinho`);
    await eventually(() => page.locator(".history-table tbody tr").allTextContents().then((rows) => rows.length), 1);
    expect(await page.locator(".history-table tbody").textContent()).toContain(`${ADMIN.email} cadastrou o fornecedor Moinho Santa Clara`);
    await screenshot(page, "history-1280");
    expect(await axeViolations(page)).toEqual([]);

    await page.reload();
    await waitForIslands(page);
    expect(await page.getByLabel("Tipo de registro").inputValue()).toBe("supplier");
    expect(await page.getByLabel("Buscar").inputValue()).toBe("moinho");
    expect(await page.locator(".history-table tbody tr").count()).toBe(1);

    const href = await page.getByRole("link", { name: "Exportar CSV" }).getAttribute("href");
    expect(href).toBe(`/history/export?usuario=${encodeURIComponent(ADMIN.email)}&entidade=supplier&q=moinho`);
    const csv = await page.evaluate(async (path) => {
      const response = await fetch(path);
      return { type: response.headers.get("content-type"), text: new TextDecoder("utf-8", { ignoreBOM: true }).decode(await response.arrayBuffer()) };
    }, href!);
    expect(csv.type).toBe("text/csv; charset=utf-8");
    const lines = csv.text.split("\r\n");
    expect(lines[0]).toBe("\uFEFFData/hora;Usuário;Tipo de registro;Registro;Ação;O que aconteceu");
    expect(lines[1]).toEndWith(`;${ADMIN.email};Fornecedores;Moinho Santa Clara;Cadastro;${ADMIN.email} cadastrou o fornecedor Moinho Santa Clara`);
    expect(lines).toHaveLength(3);

    // A phone: the filters fold, rows become cards, the side panel fills the screen.
    const phone = await e2e.browser.newPage({ viewport: { width: 375, height: 800 } });
    await signIn(phone, e2e.server.url);
    // The sign-in toast shows on the dashboard, not over the screenshot below.
    await waitForIslands(phone);
    await toast(phone, "Login realizado com sucesso!");
    await phone.goto(`${e2e.server.url}/history`);
    await waitForIslands(phone);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(phone, "history-375");
    expect(await axeViolations(phone)).toEqual([]);
    const client = await pageApi(phone, "/api/clients", { ...padaria, cnpj: "45723174000110", codigoCliente: "PAD-02", nome: "Padaria Pão Doce" });
    await pageApi(phone, "/api/installments/generate", { clientId: client.json.id, numParcelas: 2, valor: "200.00", primeiroVencimento: isoDaysFromToday(3), descricao: "Mensalidade" });
    await phone.goto(`${e2e.server.url}/receivables?clientId=${client.json.id}`);
    await waitForIslands(phone);
    await chooseRowAction(row(phone, "1/2"), "Histórico", "Padaria Pão Doce parcela 1/2");
    await phone.getByRole("dialog", { name: "Histórico" }).locator(".history-timeline").waitFor();
    expect(nbsp(await timeline(phone))).toEqual([
      `${ADMIN.email} gerou 2 parcelas de Padaria Pão Doce — Mensalidade: total R$ 200,00, 1º vencimento ${formatDateBR(isoDaysFromToday(3))}`,
    ]);
    const box = await phone.getByRole("dialog", { name: "Histórico" }).boundingBox();
    expect(Math.round(box?.width ?? 0)).toBe(375);
    await panelScreenshot(phone, "history-panel-375");
    expect(await axeViolations(phone)).toEqual([]);
    expect(problems).toEqual([]);
    await phone.close();
    await page.close();
  });
});
