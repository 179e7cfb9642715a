import { describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { cnpjCheckDigits } from "../../src/lib/brazil";
import { isBusinessDay } from "../../src/lib/business-days";
import { addDays } from "../../src/lib/dates";
import { closedPort } from "../smtp";
import { axeViolations, dismissToasts, eventually, expectNoHorizontalOverflow, isoDaysFromToday, pageApi, pageProblems, screenshot, signIn, useAiosmtpd, useServerAndBrowser, waitForIslands } from "./support";

// Cobranças: the régua's screen (turned on from the form, a step moved to WhatsApp, a preview with
// a real client, Executar agora), the WhatsApp worklist cleared with the keyboard alone, and the
// Enviadas log; at 1280 and 375 px, axe clean.
const e2e = useServerAndBrowser();

// An SMTP server that is not ours (Debian's python3-aiosmtpd), for the server's own outbox sender.
const aiosmtpd = useAiosmtpd();

/** The last business day on or before today: its D0 falls today or catches up (a weekend). */
function lastBusinessDay(): string {
  let day = isoDaysFromToday(0);
  while (!isBusinessDay(day)) day = addDays(day, -1);
  return day;
}

let nextCnpj = 30_000_000;
async function seed(page: Page) {
  expect(
    (await pageApi(page, "/api/settings", { empresa: "Cofre Serviços Ltda", cidade: "Campinas", chavePix: "financeiro@cofre.com.br", modeloMensagem: "", cnpjEmpresa: "11.444.777/0001-61", enderecoEmpresa: "Rua das Acácias, 123, Campinas/SP" }, "PUT")).status,
  ).toBe(200);
  const port = await closedPort();
  const email = { host: "127.0.0.1", porta: String(port), seguranca: "nenhuma", usuario: "", senha: "", remetenteNome: "", remetenteEmail: "cobranca@cofre.com.br", responderPara: "", aceitarAutoassinado: false };
  expect((await pageApi(page, "/api/settings/email", email, "PUT")).status).toBe(200);
  const due = lastBusinessDay();
  const names = ["Padaria Pão Quente", "Floricultura Jardim", "Ótica Visão Clara"];
  for (const [i, nome] of names.entries()) {
    const base = String(nextCnpj++).padStart(8, "0") + "0001";
    const client = await pageApi(page, "/api/clients", {
      nome,
      cnpj: base + cnpjCheckDigits(base),
      contato: "Maria Souza",
      telefone: `(11) 9876${i}-432${i}`,
      email: `contato${i}@exemplo.com.br`,
      valorMensalidade: "150.00",
      codigoCliente: `E2E-${i}`,
      isTrial: false,
      naoEnviarCobrancas: i === 2,
    });
    expect(client.status).toBe(201);
    const generated = await pageApi(page, "/api/installments/generate", { clientId: client.json.id, numParcelas: 1, valor: "150.00", primeiroVencimento: due, descricao: "Mensalidade" });
    expect(generated.status).toBe(201);
  }
}

describe("Cobranças", () => {
  test("the régua at 1280 px: turned on with D0 by WhatsApp, previewed with a real client, run now; the worklist cleared by keyboard; the log", async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } });
    // "Abrir no WhatsApp" opens wa.me in a new tab: answered here, nothing leaves the machine.
    await context.route("https://wa.me/**", (route) => route.fulfill({ status: 200, contentType: "text/html", body: "<title>WhatsApp</title>" }));
    const page = await context.newPage();
    const problems = pageProblems(page);
    await signIn(page, e2e.server.url);
    await seed(page);

    await page.goto(`${e2e.server.url}/dunning`);
    await waitForIslands(page);
    await page.getByRole("link", { name: "Cobranças" }).first().waitFor();
    await page.getByLabel("Enviar cobranças automaticamente").check();
    await page.locator('select[name="canal-1"]').selectOption("whatsapp");
    await page.getByRole("button", { name: "Salvar régua" }).click();
    await page.getByRole("status").filter({ hasText: "Régua de cobrança salva" }).waitFor();

    // The preview: D0 (WhatsApp) for the first client, with the fixed footer.
    await page.getByLabel("Etapa da prévia").selectOption({ label: "D0 · WhatsApp" });
    await page.getByRole("button", { name: "Pré-visualizar" }).click();
    const preview = page.locator(".dunning-preview__text");
    await preview.waitFor();
    expect(await preview.textContent()).toContain("Se você já pagou, desconsidere esta mensagem.");
    expect(await preview.textContent()).toContain("CNPJ 11.444.777/0001-61");

    await page.getByRole("button", { name: "Executar agora" }).click();
    await page.getByRole("status").filter({ hasText: "Régua executada: 0 e-mail(s) na fila, 2 WhatsApp para enviar, 1 pulada(s)" }).waitFor();
    await dismissToasts(page);
    await screenshot(page, "dunning-1280");
    expect(await axeViolations(page)).toEqual([]);

    // The worklist: keyboard only. The first "Abrir" has the focus; Enter opens, Enter marks.
    await page.getByRole("link", { name: "WhatsApp", exact: true }).click();
    await waitForIslands(page);
    await page.getByText("2 mensagens para enviar").waitFor();
    await screenshot(page, "dunning-whatsapp-1280");
    expect(await axeViolations(page)).toEqual([]);
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute("aria-label") ?? document.activeElement?.textContent ?? "");
    await eventually(focused, "Abrir no WhatsApp: Floricultura Jardim");
    for (const name of ["Floricultura Jardim", "Padaria Pão Quente"]) {
      const opened = context.waitForEvent("page");
      await page.keyboard.press("Enter");
      const tab = await opened;
      expect(tab.url()).toStartWith("https://wa.me/55");
      await tab.close();
      await eventually(focused, `Marcar como enviada: ${name}`);
      await page.keyboard.press("Enter");
      await page.getByRole("status").filter({ hasText: `Cobrança de ${name} marcada como enviada` }).waitFor();
      if (name === "Floricultura Jardim") await eventually(focused, "Abrir no WhatsApp: Padaria Pão Quente");
    }
    await page.getByText("Nenhuma mensagem de WhatsApp para enviar agora.").waitFor();

    // Enviadas: both WhatsApp messages sent, the opted-out client skipped with why.
    await page.getByRole("link", { name: "Enviadas" }).click();
    await waitForIslands(page);
    const table = page.getByRole("table", { name: "Mensagens de cobrança" });
    await table.getByText("Cliente marcado para não receber cobranças automáticas").waitFor();
    expect(await table.getByText("Enviada", { exact: true }).count()).toBe(2);
    await dismissToasts(page);
    await screenshot(page, "dunning-sent-1280");
    expect(await axeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  test("at 375 px: the régua's form, the worklist and the log fit the phone", async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 375, height: 740 } });
    const page = await context.newPage();
    const problems = pageProblems(page);
    await signIn(page, e2e.server.url);
    // One more WhatsApp message for the worklist: a manual-free way, the régua's D0 for a new client.
    const base = String(nextCnpj++).padStart(8, "0") + "0001";
    const client = await pageApi(page, "/api/clients", { nome: "Mercado Bom Preço", cnpj: base + cnpjCheckDigits(base), contato: "João", telefone: "(11) 91234-5678", email: "joao@bompreco.com.br", valorMensalidade: "90.00", codigoCliente: "E2E-9", isTrial: false });
    await pageApi(page, "/api/installments/generate", { clientId: client.json.id, numParcelas: 1, valor: "90.00", primeiroVencimento: lastBusinessDay(), descricao: "Mensalidade" });
    expect((await pageApi(page, "/api/dunning/run", {})).json).toMatchObject({ whatsapp: 1 });
    for (const [path, name] of [["/dunning", "dunning-375"], ["/dunning/whatsapp", "dunning-whatsapp-375"], ["/dunning/sent", "dunning-sent-375"]] as const) {
      await page.goto(`${e2e.server.url}${path}`);
      await waitForIslands(page);
      await dismissToasts(page);
      if (path === "/dunning/whatsapp") await page.getByRole("link", { name: "Abrir no WhatsApp: Mercado Bom Preço" }).waitFor();
      await expectNoHorizontalOverflow(page);
      await screenshot(page, name);
      expect({ path, violations: await axeViolations(page) }).toEqual({ path, violations: [] });
    }
    expect(problems).toEqual([]);
    await context.close();
  });

  test("the running server's outbox delivers the régua's e-mail through SMTP, with the footer, and the log says enviada", async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await signIn(page, e2e.server.url);
    const email = { host: "127.0.0.1", porta: String(aiosmtpd.current.port), seguranca: "nenhuma", usuario: "", senha: "", remetenteNome: "Cofre Cobrança", remetenteEmail: "cobranca@cofre.com.br", responderPara: "", aceitarAutoassinado: false };
    expect((await pageApi(page, "/api/settings/email", email, "PUT")).status).toBe(200);
    // D0 by e-mail, the window always open (the test may run at any hour).
    const regua = (await pageApi(page, "/api/dunning", undefined, "GET")).json;
    const etapas = [{ ...regua.etapas[1], canal: "email", assunto: "Vence hoje: {valor}" }];
    const saved = await pageApi(page, "/api/dunning", { ...regua, etapas, ativa: true, janelaInicio: "00:00", janelaFim: "23:59", apenasDiasUteis: false }, "PUT");
    expect(saved.status).toBe(200);
    const base = String(nextCnpj++).padStart(8, "0") + "0001";
    const client = await pageApi(page, "/api/clients", { nome: "Livraria Saber", cnpj: base + cnpjCheckDigits(base), contato: "Ana", telefone: "(11) 93456-7890", email: "ana@livrariasaber.com.br", valorMensalidade: "120.00", codigoCliente: "E2E-20", isTrial: false });
    await pageApi(page, "/api/installments/generate", { clientId: client.json.id, numParcelas: 1, valor: "120.00", primeiroVencimento: lastBusinessDay(), descricao: "Mensalidade" });
    expect((await pageApi(page, "/api/dunning/run", {})).json).toMatchObject({ enfileiradas: 1 });
    // The sender's pass comes every 15 s.
    await eventually(async () => aiosmtpd.current.output().includes("ana@livrariasaber.com.br"), true, 30_000);
    const printed = aiosmtpd.current.output();
    expect(printed).toContain("Auto-Submitted: auto-generated");
    expect(printed).toContain("Vence hoje: R$");
    await eventually(async () => ((await pageApi(page, "/api/messages?canal=email", undefined, "GET")).json as { clientNome: string; status: string }[]).find((m) => m.clientNome === "Livraria Saber")?.status, "enviada", 10_000);
    await context.close();
  }, 60_000);
});
