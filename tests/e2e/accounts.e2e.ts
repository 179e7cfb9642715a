// Contas bancárias (issue 34 §3) in the browser: an account created through its dialog (the bank
// picked from the FEBRABAN list by name) at 1280 and 375 px, a 120-character apelido that wraps
// instead of widening the page, axe; and the Conta column of the receivables' CSV read back in
// LibreOffice Calc.
import { describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { buildOfx } from "../fixtures/ofx/build";
import { PADARIA } from "../support";
import { column, openInSpreadsheet, skipWithoutSpreadsheet } from "../spreadsheet";
import { animationsDone, axeViolations, dismissToasts, expectNoHorizontalOverflow, expectToast, pageApi, pageProblems, screenshot, signIn, useServerAndBrowser, waitForIslands } from "./support";

const e2e = useServerAndBrowser();
const LONG_APELIDO = `Conta movimento da matriz — recebimentos de PIX, boletos e cartões das unidades de São Paulo e Campinas (123456)`.padEnd(120, "x").slice(0, 120);

async function openAccounts(page: Page) {
  await page.goto(`${e2e.server.url}/accounts`);
  await waitForIslands(page);
}

/** The dialog filled as a person does: the bank typed and chosen from the list, the numbers, the apelido, the opening balance. */
async function createThroughDialog(page: Page, fields: { banco: string; agencia: string; conta: string; apelido: string; saldo: string }) {
  await page.getByRole("button", { name: "Nova conta bancária" }).click();
  const dialog = page.getByRole("dialog", { name: "Nova conta bancária" });
  await dialog.waitFor();
  const banco = dialog.getByLabel("Banco");
  // The datalist holds the server's names: the one picked is its text.
  expect(await page.locator(`datalist#${await banco.getAttribute("list").then((id) => id!.replace(/:/g, "\\:"))} option[value="${fields.banco}"]`).count()).toBe(1);
  await banco.fill(fields.banco);
  await dialog.getByLabel("Agência").fill(fields.agencia);
  await dialog.getByRole("textbox", { name: /^Conta/ }).fill(fields.conta);
  await dialog.getByLabel("Apelido").fill(fields.apelido);
  await dialog.getByLabel("Saldo inicial", { exact: true }).fill(fields.saldo);
  return dialog;
}

describe("Contas bancárias", () => {
  test("create an account at 1280 px: the bank by its name, the default proposed for the first, axe clean", async () => {
    const page = await e2e.browser.newPage({ viewport: { width: 1280, height: 800 } });
    const problems = pageProblems(page);
    await signIn(page, e2e.server.url);
    await openAccounts(page);
    expect(await page.title()).toBe("Contas bancárias · Cofre");
    await page.getByText("Nenhuma conta bancária cadastrada").waitFor();
    // The menu offers it.
    await page.locator("#side-menu").getByRole("link", { name: "Contas bancárias" }).waitFor({ state: "attached" });

    const dialog = await createThroughDialog(page, { banco: "Itaú Unibanco (341)", agencia: "1234", conta: "56789-0", apelido: "", saldo: "15.000,00" });
    expect(await dialog.getByLabel("Conta padrão (vem escolhida ao dar baixa)").isChecked()).toBe(true);
    await animationsDone(page);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, "accounts-dialog-1280");
    await dialog.getByRole("button", { name: "Salvar" }).click();
    await expectToast(page, "Conta bancária cadastrada");
    await dialog.waitFor({ state: "hidden" });
    const row = page.locator(".accounts-table tbody tr").filter({ hasText: "Itaú Unibanco (341) · Ag. 1234 · Conta 56789-0" });
    await row.waitFor();
    await row.getByText("Padrão").waitFor();
    // The opening balance, and today's balance (nothing paid yet: the same).
    await row.locator(".account-opening").getByText("R$\u00a015.000,00").waitFor();
    await row.locator(".account-balance", { hasText: "R$\u00a015.000,00" }).waitFor();
    await expectNoHorizontalOverflow(page);
    expect(await axeViolations(page)).toEqual([]);
    await dismissToasts(page);
    await screenshot(page, "accounts-list-1280");
    expect(problems).toEqual([]);
    await page.close();
  });

  test("create an account at 375 px with a 120-character apelido: it wraps in its card, the page never scrolls sideways", async () => {
    const page = await e2e.browser.newPage({ viewport: { width: 375, height: 740 } });
    const problems = pageProblems(page);
    await signIn(page, e2e.server.url);
    await openAccounts(page);
    const dialog = await createThroughDialog(page, { banco: "Sicoob (756)", agencia: "3040", conta: "12345-6", apelido: LONG_APELIDO, saldo: "2.500,00" });
    expect(await dialog.getByLabel("Apelido").inputValue()).toHaveLength(120);
    await expectNoHorizontalOverflow(page);
    await animationsDone(page);
    await screenshot(page, "accounts-dialog-375");
    await dialog.getByRole("button", { name: "Salvar" }).click();
    await expectToast(page, "Conta bancária cadastrada");
    await dialog.waitFor({ state: "hidden" });
    const card = page.locator(".accounts-table tbody tr").filter({ hasText: LONG_APELIDO });
    await card.waitFor();
    await card.getByText("Sicoob (756) · Ag. 3040 · Conta 12345-6").waitFor();
    // The long name stays inside its card.
    const [cardWidth, nameWidth] = await card.evaluate((tr) => [tr.getBoundingClientRect().width, tr.querySelector(".account-name")!.scrollWidth]);
    expect(nameWidth).toBeLessThanOrEqual(cardWidth!);
    await expectNoHorizontalOverflow(page);
    expect(await axeViolations(page)).toEqual([]);
    await dismissToasts(page);
    await screenshot(page, "accounts-list-375");
    expect(problems).toEqual([]);
    await page.close();
  });

  test("a statement of an account not registered asks once at 375 px: Cadastrar esta conta, prefilled from the file; the next import finds it", async () => {
    const page = await e2e.browser.newPage({ viewport: { width: 375, height: 740 } });
    const problems = pageProblems(page);
    await signIn(page, e2e.server.url);
    await page.goto(`${e2e.server.url}/reconciliation`);
    await waitForIslands(page);
    const statement = (account: string, fitid: string) => ({
      name: "extrato.ofx",
      mimeType: "application/x-ofx",
      buffer: Buffer.from(buildOfx({ postings: [{ fitid, data: "20261105", valor: "150,00", nome: "PIX" }], period: { from: "20261101", to: "20261116" }, account, balance: "1.070,00" })),
    });
    await page.getByLabel("Importar extrato (OFX)").setInputFiles(statement("77777-7", "N1"));
    const ask = page.locator(".rec-account");
    await ask.getByText("Itaú Unibanco (341) · Ag. 1234 · Conta 77777-7").waitFor();
    await expectNoHorizontalOverflow(page);
    expect(await axeViolations(page)).toEqual([]);
    await dismissToasts(page);
    await screenshot(page, "accounts-reconciliation-ask-375");
    await ask.getByRole("button", { name: "Cadastrar esta conta" }).click();
    const dialog = page.getByRole("dialog", { name: "Nova conta bancária" });
    await dialog.waitFor();
    // The file's bank, branch and number, and its LEDGERBAL (1.070,00 on 16/11) as the opening balance on that day (the balance at its end).
    expect(await dialog.getByLabel("Banco").inputValue()).toBe("Itaú Unibanco (341)");
    expect(await dialog.getByLabel("Agência").inputValue()).toBe("1234");
    expect(await dialog.getByRole("textbox", { name: /^Conta/ }).inputValue()).toBe("77777-7");
    expect(await dialog.getByLabel("Saldo inicial", { exact: true }).inputValue()).toBe("1.070,00");
    expect(await dialog.getByLabel("Data do saldo inicial").inputValue()).toBe("2026-11-16");
    await dialog.getByLabel("Apelido").fill("Conta da filial");
    await dialog.getByRole("button", { name: "Salvar" }).click();
    await expectToast(page, "Conta bancária cadastrada");
    await ask.waitFor({ state: "detached" });
    await page.locator(".rec-summary").getByText("Conta da filial").waitFor();
    // The next statement of the same numbers arrives attached: nothing is asked.
    const first = page.url();
    await page.getByLabel("Importar extrato (OFX)").setInputFiles(statement("77777-7", "N2"));
    await page.waitForURL((url) => url.href !== first && url.searchParams.has("extrato"));
    await waitForIslands(page);
    await page.locator(".rec-summary").getByText("Conta da filial").waitFor();
    expect(await ask.count()).toBe(0);
    expect(problems).toEqual([]);
    await page.close();
  });

  test.skipIf(skipWithoutSpreadsheet())("the receivables' CSV names the account of the last payment in Conta, text in Calc", async () => {
    const page = await e2e.browser.newPage({ viewport: { width: 1280, height: 800 } });
    await signIn(page, e2e.server.url);
    const accounts = (await pageApi(page, "/api/accounts", undefined, "GET")).json as { id: number; nome: string }[];
    const sicoob = accounts.find((a) => a.nome === LONG_APELIDO)!;
    const client = await pageApi(page, "/api/clients", { ...PADARIA, cnpj: "11.444.777/0001-61", codigoCliente: "CSV-001" });
    expect(client.status).toBe(201);
    const generated = await pageApi(page, "/api/installments/generate", { clientId: client.json.id, numParcelas: 2, valor: "300.00", primeiroVencimento: "2026-01-10", descricao: "Contrato" });
    const [first, second] = generated.json.installments as { id: number }[];
    // The first paid in two parts, the last into the Sicoob account; the second into the default (Itaú).
    expect((await pageApi(page, `/api/installments/${first!.id}/pay`, { dataPagamento: "2026-01-10", valorPago: "50.00", tipo: "parcial" }, "PATCH")).status).toBe(200);
    expect((await pageApi(page, `/api/installments/${first!.id}/pay`, { dataPagamento: "2026-01-12", contaId: sicoob.id }, "PATCH")).status).toBe(200);
    expect((await pageApi(page, `/api/installments/${second!.id}/pay`, { dataPagamento: "2026-02-10" }, "PATCH")).status).toBe(200);
    const csv = await page.request.get(`${e2e.server.url}/receivables/export?ordem=vencimento`);
    expect(csv.status()).toBe(200);
    const sheet = openInSpreadsheet({ receber: await csv.text() }).receber;
    expect(sheet[0]!.at(-1)!.value).toBe("Conta");
    expect(column(sheet, "Conta")).toEqual([
      { type: "string", value: LONG_APELIDO },
      { type: "string", value: "Itaú Unibanco (341) · Ag. 1234 · Conta 56789-0" },
    ]);
    await page.close();
  });
});
