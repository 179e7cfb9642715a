// The list screens as people use them (issue 16 items 5, 8 and 9): cards that follow the
// filters, Back and Forward through views, a party filter, the view's CSV, names with room and
// the row's "⋯" menu, an impossible payment date.
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { axeViolations, eventually, isoDaysFromToday, pageApi, screenshot, signIn, useServerAndBrowser, waitForIslands } from "./support";

const e2e = useServerAndBrowser();

const LONG = "Academia Corpo em Movimento SA"; // 30 characters
const cardsText = (page: Page) => page.locator(".ledger-card__value").allTextContents();
const countText = (page: Page) => page.locator("#ledger-contagem").textContent();

async function seed(page: Page) {
  const clients: number[] = [];
  for (const [nome, cnpj, codigo] of [
    [LONG, "11222333000181", "ACA-01"],
    ["Padaria Pão Quente", "38599503000106", "PAD-01"],
  ] as const) {
    const made = await pageApi(page, "/api/clients", { nome, cnpj, contato: "Maria", telefone: "11987654321", email: "m@cofre.test", valorMensalidade: "300.00", codigoCliente: codigo });
    expect(made.status).toBe(201);
    clients.push(made.json.id);
  }
  // The long-named client: 3 in the future, paid one. The Padaria: 2, the first overdue.
  const a = await pageApi(page, "/api/installments/generate", { clientId: clients[0], numParcelas: 3, valor: "300.00", primeiroVencimento: isoDaysFromToday(5), descricao: "Mensalidade" });
  expect(a.status).toBe(201);
  expect((await pageApi(page, `/api/installments/${a.json.installments[0].id}/pay`, undefined, "PATCH")).status).toBe(200);
  expect((await pageApi(page, "/api/installments/generate", { clientId: clients[1], numParcelas: 2, valor: "500.00", primeiroVencimento: isoDaysFromToday(-20), descricao: "Mensalidade" })).status).toBe(201);
  return clients;
}

describe("Lists as people use them", () => {
  test("cards follow the filters; Back and Forward step through views; a party filter; the view's CSV", async () => {
    const page = await e2e.browser.newPage({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
    await signIn(page, e2e.server.url);
    const [academia, padaria] = await seed(page);
    await page.goto(`${e2e.server.url}/receivables`);
    await waitForIslands(page);
    const all = await cardsText(page);
    expect(await countText(page)).toBe("Parcelas 1–5 de 5");

    // Status "Pago": the list and the cards describe the same rows, without a reload.
    await page.getByLabel("Status").selectOption("pago");
    await page.waitForURL(/status=pago/);
    await eventually(() => countText(page), "Parcelas 1–1 de 1");
    await eventually(async () => (await cardsText(page))[0], "R$\u00a00,00"); // nothing open among paid rows
    expect((await cardsText(page))[2]).toBe("R$\u00a0100,00"); // received this month
    // A client chosen with the searchable picker, in the URL too.
    await page.getByLabel("Status").selectOption("");
    await page.waitForURL((url) => !url.search.includes("status"));
    await page.getByLabel("Cliente").fill("Padaria");
    await page.getByRole("option", { name: /Padaria Pão Quente/ }).click();
    await page.waitForURL(new RegExp(`clientId=${padaria}`));
    await eventually(() => countText(page), "Parcelas 1–2 de 2");
    await eventually(async () => (await cardsText(page))[1], "R$\u00a0250,00"); // its overdue one
    await page.locator(".ledger-table").getByRole("button", { name: "Valor", exact: true }).click();
    await page.waitForURL(/ordem=valor/);

    // The CSV of this view: only the Padaria's two installments.
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Exportar CSV" }).click()]);
    const lines = readFileSync((await download.path())!, "utf8").replace(/^\uFEFF/, "").trim().split("\r\n");
    expect(lines.length).toBe(3);
    expect(lines.slice(1).every((line) => line.startsWith("Padaria Pão Quente;"))).toBe(true);

    // Back: the sort goes, then the client, then the status; Forward brings them again.
    await page.goBack();
    await page.waitForURL((url) => url.search === `?clientId=${padaria}`);
    await page.goBack();
    await page.waitForURL((url) => url.search === "");
    await eventually(() => countText(page), "Parcelas 1–5 de 5");
    await eventually(() => cardsText(page), all);
    await page.goBack();
    await page.waitForURL(/status=pago/);
    await eventually(() => countText(page), "Parcelas 1–1 de 1");
    await page.goForward();
    await page.goForward();
    await page.waitForURL(new RegExp(`^[^?]*\\?clientId=${padaria}$`));
    await eventually(() => countText(page), "Parcelas 1–2 de 2");
    await eventually(() => page.getByLabel("Cliente").inputValue(), "Padaria Pão Quente");

    // A client's name in Clientes leads to its installments.
    await page.goto(`${e2e.server.url}/clients`);
    await waitForIslands(page);
    await page.getByRole("link", { name: LONG }).click();
    await page.waitForURL(new RegExp(`/receivables\\?clientId=${academia}$`));
    await eventually(() => countText(page), "Parcelas 1–3 de 3");
    await page.close();
  });

  test("names get room at 1280 px; the row's '⋯' menu by keyboard; 375 px; axe with the menu open", async () => {
    const page = await e2e.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(page, e2e.server.url);
    for (const path of ["/clients", "/receivables"]) {
      await page.goto(`${e2e.server.url}${path}`);
      await waitForIslands(page);
      const name = page.locator("tbody a", { hasText: LONG }).first();
      await name.waitFor();
      // Whole: nothing cut; and the column is at least 240 px.
      expect(await name.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      expect(await page.locator('col[data-col="nome"], col[data-col="cliente"]').first().evaluate((c) => c.getBoundingClientRect().width)).toBeGreaterThanOrEqual(240);
      // Every header's sort button stays in its own column (a neighbour's background would hide
      // what spills: "PARCELA" lost its A under "VENCIMENTO").
      const spills = await page.locator("thead th").evaluateAll((ths) =>
        ths.flatMap((th) =>
          [...th.querySelectorAll("button")]
            .filter((b) => {
              // What the button draws (its word and icon), not its padding.
              const drawn = document.createRange();
              drawn.selectNodeContents(b);
              return drawn.getBoundingClientRect().right > th.getBoundingClientRect().right + 0.5;
            })
            .map((b) => b.textContent),
        ),
      );
      expect(spills).toEqual([]);
    }
    // Keyboard: the menu opens on its first item, arrows move, Esc closes and gives focus back.
    const more = page.getByRole("button", { name: "Mais ações para Padaria Pão Quente parcela 1/2" });
    await more.focus();
    await page.keyboard.press("Enter");
    const menu = page.getByRole("menu", { name: "Ações para Padaria Pão Quente parcela 1/2" });
    await menu.waitFor();
    await eventually(() => page.evaluate(() => document.activeElement?.textContent), "Cobrar");
    await page.keyboard.press("ArrowDown");
    await eventually(() => page.evaluate(() => document.activeElement?.textContent), "Prorrogar");
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, "row-menu-1280");
    await page.keyboard.press("Escape");
    await menu.waitFor({ state: "detached" });
    await eventually(() => more.evaluate((el) => el === document.activeElement), true);
    // An item runs its action: Excluir asks first.
    await more.click();
    await menu.getByRole("menuitem", { name: "Excluir" }).click();
    const confirm = page.getByRole("alertdialog");
    await confirm.getByText("Confirma a exclusão desta parcela? Esta ação não pode ser desfeita.").waitFor();
    await confirm.getByRole("button", { name: "Cancelar" }).click();

    // On a phone the menu fits the screen.
    await page.setViewportSize({ width: 375, height: 800 });
    await more.click();
    await menu.waitFor();
    const box = (await menu.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(375);
    await screenshot(page, "row-menu-375");
    await page.close();
  });

  test("at 800, 1024 and 1160 px (a tablet, a laptop: the side menu a drawer or beside the list) the names keep their room; a cut one shows whole in the tooltip", async () => {
    for (const width of [800, 1024, 1160]) {
      const page = await e2e.browser.newPage({ viewport: { width, height: 800 } });
      await signIn(page, e2e.server.url);
      for (const path of ["/receivables", "/clients", "/subscriptions"]) {
        await page.goto(`${e2e.server.url}${path}`);
        await waitForIslands(page);
        await page.locator("tbody a").first().waitFor();
        // The name's column (the first) is no sliver: at 1024 px beside the side menu it was ~50 px.
        const first = await page.locator("thead th").first().evaluate((th) => th.getBoundingClientRect().width);
        const least = width < 1024 ? 150 : 200;
        expect({ width, path, room: Math.round(first) >= least ? "enough" : Math.round(first) }).toEqual({ width, path, room: "enough" });
      }
      await screenshot(page, `subscriptions-${width}`);
      if (width === 1160) {
        // A name the column cuts ("…") shows whole in the page's one tooltip, which a pointer on
        // it loads (a ledger row's name is drawn as HTML, without the class the others carry).
        await page.goto(`${e2e.server.url}/receivables`);
        await waitForIslands(page);
        const cut = page.locator(".ledger-table tbody .bulk-cell > a", { hasText: LONG }).first();
        expect(await cut.evaluate((a) => a.scrollWidth > a.clientWidth)).toBe(true);
        await cut.hover();
        await eventually(() => page.evaluate(() => [...document.querySelectorAll<HTMLElement>('[role="tooltip"]')].find((tip) => !tip.hidden)?.textContent ?? null), LONG);
      }
      await page.close();
    }
  });
});
