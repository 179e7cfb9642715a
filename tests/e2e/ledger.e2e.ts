// Contas a Receber / a Pagar and their generation screens, driven as a person would.
import { describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { axeViolations, eventually, isoDaysFromToday, pageApi, screenshot, signIn, toast, toasts, useServerAndBrowser, waitForIslands, chooseRowAction } from "./support";

const e2e = useServerAndBrowser();

const table = (page: Page) => page.locator(".ledger-table");
const cells = (page: Page, column: number) =>
  table(page).locator(`tbody tr td:nth-child(${column})`).allTextContents();
const row = (page: Page, parcela: string) => table(page).locator("tbody tr", { hasText: parcela });
const cards = (page: Page) => page.locator(".ledger-card").allTextContents();



async function pickParty(page: Page, label: string, name: string) {
  const picker = page.getByLabel(label);
  await picker.fill(name.slice(0, 5));
  await page.getByRole("option", { name: new RegExp(name) }).click();
}

describe("Contas a Receber", () => {
  test("generate → rows → pay with fees → cancel → re-date → delete; blocking follows the rows", async () => {
    const page = await e2e.browser.newPage({ viewport: { width: 1280, height: 900 } });
    const problems: string[] = [];
    page.on("pageerror", (error) => problems.push(error.message));
    page.on("console", (m) => m.type() === "error" && !/status of 4\d\d/.test(m.text()) && problems.push(m.text()));
    await signIn(page, e2e.server.url);
    const padaria = await pageApi(page, "/api/clients", {
      nome: "Padaria Pão Quente",
      cnpj: "11222333000181",
      contato: "João Lima",
      telefone: "11987654321",
      email: "joao@padaria.com.br",
      valorMensalidade: "355.00",
      codigoCliente: "PAD-01",
    });
    expect(padaria.status).toBe(201);

    // Generate 3 installments of R$ 100,00 whose first one fell due 10 days ago.
    await page.goto(`${e2e.server.url}/installments`);
    await waitForIslands(page);
    await pickParty(page, "Cliente", "Padaria Pão Quente");
    await page.getByLabel("Número de parcelas").fill("3");
    await page.getByLabel("Valor total").pressSequentially("100,00");
    await page.getByLabel("Primeiro vencimento").fill(isoDaysFromToday(-10));
    await page.getByLabel("Descrição").fill("Contrato de manutenção");
    // The preview is the split the server will store: the cent goes to the last one.
    expect(await page.locator(".generate-preview tbody td:nth-child(3)").allTextContents()).toEqual([
      "R$\u00a033,33",
      "R$\u00a033,33",
      "R$\u00a033,34",
    ]);
    await screenshot(page, "installments-1280");
    await page.getByRole("button", { name: "Gerar Parcelas" }).click();
    await toast(page, "Parcelas geradas com sucesso!");
    // The overdue installment blocked the client in the same transaction.
    const blocked = await pageApi(page, `/api/clients/${padaria.json.id}`, undefined, "GET");
    expect(blocked.json.statusBloqueio).toBe(1);
    expect(blocked.json.bloqueioOrigem).toBe("automatico");

    await page.getByRole("link", { name: "Ver as parcelas" }).click();
    await waitForIslands(page);
    expect(new URL(page.url()).search).toBe(`?clientId=${padaria.json.id}`);
    expect(await cells(page, 2)).toEqual(["1/3", "2/3", "3/3"]);
    expect(await row(page, "1/3").locator(".ui-badge").textContent()).toBe("Vencida");
    expect(await row(page, "2/3").locator(".ui-badge").textContent()).toBe("Em Aberto");
    expect((await cards(page))[1]).toContain("R$\u00a033,33");
    await screenshot(page, "receivables-1280");

    // Pay the overdue one today: multa and juros are proposed for 10 days late.
    await row(page, "1/3").getByRole("button", { name: "Baixar Padaria Pão Quente parcela 1/3" }).click();
    const pay = page.getByRole("dialog", { name: "Baixar parcela" });
    expect(await pay.getByLabel("Multa (2%)").inputValue()).toBe("0,67");
    expect(await pay.getByLabel("Juros (1% ao mês)").inputValue()).toBe("0,11");
    expect(await pay.getByTestId("total-baixa").textContent()).toBe("R$\u00a034,11");
    await screenshot(page, "receivables-pay-1280");
    await pay.getByRole("button", { name: "Confirmar baixa" }).click();
    await toast(page, "Parcela quitada");
    await row(page, "1/3").getByText("Pago em").waitFor();
    await eventually(async () => (await cards(page))[1], "VencidasR$\u00a00,000 parcelas");
    // Paid: the automatic block is lifted.
    expect((await pageApi(page, `/api/clients/${padaria.json.id}`, undefined, "GET")).json.statusBloqueio).toBe(0);
    const stored = (await pageApi(page, `/api/installments?clientId=${padaria.json.id}&ordem=parcela`, undefined, "GET")).json;
    expect(stored[0]).toMatchObject({ status: "pago", valorPago: "34.11", multa: "0.67", juros: "0.11" });

    // Cancel the payment: it is overdue again and the client is blocked again.
    await chooseRowAction(row(page, "1/3"), "Cancelar Baixa", "Padaria Pão Quente parcela 1/3");
    await page.getByRole("alertdialog").getByText("Confirma o cancelamento da baixa desta parcela?").waitFor();
    await page.getByRole("alertdialog").getByRole("button", { name: "Cancelar baixa" }).click();
    await toast(page, "Baixa cancelada com sucesso!");
    await row(page, "1/3").locator(".ui-badge", { hasText: "Vencida" }).waitFor();
    expect((await pageApi(page, `/api/clients/${padaria.json.id}`, undefined, "GET")).json.statusBloqueio).toBe(1);

    // Re-date it into the future: no longer overdue, block lifted.
    await chooseRowAction(row(page, "1/3"), "Prorrogar", "Padaria Pão Quente parcela 1/3");
    const redate = page.getByRole("dialog", { name: "Prorrogar vencimento" });
    await redate.getByLabel("Novo vencimento").fill(isoDaysFromToday(5));
    await redate.getByRole("button", { name: "Salvar" }).click();
    await toast(page, "Vencimento alterado");
    await row(page, "1/3").locator(".ui-badge", { hasText: "Em Aberto" }).waitFor();
    expect((await pageApi(page, `/api/clients/${padaria.json.id}`, undefined, "GET")).json.statusBloqueio).toBe(0);

    // Delete the last one.
    await chooseRowAction(row(page, "3/3"), "Excluir", "Padaria Pão Quente parcela 3/3");
    const confirm = page.getByRole("alertdialog");
    await confirm.getByText("Confirma a exclusão desta parcela? Esta ação não pode ser desfeita.").waitFor();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Cancelar");
    await confirm.getByRole("button", { name: "Excluir" }).click();
    await toast(page, "Parcela excluída com sucesso!");
    await eventually(() => cells(page, 2), ["1/3", "2/3"]);
    expect(problems).toEqual([]);
    await page.close();
  });

  test("sort by each column, filter by status and month, and a reload keeps the view", async () => {
    const page = await e2e.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(page, e2e.server.url);
    const otica = await pageApi(page, "/api/clients", {
      nome: "Ótica Visão Clara",
      cnpj: "45723174000110",
      contato: "Beatriz Rocha",
      telefone: "21998765432",
      email: "bia@otica.com.br",
      valorMensalidade: "89.90",
      codigoCliente: "OTI-01",
    });
    const generated = await pageApi(page, "/api/installments/generate", {
      clientId: otica.json.id,
      numParcelas: 12,
      valor: "1200.00",
      primeiroVencimento: isoDaysFromToday(-40),
      descricao: "Plano anual de lentes",
    });
    expect(generated.status).toBe(201);
    await page.goto(`${e2e.server.url}/receivables`);
    await waitForIslands(page);

    for (const [header, column] of [
      ["Cliente", 1],
      ["Parcela", 2],
      ["Vencimento", 3],
      ["Valor", 4],
      ["Status", 5],
      ["Descrição", 6],
    ] as const) {
      await table(page).getByRole("button", { name: header, exact: true }).click();
      await eventually(() => table(page).locator(`th:nth-child(${column})`).getAttribute("aria-sort"), "ascending");
      expect(new URL(page.url()).searchParams.get("ordem")).toBe(
        { Cliente: "cliente", Parcela: "parcela", Vencimento: null, Valor: "valor", Status: "status", "Descrição": "descricao" }[header],
      );
    }
    // Parcela sorts by the number before the slash: 1, 2, …, 10, not 1, 10, 11, 2.
    await page.goto(`${e2e.server.url}/receivables?ordem=parcela&clientId=${otica.json.id}`);
    await waitForIslands(page);
    const parcelas = await cells(page, 2);
    expect(parcelas.slice(0, 3)).toEqual(["1/12", "2/12", "3/12"]);
    expect(parcelas.slice(9, 12)).toEqual(["10/12", "11/12", "12/12"]);

    await page.getByLabel("Status").selectOption({ label: "Vencida" });
    await eventually(async () => new Set(await table(page).locator(".ui-badge").allTextContents()).size, 1);
    expect(await table(page).locator(".ui-badge").first().textContent()).toBe("Vencida");
    const month = isoDaysFromToday(-40).slice(0, 7);
    await page.getByLabel("Status").selectOption({ label: "Todos" });
    await page.getByLabel("Mês de vencimento").fill(month);
    await eventually(async () => (await cells(page, 2)).length, 1);
    const url = new URL(page.url());
    expect(url.searchParams.get("mes")).toBe(month);
    expect(url.searchParams.get("ordem")).toBe("parcela");
    await page.reload();
    await waitForIslands(page);
    expect(await cells(page, 2)).toEqual(["1/12"]);
    expect(await page.getByLabel("Mês de vencimento").inputValue()).toBe(month);
    expect(await axeViolations(page)).toEqual([]);

    // A phone: cards, filters folded, nothing sideways.
    await page.goto(`${e2e.server.url}/receivables`);
    await page.setViewportSize({ width: 375, height: 740 });
    await waitForIslands(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    const close = toasts(page).getByRole("button", { name: "Fechar" });
    if (await close.isVisible()) await close.click();
    await screenshot(page, "receivables-375");
    await page.locator(".ledger-table tbody tr").first().getByRole("button", { name: /^Baixar / }).click();
    const dialog = page.getByRole("dialog", { name: "Baixar parcela" });
    const box = (await dialog.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(375);
    await screenshot(page, "receivables-pay-375");
    expect(await axeViolations(page)).toEqual([]);
    await page.close();
  });
});

describe("Contas a Pagar", () => {
  test("generate → list → pay with a changed amount → delete; sort, filter, reload", async () => {
    const page = await e2e.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(page, e2e.server.url);
    const grafica = await pageApi(page, "/api/suppliers", { nome: "Gráfica Rápida Impressos", cnpj: "06990590000123" });
    expect(grafica.status).toBe(201);

    await page.goto(`${e2e.server.url}/payable-installments`);
    await waitForIslands(page);
    await pickParty(page, "Fornecedor", "Gráfica Rápida Impressos");
    await page.getByLabel("Número de parcelas").fill("3");
    await page.getByLabel("Valor total").pressSequentially("1.000,00");
    await page.getByLabel("Primeiro vencimento").fill(isoDaysFromToday(-3));
    await page.getByLabel("Descrição").fill("Panfletos da campanha");
    await page.getByRole("button", { name: "Gerar Parcelas" }).click();
    await toast(page, "Parcelas geradas com sucesso!");
    await screenshot(page, "payable-installments-1280");

    await page.goto(`${e2e.server.url}/payables`);
    await waitForIslands(page);
    expect(await cells(page, 2)).toEqual(["1/3", "2/3", "3/3"]);
    expect(await cells(page, 3)).toEqual(["R$\u00a0333,33", "R$\u00a0333,33", "R$\u00a0333,34"]);
    expect(await row(page, "1/3").locator(".ui-badge").textContent()).toBe("Vencida");
    expect((await cards(page))[3]).toBe("Performance0%Taxa de pagamento");

    await row(page, "1/3").getByRole("button", { name: "Pagar Gráfica Rápida Impressos parcela 1/3" }).click();
    const pay = page.getByRole("dialog", { name: "Pagar conta" });
    await pay.getByText("Confirma o pagamento da conta 1/3 do fornecedor Gráfica Rápida Impressos?").waitFor();
    expect(await pay.getByLabel("Valor pago").inputValue()).toBe("333,33");
    await pay.getByLabel("Valor pago").fill("340,00");
    await screenshot(page, "payables-pay-1280");
    await pay.getByRole("button", { name: "Pagar", exact: true }).click();
    await toast(page, "Pagamento realizado com sucesso!");
    await row(page, "1/3").getByText("Pago em").waitFor();
    await eventually(async () => (await cards(page))[3], "Performance33%Taxa de pagamento");
    expect((await cards(page))[1]).toContain("R$\u00a0340,00");

    await table(page).getByRole("button", { name: "Valor", exact: true }).click();
    await table(page).getByRole("button", { name: "Valor", exact: true }).click();
    // The paid row shows what was actually paid under its face value.
    await eventually(() => cells(page, 3), ["R$\u00a0333,34", "R$\u00a0333,33", "R$\u00a0333,33pago R$\u00a0340,00"]);
    await page.getByLabel("Status").selectOption({ label: "Pago" });
    await eventually(() => cells(page, 2), ["1/3"]);
    await page.reload();
    await waitForIslands(page);
    expect(await cells(page, 2)).toEqual(["1/3"]);
    expect(new URL(page.url()).search).toBe("?status=pago&ordem=-valor");
    await page.getByRole("button", { name: "Limpar filtros" }).click();
    await eventually(async () => (await cells(page, 2)).length, 3);

    await chooseRowAction(row(page, "3/3"), "Excluir", "Gráfica Rápida Impressos parcela 3/3");
    await page.getByRole("alertdialog").getByText("Confirma a exclusão da conta 3/3 do fornecedor Gráfica Rápida Impressos?").waitFor();
    await page.getByRole("alertdialog").getByRole("button", { name: "Excluir" }).click();
    await toast(page, "Conta excluída com sucesso!");
    await eventually(async () => (await cells(page, 2)).length, 2);
    await screenshot(page, "payables-1280");
    expect(await axeViolations(page)).toEqual([]);

    await page.setViewportSize({ width: 375, height: 740 });
    await page.reload();
    await waitForIslands(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(page, "payables-375");
    await page.goto(`${e2e.server.url}/payable-installments`);
    await waitForIslands(page);
    await screenshot(page, "payable-installments-375");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.close();
  });
});
