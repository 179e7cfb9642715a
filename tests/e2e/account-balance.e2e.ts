// An account's balance and the statement's "Diferença" (issue 34 §3) in a real browser, at 1280
// and 375 px, axe clean, screenshots into tests/e2e/screenshots (looked at). The register of
// accounts (/accounts) is another branch's: the account is written straight into the database,
// as its payment's and its statement's account (what that branch's picker and import will do).
import { Database } from "bun:sqlite";
import { describe, expect, test } from "bun:test";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { buildOfx } from "../fixtures/ofx/build";
import { axeViolations, dismissToasts, expectNoHorizontalOverflow, isoDaysFromToday, pageApi, pageProblems, printScale, SCREENSHOTS, screenshot, signIn, toast, useServerAndBrowser, waitForIslands } from "./support";

const e2e = useServerAndBrowser();

async function send(page: Page, path: string, body?: unknown, method = "POST") {
  const answer = await pageApi(page, path, body, method);
  if (answer.status >= 300) throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.json)}`);
  return answer.json as Record<string, unknown>;
}

/** The server's database, beside it (WAL: a second connection writes while it serves). */
function database(): Database {
  const db = new Database(join(e2e.server.dir, "app.db"));
  db.run("PRAGMA busy_timeout = 5000");
  return db;
}

const text = (page: Page, selector: string) => page.locator(selector).first().evaluate((el) => ((el as HTMLElement).innerText ?? "").replace(/\u00a0/g, " ").replace(/\s+/g, " ").trim());

async function check(page: Page, name: string) {
  await dismissToasts(page);
  expect(await axeViolations(page)).toEqual([]);
  await expectNoHorizontalOverflow(page);
  await screenshot(page, name);
}

describe("an account's balance and the statement's difference", () => {
  test("Conta movimento: R$ 1.000,00 opening + R$ 150,00 received = R$ 1.150,00; the bank says R$ 1.140,00 (a fee): Diferença -R$ 10,00", async () => {
    const page = await e2e.browser.newPage({ viewport: { width: 1280, height: 900 } });
    const problems = pageProblems(page);
    await signIn(page, e2e.server.url);

    const db = database();
    const conta = db
      .query<{ id: number }, [string]>(
        "INSERT INTO bank_accounts (banco, agencia, conta, apelido, saldo_inicial, saldo_inicial_data, padrao) VALUES ('341', '1234', '56789-0', 'Conta movimento', 100000, ?, 1) RETURNING id",
      )
      .get(isoDaysFromToday(-10))!.id;
    const client = await send(page, "/api/clients", { nome: "Padaria Pão Quente", cnpj: "11.222.333/0001-81", contato: "Maria", telefone: "(11) 98765-4321", email: "contato@paoquente.com.br", valorMensalidade: "150.00", codigoCliente: "PAO-1", isTrial: false });
    const generated = (await send(page, "/api/installments/generate", { clientId: client.id, numParcelas: 1, valor: "150.00", primeiroVencimento: isoDaysFromToday(-3), descricao: "Mensalidade" })) as { installments: { id: number }[] };
    await send(page, `/api/installments/${generated.installments[0]!.id}/pay`, { dataPagamento: isoDaysFromToday(-3), valorPago: "150.00" }, "PATCH");
    db.run("UPDATE payments SET conta_id = ? WHERE conta_id IS NULL", [conta]);

    // Contas bancárias shows it: Saldo hoje.
    await page.goto(`${e2e.server.url}/accounts`);
    await waitForIslands(page);
    await page.locator(".accounts-table tbody tr").filter({ hasText: "Conta movimento" }).locator(".account-balance", { hasText: "R$\u00a01.150,00" }).waitFor();
    await check(page, "account-balance-register-1280");

    // The bank's statement: the same credit, and a fee Cofre has not recorded; LEDGERBAL R$ 1.140,00.
    await page.goto(`${e2e.server.url}/reconciliation`);
    await waitForIslands(page);
    const day = (n: number) => isoDaysFromToday(n).replaceAll("-", "");
    await page.getByLabel("Importar extrato (OFX)").setInputFiles({
      name: "extrato-itau.ofx",
      mimeType: "application/x-ofx",
      buffer: Buffer.from(
        buildOfx({
          postings: [
            { fitid: "T1", data: day(-3), valor: "150.00", nome: "PIX RECEBIDO PADARIA PAO QUENTE" },
            { fitid: "T2", data: day(-1), valor: "-10.00", nome: "TARIFA PACOTE" },
          ],
          period: { from: day(-10), to: day(0) },
          balance: "1.140,00",
        }),
      ),
    });
    await toast(page, "Extrato importado: 2 transações novas");
    db.run("UPDATE statements SET conta_id = ? WHERE conta_id IS NULL", [conta]);
    db.close();
    await page.reload();
    await waitForIslands(page);
    const card = page.locator(".rec-summary__card").filter({ hasText: "Saldo no banco" });
    await card.waitFor();
    expect(await text(page, ".rec-summary__card:has-text('Saldo no banco')")).toBe(
      `Saldo no banco R$ 1.140,00 Em ${isoDaysFromToday(0).split("-").reverse().join("/")} Saldo no Cofre R$ 1.150,00 Diferença -R$ 10,00`,
    );
    await check(page, "account-balance-statement-1280");

    // The balance in Relatórios: Saldo projetado for that account, and the cash flow chosen by the selector.
    await page.goto(`${e2e.server.url}/reports?aba=projecao&dias=30&conta=${conta}`);
    expect(await text(page, ".figure")).toBe("Saldo hoje R$ 1.150,00 Conta movimento");
    await check(page, "account-balance-projection-1280");
    // Printed on A4: the header names the account and the period, nothing shrinks the page.
    mkdirSync(join(SCREENSHOTS, "print"), { recursive: true });
    const pdf = join(SCREENSHOTS, "print", "account-balance-projection.pdf");
    await page.pdf({ path: pdf, format: "A4", printBackground: true });
    Bun.spawnSync(["pdftoppm", "-png", "-r", "50", pdf, pdf.replace(/\.pdf$/, "")]);
    const printed = Bun.spawnSync(["pdftotext", "-layout", pdf, "-"]).stdout.toString();
    expect(printed).toContain("Saldo projetado");
    expect(printed).toContain("Próximos 30 dias");
    expect(printed).toContain("Conta: Conta movimento");
    expect(printed).not.toContain("Ver projeção");
    expect(await printScale(page, pdf)).toBe(1);
    await page.goto(`${e2e.server.url}/reports?aba=fluxo`);
    await page.getByLabel("Conta").selectOption({ label: "Conta movimento (padrão)" });
    await page.getByRole("button", { name: "Ver relatório" }).click();
    await page.waitForURL(new RegExp(`conta=${conta}`));
    await page.getByText("Conta movimento: entradas × saídas").waitFor();
    await check(page, "account-balance-cash-flow-1280");

    // A phone: the same figures, nothing sideways.
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`${e2e.server.url}/reconciliation`);
    await waitForIslands(page);
    await page.locator(".rec-summary__card").filter({ hasText: "Diferença" }).getByText("-R$\u00a010,00").waitFor();
    await check(page, "account-balance-statement-375");
    await page.goto(`${e2e.server.url}/reports?aba=projecao&dias=60&conta=${conta}`);
    expect(await text(page, ".figure")).toBe("Saldo hoje R$ 1.150,00 Conta movimento");
    await check(page, "account-balance-projection-375");
    await page.goto(`${e2e.server.url}/accounts`);
    await waitForIslands(page);
    await page.locator(".accounts-table tbody tr").filter({ hasText: "Conta movimento" }).locator(".account-balance", { hasText: "R$\u00a01.150,00" }).waitFor();
    await check(page, "account-balance-register-375");
    expect(problems).toEqual([]);
    await page.close();
  });
});
