// Plano de contas and the DRE gerencial (issue 36) in a real browser: at 1280 and 375 px, axe
// clean, screenshots into tests/e2e/screenshots (looked at).
import { describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { animationsDone, axeViolations, chooseRowAction, printScale, SCREENSHOTS, dismissToasts, expectNoHorizontalOverflow, expectToast, isoDaysFromToday, pageApi, pageProblems, screenshot, signIn, useServerAndBrowser, waitForIslands } from "./support";

const e2e = useServerAndBrowser();

async function send(page: Page, path: string, body?: unknown, method = "POST") {
  const answer = await pageApi(page, path, body, method);
  if (answer.status >= 300) throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.json)}`);
  return answer.json as Record<string, unknown>;
}

/** A month of a small company: a project received in part (with a late fee), rent and software paid. */
async function company(page: Page) {
  const categories = (await send(page, "/api/categories", undefined, "GET")) as unknown as { id: number; nome: string }[];
  const id = (nome: string) => categories.find((c) => c.nome === nome)!.id;
  const client = await send(page, "/api/clients", { nome: "Ótica Central", cnpj: "11.222.333/0001-81", contato: "Rita", telefone: "(11) 98765-4321", email: "rita@otica.com.br", valorMensalidade: "150.00", codigoCliente: "OTI-1", isTrial: false });
  const supplier = await send(page, "/api/suppliers", { nome: "Imobiliária Centro" });
  const today = isoDaysFromToday(0);
  const projeto = (await send(page, "/api/installments/generate", { clientId: client.id, numParcelas: 2, valor: "3000.00", primeiroVencimento: isoDaysFromToday(-5), descricao: "Projeto de site" })) as { installments: { id: number }[] };
  await send(page, `/api/installments/${projeto.installments[0]!.id}/pay-with-fees`, { dataPagamento: today, multa: "30.00", juros: "4.50" }, "PATCH");
  const aluguel = (await send(page, "/api/payables/generate", { supplierId: supplier.id, numParcelas: 1, valor: "1800.00", primeiroVencimento: today, descricao: "Aluguel", categoriaId: id("Aluguel") })) as { payables: { id: number }[] };
  await send(page, `/api/payables/${aluguel.payables[0]!.id}/pay`, { dataPagamento: today }, "PATCH");
  await send(page, "/api/payables/generate", { supplierId: supplier.id, numParcelas: 1, valor: "89.90", primeiroVencimento: today, descricao: "ERP", categoriaId: id("Software") });
  return { id, month: today.slice(0, 7) };
}

describe("Plano de contas and DRE", () => {
  test("the plano: a new category, a category in use refused with why; the DRE's figures, toggle and drill-down; at 1280 and 375 px", async () => {
    const page = await e2e.browser.newPage({ viewport: { width: 1280, height: 900 } });
    const problems = pageProblems(page);
    await signIn(page, e2e.server.url);
    const { id, month } = await company(page);

    await page.goto(`${e2e.server.url}/categories`);
    await waitForIslands(page);
    await page.getByRole("heading", { name: "Plano de contas", level: 1 }).waitFor();
    const despesas = page.locator(".categories-card").filter({ has: page.getByRole("heading", { name: "Despesas" }) });
    await despesas.getByRole("button", { name: "Nova categoria" }).click();
    const dialog = page.getByRole("dialog", { name: "Nova categoria" });
    await dialog.getByLabel("Grupo").selectOption({ label: "Comercial" });
    await dialog.getByLabel("Nome").fill("Comissões");
    await animationsDone(page);
    await screenshot(page, "categories-dialog-1280");
    await dialog.getByRole("button", { name: "Salvar" }).click();
    await expectToast(page, "Categoria criada");
    await despesas.getByRole("rowheader", { name: "Comissões" }).waitFor();
    // Aluguel is in use: the confirmation says so, and the server's 409 says why.
    await despesas.getByRole("button", { name: "Excluir Aluguel" }).click();
    await page.getByRole("alertdialog").getByText("está em uso").waitFor();
    await page.getByRole("alertdialog").getByRole("button", { name: "Excluir" }).click();
    await page.getByText("desative-a em vez de excluir", { exact: false }).waitFor();
    await dismissToasts(page);
    expect(await axeViolations(page)).toEqual([]);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, "categories-1280");

    // The DRE by caixa, this month: receitas (the fee apart), despesas, resultado and margem.
    await page.goto(`${e2e.server.url}/reports?aba=dre&de=${month}&ate=${month}&base=caixa`);
    await waitForIslands(page);
    const table = page.locator(".dre-table table");
    const line = (name: string) => table.locator("tr").filter({ has: page.getByRole("rowheader", { name, exact: true }) }).locator("td").allInnerTexts();
    expect(await line("Serviços avulsos")).toEqual(["1.500,00", "1.500,00"]);
    expect(await line("Juros e multas recebidos")).toEqual(["34,50", "34,50"]);
    expect(await line("Aluguel")).toEqual(["1.800,00", "1.800,00"]);
    expect(await line("Resultado")).toEqual(["-265,50", "-265,50"]);
    expect(await line("Margem")).toEqual(["-17,3%", "-17,3%"]);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, "dre-caixa-1280");
    // Competência: what fell due this month (the ERP unpaid counts; the second installment is next month's).
    await page.getByRole("navigation", { name: "Base do DRE" }).getByRole("link", { name: "Competência" }).click();
    await page.waitForURL(/base=competencia/);
    expect(await line("Software")).toEqual(["89,90", "89,90"]);
    // A figure leads to the installments behind it: the list with the filter set.
    await page.goto(`${e2e.server.url}/reports?aba=dre&de=${month}&ate=${month}&base=caixa`);
    await table.getByRole("link", { name: /^1.500,00: Serviços avulsos em .*, ver parcelas$/ }).click();
    await page.waitForURL(new RegExp(`/receivables\\?categoriaId=${id("Serviços avulsos")}&pagoEm=${month}`));
    await waitForIslands(page);
    expect(await page.locator(".ledger-table tbody tr").count()).toBe(1);
    await screenshot(page, "dre-drilldown-1280");

    // "Editar lançamento" from the row's "⋯": the category moves, the money stays; the DRE follows.
    await chooseRowAction(page, "Editar lançamento", "Ótica Central parcela 1/2");
    const edit = page.getByRole("dialog", { name: "Editar lançamento" });
    await edit.getByLabel("Categoria").selectOption({ label: "Receitas de serviços › Mensalidades" });
    await edit.getByLabel("Descrição").fill("Projeto de site (fase 1)");
    await animationsDone(page);
    await screenshot(page, "ledger-edit-entry-1280");
    await edit.getByRole("button", { name: "Salvar" }).click();
    await expectToast(page, "Lançamento atualizado com sucesso!");
    // This view filters Serviços avulsos: the row has left it.
    await page.locator(".ledger-table").getByText("Nenhuma parcela", { exact: false }).first().waitFor();
    await page.goto(`${e2e.server.url}/reports?aba=dre&de=${month}&ate=${month}&base=caixa`);
    expect(await line("Mensalidades")).toEqual(["1.500,00", "1.500,00"]);

    // A4 print, 12 months side by side: landscape, the table not shrunk to fit.
    await page.goto(`${e2e.server.url}/reports?aba=dre`);
    await waitForIslands(page);
    mkdirSync(join(SCREENSHOTS, "print"), { recursive: true });
    const pdf = join(SCREENSHOTS, "print", "dre.pdf");
    await page.pdf({ path: pdf, preferCSSPageSize: true, printBackground: true });
    Bun.spawnSync(["pdftoppm", "-png", "-r", "50", pdf, join(SCREENSHOTS, "print", "dre")]);
    const text = Bun.spawnSync(["pdftotext", "-layout", pdf, "-"]).stdout.toString();
    expect(text).toContain("DRE gerencial");
    expect(text).toContain("Resultado");
    expect(text).not.toContain("Ver relatório");
    expect(await printScale(page, pdf)).toBeGreaterThanOrEqual(0.95);

    // Phones: the plano and the DRE fit 375 px (the months scroll inside their table).
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`${e2e.server.url}/categories`);
    await waitForIslands(page);
    await screenshot(page, "categories-375");
    await expectNoHorizontalOverflow(page);
    expect(await axeViolations(page)).toEqual([]);
    await page.goto(`${e2e.server.url}/reports?aba=dre`);
    await waitForIslands(page);
    await screenshot(page, "dre-375");
    await expectNoHorizontalOverflow(page);
    expect(await axeViolations(page)).toEqual([]);
    // The refused delete is a 409 the browser logs as a failed resource: expected.
    expect(problems.filter((p) => !p.includes("409"))).toEqual([]);
    await page.close();
  }, 120_000);
});
