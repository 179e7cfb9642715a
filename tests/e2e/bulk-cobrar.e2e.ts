// Bulk "Cobrar" on Contas a Receber (issue 35 §3) in Chromium against the real server: first the
// 409 while no SMTP is configured, said in the dialog; then e-mail now, delivered by the server's
// own outbox sender to an SMTP server that is not ours (Debian's python3-aiosmtpd, printing what
// it accepts), one per client; "Cobrada em" once sent; then at 375 px the WhatsApp worklist of a
// selection, worked from the keyboard. axe clean; screenshots to look at.
import { describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { animationsDone, axeViolations, dismissToasts, eventually, expectNoHorizontalOverflow, isoDaysFromToday, pageApi, pageProblems, screenshot, signIn, toast, useAiosmtpd, useServerAndBrowser, waitForIslands } from "./support";
import { CHARGING_COMPANY as COMPANY } from "../support";

const e2e = useServerAndBrowser();

// An SMTP server that is not ours (Debian's python3-aiosmtpd), for the server's own outbox sender.
const aiosmtpd = useAiosmtpd();


/** Three clients with overdue installments; the third opted out of charges. */
async function seed(page: Page) {
  const make = async (nome: string, cnpj: string, codigoCliente: string, extra: object = {}) => {
    const created = await pageApi(page, "/api/clients", { nome, cnpj, contato: "Ana", telefone: "11987654321", email: `${codigoCliente.toLowerCase()}@cliente.com.br`, valorMensalidade: "100.00", codigoCliente, ...extra });
    expect(created.status).toBe(201);
    return created.json.id as number;
  };
  const clients = [await make("Padaria Pão Quente", "11222333000181", "PAO-1"), await make("Floricultura Ipê", "11444777000161", "FLO-1"), await make("Loja Não Perturbe", "33000167000101", "LOJ-1", { naoEnviarCobrancas: true })];
  for (const clientId of clients) {
    const generated = await pageApi(page, "/api/installments/generate", { clientId, numParcelas: 2, valor: "300.00", primeiroVencimento: isoDaysFromToday(-40), descricao: "Contrato" });
    expect(generated.status).toBe(201);
  }
  expect((await pageApi(page, "/api/settings", COMPANY, "PUT")).status).toBe(200);
}

const bar = (page: Page) => page.getByRole("region", { name: "Ações em lote" });

describe("bulk Cobrar", () => {
  test("e-mail now: refused until SMTP is configured (said in the dialog), then one e-mail per client delivered, 'Cobrada em' on the list — 1280 px", async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    // The 409 is logged by the browser as a failed resource: expected here.
    const problems = pageProblems(page);
    await signIn(page, e2e.server.url);
    await seed(page);

    await page.goto(`${e2e.server.url}/receivables?status=vencido`);
    await waitForIslands(page);
    await dismissToasts(page);
    await page.getByText("Selecionar todas desta página").click();
    await bar(page).locator(".bulk-bar__count").getByText("6 parcelas selecionadas", { exact: true }).waitFor();
    await bar(page).getByRole("button", { name: "Cobrar", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Cobrar parcelas" });
    await dialog.waitFor();
    await animationsDone(page);
    expect(await dialog.getByLabel("Como cobrar").inputValue()).toBe("email");
    await dialog.getByRole("button", { name: "Enviar e-mails" }).click();
    const refusal = dialog.getByRole("alert");
    await refusal.getByText("Para cobrar por e-mail, configure antes o servidor de e-mail (SMTP) em Configurações (CDC art. 42-A: toda cobrança identifica o fornecedor).", { exact: true }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, "bulk-cobrar-refused-1280");

    // Configured meanwhile (another tab, say): the same dialog sends again, with the same key.
    const email = { host: "127.0.0.1", porta: String(aiosmtpd.current.port), seguranca: "nenhuma", usuario: "", senha: "", remetenteNome: "Cofre Cobrança", remetenteEmail: "cobranca@cofre.com.br", responderPara: "financeiro@cofre.com.br", aceitarAutoassinado: false };
    expect((await pageApi(page, "/api/settings/email", email, "PUT")).status).toBe(200);
    await dialog.getByRole("button", { name: "Enviar e-mails" }).click();
    await toast(page, "4 cobranças enfileiradas para 2 clientes; 1 cliente marcado para não receber cobranças");
    await page.locator(".bulk-bar").waitFor({ state: "detached" });

    // The server's own sender, woken by the action, delivers one e-mail per client.
    await eventually(async () => (aiosmtpd.current.output().match(/^To: /gm) ?? []).length, 2);
    const printed = aiosmtpd.current.output();
    expect(printed).toContain("pao-1@cliente.com.br");
    expect(printed).toContain("flo-1@cliente.com.br");
    expect(printed).not.toContain("loj-1@cliente.com.br");
    expect(printed).toContain("Auto-Submitted: auto-generated");

    // Sent: "Cobrada em" on the rows of the two clients charged, not on the third's.
    await page.reload();
    await waitForIslands(page);
    await dismissToasts(page);
    await eventually(() => page.locator(".ledger-charged").count(), 4);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, "bulk-cobrar-sent-1280");
    expect(problems.filter((p) => !p.includes("409"))).toEqual([]);
    await context.close();
  }, 120_000);

  test("WhatsApp at 375 px: the selection becomes the worklist; Enter opens the conversation, Enter marks it sent", async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 375, height: 740 } });
    // wa.me is outside: answered here, never reached.
    const opened: string[] = [];
    await context.route("https://wa.me/**", (route) => {
      opened.push(route.request().url());
      return route.fulfill({ status: 200, contentType: "text/html", body: "<!doctype html><title>WhatsApp</title>" });
    });
    const page = await context.newPage();
    const problems = pageProblems(page);
    await signIn(page, e2e.server.url);

    await page.goto(`${e2e.server.url}/receivables?status=vencido`);
    await waitForIslands(page);
    await dismissToasts(page);
    // Two rows ticked from the keyboard: the Padaria's.
    for (const name of ["Padaria Pão Quente parcela 1/2", "Padaria Pão Quente parcela 2/2"]) {
      await page.getByRole("checkbox", { name: `Selecionar ${name}` }).focus();
      await page.keyboard.press("Space");
    }
    await bar(page).locator(".bulk-bar__count").getByText("2 parcelas selecionadas", { exact: true }).waitFor();
    await bar(page).getByRole("button", { name: "Cobrar", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Cobrar parcelas" });
    await dialog.waitFor();
    await dialog.getByLabel("Como cobrar").selectOption("whatsapp");
    await animationsDone(page);
    await expectNoHorizontalOverflow(page);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, "bulk-cobrar-dialog-375");
    await dialog.getByRole("button", { name: "Preparar mensagens" }).click();

    const result = page.getByRole("dialog", { name: "Cobrar pelo WhatsApp" });
    await result.getByText("2 cobranças na lista do WhatsApp para 1 cliente.", { exact: true }).waitFor();
    await animationsDone(page);
    const link = result.getByRole("link", { name: "Abrir a lista do WhatsApp" });
    expect(await link.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, "bulk-cobrar-whatsapp-result-375");
    await page.keyboard.press("Enter");

    // The régua's worklist, only this selection's message, its "Abrir no WhatsApp" focused.
    await page.waitForURL(/\/dunning\/whatsapp\?mensagens=\d+-\d+$/);
    await waitForIslands(page);
    await page.getByText("Mostrando só as cobranças selecionadas em Contas a Receber.").waitFor();
    await page.getByText("1 mensagem para enviar", { exact: true }).waitFor();
    const abrir = page.getByRole("link", { name: "Abrir no WhatsApp: Padaria Pão Quente" });
    await eventually(() => abrir.evaluate((el) => el === document.activeElement), true);
    await expectNoHorizontalOverflow(page);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, "bulk-cobrar-worklist-375");
    const popup = context.waitForEvent("page");
    await page.keyboard.press("Enter");
    await (await popup).close();
    expect(opened).toHaveLength(1);
    expect(decodeURIComponent(opened[0]!)).toContain("https://wa.me/5511987654321?text=Olá, Ana!");
    expect(decodeURIComponent(opened[0]!)).toContain("CNPJ 11.444.777/0001-61");
    const marcar = page.getByRole("button", { name: "Marcar como enviada: Padaria Pão Quente" });
    await eventually(() => marcar.evaluate((el) => el === document.activeElement), true);
    await page.keyboard.press("Enter");
    await toast(page, "Cobrança de Padaria Pão Quente marcada como enviada");
    await page.getByText("Nenhuma mensagem de WhatsApp para enviar agora.").waitFor();
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);
});
