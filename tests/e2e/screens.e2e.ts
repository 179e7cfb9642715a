// Issue 37's screens, walked at 1280 and 375 px: each check is one of its items, against
// ../shared/SCREEN-CHECKLIST.md (nothing clipped or overlapping, axe clean, screenshots to look at).
import { describe, expect, test } from "bun:test";
import type { Locator, Page } from "playwright-core";
import { buildOfx } from "../fixtures/ofx/build";
import { addMonthsToMonth, monthOf } from "../../src/lib/dates";
import { today } from "../../src/lib/clock";
import { formatMonthBR } from "../../src/lib/months";
import {
  ADMIN,
  animationsDone,
  axeViolations,
  dismissToasts,
  expectNoHorizontalOverflow,
  isoDaysFromToday,
  pageApi,
  screenshot,
  signIn,
  toast,
  useServerAndBrowser,
  waitForIslands,
} from "./support";
import { PADARIA } from "../support";

const e2e = useServerAndBrowser();
const WIDTHS = [1280, 375] as const;

const month = (k: number) => addMonthsToMonth(monthOf(today()), k);
const mmYYYY = (ym: string) => `${ym.slice(5, 7)}/${ym.slice(0, 4)}`;

async function open(page: Page, path: string) {
  await page.goto(`${e2e.server.url}${path}`);
  await waitForIslands(page);
  await dismissToasts(page);
}

/** The element's text is all on screen: nothing cut by an ellipsis or its box. */
const wholeText = (locator: Locator) => locator.evaluate((el) => el.scrollWidth <= el.clientWidth + 1);

/** Two boxes overlap (a toast over a button, a line over the next column). */
async function overlap(a: Locator, b: Locator): Promise<boolean> {
  const [x, y] = [await a.boundingBox(), await b.boundingBox()];
  if (!x || !y) return false;
  return x.x < y.x + y.width && y.x < x.x + x.width && x.y < y.y + y.height && y.y < x.y + x.height;
}

/** Every date Cofre writes on the page is dd/mm/aaaa: no ISO date in the visible text (issue 37 §18). */
async function expectBrazilianDates(page: Page) {
  const text = await page.locator("body").innerText();
  expect(text.match(/\b\d{4}-\d{2}-\d{2}\b/g) ?? []).toEqual([]);
  expect(await page.getAttribute("html", "lang")).toBe("pt-BR");
}

async function looked(page: Page, name: string) {
  await animationsDone(page);
  await expectNoHorizontalOverflow(page);
  expect(await axeViolations(page)).toEqual([]);
  await screenshot(page, name);
}

describe("issue 37's screens", () => {
  test("login says E-mail (§11); an empty Contas a Receber explains where receivables come from (§16)", async () => {
    for (const width of WIDTHS) {
      const page = await e2e.browser.newPage({ viewport: { width, height: 900 } });
      await page.goto(`${e2e.server.url}/login`);
      expect(await page.locator("label", { hasText: /^E-mail$/ }).count()).toBe(1);
      expect(await page.getByText("Email", { exact: true }).count()).toBe(0);
      await looked(page, `screens-login-${width}`);
      await signIn(page, e2e.server.url);
      await open(page, "/receivables");
      const empty = page.locator(".ui-empty");
      await empty.getByText("Cada assinatura ativa gera aqui a parcela do mês, sozinha. Para um contrato avulso, gere as parcelas.").waitFor();
      expect(await empty.getByRole("link", { name: "Ver assinaturas" }).getAttribute("href")).toBe("/subscriptions");
      expect(await empty.getByRole("link", { name: "Gerar Parcelas" }).getAttribute("href")).toBe("/installments");
      await looked(page, `screens-receivables-empty-${width}`);
      await page.close();
    }
  });

  test("Contas a Receber: a subscription's months whole, 'Mensal' not '1/1', 'Pago em' in its own column; early payment said; money typed clean (§1, §4, §5, §10)", async () => {
    const page = await e2e.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(page, e2e.server.url);
    const client = (await pageApi(page, "/api/clients", PADARIA)).json as { id: number };
    // Started two months ago: three months billed at once, the older ones overdue.
    const started = await pageApi(page, `/api/clients/${client.id}/subscription`, { status: "ativa", valor: "150.00", diaVencimento: 10, inicio: month(-2) }, "PUT");
    expect(started.status).toBe(200);
    const rows = (await pageApi(page, `/api/installments?clientId=${client.id}&porPagina=50`, undefined, "GET")).json as { id: number; competencia: string; dataVencimento: string }[];
    const first = rows.find((r) => r.competencia === month(-2))!;
    expect((await pageApi(page, `/api/installments/${first.id}/pay-with-fees`, { dataPagamento: today(), valorBaixa: "150.00", multa: "0.00", juros: "0.00" }, "PATCH")).status).toBe(200);

    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await open(page, "/receivables");
      const table = page.locator(".ledger-table");
      for (const k of [-2, -1, 0]) {
        const name = `Mensalidade ${mmYYYY(month(k))}`;
        const row = table.locator("tbody tr", { hasText: name });
        expect(await row.count()).toBe(1);
        expect(await row.textContent()).not.toContain("1/1");
        const description = row.locator(":is(.ui-ellipsis, .ui-lines > :first-child)", { hasText: name });
        expect(await wholeText(description)).toBe(true);
      }
      // "Pago em dd/mm/aaaa" stays inside its own cell, clear of Descrição's.
      const paid = table.locator("tbody tr", { hasText: `Mensalidade ${mmYYYY(month(-2))}` });
      const paidOn = paid.locator(".ledger-status");
      expect((await paidOn.innerText()).replace(/\s+/g, " ")).toContain(`Pago em ${today().split("-").reverse().join("/")}`);
      const statusCell = paid.locator("td", { has: page.locator(".ledger-status") });
      expect(await wholeText(statusCell)).toBe(true);
      expect(await overlap(paid.locator(".ledger-paid-on"), paid.locator("td", { hasText: "Mensalidade" }).last().locator(":is(.ui-ellipsis, .ui-lines > :first-child)"))).toBe(false);
      await expectBrazilianDates(page);
      await looked(page, `screens-receivables-${width}`);
    }

    // The month filter says the month in Cofre's words whatever language the browser draws it in.
    await page.setViewportSize({ width: 1280, height: 900 });
    await open(page, `/receivables?mes=${month(0)}`);
    await page.getByText(`Vencimento em ${formatMonthBR(month(0))}`, { exact: true }).waitFor();
    expect(await page.locator(".ledger-table tbody tr").count()).toBe(1);
    await looked(page, "screens-receivables-month-1280");

    // The payment dialog: a date months before the due date is allowed, and said.
    await open(page, "/receivables");
    await page.getByRole("button", { name: `Baixar Padaria Pão Quente Mensalidade ${mmYYYY(month(0))}` }).click();
    const dialog = page.getByRole("dialog", { name: "Baixar parcela" });
    await dialog.getByText(`Competência`).waitFor();
    await dialog.getByLabel("Data de pagamento").fill(isoDaysFromToday(-120));
    await dialog.getByText(/\d+ dias antes do vencimento \(\d\d\/\d\d\/\d{4}\)/).waitFor();
    expect(await dialog.getByText("Sem atraso").count()).toBe(0);
    // Money fields keep digits, dots and one comma as typed.
    const multa = dialog.getByLabel("Multa (2%)");
    await multa.fill("");
    await multa.pressSequentially("12abc-,5x");
    expect(await multa.inputValue()).toBe("12,5");
    await looked(page, "screens-payment-early-1280");
    await page.keyboard.press("Escape");
    await page.close();
  });

  test("/history names a sign-in's person once, on screen and in the CSV (§12); its paper names the company (§17)", async () => {
    const page = await e2e.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(page, e2e.server.url);
    expect((await pageApi(page, "/api/settings", { empresa: "Padaria Pão Quente Ltda", cidade: "São Paulo", chavePix: "", modeloMensagem: "Olá, {contato}!" }, "PUT")).status).toBe(200);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await open(page, "/history?entidade=user");
      const row = page.locator(".history-table tbody tr", { hasText: "Entrou" }).first();
      await row.waitFor();
      // What is on screen (hidden cells left out): the person once, at each width.
      const said = await row.evaluate((tr) => {
        const walker = document.createTreeWalker(tr, NodeFilter.SHOW_TEXT);
        let text = "";
        for (let node = walker.nextNode(); node; node = walker.nextNode()) if (node.parentElement?.checkVisibility()) text += node.textContent;
        return text;
      });
      expect(said.split(ADMIN.email).length - 1, said).toBe(1);
      await expectBrazilianDates(page);
      await looked(page, `screens-history-${width}`);
    }
    const csv = await page.evaluate(async () => (await fetch("/history/export?entidade=user")).text());
    const signInLine = csv.split("\r\n").find((line) => line.includes(";Entrada;"))!;
    expect(signInLine.split(ADMIN.email).length - 1).toBe(1);
    await page.emulateMedia({ media: "print" });
    expect(await page.locator(".print-header").innerText()).toContain("Padaria Pão Quente Ltda");
    await page.emulateMedia({ media: "screen" });
    await page.close();
  });

  test("/settings: the PIX key shows formatted, and the toast never covers 'Salvar configurações' (§15)", async () => {
    for (const width of WIDTHS) {
      const page = await e2e.browser.newPage({ viewport: { width, height: 800 } });
      await signIn(page, e2e.server.url);
      await open(page, "/settings");
      await page.getByLabel("Nome da empresa").fill("Padaria Pão Quente Ltda");
      await page.getByLabel("Cidade").fill("São Paulo");
      await page.getByLabel("Chave PIX").fill("11222333000181");
      const save = page.getByRole("button", { name: "Salvar configurações" });
      await save.scrollIntoViewIfNeeded();
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await save.click();
      await toast(page, "Configurações salvas");
      expect(await page.getByLabel("Chave PIX").inputValue()).toBe("11.222.333/0001-81");
      await page.getByText("Chave salva: CNPJ").waitFor();
      await animationsDone(page);
      expect(await overlap(page.locator(".ui-toast").first(), save)).toBe(false);
      await looked(page, `screens-settings-saved-${width}`);
      await page.close();
    }
  });

  test("every screen writes its dates dd/mm/aaaa and its months in words, under lang=pt-BR (§18)", async () => {
    const page = await e2e.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(page, e2e.server.url);
    const paths = ["/", "/clients", "/subscriptions", "/receivables", "/installments", "/suppliers", "/payables", "/payable-installments", "/reconciliation", "/partners", "/history", "/users", "/settings", "/account"];
    const reports = ["mensal", "fluxo", "assinaturas", "cliente", "fornecedor"].map((aba) => `/reports?aba=${aba}`);
    for (const path of [...paths, ...reports]) {
      await open(page, path);
      await expectBrazilianDates(page);
    }
    await page.close();
  });

  test("Conciliação: a line's description whole, the chips in view at 375 px (§2)", async () => {
    const page = await e2e.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(page, e2e.server.url);
    const day = (n: number) => isoDaysFromToday(n).replaceAll("-", "");
    const long = "PIX RECEBIDO PADARIA PAO QUENTE LTDA ME REF MENSALIDADE CONTRATO 2026 AG 0001 CC 12345-6";
    const file = buildOfx({
      postings: [
        { fitid: "S1", data: day(-2), valor: "150.00", nome: long },
        { fitid: "S2", data: day(-1), valor: "-80.00", nome: "TARIFA PACOTE DE SERVICOS" },
        { fitid: "S3", data: day(0), valor: "99.00", nome: "DEPOSITO" },
      ],
      period: { from: day(-10), to: day(0) },
      account: "56789-0",
      balance: "1.000,00",
    });
    await open(page, "/reconciliation");
    await page.getByLabel("Importar extrato (OFX)").setInputFiles({ name: "extrato.ofx", mimeType: "application/x-ofx", buffer: Buffer.from(file) });
    await toast(page, "Extrato importado: 3 transações novas");
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await dismissToasts(page);
      const description = page.locator(".rec-description", { hasText: "PIX RECEBIDO" });
      expect(await description.innerText()).toBe(long);
      expect(await wholeText(description)).toBe(true);
      const chips = page.locator(".rec-situacoes__link");
      expect(await chips.count()).toBe(5);
      for (const chip of await chips.all()) {
        const box = (await chip.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(width);
      }
      await expectBrazilianDates(page);
      await looked(page, `screens-reconciliation-${width}`);
    }
    await page.close();
  });
});
