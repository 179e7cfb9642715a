// Printing as people do (issue 16 item 4): Chromium's A4 PDF from 800, 1280 and 1920 px windows,
// read back with poppler — the text on paper (pdftotext, the charts' axis labels included) — and
// first pages turned to PNG (pdftoppm) for a person to look at.
import { describe, expect, test } from "bun:test";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { formatMonthBR, shortMonthBR } from "../../src/lib/months";
import { isoDaysFromToday, pageApi, SCREENSHOTS, signIn, useServerAndBrowser, waitForIslands } from "./support";

const e2e = useServerAndBrowser();
const WIDTHS = [800, 1280, 1920] as const;
const PDFS = join(SCREENSHOTS, "print");

async function printToPdf(page: Page, name: string): Promise<string> {
  mkdirSync(PDFS, { recursive: true });
  const path = join(PDFS, `${name}.pdf`);
  await page.pdf({ path, format: "A4", printBackground: true });
  // The first page as a picture, to be looked at.
  Bun.spawnSync(["pdftoppm", "-png", "-r", "60", "-f", "1", "-l", "1", path, join(PDFS, name)]);
  return Bun.spawnSync(["pdftotext", "-layout", path, "-"]).stdout.toString();
}

const count = (text: string, what: string) => text.split(what).length - 1;

/**
 * The chart's x axis as printed: its month labels are text in the PDF, so a chart cut at the
 * right edge loses its last months. True when one line holds every label, in order.
 */
function wholeAxis(text: string, months: string[]): boolean {
  const labels = months.map(shortMonthBR);
  return text.split("\n").some((line) => {
    let at = 0;
    for (const label of labels) {
      const found = line.indexOf(label, at);
      if (found < 0) return false;
      at = found + label.length;
    }
    return true;
  });
}

describe("Print (A4 PDF from 800, 1280 and 1920 px windows)", () => {
  test("cash flow, a 76-installment client report, the dashboard and /history print whole, once, with their header", async () => {
    const page = await e2e.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(page, e2e.server.url);
    const client = await pageApi(page, "/api/clients", {
      nome: "Padaria Pão Quente", cnpj: "11222333000181", contato: "Maria", telefone: "11987654321", email: "p@cofre.test", valorMensalidade: "100.00", codigoCliente: "PAD-01",
    });
    expect(client.status).toBe(201);
    // 76 installments: four contracts of 19, from five months ago on.
    for (const [k, start] of [-150, -120, -90, -60].entries()) {
      const made = await pageApi(page, "/api/installments/generate", {
        clientId: client.json.id, numParcelas: 19, valor: "1900.00", primeiroVencimento: isoDaysFromToday(start), descricao: `Contrato ${k + 1}`,
      });
      expect(made.status).toBe(201);
    }
    const flow = ((await pageApi(page, "/api/reports/cash-flow", undefined, "GET")).json as { month: string }[]).map((r) => r.month);
    const revenue = ((await pageApi(page, "/api/dashboard/monthly-revenue", undefined, "GET")).json as { month: string }[]).map((r) => r.month);
    const lastMonth = formatMonthBR(flow.at(-1)!);

    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });

      await page.goto(`${e2e.server.url}/reports?aba=fluxo`);
      await waitForIslands(page);
      await page.locator(".report-cashflow canvas").first().waitFor();
      const cash = await printToPdf(page, `fluxo-${width}`);
      expect(cash).toContain("Impresso em");
      expect(cash).toContain(lastMonth);
      expect(count(cash, "Total do período")).toBe(1);
      expect({ width, wholeAxis: wholeAxis(cash, flow) }).toEqual({ width, wholeAxis: true });

      await page.goto(`${e2e.server.url}/reports?aba=cliente&id=${client.json.id}`);
      await waitForIslands(page);
      const report = await printToPdf(page, `cliente-${width}`);
      // Every row on paper (the screen shows 50): 19/19 of each of the four contracts.
      expect(count(report, "19/19")).toBe(4);
      expect(report).toContain("Todas as 76");
      expect(report).not.toContain("Próxima");

      await page.goto(`${e2e.server.url}/`);
      await waitForIslands(page);
      await page.locator(".dash canvas").first().waitFor();
      const dash = await printToPdf(page, `dashboard-${width}`);
      expect(dash).toContain("Cofre · Dashboard");
      expect(dash).toContain("Impresso em");
      expect({ width, wholeAxis: wholeAxis(dash, revenue) }).toEqual({ width, wholeAxis: true });

      await page.goto(`${e2e.server.url}/history?entidade=installment`);
      await waitForIslands(page);
      const history = await printToPdf(page, `historico-${width}`);
      expect(history).toContain("Cofre · Histórico");
      expect(history).toContain("Impresso em");
      expect(history).toContain("Tipo de registro: Contas a receber");
      for (const control of ["Exportar CSV", "Limpar", "Próxima", "Filtros"]) expect(history).not.toContain(control);
    }
    await page.close();
  }, 180_000);
});
