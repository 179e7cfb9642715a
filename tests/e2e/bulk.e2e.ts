// Bulk actions on Contas a Receber (issue 35 §3) in Chromium: rows chosen from the keyboard, the
// sticky bar with the count and the actions reachable at 1280 and 375 px, a Baixar over the
// selection and a Prorrogar over the whole filter; axe clean; screenshots to look at.
import { describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { buildOfx } from "../fixtures/ofx/build";
import { animationsDone, axeViolations, dismissToasts, expectNoHorizontalOverflow, isoDaysFromToday, pageApi, pageProblems, screenshot, signIn, toast, useServerAndBrowser, waitForIslands } from "./support";

const e2e = useServerAndBrowser();

/** Two clients, 14 overdue installments and 1 paid: more rows than a page of 10. */
async function seed(page: Page) {
  const make = async (nome: string, cnpj: string, codigoCliente: string) => {
    const created = await pageApi(page, "/api/clients", { nome, cnpj, contato: "Ana", telefone: "11987654321", email: `${codigoCliente.toLowerCase()}@x.com.br`, valorMensalidade: "100.00", codigoCliente });
    expect(created.status).toBe(201);
    return created.json.id as number;
  };
  const padaria = await make("Padaria Pão Quente", "11222333000181", "PAO-1");
  const flores = await make("Floricultura Ipê", "11444777000161", "FLO-1");
  for (const [clientId, n] of [[padaria, 8], [flores, 7]] as const) {
    const generated = await pageApi(page, "/api/installments/generate", { clientId, numParcelas: n, valor: `${n * 100}.00`, primeiroVencimento: isoDaysFromToday(-300), descricao: "Contrato" });
    expect(generated.status).toBe(201);
  }
  return { padaria, flores };
}

const count = (page: Page) => page.locator(".bulk-bar__count");

describe("bulk actions", () => {
  test("select from the keyboard, Baixar the selection, then Prorrogar every row of the filter — at 1280 and 375 px", async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const problems = pageProblems(page);
    await signIn(page, e2e.server.url);
    const { padaria } = await seed(page);

    await page.goto(`${e2e.server.url}/receivables?status=vencido&porPagina=10`);
    await waitForIslands(page);
    await dismissToasts(page);
    // Keyboard: Tab reaches the first row's checkbox, Space ticks it; the bar appears with the count.
    const checks = page.locator(".ledger-table .bulk-cell > input");
    const first = checks.nth(0);
    expect(await first.getAttribute("aria-label")).toMatch(/^Selecionar (Padaria Pão Quente parcela 1\/8|Floricultura Ipê parcela 1\/7)$/);
    await first.focus();
    await page.keyboard.press("Space");
    await count(page).getByText("1 parcela selecionada", { exact: true }).waitFor();
    // Tab goes on through the row's actions to the next row's checkbox.
    for (let i = 0; i < 8 && !(await checks.nth(1).evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press("Tab");
    expect(await checks.nth(1).evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press("Space");
    await count(page).getByText("2 parcelas selecionadas", { exact: true }).waitFor();
    expect(await page.getByRole("button", { name: "Selecionar todas as 15 parcelas deste filtro" }).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, "bulk-selection-1280");

    // Baixar: the dialog, Enter on its confirm.
    await page.getByRole("region", { name: "Ações em lote" }).getByRole("button", { name: "Baixar", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Baixar parcelas" });
    await dialog.waitFor();
    await animationsDone(page);
    expect(await dialog.getByLabel("Data de pagamento").inputValue()).toBe(isoDaysFromToday(0));
    await dialog.getByLabel("Valor").selectOption("juros");
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, "bulk-baixar-dialog-1280");
    await dialog.getByRole("button", { name: "Baixar", exact: true }).click();
    await toast(page, "2 parcelas baixadas");
    await page.locator(".bulk-bar").waitFor({ state: "detached" });
    // Paid with fees: the list (overdue only) now has 13.
    await page.locator("#ledger-contagem").getByText(/13/).waitFor();

    // At 375 px: the whole page, then "todas as 13 deste filtro"; the bar stays on screen.
    await page.setViewportSize({ width: 375, height: 740 });
    await dismissToasts(page);
    await page.getByText("Selecionar todas desta página").click();
    await count(page).getByText("10 parcelas selecionadas", { exact: true }).waitFor();
    await page.getByRole("button", { name: "Selecionar todas as 13 parcelas deste filtro" }).click();
    await count(page).getByText("Todas as 13 parcelas deste filtro selecionadas", { exact: true }).waitFor();
    // Scrolled to the top of a long page of cards, the bar (sticky) is still in view.
    await page.evaluate(() => window.scrollTo(0, 0));
    const bar = page.getByRole("region", { name: "Ações em lote" });
    const box = await bar.boundingBox();
    expect(box !== null && box.y >= 0 && box.y + box.height <= 740).toBe(true);
    await expectNoHorizontalOverflow(page);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: `${import.meta.dir}/screenshots/bulk-bar-375.png` });
    await bar.getByRole("button", { name: "Prorrogar", exact: true }).click();
    const redate = page.getByRole("dialog", { name: "Prorrogar parcelas" });
    await redate.waitFor();
    await redate.getByLabel("Como prorrogar").selectOption("dias");
    await redate.getByLabel("Dias a adiar (a partir do vencimento de cada uma)").fill("400");
    await animationsDone(page);
    await screenshot(page, "bulk-prorrogar-dialog-375");
    await redate.getByLabel("Dias a adiar (a partir do vencimento de cada uma)").press("Enter");
    await toast(page, "13 parcelas prorrogadas");
    // Re-dated 400 days on: none overdue now.
    await page.locator("#ledger-contagem").getByText("Nenhuma parcela").waitFor();
    const rows = await pageApi(page, `/api/installments?clientId=${padaria}&status=pago`, undefined, "GET");
    expect(rows.json.length).toBeGreaterThanOrEqual(1);
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);

  test("'Exportar CSV' on Clientes, Assinaturas and Conciliação, and the payment-date filters at 375 px, each link a working download of the view", async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const problems = pageProblems(page);
    await signIn(page, e2e.server.url);
    /** The screen's "Exportar CSV": its address, and the first line of what it downloads. */
    const exported = async () => {
      const href = (await page.getByRole("link", { name: "Exportar CSV" }).getAttribute("href"))!;
      const header = await page.evaluate(async (url) => {
        const response = await fetch(url);
        return `${response.status} ${response.headers.get("content-type")} ${(await response.text()).split("\r\n")[0]!.replace("\uFEFF", "")}`;
      }, href);
      return { href, header };
    };
    await page.goto(`${e2e.server.url}/clients?q=padaria`);
    await waitForIslands(page);
    expect(await exported()).toEqual({ href: "/clients/export?q=padaria", header: "200 text/csv; charset=utf-8 Nome;CNPJ;Código;Contato;Telefone;E-mail;Site;Mensalidade;Trial;Situação;Bloqueio" });
    await page.goto(`${e2e.server.url}/subscriptions?status=ativa`);
    await waitForIslands(page);
    expect((await exported()).href).toBe("/subscriptions/export?status=ativa");
    expect((await exported()).header).toContain("Cliente;Situação;Mensalidade;MRR;");
    expect(await axeViolations(page)).toEqual([]);

    // A statement imported, the screen shows it: its export names it.
    const bytes = buildOfx({ postings: [{ fitid: "B1", data: isoDaysFromToday(-1).replaceAll("-", ""), valor: "-12.50", nome: "TARIFA" }], period: { from: isoDaysFromToday(-5).replaceAll("-", ""), to: isoDaysFromToday(0).replaceAll("-", "") }, account: "56789-0" });
    const statement = await page.evaluate(async (text) => {
      const form = new FormData();
      form.append("arquivo", new File([text], "extrato.ofx", { type: "application/x-ofx" }));
      const response = await fetch("/api/statements", { method: "POST", body: form });
      return (await response.json()) as { id: number };
    }, new TextDecoder("latin1").decode(bytes));
    await page.goto(`${e2e.server.url}/reconciliation`);
    await waitForIslands(page);
    const rec = await exported();
    expect(rec.href).toBe(`/reconciliation/export?extrato=${statement.id}`);
    expect(rec.header).toContain("Data;Descrição;Valor;Tipo;Situação;");
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, "reconciliation-export-1280");

    // Contas a Receber by payment month at 375 px: the filters fold, the export follows the view.
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto(`${e2e.server.url}/receivables?pagoEm=${isoDaysFromToday(0).slice(0, 7)}`);
    await waitForIslands(page);
    await dismissToasts(page);
    await page.getByRole("button", { name: "Filtros" }).click();
    expect(await page.getByLabel("Mês de pagamento").inputValue()).toBe(isoDaysFromToday(0).slice(0, 7));
    await page.getByLabel("Pagas de").fill(isoDaysFromToday(-3));
    await page.waitForURL(/pagoDe=/);
    expect((await exported()).href).toBe(`/receivables/export?pagoEm=${isoDaysFromToday(0).slice(0, 7)}&pagoDe=${isoDaysFromToday(-3)}`);
    await expectNoHorizontalOverflow(page);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, "receivables-paid-filters-375");
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);
});
