// Subscriptions on the dashboard and in Relatórios (issue 18), in Chromium over seed-demo data
// plus six subscriptions started through the API: the MRR cards and chart, the Assinaturas tab
// by URL and by its period picker, the CSV, the printed A4 page; axe at 1280 and 375 px.
// Screenshots go to /work/tmp/shots (SHOTS_DIR), outside the repository, to be looked at.
import { Database } from "bun:sqlite";
import { beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import type { MrrMonth } from "../../src/api/subscriptions/mrr";
import { cnpjNumber } from "../../src/cli/demo-data";
import { currentMonth } from "../../src/lib/clock";
import { addMonthsToMonth } from "../../src/lib/dates";
import { formatBRL, parseMoney } from "../../src/lib/money";
import { formatMonthBR } from "../../src/lib/months";
import { axeViolations, eventually, pageApi, printScale, screenshot, signIn, useServerAndBrowser, waitForIslands } from "./support";

const e2e = useServerAndBrowser();
const ROOT = join(import.meta.dir, "..", "..");
const SHOTS = process.env.SHOTS_DIR ?? "/work/tmp/shots";
const MONTH = currentMonth();

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.evaluate(() => scrollTo(0, 0)); // fixed bars would land mid-picture otherwise
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
  // The first screen alone too: a tall phone page is too small to read when shrunk to fit.
  await page.screenshot({ path: join(SHOTS, `${name}-top.png`) });
}

beforeAll(async () => {
  const seeded = await Bun.$`bun ${join(ROOT, "src", "index.ts")} seed-demo`
    .env({ ...process.env, DATABASE_PATH: join(e2e.server.dir, "app.db") })
    .cwd(e2e.server.dir)
    .text();
  expect(seeded).toContain("Dados de demonstração criados");
});

let prepared = false;
/** The API's months before and after the six subscriptions below (the demo may bring subscriptions of its own). */
const movement: { before: MrrMonth[]; after: MrrMonth[] } = { before: [], after: [] };
const movementRange = () => `de=${addMonthsToMonth(MONTH, -14)}&ate=${MONTH}`;
/**
 * Six new clients (no installments of their own, so nothing overlaps) with subscriptions started
 * at different months of the last year (the back-fill bills them), one ended three months ago,
 * and one readjusted 5 % four months ago — a readjustment in the past written straight into its
 * installments, since the API only readjusts from now on.
 */
async function subscribe(page: Page) {
  if (prepared) return;
  prepared = true;
  movement.before = (await pageApi(page, `/api/subscriptions/mrr?${movementRange()}`, undefined, "GET")).json as MrrMonth[];
  const plans = [
    { nome: "Escola de Música Dó Ré Mi", valor: "350.00", from: -11 },
    { nome: "Lavanderia Bolha de Sabão", valor: "199.90", from: -9 },
    { nome: "Clínica Veterinária Quatro Patas", valor: "480.00", from: -7 },
    { nome: "Coworking Ponto de Encontro", valor: "620.00", from: -5 },
    { nome: "Sapataria Passo Firme", valor: "149.90", from: -3 },
    { nome: "Hotel Fazenda Recanto Verde", valor: "890.00", from: -1 },
  ];
  const clients: { id: number }[] = [];
  for (const [i, plan] of plans.entries()) {
    const client = { nome: plan.nome, cnpj: cnpjNumber(900_000 + i), contato: "Ana Lima", telefone: "(11) 98765-4321", email: `assinante${i}@cofre.test`, valorMensalidade: plan.valor, codigoCliente: `ASS-${i}`, isTrial: false };
    const made = await pageApi(page, "/api/clients", client);
    expect(made.status).toBe(201);
    clients.push(made.json as { id: number });
    const body = { status: "ativa", valor: plan.valor, diaVencimento: 10, inicio: addMonthsToMonth(MONTH, plan.from) };
    const started = await pageApi(page, `/api/clients/${clients[i]!.id}/subscription`, body, "PUT");
    expect(started.status).toBe(200);
  }
  const ended = await pageApi(
    page,
    `/api/clients/${clients[3]!.id}/subscription`,
    { status: "encerrada", valor: "620.00", diaVencimento: 10, inicio: addMonthsToMonth(MONTH, -5), fim: addMonthsToMonth(MONTH, -3) },
    "PUT",
  );
  expect(ended.status).toBe(200);
  const db = new Database(join(e2e.server.dir, "app.db"));
  db.exec("PRAGMA busy_timeout = 5000");
  db.query("UPDATE receivables SET valor = valor * 105 / 100 WHERE competencia >= ? AND subscription_id = (SELECT id FROM subscriptions WHERE client_id = ?)").run(addMonthsToMonth(MONTH, -4), clients[0]!.id);
  db.close();
  movement.after = (await pageApi(page, `/api/subscriptions/mrr?${movementRange()}`, undefined, "GET")).json as MrrMonth[];
}

async function open(page: Page, path: string) {
  await page.goto(`${e2e.server.url}${path}`);
  await waitForIslands(page);
  for (const close of await page.locator(".ui-toaster").getByRole("button", { name: "Fechar" }).all()) await close.click();
}

const getJson = async <T,>(page: Page, path: string): Promise<T> => page.evaluate(async (p) => (await fetch(p)).json(), path) as Promise<T>;
const brl = (decimal: string) => formatBRL(parseMoney(decimal)!).replace(/\u00a0/g, " ");
const clean = (text: string) => text.replace(/\u00a0/g, " ").replace(/\s+/g, " ").trim();

async function noHorizontalScroll(page: Page) {
  await page.waitForTimeout(200); // a chart follows its box's new width on the next frame
  const [scroll, client] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
  expect(scroll).toBeLessThanOrEqual(client!);
}

async function signedInPage(width: number) {
  const page = await e2e.browser.newPage({ viewport: { width, height: 900 }, acceptDownloads: true });
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  await signIn(page, e2e.server.url);
  await subscribe(page);
  return { page, errors };
}

describe("Dashboard", () => {
  test("the MRR and Assinaturas ativas cards, the 12-month MRR chart with its tooltip; axe clean at 1280 and 375", async () => {
    const { page, errors } = await signedInPage(1280);
    await open(page, "/");
    const summary = await getJson<{ ativas: number; mrr: string; novasNoMes: number; encerradasNoMes: number; emTrial: number }>(page, "/api/subscriptions/summary");
    expect(summary.ativas).toBeGreaterThanOrEqual(5);
    const cards = page.locator(".dash-stats .stat");
    expect(await cards.count()).toBe(7); // with "Resultado do mês" (issue 36)
    expect(clean(await cards.nth(4).innerText())).toMatch(new RegExp(`^MRR ${brl(summary.mrr).replace(/[.$]/g, "\\$&")} (Assinaturas fora do teste, hoje|Hoje, sem \\d+ em teste \\(R\\$ [\\d.,]+\\))$`));
    expect(clean(await cards.nth(5).innerText())).toContain(`Assinaturas ativas ${summary.ativas}`);
    // The movement, then the trials among the active ones when there are any (issue 37 item 7).
    expect(clean(await cards.nth(5).innerText())).toMatch(
      summary.emTrial ? new RegExp(`\\+\\d+ novas?, −\\d+ encerradas? em [a-z]{3}/\\d{4} ${summary.emTrial} em teste, fora do MRR$`) : /\+\d+ novas?, −\d+ encerradas? em [a-z]{3}\/\d{4}$/,
    );

    const chart = page.locator(".dash-mrr");
    await chart.locator("canvas").first().waitFor();
    expect((await chart.locator(".chart-box").boundingBox())!.height).toBe(300);
    const months = await getJson<MrrMonth[]>(page, "/api/subscriptions/mrr");
    expect(months).toHaveLength(12);
    expect(months.at(-1)!.mes).toBe(MONTH);
    // The chart's text for screen readers: the same 12 months.
    const hidden = chart.locator(".visually-hidden table tbody tr");
    expect(await hidden.count()).toBe(12);
    expect(clean(await hidden.last().locator("th").innerText())).toBe(formatMonthBR(MONTH));
    // The last bar's tooltip: the month, its MRR and movement.
    await chart.scrollIntoViewIfNeeded(); // below the fold at 1280 × 900: the pointer must reach it
    const over = (await chart.locator(".u-over").boundingBox())!;
    await page.mouse.move(over.x + over.width - over.width / 24, over.y + over.height - 10);
    const tip = clean(await chart.locator(".chart-tooltip").innerText());
    expect(tip.toLowerCase()).toContain(formatMonthBR(MONTH)); // the title is capitalised by CSS
    expect(tip).toContain(`MRR: ${brl(months.at(-1)!.mrr)}`);
    expect(tip).toMatch(/Novas: .*Reajustes: .*Encerradas: .*Assinaturas: \d+/);
    await page.mouse.move(0, 0);

    expect(await axeViolations(page)).toEqual([]);
    await shot(page, "dashboard-subscriptions-1280");
    await page.setViewportSize({ width: 375, height: 800 });
    await noHorizontalScroll(page);
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, "dashboard-subscriptions-375");
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe("Relatórios › Assinaturas", () => {
  test("by its tab and its period picker: the API's months, the closing row, reload-safe, the CSV; axe clean at 1280 and 375", async () => {
    const { page, errors } = await signedInPage(1280);
    await open(page, "/reports?aba=fluxo");
    const tab = page.getByRole("navigation", { name: "Relatórios" }).getByRole("link", { name: "Assinaturas", exact: true });
    await tab.click();
    await page.waitForURL(/aba=assinaturas$/);
    await waitForIslands(page);
    expect(await tab.getAttribute("aria-current")).toBe("page");
    await page.locator(".report-subscriptions canvas").first().waitFor();
    const rows = page.locator(".report-subscriptions .report-table tbody tr:not(.report-total)");
    expect(await rows.count()).toBe(12);

    // A period of its own, through the picker: 14 months ending last month.
    const de = addMonthsToMonth(MONTH, -14);
    const ate = addMonthsToMonth(MONTH, -1);
    await page.getByLabel("De", { exact: true }).fill(de);
    await page.getByLabel("Até", { exact: true }).fill(ate);
    await page.getByRole("button", { name: "Ver relatório" }).click();
    await page.waitForURL(new RegExp(`aba=assinaturas&de=${de}&ate=${ate}$`));
    await page.reload();
    await waitForIslands(page);
    const months = await getJson<MrrMonth[]>(page, `/api/subscriptions/mrr?de=${de}&ate=${ate}`);
    expect(await rows.count()).toBe(14);
    const table = await rows.evaluateAll((trs) => trs.map((tr) => [...tr.children].map((c) => (c as HTMLElement).innerText.replace(/\u00a0/g, " ").trim())));
    expect(table).toEqual(months.map((m) => [formatMonthBR(m.mes), brl(m.mrr), brl(m.novas), brl(m.reajustes), brl(m.encerradas), String(m.assinaturas)]));
    // What the six subscriptions added, month by month: each start in its month, the readjustment
    // four months ago (350,00 → 367,50) and the subscription that ended with the month three months ago.
    const cents = (decimal: string) => Math.round(Number(decimal) * 100);
    const added = (key: "novas" | "reajustes" | "encerradas", ago: number) => {
      const mes = addMonthsToMonth(MONTH, -ago);
      const [before, after] = [movement.before, movement.after].map((list) => list.find((m) => m.mes === mes)!);
      return (cents(after![key]) - cents(before![key])) / 100;
    };
    expect([11, 9, 7, 5, 3, 1].map((ago) => added("novas", ago))).toEqual([350, 199.9, 480, 620, 149.9, 890]);
    expect(added("reajustes", 4)).toBe(17.5);
    expect(added("encerradas", 2)).toBe(620);
    const total = page.locator(".report-subscriptions tr.report-total");
    expect(clean(await total.innerText())).toContain("Fechamento do período");
    expect(clean(await total.locator("td").first().innerText())).toBe(brl(months.at(-1)!.mrr));

    expect(await axeViolations(page)).toEqual([]);
    await shot(page, "reports-assinaturas-1280");

    // The CSV of the view: named after the range, BOM, ';', CRLF, one line a month.
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Exportar CSV" }).click()]);
    expect(download.suggestedFilename()).toBe(`assinaturas-mrr-${de}-a-${ate}.csv`);
    const bytes = readFileSync((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes).split("\r\n");
    expect(lines[0]).toBe("Mês;MRR;Novas;Reajustes;Encerradas;Assinaturas");
    expect(lines.length).toBe(months.length + 2);

    await page.setViewportSize({ width: 375, height: 800 });
    await noHorizontalScroll(page);
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, "reports-assinaturas-375");
    expect(errors).toEqual([]);
    await page.close();
  });

  test("printed to A4 from 800, 1280 and 1920 px: the title and period, every month, the closing row once, at full scale", async () => {
    for (const width of [800, 1280, 1920]) {
      const { page } = await signedInPage(width);
      await open(page, `/reports?aba=assinaturas&de=${addMonthsToMonth(MONTH, -23)}&ate=${MONTH}`);
      await page.locator(".report-subscriptions canvas").first().waitFor();
      const pdf = join(SHOTS, `reports-assinaturas-print-${width}.pdf`);
      mkdirSync(SHOTS, { recursive: true });
      await page.pdf({ path: pdf, format: "A4", printBackground: true });
      Bun.spawnSync(["pdftoppm", "-png", "-r", "60", pdf, join(SHOTS, `reports-assinaturas-print-${width}`)]);
      const text = Bun.spawnSync(["pdftotext", "-layout", pdf, "-"]).stdout.toString();
      expect(text).toContain("Assinaturas (MRR)");
      expect(text).toContain(`Período: ${formatMonthBR(addMonthsToMonth(MONTH, -23))} a ${formatMonthBR(MONTH)}`);
      expect(text.replace(/\s+/g, " ").split("Fechamento do período").length - 1).toBe(1);
      for (let k = 0; k < 24; k++) expect(text).toContain(formatMonthBR(addMonthsToMonth(MONTH, -k)));
      for (const control of ["Ver relatório", "Exportar CSV", "Imprimir"]) expect(text).not.toContain(control);
      expect(await printScale(page, pdf)).toBe(1);
      await page.close();
    }
  });
});

describe("One MRR (issue 31 item 5)", () => {
  test("the card, the chart's current month and Relatórios › Assinaturas show one MRR, and agree on novas; axe clean at 1280 and 375", async () => {
    const { page, errors } = await signedInPage(1280);
    // An ended subscription that still bills up to two months ahead: it counts, and says "Encerra após".
    const client = { nome: "Academia Corpo em Forma", cnpj: cnpjNumber(900_100), contato: "Rita Souza", telefone: "(11) 91234-5678", email: "academia@cofre.test", valorMensalidade: "310.00", codigoCliente: "ASS-ACAD", isTrial: false };
    const made = await pageApi(page, "/api/clients", client);
    expect(made.status).toBe(201);
    const id = (made.json as { id: number }).id;
    const terms = { valor: "310.00", diaVencimento: 10, inicio: addMonthsToMonth(MONTH, -2) };
    expect((await pageApi(page, `/api/clients/${id}/subscription`, { status: "ativa", ...terms }, "PUT")).status).toBe(200);
    const fim = addMonthsToMonth(MONTH, 2);
    expect((await pageApi(page, `/api/clients/${id}/subscription`, { status: "encerrada", ...terms, fim }, "PUT")).status).toBe(200);
    const summary = await getJson<{ mrr: string; novasNoMes: number; novas: string; emTrial: number }>(page, "/api/subscriptions/summary");
    const mrr = brl(summary.mrr);

    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: width === 375 ? 800 : 900 });
      await open(page, "/");
      // The card: the figure and what it is.
      const card = page.locator(".dash-stats .stat").filter({ has: page.getByRole("heading", { name: "MRR", exact: true }) });
      await eventually(async () => clean(await card.locator(".stat__value").innerText()), mrr);
      expect(clean(await card.locator(".stat__note").innerText())).toMatch(/hoje|Hoje/);
      const active = page.locator(".dash-stats .stat").filter({ has: page.getByRole("heading", { name: "Assinaturas ativas" }) });
      expect(clean(await active.locator(".stat__note").innerText())).toStartWith(`+${summary.novasNoMes} ${summary.novasNoMes === 1 ? "nova" : "novas"},`);
      // The chart: its current month read out above the bars.
      const current = page.locator(".dash-mrr [data-mrr-current]");
      expect(clean(await current.innerText())).toStartWith(`${formatMonthBR(MONTH)} até hoje: ${mrr}`);
      if (summary.emTrial) expect(clean(await current.innerText())).toContain(`${summary.emTrial} em teste`);
      // Every money figure on the dashboard says what it is.
      for (const title of ["Recebimento Mensal", "MRR"]) {
        const note = page.locator(".dash-stats .stat").filter({ has: page.getByRole("heading", { name: title, exact: true }) }).locator(".stat__note");
        expect(clean(await note.innerText())).not.toBe("Meta em dia");
      }
      await noHorizontalScroll(page);
      expect(await axeViolations(page)).toEqual([]);
      await shot(page, `one-mrr-dashboard-${width}`);
      await screenshot(page, `one-mrr-dashboard-${width}`);

      // The report: the current month's row and its sentence.
      await open(page, "/reports?aba=assinaturas");
      const row = page.locator(".report-subscriptions .report-table tbody tr:not(.report-total)").last();
      expect(clean(await row.locator("th").innerText())).toBe(formatMonthBR(MONTH));
      const cells = await row.locator("td").evaluateAll((tds) => tds.map((td) => (td as HTMLElement).innerText.replace(/\u00a0/g, " ").trim()));
      expect(cells.map((cell) => cell.replace(/^(MRR|Novas|Reajustes|Encerradas|Assinaturas)\s*/, "")).slice(0, 2)).toEqual([mrr, brl(summary.novas)]);
      const sentence = clean(await page.locator(".report-note[data-mrr-current]").innerText());
      expect(sentence).toStartWith(`${formatMonthBR(MONTH)} até hoje: MRR ${mrr}; ${summary.novasNoMes} ${summary.novasNoMes === 1 ? "nova" : "novas"} e `);
      await noHorizontalScroll(page);
      expect(await axeViolations(page)).toEqual([]);
      await shot(page, `one-mrr-report-${width}`);
      await screenshot(page, `one-mrr-report-${width}`);
    }

    // Item 2 where the status is shown: the list's badge.
    await page.setViewportSize({ width: 1280, height: 900 });
    await open(page, "/subscriptions?q=academia");
    await page.locator(".subscriptions-table tbody .ui-badge", { hasText: `Encerra após ${fim.slice(5, 7)}/${fim.slice(0, 4)}` }).waitFor();
    await screenshot(page, "one-mrr-subscriptions-1280");
    expect(errors).toEqual([]);
    await page.close();
  });
});
