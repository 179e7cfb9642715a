// Issue 37 (items 3, 6, 7, 8, 9, 13, 14), in Chromium on seed-demo data plus a client whose fee
// makes the MRR long: the dashboard's cards fit and open their lists, the trials are said, the
// clients' table gives the e-mail a useful width, name links are a target, the receivables'
// cards follow a baixa under a filter, the overlap question is a question. 1280 and 375 px.
import { beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { addMonthsToMonth, monthOf } from "../../src/lib/dates";
import {
  animationsDone,
  axeViolations,
  dismissToasts,
  eventually,
  expectNoHorizontalOverflow,
  isoDaysFromToday,
  pageApi,
  pageProblems,
  screenshot,
  SCREENSHOTS,
  signIn,
  toast,
  useServerAndBrowser,
  waitForIslands,
} from "./support";

const e2e = useServerAndBrowser();
const ROOT = join(import.meta.dir, "..", "..");
const THIS_MONTH = monthOf(isoDaysFromToday(0));

// "R$ 9.6…": longer than scale 50's "R$ 637.625,28" on the MRR card.
const BIG = {
  nome: "Rede Nacional de Supermercados Bom Preço Comércio Atacadista e Varejista de Alimentos Ltda",
  cnpj: "11.444.777/0001-61",
  contato: "Joana Prado",
  telefone: "(11) 3333-4444",
  email: "contas.a.pagar.financeiro.corporativo@redenacionaldesupermercadosbompreco.com.br",
  valorMensalidade: "9637625.28",
  codigoCliente: "BIG-001",
  isTrial: false,
};
const HAND = { ...BIG, nome: "Lavanderia Bolha de Sabão", cnpj: "98.765.432/0001-98", email: "otica@visaoclara.com.br", valorMensalidade: "180.00", codigoCliente: "OTI-001" };

const subscription = (over: Record<string, unknown>) => ({
  status: "ativa",
  diaVencimento: "28",
  inicio: THIS_MONTH,
  fim: null,
  trialAte: null,
  reajuste: null,
  confirmarSobreposicao: false,
  atualizarParcelasAbertas: false,
  ...over,
});


beforeAll(async () => {
  const seeded = await Bun.$`bun ${join(ROOT, "src", "index.ts")} seed-demo`
    .env({ ...process.env, DATABASE_PATH: join(e2e.server.dir, "app.db") })
    .cwd(e2e.server.dir)
    .text();
  expect(seeded).toContain("Dados de demonstração criados");
  const page = await e2e.browser.newPage();
  await signIn(page, e2e.server.url);
  const big = await pageApi(page, "/api/clients", BIG);
  expect(big.status).toBe(201);
  const started = await pageApi(page, `/api/clients/${big.json.id}/subscription`, subscription({ valor: BIG.valorMensalidade }), "PUT");
  expect(started.status).toBe(200);
  // A client with an installment made by hand next month: a subscription over it asks first.
  const hand = await pageApi(page, "/api/clients", HAND);
  expect(hand.status).toBe(201);
  const nextMonth = addMonthsToMonth(THIS_MONTH, 1);
  const generated = await pageApi(page, "/api/installments/generate", { clientId: hand.json.id, numParcelas: 1, valor: "180.00", primeiroVencimento: `${nextMonth}-05`, descricao: "Contrato de manutenção" });
  expect(generated.status).toBe(201);
  await page.close();
});

async function open(page: Page, path: string) {
  await page.goto(`${e2e.server.url}${path}`);
  await waitForIslands(page);
  await dismissToasts(page);
}

/** Each element's [scrollWidth, clientWidth] where its content is wider than its box. */
const overflowing = (page: Page, selector: string) =>
  page.locator(selector).evaluateAll((els) => els.filter((el) => el.scrollWidth > el.clientWidth).map((el) => `${el.textContent}: ${el.scrollWidth} > ${el.clientWidth}`));

/** The heights of the links matched, those under 24 px (WCAG 2.5.8 target size). */
const shortLinks = (page: Page, selector: string) =>
  page.locator(selector).evaluateAll((els) => els.map((el) => [el.textContent, el.getBoundingClientRect().height] as const).filter(([, h]) => h < 24));

describe("Dashboard (items 6, 7, 9, 13, 14)", () => {
  for (const width of [1280, 375]) {
    test(`at ${width} px: every card's value fits its card, even a long MRR; cards open their lists; axe clean`, async () => {
      const page = await e2e.browser.newPage({ viewport: { width, height: 900 } });
      const problems = pageProblems(page);
      await signIn(page, e2e.server.url);
      await open(page, "/");
      const summary = await pageApi(page, "/api/subscriptions/summary", undefined, "GET");
      const mrr = page.locator(".dash-stats .stat").filter({ has: page.getByRole("heading", { name: "MRR", exact: true }) });
      expect((await mrr.locator(".stat__value").innerText()).replace(/\s/g, " ").length).toBeGreaterThanOrEqual(15);
      expect(await overflowing(page, ".dash-stats .stat__value")).toEqual([]);
      expect(await overflowing(page, ".dash-stats .stat")).toEqual([]);
      await expectNoHorizontalOverflow(page);
      // The trials among the active ones, said; the notes' own links are a target.
      const active = page.locator(".dash-stats .stat").filter({ has: page.getByRole("heading", { name: "Assinaturas ativas" }) });
      if (summary.json.emTrial > 0) await active.getByRole("link", { name: `${summary.json.emTrial} em teste, fora do MRR` }).waitFor();
      expect(await shortLinks(page, ".dash-stats .stat__sublink")).toEqual([]);
      // One name for the revenue chart, and its canvas drawn.
      await page.getByRole("heading", { name: "Previsão de Recebimento" }).waitFor();
      await page.locator(".dash-chart canvas").first().waitFor();
      await page.locator(".dash-mrr canvas").first().waitFor();
      await page.waitForTimeout(300); // the charts follow their boxes' width on the next frame
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, `screens-dashboard-${width}`);

      // A click anywhere on a card opens its list; the note "N vencidas" the overdue ones.
      const blocked = page.locator(".dash-stats .stat").filter({ has: page.getByRole("heading", { name: "Clientes Bloqueados" }) });
      await blocked.click(); // the middle of the card: its value, under the title link's cover
      await page.waitForURL(`${e2e.server.url}/clients?status=1`);
      await waitForIslands(page);
      await page.goBack();
      await waitForIslands(page);
      const stats = await pageApi(page, "/api/dashboard/stats", undefined, "GET");
      expect(stats.json.overdueInstallments).toBeGreaterThan(0);
      await page.getByRole("link", { name: `${stats.json.overdueInstallments} vencidas` }).click();
      await page.waitForURL(`${e2e.server.url}/receivables?status=vencido`);
      await waitForIslands(page);
      // The list opened is the one counted: its Vencidas card says the same number.
      await eventually(async () => (await page.locator(".ledger-card", { hasText: "Vencidas" }).locator(".ledger-card__note").innerText()).trim(), `${stats.json.overdueInstallments} parcelas`);
      await page.goBack();
      await waitForIslands(page);
      await mrr.click();
      await page.waitForURL(`${e2e.server.url}/subscriptions?status=ativa`);
      expect(problems).toEqual([]);
      await page.close();
    });
  }
});

describe("Clientes and Assinaturas (items 7, 9)", () => {
  test("1280 px: the e-mail column shows a useful part of the address (the whole in its title); the name still whole up to 30 characters", async () => {
    const page = await e2e.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(page, e2e.server.url);
    await open(page, `/clients?q=${encodeURIComponent("Rede Nacional")}`);
    await screenshot(page, "screens-clients-long-1280");
    const email = page.locator(".clients-table tbody td").filter({ has: page.locator(`[title="${BIG.email}"]`) }).first();
    const box = (await email.boundingBox())!;
    expect(box.width).toBeGreaterThanOrEqual(160);
    // The demo's names (≤ 30 characters) are whole at this width.
    await open(page, "/clients");
    await screenshot(page, "screens-clients-1280");
    const cut = await page.locator(".clients-table tbody .cell-name__main").evaluateAll((els) =>
      els.filter((el) => (el.textContent ?? "").length <= 30 && el.scrollWidth > el.clientWidth).map((el) => el.textContent),
    );
    expect(cut).toEqual([]);
    const emails = await page.locator(".clients-table tbody td .ui-ellipsis[title*='@']").evaluateAll((els) => els.map((el) => el.clientWidth));
    expect(Math.min(...emails)).toBeGreaterThanOrEqual(140);
    expect(await shortLinks(page, ".clients-table tbody a.cell-name__main")).toEqual([]);
    await expectNoHorizontalOverflow(page);
    expect(await axeViolations(page)).toEqual([]);
    await page.close();
  });

  test("375 px: client-name links are at least 24 px tall, on Clientes and Assinaturas; trials show their end date", async () => {
    const page = await e2e.browser.newPage({ viewport: { width: 375, height: 812 } });
    await signIn(page, e2e.server.url);
    await open(page, "/clients");
    expect(await page.locator("tbody a.cell-name__main").count()).toBeGreaterThan(0);
    await screenshot(page, "screens-clients-375");
    await page.screenshot({ path: join(SCREENSHOTS, "screens-clients-375-top.png") }); // the first screen, readable
    expect(await shortLinks(page, "tbody a.cell-name__main")).toEqual([]);
    await expectNoHorizontalOverflow(page);
    await open(page, "/subscriptions?status=trial");
    const badges = page.locator(".subscriptions-table tbody .ui-badge");
    await badges.first().waitFor();
    for (const text of await badges.allInnerTexts()) expect(text).toMatch(/^Em teste até \d{2}\/\d{2}\/\d{4}$/);
    expect(await shortLinks(page, "tbody a.cell-name__main")).toEqual([]);
    await page.locator(".sub-summary").getByText(/^\d+ em teste$/).waitFor();
    await screenshot(page, "screens-subscriptions-trial-375");
    expect(await overflowing(page, ".sub-summary .par-summary__value")).toEqual([]);
    await expectNoHorizontalOverflow(page);
    expect(await axeViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 900 });
    await open(page, "/subscriptions");
    await screenshot(page, "screens-subscriptions-1280");
    expect(await overflowing(page, ".sub-summary .par-summary__value, .sub-summary .par-summary__card")).toEqual([]);
    expect(await overflowing(page, ".subscriptions-table tbody .ui-badge")).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
    await page.close();
  });
});

describe("Contas a Receber (item 3)", () => {
  test("under 'Vencida', a baixa moves Recebido no Mês at once, without a reload", async () => {
    const page = await e2e.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(page, e2e.server.url);
    await open(page, "/receivables?status=vencido");
    const received = page.locator(".ledger-card", { hasText: "Recebido no Mês" });
    const before = await pageApi(page, "/api/installments/summary?status=vencido", undefined, "GET");
    const count = before.json.recebidoNoMes.quantidade as number;
    await eventually(async () => (await received.locator(".ledger-card__note").innerText()).trim(), `${count} ${count === 1 ? "parcela" : "parcelas"}`);
    const valueBefore = await received.locator(".ledger-card__value").innerText();
    await page.locator(".ledger-table tbody tr").first().getByRole("button", { name: /^Baixar / }).click();
    const pay = page.getByRole("dialog", { name: "Baixar parcela" });
    await pay.getByRole("button", { name: "Confirmar baixa" }).click();
    await pay.waitFor({ state: "detached" });
    await eventually(async () => (await received.locator(".ledger-card__note").innerText()).trim(), `${count + 1} ${count + 1 === 1 ? "parcela" : "parcelas"}`);
    // The card's sum moved too, and the row paid left the "Vencida" list.
    expect(await received.locator(".ledger-card__value").innerText()).not.toBe(valueBefore);
    await eventually(async () => (await page.locator(".ledger-card", { hasText: "Vencidas" }).locator(".ledger-card__note").innerText()).trim(), `${before.json.vencidas.quantidade - 1} parcelas`);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, "screens-receivables-vencidas-after-baixa-1280");
    await page.close();
  });
});

describe("The overlap question (item 8)", () => {
  // 375 px answers "Não" (nothing saved), then 1280 px answers "Sim".
  for (const width of [375, 1280]) {
    test(`at ${width} px: a question with its two answers in the dialog, no toast, no red`, async () => {
      const page = await e2e.browser.newPage({ viewport: { width, height: width === 375 ? 812 : 900 } });
      await signIn(page, e2e.server.url);
      await open(page, `/clients?q=${encodeURIComponent(HAND.nome)}`);
      await page.getByRole("button", { name: `Mais ações para ${HAND.nome}` }).first().click();
      await page.getByRole("menuitem", { name: "Assinatura", exact: true }).click();
      const dialog = page.getByRole("dialog", { name: `Iniciar assinatura — ${HAND.nome}` });
      await dialog.waitFor();
      await dialog.getByLabel("Início (primeiro mês cobrado)").fill(addMonthsToMonth(THIS_MONTH, 1));
      await dialog.getByRole("button", { name: "Iniciar assinatura" }).click();
      const question = dialog.locator(".sub-dialog__overlap");
      await question.getByText("Salvar sem cobrar esses meses de novo?", { exact: false }).waitFor();
      await question.getByText("Contrato de manutenção", { exact: false }).waitFor();
      expect(await page.locator(".ui-toaster").getByText("Erro").count()).toBe(0);
      expect(await dialog.locator("[role=alert]").count()).toBe(0);
      // Not an error's red: the question's border is the primary colour.
      const [border, danger] = await question.evaluate((el) => [getComputedStyle(el).borderTopColor, getComputedStyle(document.documentElement).getPropertyValue("--color-danger")]);
      expect(border).not.toBe(danger);
      await question.getByRole("button", { name: "Sim, salvar sem cobrá-los" }).waitFor();
      await question.getByRole("button", { name: "Não, alterar as datas" }).waitFor();
      await animationsDone(page);
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, `screens-subscription-overlap-${width}`);
      if (width === 375) {
        await question.getByRole("button", { name: "Não, alterar as datas" }).click();
        await question.waitFor({ state: "detached" });
      } else {
        await question.getByRole("button", { name: "Sim, salvar sem cobrá-los" }).click();
        await toast(page, "Assinatura iniciada");
      }
      await page.close();
    });
  }
});
