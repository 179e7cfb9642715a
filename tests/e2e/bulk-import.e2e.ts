// Issue 35 §1 and §2 in the browser: importing clients from a CSV (preview with errors, the fix,
// "Importar N clientes", the result) and starting subscriptions in bulk from /subscriptions, at
// 1280 and 375 px, axe clean, screenshots in tests/e2e/screenshots/.
import { describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { cnpjCheckDigits } from "../../src/lib/brazil";
import { animationsDone, axeViolations, dismissToasts, eventually, expectNoHorizontalOverflow, pageApi, pageProblems, screenshot, signIn, toast, useServerAndBrowser, waitForIslands } from "./support";

const e2e = useServerAndBrowser();

const HEADER = "Nome;CNPJ;Código do cliente;Contato;Telefone;E-mail;Mensalidade;Dia de vencimento";
const line = (i: number, fee: string, dia = "") => {
  const base = String(40_000_000 + i) + "0001";
  return `Cliente Importado ${i};${base}${cnpjCheckDigits(base)};IMP-${i};Pessoa ${i};(11) 98765-43${String(i).padStart(2, "0")};c${i}@exemplo.com.br;${fee};${dia}`;
};
const file = (lines: string[]) => ({ name: "clientes.csv", mimeType: "text/csv", buffer: Buffer.from("\uFEFF" + [HEADER, ...lines].join("\r\n") + "\r\n") });

async function openImport(page: Page) {
  await page.goto(`${e2e.server.url}/clients/import`);
  await waitForIslands(page);
  await dismissToasts(page);
}

describe("Importar clientes", () => {
  test("a file with an error shows it per row and imports nothing; the fixed file imports every client", async () => {
    const page = await e2e.browser.newPage({ viewport: { width: 1280, height: 900 } });
    const problems = pageProblems(page);
    await signIn(page, e2e.server.url);
    // Clientes offers the way in.
    await page.goto(`${e2e.server.url}/clients`);
    await waitForIslands(page);
    await page.getByRole("link", { name: "Importar planilha" }).click();
    await page.waitForURL(`${e2e.server.url}/clients/import`);
    await waitForIslands(page);
    await page.getByText("salve como CSV").waitFor();

    await page.getByLabel("Escolher a planilha (CSV)").setInputFiles(file([line(1, "1.234,56", "10"), line(2, ""), line(3, "99,90")]));
    await page.getByRole("heading", { name: "Prévia de clientes.csv" }).waitFor();
    await page.getByText("Mensalidade: Valor de mensalidade é obrigatório para clientes não-trial").waitFor();
    expect(await page.getByRole("button", { name: "Importar 2 clientes" }).isDisabled()).toBe(true);
    await animationsDone(page);
    await screenshot(page, "import-preview-errors-1280");
    expect(await axeViolations(page)).toEqual([]);
    await expectNoHorizontalOverflow(page);

    await page.getByLabel("Escolher outro arquivo (CSV)").setInputFiles(file([line(1, "1.234,56", "10"), line(2, "150"), line(3, "99,90")]));
    const importButton = page.getByRole("button", { name: "Importar 3 clientes" });
    await importButton.waitFor();
    await eventually(() => importButton.isEnabled(), true);
    await importButton.click();
    await toast(page, "3 clientes importados; 1 assinatura iniciada");
    await page.getByRole("link", { name: "Ver clientes" }).waitFor();
    await screenshot(page, "import-done-1280");
    const clients = await pageApi(page, "/api/clients", undefined, "GET");
    expect((clients.json as { codigoCliente: string }[]).map((c) => c.codigoCliente).sort()).toEqual(["IMP-1", "IMP-2", "IMP-3"]);
    expect(problems).toEqual([]);
    await page.close();
  });

  test("at 375 px: the steps, the upload and the preview's rows as cards, no sideways scroll; an .xlsx is told to save as CSV", async () => {
    const page = await e2e.browser.newPage({ viewport: { width: 375, height: 812 } });
    await signIn(page, e2e.server.url);
    await openImport(page);
    await page.getByLabel("Escolher a planilha (CSV)").setInputFiles({ name: "clientes.xlsx", mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", buffer: Buffer.from([0x50, 0x4b, 3, 4, 0, 0]) });
    await page.getByRole("alert").filter({ hasText: "salve como CSV" }).waitFor();
    await page.getByLabel("Escolher a planilha (CSV)").setInputFiles(file([line(10, "abc"), line(11, "200")]));
    await page.getByText("Mensalidade: Valor inválido").waitFor();
    await dismissToasts(page);
    await animationsDone(page);
    await expectNoHorizontalOverflow(page);
    await screenshot(page, "import-preview-375");
    expect(await axeViolations(page)).toEqual([]);
    await page.close();
  });
});

describe("Iniciar assinaturas", () => {
  test("the not-started clients, a selection, the dialog's count, total and skips, then one start", async () => {
    const page = await e2e.browser.newPage({ viewport: { width: 1280, height: 900 } });
    const problems = pageProblems(page);
    await signIn(page, e2e.server.url);
    // Three more clients, one of them in trial (no fee: skipped).
    for (const [i, fee, trial] of [[20, "300.00", false], [21, "250.00", false], [22, "", true]] as const) {
      const base = String(40_000_000 + i) + "0001";
      const created = await pageApi(page, "/api/clients", { nome: `Assinante ${i}`, cnpj: base + cnpjCheckDigits(base), contato: "Ana", telefone: "(11) 3333-4444", email: `a${i}@exemplo.com.br`, valorMensalidade: fee, codigoCliente: `ASS-${i}`, isTrial: trial });
      expect(created.status).toBe(201);
    }
    await page.goto(`${e2e.server.url}/subscriptions?status=nao_iniciada`);
    await waitForIslands(page);
    await dismissToasts(page);
    await page.getByRole("checkbox", { name: "Selecionar Assinante 20" }).check();
    await page.getByRole("checkbox", { name: "Selecionar Assinante 22" }).check();
    await page.getByRole("button", { name: "Iniciar assinaturas (2)" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByText("1 assinatura será iniciada").waitFor();
    await dialog.getByText("R$ 300,00", { exact: false }).first().waitFor();
    await dialog.getByText("Sem mensalidade (cliente em trial ou com valor zero)", { exact: false }).waitFor();
    await animationsDone(page);
    await screenshot(page, "bulk-start-dialog-1280");
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole("button", { name: "Iniciar 1 assinatura" }).click();
    await toast(page, "1 assinatura iniciada; 1 cliente pulado");
    await eventually(() => page.getByRole("checkbox", { name: "Selecionar Assinante 20" }).count(), 0);
    await screenshot(page, "bulk-not-started-1280");
    expect(problems).toEqual([]);
    await page.close();
  });

  test("at 375 px: every not-started client with a fee from one dialog", async () => {
    const page = await e2e.browser.newPage({ viewport: { width: 375, height: 812 } });
    await signIn(page, e2e.server.url);
    await page.goto(`${e2e.server.url}/subscriptions?status=nao_iniciada`);
    await waitForIslands(page);
    await dismissToasts(page);
    await expectNoHorizontalOverflow(page);
    await screenshot(page, "bulk-not-started-375");
    await page.getByRole("button", { name: "Iniciar assinaturas" }).click();
    const dialog = page.getByRole("dialog");
    // Clientes 2 and 3 of the import and Assinante 21 (Cliente 1 started with the import; 22 is in trial).
    await dialog.getByText("3 assinaturas serão iniciadas").waitFor();
    await animationsDone(page);
    await screenshot(page, "bulk-start-dialog-375");
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole("button", { name: "Iniciar 3 assinaturas" }).click();
    await toast(page, "3 assinaturas iniciadas");
    await page.close();
  });
});

describe("Novo Cliente with its subscription, and Gerar parcelas agora ahead", () => {
  test("at 375 px: the start's fields in Novo Cliente; then generating ahead to the end of next month", async () => {
    const page = await e2e.browser.newPage({ viewport: { width: 375, height: 812 } });
    const problems = pageProblems(page);
    await signIn(page, e2e.server.url);
    await page.goto(`${e2e.server.url}/clients`);
    await waitForIslands(page);
    await dismissToasts(page);
    await page.getByRole("button", { name: "Novo Cliente" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Novo Cliente" });
    await dialog.waitFor();
    const base = String(40_000_000 + 30) + "0001";
    await dialog.getByLabel("Nome").fill("Livraria Sol Nascente");
    await dialog.getByLabel("CNPJ").fill(base + cnpjCheckDigits(base));
    await dialog.getByLabel("Código do cliente").fill("LIV-030");
    await dialog.getByLabel("Contato").fill("Rita");
    await dialog.getByLabel("Telefone").fill("(11) 3333-4444");
    await dialog.getByLabel("E-mail").fill("rita@livraria.com.br");
    await dialog.getByLabel("Mensalidade").pressSequentially("180,00");
    await dialog.getByLabel("Iniciar assinatura agora").check();
    await dialog.getByLabel("Início (primeiro mês cobrado)").waitFor();
    await eventually(() => dialog.getByLabel("Início (primeiro mês cobrado)").inputValue().then((v) => v !== ""), true);
    await animationsDone(page);
    await screenshot(page, "new-client-start-375");
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole("button", { name: "Salvar" }).click();
    await toast(page, "Cliente criado e assinatura iniciada");

    await page.goto(`${e2e.server.url}/subscriptions`);
    await waitForIslands(page);
    await dismissToasts(page);
    await page.getByRole("button", { name: "Gerar parcelas agora" }).click();
    const generate = page.getByRole("dialog", { name: "Gerar parcelas agora" });
    await generate.getByText("Adiantar até o fim do próximo mês").click();
    await animationsDone(page);
    await screenshot(page, "generate-now-375");
    expect(await axeViolations(page)).toEqual([]);
    await generate.getByRole("button", { name: "Gerar" }).click();
    await page.locator(".ui-toaster").getByText(/parcelas? gerad|Nenhuma parcela a gerar/).first().waitFor();
    expect(problems).toEqual([]);
    await page.close();
  });
});
