// Printing as people do (issue 16 item 4): Chromium's A4 PDF from 800, 1280 and 1920 px windows,
// read back with poppler — the text on paper (pdftotext, the charts' axis labels included) — and
// first pages turned to PNG (pdftoppm) for a person to look at.
import { describe, expect, test } from "bun:test";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { formatBRL, parseMoney } from "../../src/lib/money";
import { formatMonthBR, shortMonthBR } from "../../src/lib/months";
import { isoDaysFromToday, pageApi, printScale, SCREENSHOTS, signIn, useServerAndBrowser, waitForIslands } from "./support";

const e2e = useServerAndBrowser();
const WIDTHS = [800, 1280, 1920] as const;
const PDFS = join(SCREENSHOTS, "print");

/** The page as Chromium prints it to A4: the PDF's text; the PDF and its pages as PNG stay beside. */
async function printToPdf(page: Page, name: string): Promise<{ text: string; scale: number }> {
  mkdirSync(PDFS, { recursive: true });
  const path = join(PDFS, `${name}.pdf`);
  await page.pdf({ path, format: "A4", printBackground: true });
  // Every page as a picture, to be looked at.
  Bun.spawnSync(["pdftoppm", "-png", "-r", "50", path, join(PDFS, name)]);
  return { text: Bun.spawnSync(["pdftotext", "-layout", path, "-"]).stdout.toString(), scale: await printScale(page, path) };
}

const count = (text: string, what: string) => text.split(what).length - 1;

// A4 less reports.css's @page margins (12 mm a side): 186 mm at 96 px an inch.
const PRINTABLE_PX = (186 * 96) / 25.4;

/** The chart's canvas laid out for print (the print events have run): its width in CSS px. */
async function printedChartWidth(page: Page, selector: string): Promise<number> {
  await page.emulateMedia({ media: "print" });
  const canvas = page.locator(`${selector} canvas`).first();
  // The redraw lands a moment after the media change.
  let width = Infinity;
  for (let i = 0; i < 40 && width > PRINTABLE_PX; i++) {
    width = (await canvas.boundingBox())!.width;
    if (width > PRINTABLE_PX) await Bun.sleep(50);
  }
  await page.emulateMedia({ media: null });
  return width;
}

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

/** The page printed at its own size, not shrunk to fit (font rounding aside). */
const notShrunk = (what: string, scale: number) => expect({ what, shrunkTo: scale < 0.98 ? scale : null }).toEqual({ what, shrunkTo: null });

describe("Print (A4 PDF from 800, 1280 and 1920 px windows)", () => {
  test("cash flow, a 76-installment client report, the dashboard and /history print whole, once, at their size, with their header", async () => {
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
    // Six-digit sums to pay each month (a running balance past a million): the cash flow's widest columns.
    const supplier = await pageApi(page, "/api/suppliers", { nome: "Construtora Horizonte" });
    const bought = await pageApi(page, "/api/payables/generate", {
      supplierId: String(supplier.json.id), numParcelas: 19, valor: "2345678.82", primeiroVencimento: isoDaysFromToday(-150), descricao: "Obra da sede",
    });
    expect(bought.status).toBe(201);
    const flowRows = (await pageApi(page, "/api/reports/cash-flow", undefined, "GET")).json as { month: string; saldoAcumulado: string }[];
    const flow = flowRows.map((r) => r.month);
    const revenue = ((await pageApi(page, "/api/dashboard/monthly-revenue", undefined, "GET")).json as { month: string }[]).map((r) => r.month);
    const lastMonth = formatMonthBR(flow.at(-1)!);
    // The last running balance as the table prints it (its column says reais; no "R$" in the cell).
    const lastBalance = formatBRL(parseMoney(flowRows.at(-1)!.saldoAcumulado)!).replace("R$\u00a0", "");
    expect(lastBalance).toMatch(/^-\d\.\d{3}\.\d{3},\d\d$/);

    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });

      await page.goto(`${e2e.server.url}/reports?aba=fluxo`);
      await waitForIslands(page);
      await page.locator(".report-cashflow canvas").first().waitFor();
      const cash = await printToPdf(page, `fluxo-${width}`);
      expect(cash.text).toContain("Impresso em");
      expect(cash.text).toContain(lastMonth);
      expect(cash.text).toContain(lastBalance);
      expect(count(cash.text, "Total do período")).toBe(1);
      expect({ width, wholeAxis: wholeAxis(cash.text, flow) }).toEqual({ width, wholeAxis: true });
      notShrunk(`fluxo ${width}`, cash.scale);
      expect(await printedChartWidth(page, ".report-cashflow")).toBeLessThanOrEqual(PRINTABLE_PX);

      await page.goto(`${e2e.server.url}/reports?aba=cliente&id=${client.json.id}`);
      await waitForIslands(page);
      const report = await printToPdf(page, `cliente-${width}`);
      // Every row on paper (the screen shows 50): 19/19 of each of the four contracts.
      expect(count(report.text, "19/19")).toBe(4);
      expect(report.text).toContain("Todas as 76");
      expect(report.text).not.toContain("Próxima");
      notShrunk(`cliente ${width}`, report.scale);

      await page.goto(`${e2e.server.url}/`);
      await waitForIslands(page);
      await page.locator(".dash canvas").first().waitFor();
      const dash = await printToPdf(page, `dashboard-${width}`);
      expect(dash.text).toContain("Cofre · Dashboard");
      expect(dash.text).toContain("Impresso em");
      expect({ width, wholeAxis: wholeAxis(dash.text, revenue) }).toEqual({ width, wholeAxis: true });
      notShrunk(`dashboard ${width}`, dash.scale);
      expect(await printedChartWidth(page, ".dash")).toBeLessThanOrEqual(PRINTABLE_PX);

      await page.goto(`${e2e.server.url}/history?entidade=installment`);
      await waitForIslands(page);
      const history = await printToPdf(page, `historico-${width}`);
      expect(history.text).toContain("Cofre · Histórico");
      expect(history.text).toContain("Impresso em");
      // The filters in words, in the header: the heading's lines, before the table.
      expect(history.text.indexOf("Tipo de registro: Contas a receber")).toBeLessThan(history.text.indexOf("Impresso em"));
      for (const control of ["Exportar CSV", "Limpar", "Próxima", "Filtros"]) expect(history.text).not.toContain(control);
      // Nothing cut to "…" on paper: the whole e-mail and record name.
      expect(history.text).not.toContain("…");
      notShrunk(`historico ${width}`, history.scale);
    }
    await page.close();
  }, 180_000);

  test("where the print events do not run, CSS alone fits the charts to the page", async () => {
    const page = await e2e.browser.newPage({ viewport: { width: 1920, height: 900 } });
    // A browser that never tells the page it prints: no beforeprint/afterprint, no print media change.
    await page.addInitScript(() => {
      const add = EventTarget.prototype.addEventListener;
      EventTarget.prototype.addEventListener = function (this: EventTarget, type: string, ...rest: unknown[]) {
        if (type === "beforeprint" || type === "afterprint") return;
        if (this instanceof MediaQueryList && this.media === "print") return;
        return (add as (...args: unknown[]) => void).call(this, type, ...rest);
      } as typeof add;
    });
    await signIn(page, e2e.server.url);
    const client = await pageApi(page, "/api/clients", {
      nome: "Oficina Dois Irmãos", cnpj: "38599503000106", contato: "João", telefone: "11987654321", email: "o@cofre.test", valorMensalidade: "100.00", codigoCliente: "OFI-01",
    });
    await pageApi(page, "/api/installments/generate", { clientId: client.json.id, numParcelas: 12, valor: "1200.00", primeiroVencimento: isoDaysFromToday(-150), descricao: "Contrato" });
    for (const [path, chart] of [["/reports?aba=fluxo", ".report-cashflow"], ["/", ".dash"]] as const) {
      await page.goto(`${e2e.server.url}${path}`);
      await waitForIslands(page);
      const canvas = page.locator(`${chart} canvas`).first();
      await canvas.waitFor();
      const screenWidth = await canvas.evaluate((c: HTMLCanvasElement) => c.width);
      expect(screenWidth).toBeGreaterThan(PRINTABLE_PX);
      const name = `sem-eventos${chart.replace(".", "-")}`;
      const printed = await printToPdf(page, name);
      // Scaled by CSS, the canvas prints as a picture: the one of its screen width (nothing
      // redrew it), within the printable width, and the page at its own size.
      const images = Bun.spawnSync(["pdfimages", "-list", join(PDFS, `${name}.pdf`)]).stdout.toString();
      const chartImage = images.split("\n").map((line) => line.trim().split(/\s+/)).find((cols) => cols[2] === "image" && Number(cols[3]) === screenWidth);
      expect(chartImage).toBeDefined();
      const printedMm = (screenWidth / Number(chartImage![12])) * 25.4;
      expect(printedMm).toBeLessThanOrEqual(186);
      notShrunk(path, printed.scale);
    }
    await page.close();
  }, 60_000);
});
