// Dashboard and Relatórios on seed-demo data, in Chromium: figures, charts without layout shift,
// every report tab by URL (and after a reload), the CSV download and the printed page.
import { beforeAll, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { axeViolations, screenshot, signIn, useServerAndBrowser, waitForIslands } from "./support";

const e2e = useServerAndBrowser();
const ROOT = join(import.meta.dir, "..", "..");

beforeAll(async () => {
  // The demo data, written into the running server's database by the CLI.
  const seeded = await Bun.$`bun ${join(ROOT, "src", "index.ts")} seed-demo`
    .env({ ...process.env, DATABASE_PATH: join(e2e.server.dir, "app.db") })
    .cwd(e2e.server.dir)
    .text();
  expect(seeded).toContain("Dados de demonstração criados");
});

async function open(page: Page, path: string) {
  await page.goto(`${e2e.server.url}${path}`);
  await waitForIslands(page);
  for (const close of await page.locator(".ui-toaster").getByRole("button", { name: "Fechar" }).all()) await close.click();
}

const getJson = async (page: Page, path: string) => page.evaluate(async (p) => (await fetch(p)).json(), path);

/** Sum of layout-shift scores since the page started (Chromium's CLS entries). */
const layoutShift = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) total += (entry as unknown as { value: number }).value;
        }).observe({ type: "layout-shift", buffered: true });
        setTimeout(() => resolve(total), 300);
      }),
  );

async function noHorizontalScroll(page: Page) {
  await page.waitForTimeout(200); // a chart follows its box's new width on the next frame
  const [scroll, client] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
  expect(scroll).toBeLessThanOrEqual(client);
}

async function printShot(page: Page, name: string) {
  await page.emulateMedia({ media: "print" });
  await expect(page.locator(".shell-nav").isVisible()).resolves.toBe(false);
  await expect(page.locator(".print-header").isVisible()).resolves.toBe(true);
  expect(await page.locator(".print-header").innerText()).toMatch(/Impresso em \d{2}\/\d{2}\/\d{4}/);
  await screenshot(page, name);
  await page.emulateMedia({ media: "screen" });
}

describe("Dashboard", () => {
  test("cards, donut and chart with the API's figures, no layout shift, accessible (1280 and 375)", async () => {
    const page = await e2e.browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    await signIn(page, e2e.server.url);
    await open(page, "/");
    const stats = await getJson(page, "/api/dashboard/stats");
    const cards = page.locator(".dash-stats .stat");
    expect(await cards.count()).toBe(7); // SPEC's four, the subscriptions' two (MRR, Assinaturas ativas) and Resultado do mês (issue 36)
    expect(await cards.nth(6).innerText()).toContain("Resultado do mês");
    expect((await cards.nth(0).innerText()).replace(/\s+/g, " ")).toContain(`Total de Clientes ${stats.totalClients}`);
    expect(await cards.nth(0).innerText()).toContain("Crescimento estável");
    expect(await cards.nth(1).innerText()).toContain("Mensalidades dos clientes não bloqueados"); // what the figure is (issue 31)
    expect(await cards.nth(2).innerText()).toContain(stats.overdueInstallments > 0 ? `${stats.overdueInstallments} vencidas` : "Todas em dia");
    expect(await cards.nth(3).innerText()).toContain(stats.blockedClients > 0 ? "Requer atenção" : "Nenhum bloqueio");
    await page.getByRole("heading", { name: "Previsão de Recebimento" }).waitFor(); // one name, data or not (issue 37)
    const canvas = page.locator(".dash-chart canvas");
    await canvas.first().waitFor();
    expect((await page.locator(".dash-chart .chart-box").boundingBox())!.height).toBe(300);
    expect(await page.getByRole("img", { name: /Ativos: \d+; Bloqueados: \d+/ }).isVisible()).toBe(true);
    expect(await page.getByText("Sistema de Controle").isVisible()).toBe(true);
    expect(await page.getByText("Carregando gráfico...").count()).toBe(0);
    expect(await layoutShift(page)).toBeLessThan(0.01);

    // The tooltip names the value 'Recebimento' in BRL.
    await page.locator(".dash-chart .u-over").scrollIntoViewIfNeeded();
    const box = (await page.locator(".dash-chart .u-over").boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height - 20);
    expect(await page.locator(".dash-chart .chart-tooltip").innerText()).toMatch(/Recebimento: R\$\s[\d.]+,\d{2}/);
    await page.mouse.move(0, 0);

    expect(await axeViolations(page)).toEqual([]);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, "dashboard-1280");
    await page.setViewportSize({ width: 375, height: 800 });
    await noHorizontalScroll(page);
    await screenshot(page, "dashboard-375");
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe("Relatórios", () => {
  test("Por Cliente: the searchable pick opens the client's URL; totals, progress and installments survive a reload", async () => {
    const page = await e2e.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(page, e2e.server.url);
    await open(page, "/reports");
    expect(await page.title()).toBe("Relatórios · Cofre");
    await page.getByText("Escolha um cliente").waitFor();
    await page.getByRole("combobox", { name: "Cliente" }).fill("Padar");
    await page.getByRole("option", { name: /Padaria Pão Quente/ }).click();
    await page.waitForURL(/\/reports\?aba=cliente&id=\d+$/);
    await waitForIslands(page);
    const id = new URL(page.url()).searchParams.get("id");
    const report = await getJson(page, `/api/reports/client/${id}`);
    const summary = page.locator(".report-summary");
    await page.reload();
    await waitForIslands(page);
    expect(await summary.innerText()).toContain("Padaria Pão Quente");
    expect(await page.getByRole("progressbar", { name: "Percentual pago" }).evaluate((el) => (el as HTMLProgressElement).value)).toBe(Math.min(100, report.percentualPago));
    expect(await page.locator(".report-table tbody tr").count()).toBe(report.quantidadeParcelas);
    expect(await page.getByRole("link", { name: "Por Cliente" }).getAttribute("aria-current")).toBe("page");
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, "reports-cliente-1280");
    await printShot(page, "reports-cliente-print");
    await page.setViewportSize({ width: 375, height: 800 });
    await noHorizontalScroll(page);
    await screenshot(page, "reports-cliente-375");
    await page.close();
  });

  test("Por Fornecedor, Mensal and Fluxo de Caixa by their URLs; the tabs are links", async () => {
    const page = await e2e.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(page, e2e.server.url);
    await open(page, "/reports");

    await page.getByRole("link", { name: "Por Fornecedor" }).click();
    await page.waitForURL(/aba=fornecedor/);
    await waitForIslands(page);
    await page.getByRole("combobox", { name: "Fornecedor" }).fill("Papel");
    await page.getByRole("option", { name: /Papelaria Central/ }).click();
    await page.waitForURL(/aba=fornecedor&id=\d+/);
    await waitForIslands(page);
    expect(await page.locator(".report-summary").innerText()).toContain("Papelaria Central");
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, "reports-fornecedor-1280");
    await printShot(page, "reports-fornecedor-print");

    await page.getByRole("link", { name: "Mensal" }).click();
    await page.waitForURL(/aba=mensal$/);
    await waitForIslands(page);
    const month = await page.getByLabel("Mês", { exact: true }).inputValue();
    const monthly = await getJson(page, `/api/reports/monthly/${month}`);
    await page.getByRole("link", { name: "Mês anterior" }).click();
    await page.waitForURL(/aba=mensal&mes=\d{4}-\d{2}/);
    await page.getByRole("link", { name: "Mês atual" }).click();
    await page.waitForURL(new RegExp(`mes=${month}`));
    await page.reload();
    const text = await page.locator(".report-monthly").innerText();
    const brl = (decimal: string) => new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" }).format(Number(decimal));
    for (const figure of [monthly.totalRecebido, monthly.totalReceberPendente, monthly.totalPagarPendente, monthly.saldoPrevisto]) expect(text).toContain(brl(figure));
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, "reports-mensal-1280");
    await printShot(page, "reports-mensal-print");

    await page.getByRole("link", { name: "Fluxo de Caixa" }).click();
    await page.waitForURL(/aba=fluxo$/);
    await waitForIslands(page);
    await page.locator(".report-cashflow canvas").first().waitFor();
    const rows = await getJson(page, "/api/reports/cash-flow");
    const months = page.locator(".report-table tbody tr:not(.report-total)");
    expect(await months.count()).toBe(rows.length);
    // Each month's badge says what the API says: a past month with something still open is "Em atraso", not "Realizado".
    const label = { realizado: "Realizado", em_atraso: "Em atraso", previsto: "Previsto" } as Record<string, string>;
    expect(await months.locator(".ui-badge").allInnerTexts()).toEqual(rows.map((r: { situacao: string }) => label[r.situacao]));
    expect(await page.locator(".report-table tbody tr").last().innerText()).toContain("Total do período");
    expect(await layoutShift(page)).toBeLessThan(0.01);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, "reports-fluxo-1280");
    await printShot(page, "reports-fluxo-print");

    // The CSV download: named after the range, BOM, ';', CRLF.
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Exportar CSV" }).click()]);
    const from = rows[0].month;
    const to = rows.at(-1).month;
    expect(download.suggestedFilename()).toBe(`fluxo-de-caixa-${from}-a-${to}.csv`);
    const bytes = readFileSync((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes).split("\r\n");
    expect(lines[0]).toBe("Mês;Situação;Recebido;A receber em aberto;Parcelas a receber;Pago;A pagar em aberto;Parcelas a pagar;Saldo;Saldo acumulado");
    expect(lines.length).toBe(rows.length + 2); // header, months, and the empty string after the last CRLF

    await page.setViewportSize({ width: 375, height: 800 });
    await noHorizontalScroll(page);
    await screenshot(page, "reports-fluxo-375");
    await page.goto(`${e2e.server.url}/reports?aba=mensal`);
    await noHorizontalScroll(page);
    await screenshot(page, "reports-mensal-375");
    await page.close();
  });
});
