import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { formatDateBR } from "../../src/lib/dates";
import {
  animationsDone,
  axeViolations,
  dismissToasts,
  eventually,
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
import { buildOfx } from "../fixtures/ofx/build";

const e2e = useServerAndBrowser();
const FIXTURES = join(import.meta.dir, "..", "fixtures", "ofx");

const FLORICULTURA = { ...PADARIA, nome: "Floricultura Ipê Amarelo", cnpj: "11.444.777/0001-61", codigoCliente: "FLO-002", email: "flores@ipe.com.br" };
const MERCEARIA = { ...PADARIA, nome: "Mercearia Boa Vista", cnpj: "12.345.678/0001-95", codigoCliente: "MER-003", email: "compras@boavista.com.br" };

interface Posting {
  fitid: string;
  /** Days from today (never in the future: a future transaction cannot settle anything). */
  day: number;
  valor: string;
  nome?: string;
  memo?: string;
}

const ofxDate = (day: number) => isoDaysFromToday(day).replaceAll("-", "");

/** A statement of the last ten days (tests/fixtures/ofx/build.ts), postings dated in days from today. */
function ofx(postings: Posting[], balance: string, account = "56789-0"): Buffer {
  const dated = postings.map(({ day, ...p }) => ({ ...p, data: ofxDate(day) }));
  return Buffer.from(buildOfx({ postings: dated, period: { from: ofxDate(-10), to: ofxDate(0) }, account, balance }));
}

/** How the screen names a transaction in its buttons. */
const named = (day: number, brl: string) => `transação de ${formatDateBR(isoDaysFromToday(day))} ${brl}`;

function watch(page: Page): string[] {
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(error.message));
  // The refused upload answers 400 on purpose: the browser logs it as a failed resource.
  page.on("console", (m) => m.type() === "error" && !/status of 4\d\d/.test(m.text()) && problems.push(m.text()));
  return problems;
}

async function openReconciliation(page: Page, query = "") {
  await page.goto(`${e2e.server.url}/reconciliation${query}`);
  await waitForIslands(page);
  await dismissToasts(page);
}

const rowOf = (page: Page, description: string) => page.locator(".rec-table tbody tr").filter({ hasText: description });

describe("Conciliação", () => {
  test("import a statement, confirm a suggestion, confirm the rest in bulk, ignore, undo, choose by hand; a PDF is refused in pt-BR — 1280 px", async () => {
    const page = await e2e.browser.newPage({ viewport: { width: 1280, height: 900 } });
    const problems = watch(page);
    await signIn(page, e2e.server.url);

    const generate = async (clientId: number, valor: string, day: number) =>
      (await pageApi(page, "/api/installments/generate", { clientId, numParcelas: 1, valor, primeiroVencimento: isoDaysFromToday(day), descricao: "Mensalidade" })).json
        .installments[0] as { id: number };
    const padaria = (await pageApi(page, "/api/clients", PADARIA)).json as { id: number };
    const flor = (await pageApi(page, "/api/clients", FLORICULTURA)).json as { id: number };
    const mercearia = (await pageApi(page, "/api/clients", MERCEARIA)).json as { id: number };
    const supplier = (await pageApi(page, "/api/suppliers", { nome: "Gráfica Ágil", email: "contato@agil.com.br" })).json as { id: number };
    const padariaDue = await generate(padaria.id, "150.00", -3);
    await generate(flor.id, "210.00", -2);
    await generate(mercearia.id, "333.33", -1);
    const old = await generate(mercearia.id, "99.00", -90);
    const bill = await pageApi(page, "/api/payables/generate", { supplierId: supplier.id, numParcelas: 1, valor: "480.00", primeiroVencimento: isoDaysFromToday(-2), descricao: "Papel" });
    expect(bill.status).toBe(201);

    // Nothing imported yet: the empty state offers the upload.
    await openReconciliation(page);
    await page.getByText("Nenhum extrato importado").waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, "reconciliation-empty-1280");

    await page.getByLabel("Importar extrato (OFX)").setInputFiles({
      name: "extrato-itau.ofx",
      mimeType: "application/x-ofx",
      buffer: ofx(
        [
          { fitid: "T1", day: -3, valor: "150.00", nome: "PIX RECEBIDO PADARIA PAO QUENTE" },
          { fitid: "T2", day: -2, valor: "210.00", nome: "PIX RECEBIDO", memo: "Floricultura Ipe Amarelo mensalidade" },
          { fitid: "T3", day: -1, valor: "333.33", nome: "TED 237 0001" },
          { fitid: "T4", day: -2, valor: "-480.00", nome: "BOLETO GRAFICA AGIL" },
          { fitid: "T5", day: -1, valor: "-500.00", nome: "TRANSF ENTRE CONTAS" },
          { fitid: "T6", day: 0, valor: "99.00", nome: "DEPOSITO EM DINHEIRO" },
        ],
        "5.000,00",
      ),
    });
    await toast(page, "Extrato importado: 6 transações novas");
    expect(await page.evaluate(() => location.search)).toMatch(/^\?extrato=\d+$/);
    await waitForIslands(page);
    await page.getByText("4 sugestões", { exact: false }).waitFor();
    await dismissToasts(page);

    // Suggestions with their confidence and reason.
    const padariaRow = rowOf(page, "PIX RECEBIDO PADARIA PAO QUENTE");
    await padariaRow.getByText("Confiança Alta").waitFor();
    expect(await padariaRow.textContent()).toContain("Padaria Pão Quente");
    await rowOf(page, "TED 237 0001").getByText("Confiança Média").waitFor();
    expect(await rowOf(page, "TRANSF ENTRE CONTAS").textContent()).toContain("-R$\u00a0500,00");
    const summary = page.locator(".rec-summary");
    expect(await summary.textContent()).toContain("R$\u00a05.000,00");
    expect(await page.locator(".rec-situacoes").textContent()).toBe("Todas6Pendentes2Sugeridas4Conciliadas0Ignoradas0");
    expect(await axeViolations(page)).toEqual([]);
    await expectNoHorizontalOverflow(page);
    await screenshot(page, "reconciliation-1280");

    // One by one, by keyboard: focus the row's Confirmar and press Enter.
    await page.getByRole("button", { name: `Confirmar ${named(-3, "R$\u00a0150,00")}` }).focus();
    await page.keyboard.press("Enter");
    await toast(page, "Transação conciliada");
    await padariaRow.getByText("Conciliada", { exact: true }).waitFor();
    // Focus stays on that row (now its Desfazer).
    await eventually(() => page.evaluate(() => document.activeElement?.getAttribute("aria-label")), `Desfazer ${named(-3, "R$\u00a0150,00")}`);

    // The rest of high confidence at once: Floricultura (named in the memo) and the Gráfica's bill.
    const bulk = page.getByRole("button", { name: "Confirmar sugestões de alta confiança (2)" });
    await bulk.click();
    const ask = page.getByRole("alertdialog", { name: "Confirmar sugestões de alta confiança" });
    await ask.getByRole("button", { name: "Confirmar sugestões" }).click();
    await toast(page, "2 transações conciliadas");
    await page.getByRole("button", { name: "Confirmar sugestões de alta confiança (0)" }).waitFor();
    expect(await page.getByRole("button", { name: "Confirmar sugestões de alta confiança (0)" }).isDisabled()).toBe(true);
    await eventually(() => page.locator(".rec-situacoes").textContent(), "Todas6Pendentes2Sugeridas1Conciliadas3Ignoradas0");
    await eventually(async () => (await summary.textContent())?.includes("créditos R$\u00a0360,00") && (await summary.textContent())?.includes("débitos R$\u00a0480,00"), true);

    // Ignore the transfer between own accounts (the row's "⋯" menu).
    await page.getByRole("button", { name: `Mais ações para ${named(-1, "-R$\u00a0500,00")}` }).click();
    await page.getByRole("menuitem", { name: "Ignorar" }).click();
    await toast(page, "Transação ignorada");
    await rowOf(page, "TRANSF ENTRE CONTAS").getByText("Ignorada", { exact: true }).waitFor();

    // Undo Floricultura's: it cancels a payment, so it asks first.
    await page.getByRole("button", { name: `Desfazer ${named(-2, "R$\u00a0210,00")}` }).click();
    const undo = page.getByRole("alertdialog", { name: "Desfazer conciliação" });
    await undo.getByText("Floricultura Ipê Amarelo — parcela 1/1").waitFor();
    await undo.getByRole("button", { name: "Desfazer conciliação" }).click();
    await toast(page, "Conciliação desfeita");
    await rowOf(page, "Floricultura Ipe Amarelo").getByText("Sugerida", { exact: true }).waitFor();

    // The deposit has no suggestion: choose the Mercearia's old installment by hand.
    await page.getByRole("button", { name: `Escolher parcela para ${named(0, "R$\u00a099,00")}` }).click();
    const pick = page.getByRole("dialog", { name: "Escolher parcela" });
    await pick.getByLabel("Buscar cliente").fill("merc");
    await pick.getByText(`venc. ${formatDateBR(isoDaysFromToday(-90))} (vencida)`).waitFor();
    await animationsDone(page);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, "reconciliation-pick-1280");
    await pick.getByRole("checkbox", { name: /Mercearia Boa Vista.*R\$\s99,00/ }).check();
    // 90 days late: R$ 99,00 + multa 1,98 + juros 2,97 (99 × 1 % × 90/30) = R$ 103,95 due; the
    // deposit is R$ 4,95 short, so a choice is asked before anything is written (issue 34 §2).
    const sum = pick.locator(".rec-pick__sum");
    await sum.getByText("R$\u00a0103,95").waitFor();
    expect(await sum.textContent()).toContain("Diferença− R$\u00a04,95");
    const conciliar = pick.getByRole("button", { name: "Conciliar com a parcela escolhida" });
    expect(await conciliar.isDisabled()).toBe(true);
    await pick.getByRole("radio", { name: "Pagamento parcial (fica saldo de R$\u00a04,95)" }).waitFor();
    await pick.getByRole("radio", { name: "Quitar com desconto de R$\u00a04,95" }).check();
    await animationsDone(page);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, "reconciliation-difference-1280");
    await conciliar.click();
    await toast(page, "Transação conciliada");
    await pick.waitFor({ state: "detached" });
    await rowOf(page, "DEPOSITO EM DINHEIRO").getByText("Conciliada", { exact: true }).waitFor();

    // The filter is in the URL; a reload shows the same view.
    await page.locator(".rec-situacoes").getByRole("link", { name: /^Conciliadas/ }).click();
    await eventually(() => page.evaluate(() => new URLSearchParams(location.search).get("situacao")), "conciliada");
    await eventually(() => page.locator(".rec-table tbody tr").count(), 3);
    await page.reload();
    await waitForIslands(page);
    expect(await page.locator(".rec-table tbody tr").count()).toBe(3);
    expect(await page.locator('.rec-situacoes [aria-current="page"]').textContent()).toBe("Conciliadas3");
    expect(await axeViolations(page)).toEqual([]);
    await expectNoHorizontalOverflow(page);
    await screenshot(page, "reconciliation-conciliadas-1280");

    // Contas a Receber: the Padaria's installment is paid, on the transaction's date; the undone one is open again.
    await page.goto(`${e2e.server.url}/receivables?clientId=${padaria.id}`);
    await waitForIslands(page);
    await page.locator(".ledger-table tbody").getByText(`Pago em ${formatDateBR(isoDaysFromToday(-3))}`).waitFor();
    const receivables = (await pageApi(page, "/api/installments?porPagina=500", undefined, "GET")).json as { id: number; status: string }[];
    expect(receivables.find((r) => r.id === padariaDue.id)?.status).toBe("pago");
    expect(receivables.find((r) => r.id === old.id)?.status).toBe("pago");

    // A PDF is not a statement: the server's reason under the field and as a toast; nothing imported.
    await openReconciliation(page);
    await page.getByLabel("Importar extrato (OFX)").setInputFiles({ name: "extrato.pdf", mimeType: "application/pdf", buffer: readFileSync(join(FIXTURES, "statement.pdf")) });
    const refusal = page.locator(".rec-upload").getByRole("alert");
    await refusal.waitFor();
    expect(await refusal.textContent()).toStartWith("Não foi possível ler o extrato: ");
    await page.locator(".ui-toaster").getByText("Erro").waitFor();
    const statements = await pageApi(page, "/api/statements", undefined, "GET");
    expect(statements.json).toHaveLength(1);
    // The toast fades in: axe reads its colours once it is there.
    await animationsDone(page);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, "reconciliation-refused-1280");

    // A second account's statement opens by itself; the picker goes back to the first (a plain GET form).
    await page.getByLabel("Importar extrato (OFX)").setInputFiles({
      name: "extrato-poupanca.ofx",
      mimeType: "application/x-ofx",
      buffer: ofx([{ fitid: "P1", day: 0, valor: "42.00", nome: "PIX" }], "42,00", "11111-1"),
    });
    await toast(page, "Extrato importado: 1 transação nova");
    await waitForIslands(page);
    expect(await page.locator(".rec-summary").textContent()).toContain("Conta 11111-1");
    const first = statements.json[0] as { id: number };
    await page.getByLabel("Extrato", { exact: true }).selectOption(String(first.id));
    await page.getByRole("button", { name: "Abrir" }).click();
    await page.waitForURL(`${e2e.server.url}/reconciliation?extrato=${first.id}`);
    expect(await page.locator(".rec-summary").textContent()).toContain("Conta 56789-0");
    expect(problems).toEqual([]);
    await page.close();
  });

  test("at 375 px: the figures two by two, the transactions as cards, the dialog fits; axe clean", async () => {
    const page = await e2e.browser.newPage({ viewport: { width: 375, height: 812 } });
    const problems = watch(page);
    await signIn(page, e2e.server.url);
    // The first statement (the newest is the second account's, with one transaction).
    await openReconciliation(page, "?extrato=1");
    await page.locator(".rec-table tbody tr").first().waitFor();
    await expectNoHorizontalOverflow(page);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, "reconciliation-375");

    // An HTML page saved by mistake: refused in pt-BR.
    await page.getByLabel("Importar extrato (OFX)").setInputFiles({ name: "extrato.ofx", mimeType: "text/html", buffer: readFileSync(join(FIXTURES, "page.html")) });
    await page.locator(".rec-upload").getByRole("alert").getByText(/^Não foi possível ler o extrato: /).waitFor();
    await expectNoHorizontalOverflow(page);

    await page.getByRole("button", { name: /^Mais ações para transação de .* R\$\s333,33$/ }).click();
    await page.getByRole("menuitem", { name: "Escolher outra parcela…" }).click();
    const pick = page.getByRole("dialog", { name: "Escolher parcela" });
    // Opened on a suggestion: it comes chosen, exact.
    await pick.getByRole("checkbox").first().waitFor();
    expect(await pick.getByRole("checkbox").first().isChecked()).toBe(true);
    await pick.locator(".rec-pick__sum").getByText("Nenhuma").waitFor();
    await animationsDone(page);
    await expectNoHorizontalOverflow(page);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, "reconciliation-pick-375");
    await pick.getByRole("button", { name: "Cancelar" }).click();
    await pick.waitFor({ state: "detached" });

    // The second account's R$ 42,00 against the Floricultura's R$ 210,00 two days late (+ 4,20 + 0,14 = R$ 214,34): the difference and the choice fit.
    await openReconciliation(page, "?extrato=2");
    await page.getByRole("button", { name: `Escolher parcela para ${named(0, "R$\u00a042,00")}` }).click();
    const short = page.getByRole("dialog", { name: "Escolher parcela" });
    await short.getByLabel("Buscar cliente").fill("flor");
    await short.getByRole("checkbox", { name: /Floricultura Ipê Amarelo/ }).check();
    await short.getByRole("radio", { name: "Pagamento parcial (fica saldo de R$\u00a0172,34)" }).check();
    await short.getByRole("radio", { name: "Quitar com desconto de R$\u00a0172,34" }).waitFor();
    await animationsDone(page);
    await expectNoHorizontalOverflow(page);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, "reconciliation-difference-375");
    await short.getByRole("button", { name: "Cancelar" }).click();
    expect(problems).toEqual([]);
    await page.close();
  });
});
