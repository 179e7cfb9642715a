import { describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { closedPort } from "../smtp";
import { axeViolations, dismissToasts, eventually, expectNoHorizontalOverflow, pageProblems, screenshot, signIn, useAiosmtpd, useServerAndBrowser, waitForIslands } from "./support";

// Configurações › E-mail (SMTP) against an SMTP server that is not ours: Debian's python3-aiosmtpd,
// started here on a free loopback port, printing every message it accepts.
const e2e = useServerAndBrowser();
const SECRET = "senha-do-smtp-Ção-2026";

const aiosmtpd = useAiosmtpd();

async function openSettings(page: Page) {
  await page.goto(`${e2e.server.url}/settings`);
  await waitForIslands(page);
}

const emailSection = (page: Page) => page.locator("form", { has: page.getByRole("heading", { name: "E-mail (SMTP)" }) });
const outcome = (page: Page) => emailSection(page).locator(".settings-email-outcome");

describe("Configurações › E-mail (SMTP)", () => {
  test("the admin fills in the company's CNPJ and address and the SMTP server, keeps the password hidden, and sends a test that arrives", async () => {
    const page = await e2e.browser.newPage({ viewport: { width: 1280, height: 900 } });
    const problems = pageProblems(page);
    await signIn(page, e2e.server.url);
    await openSettings(page);

    // The company's CNPJ and address (CDC art. 42-A), masked as typed.
    await page.getByLabel("CNPJ da empresa").fill("11222333000181");
    expect(await page.getByLabel("CNPJ da empresa").inputValue()).toBe("11.222.333/0001-81");
    await page.getByLabel("Endereço da empresa").fill("Rua das Flores, 123 — Centro, São Paulo/SP");
    await page.getByLabel("Nome da empresa").fill("Padaria Pão Quente Ltda");
    await page.getByRole("button", { name: "Salvar configurações" }).click();
    await page.getByRole("status").filter({ hasText: "Configurações salvas" }).waitFor();

    const section = emailSection(page);
    await section.getByLabel("Servidor SMTP").fill("127.0.0.1");
    await section.getByLabel("Segurança").selectOption("nenhuma");
    await section.getByLabel("Porta").fill(String(aiosmtpd.current.port));
    await section.getByLabel("Usuário").fill("cobranca@paoquente.com.br");
    await section.getByLabel("Senha", { exact: true }).fill(SECRET);
    await section.getByLabel("Nome do remetente").fill("Padaria Pão Quente — Cobrança");
    await section.getByLabel("E-mail do remetente").fill("cobranca@paoquente.com.br");
    await section.getByLabel("Responder para").fill("financeiro@paoquente.com.br");
    await section.getByRole("button", { name: "Salvar e-mail" }).click();
    await page.getByRole("status").filter({ hasText: "Configurações de e-mail salvas" }).waitFor();
    // The field empties; the hint says a password is stored.
    await eventually(() => section.getByLabel("Senha", { exact: true }).inputValue(), "");
    await section.getByText("••• definida. Deixe em branco para manter a senha salva").waitFor();

    // After a reload: the page never carried the password.
    await page.reload();
    await waitForIslands(page);
    expect(await page.content()).not.toContain(SECRET);
    expect(await emailSection(page).getByLabel("Senha", { exact: true }).inputValue()).toBe("");
    await emailSection(page).getByText("••• definida. Deixe em branco para manter a senha salva").waitFor();
    expect(await page.getByLabel("CNPJ da empresa").inputValue()).toBe("11.222.333/0001-81");

    await emailSection(page).getByLabel("Enviar teste para").fill("maria@paoquente.com.br");
    await emailSection(page).getByRole("button", { name: "Enviar e-mail de teste" }).click();
    await outcome(page).filter({ hasText: /^O servidor aceitou o e-mail de teste para maria@paoquente\.com\.br\. Resposta: 250/ }).waitFor({ timeout: 15_000 });
    // aiosmtpd printed what it accepted.
    await eventually(async () => aiosmtpd.current.output().includes("Subject: Teste de e-mail do Cofre"), true);
    const printed = aiosmtpd.current.output();
    expect(printed).toContain("Auto-Submitted: auto-generated");
    expect(printed).toContain("maria@paoquente.com.br");
    expect(printed).toMatch(/List-Unsubscribe:\s+<mailto:financeiro@paoquente\.com\.br\?subject=/);
    expect(printed).not.toContain(SECRET);

    await dismissToasts(page);
    await screenshot(page, "settings-email-1280");
    expect(await axeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  });

  test("at 375 px: the section fits, and a refused connection is told in pt-BR", async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 375, height: 740 } });
    const page = await context.newPage();
    // The 502 of the refused test is logged by the browser as a failed resource: expected here.
    const problems = pageProblems(page);
    await signIn(page, e2e.server.url);
    await openSettings(page);
    const port = await closedPort();
    const section = emailSection(page);
    await section.getByLabel("Porta").fill(String(port));
    await section.getByRole("button", { name: "Salvar e-mail" }).click();
    await page.getByRole("status").filter({ hasText: "Configurações de e-mail salvas" }).waitFor();
    await section.getByLabel("Enviar teste para").fill("maria@paoquente.com.br");
    await section.getByRole("button", { name: "Enviar e-mail de teste" }).click();
    await outcome(page).getByText(`Conexão recusada por 127.0.0.1:${port}: confira o servidor e a porta.`, { exact: true }).waitFor({ timeout: 15_000 });
    expect(await outcome(page).getAttribute("class")).toContain("settings-email-outcome--error");
    await dismissToasts(page);
    await expectNoHorizontalOverflow(page);
    await section.scrollIntoViewIfNeeded();
    await screenshot(page, "settings-email-375");
    expect(await axeViolations(page)).toEqual([]);
    expect(problems.filter((p) => !p.includes("502"))).toEqual([]);
    await context.close();
  });
});
