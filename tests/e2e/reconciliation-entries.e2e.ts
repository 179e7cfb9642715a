// Conciliação, issue 34 §2 in a browser: "Criar lançamento" from a credit (a new receivable of a
// client) and from a debit (a payable of a supplier, and a bank fee in one click), "Desfazer
// lançamento", and one credit for two installments — at 1280 and 375 px, axe clean, screenshots.
// (Baixar parcial is tests/e2e/payments.e2e.ts; a line that differs from what is due,
// tests/e2e/reconciliation.e2e.ts.)
import { describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { formatDateBR } from "../../src/lib/dates";
import { buildOfx } from "../fixtures/ofx/build";
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

const e2e = useServerAndBrowser();

const FLORICULTURA = { ...PADARIA, nome: "Floricultura Ipê Amarelo", cnpj: "11.444.777/0001-61", codigoCliente: "FLO-002", email: "flores@ipe.com.br" };

interface Posting {
  fitid: string;
  /** Days from today (never in the future). */
  day: number;
  valor: string;
  nome?: string;
  memo?: string;
}

const ofxDate = (day: number) => isoDaysFromToday(day).replaceAll("-", "");
function ofx(postings: Posting[], account: string): Buffer {
  const dated = postings.map(({ day, ...p }) => ({ ...p, data: ofxDate(day) }));
  return Buffer.from(buildOfx({ postings: dated, period: { from: ofxDate(-10), to: ofxDate(0) }, account }));
}

/** How the screen names a transaction in its buttons. */
const named = (day: number, brl: string) => `transação de ${formatDateBR(isoDaysFromToday(day))} ${brl}`;
const rowOf = (page: Page, description: string) => page.locator(".rec-table tbody tr").filter({ hasText: description });

function watch(page: Page): string[] {
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(error.message));
  page.on("console", (m) => m.type() === "error" && !/status of 4\d\d/.test(m.text()) && problems.push(m.text()));
  return problems;
}

async function importStatement(page: Page, name: string, postings: Posting[], account: string, novas: string) {
  await page.goto(`${e2e.server.url}/reconciliation`);
  await waitForIslands(page);
  await page.getByLabel("Importar extrato (OFX)").setInputFiles({ name, mimeType: "application/x-ofx", buffer: ofx(postings, account) });
  await toast(page, `Extrato importado: ${novas}`);
  await waitForIslands(page);
  await dismissToasts(page);
}

async function openEntry(page: Page, rowName: string, item: string) {
  await page.getByRole("button", { name: `Mais ações para ${rowName}` }).click();
  await page.getByRole("menuitem", { name: item }).click();
}

type Row = { id: number; clientName?: string; supplierName?: string; descricao: string; valor: string; status: string; dataVencimento: string; categoria?: string };

describe("Criar lançamento", () => {
  test("from a credit (a receivable of a client), from a debit (a supplier, by keyboard) and a bank fee in one click; Desfazer lançamento; one credit for two installments — 1280 px", async () => {
    const page = await e2e.browser.newPage({ viewport: { width: 1280, height: 900 } });
    const problems = watch(page);
    await signIn(page, e2e.server.url);
    const padaria = (await pageApi(page, "/api/clients", PADARIA)).json as { id: number };
    await pageApi(page, "/api/clients", FLORICULTURA);
    const moinho = (await pageApi(page, "/api/suppliers", { nome: "Moinho Santa Clara" })).json as { id: number };
    // Two months of the Floricultura, not yet due: one PIX pays both.
    const flor = ((await pageApi(page, "/api/clients?q=flor&porPagina=5", undefined, "GET")).json as { id: number }[])[0]!;
    const months: number[] = [];
    for (const day of [5, 35]) {
      const answer = await pageApi(page, "/api/installments/generate", { clientId: flor.id, numParcelas: 1, valor: "210.00", primeiroVencimento: isoDaysFromToday(day), descricao: "Mensalidade" });
      months.push((answer.json.installments as { id: number }[])[0]!.id);
    }

    await importStatement(
      page,
      "extrato-itau.ofx",
      [
        { fitid: "E1", day: -4, valor: "432.10", nome: "PIX RECEBIDO", memo: "JOANA LIMA SERVICO EXTRA" },
        { fitid: "E2", day: -3, valor: "-39.90", nome: "TARIFA PACOTE SERVICOS" },
        { fitid: "E3", day: -2, valor: "-250.00", nome: "BOLETO PAGO 23790001" },
        { fitid: "E4", day: -1, valor: "420.00", nome: "PIX RECEBIDO 0001" },
      ],
      "56789-0",
      "4 transações novas",
    );
    await page.getByRole("button", { name: `Escolher parcela para ${named(-4, "R$\u00a0432,10")}` }).waitFor();

    // A credit nothing explains: a new receivable of the Padaria, paid by it.
    await openEntry(page, named(-4, "R$\u00a0432,10"), "Criar lançamento (a receber)…");
    const credit = page.getByRole("dialog", { name: "Criar parcela a receber" });
    await credit.getByText("PIX RECEBIDO — JOANA LIMA SERVICO EXTRA").first().waitFor();
    expect(await credit.locator(".rec-pick__facts").textContent()).toContain(`${formatDateBR(isoDaysFromToday(-4))}ValorR$\u00a0432,10`);
    // The amount is the line's: shown, not a field.
    expect(await credit.getByRole("textbox", { name: /Valor/ }).count()).toBe(0);
    expect(await credit.getByLabel("Categoria").inputValue()).toBe(String(await categoryId(page, "Serviços avulsos")));
    // Receita categories only, under their groups.
    expect(await credit.locator("optgroup").evaluateAll((groups) => groups.map((g) => (g as HTMLOptGroupElement).label))).toEqual(["Receitas de serviços", "Receitas financeiras"]);
    // Nothing sent without the client (SPEC §5's words).
    await credit.getByRole("button", { name: "Criar e conciliar" }).click();
    await credit.getByText("Cliente é obrigatório").waitFor();
    await credit.getByRole("combobox", { name: "Cliente" }).fill("pad");
    await credit.getByRole("option", { name: "Padaria Pão Quente" }).click();
    await credit.getByLabel("Descrição").fill("Serviço extra — Joana Lima");
    await animationsDone(page);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, "reconciliation-entry-credit-1280");
    await credit.getByRole("button", { name: "Criar e conciliar" }).click();
    await toast(page, "Parcela a receber criada e conciliada");
    await credit.waitFor({ state: "detached" });
    const creditRow = rowOf(page, "JOANA LIMA");
    await creditRow.getByText("Conciliada", { exact: true }).waitFor();
    expect(await creditRow.textContent()).toContain("Padaria Pão Quente");
    // Focus stays on the row: its first verb now undoes what was just made.
    await eventually(() => page.evaluate(() => document.activeElement?.getAttribute("aria-label")), `Desfazer lançamento da ${named(-4, "R$\u00a0432,10")}`);
    const receivable = ((await pageApi(page, `/api/installments?clientId=${padaria.id}`, undefined, "GET")).json as Row[])[0]!;
    expect(receivable).toMatchObject({ descricao: "Serviço extra — Joana Lima", valor: "432.10", status: "pago", dataVencimento: isoDaysFromToday(-4) });

    // "Desfazer lançamento" takes the receivable away and the line is pending again.
    await page.getByRole("button", { name: `Desfazer lançamento da ${named(-4, "R$\u00a0432,10")}` }).click();
    const undo = page.getByRole("alertdialog", { name: "Desfazer lançamento" });
    await undo.getByText("A parcela a receber criada a partir desta transação será excluída", { exact: false }).waitFor();
    await animationsDone(page);
    await screenshot(page, "reconciliation-entry-undo-1280");
    await undo.getByRole("button", { name: "Desfazer lançamento" }).click();
    await toast(page, "Lançamento desfeito: a parcela criada foi excluída e a transação voltou às pendentes");
    await creditRow.getByText("Pendente", { exact: true }).waitFor();
    expect((await pageApi(page, `/api/installments?clientId=${padaria.id}`, undefined, "GET")).json).toEqual([]);

    // A bank fee in one click: the bank as supplier, Tarifas bancárias.
    await dismissToasts(page);
    await openEntry(page, named(-3, "-R$\u00a039,90"), "Criar lançamento (a pagar)…");
    const fee = page.getByRole("dialog", { name: "Criar conta a pagar" });
    await fee.getByText("Itaú Unibanco (341)").waitFor();
    await animationsDone(page);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, "reconciliation-entry-debit-1280");
    await fee.getByRole("button", { name: "Tarifa bancária" }).click();
    await toast(page, "Tarifa bancária lançada e conciliada");
    await fee.waitFor({ state: "detached" });
    const feeRow = rowOf(page, "TARIFA PACOTE SERVICOS");
    await feeRow.getByText("Conciliada", { exact: true }).waitFor();
    expect(await feeRow.textContent()).toContain("Itaú Unibanco");

    // A debit to a supplier, all by keyboard: the row's menu, the picker, the category, Enter.
    await dismissToasts(page);
    await page.getByRole("button", { name: `Mais ações para ${named(-2, "-R$\u00a0250,00")}` }).focus();
    await page.keyboard.press("Enter");
    await page.getByRole("menuitem", { name: "Criar lançamento (a pagar)…" }).waitFor();
    await eventually(() => page.evaluate(() => document.activeElement?.textContent ?? ""), "Criar lançamento (a pagar)…");
    await page.keyboard.press("Enter");
    const debit = page.getByRole("dialog", { name: "Criar conta a pagar" });
    const supplier = debit.getByRole("combobox", { name: "Fornecedor" });
    await supplier.waitFor();
    await supplier.focus();
    await page.keyboard.type("moinho");
    await debit.getByRole("option", { name: "Moinho Santa Clara" }).waitFor();
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    expect(await supplier.inputValue()).toBe("Moinho Santa Clara");
    await page.keyboard.press("Tab"); // Descrição, from the line
    expect(await debit.getByLabel("Descrição").inputValue()).toBe("BOLETO PAGO 23790001");
    await page.keyboard.press("Tab"); // Categoria: typing picks the option
    await page.keyboard.type("Alug");
    await eventually(() => debit.getByLabel("Categoria").evaluate((s) => (s as HTMLSelectElement).selectedOptions[0]?.textContent), "Aluguel");
    await page.keyboard.press("Tab"); // Cancelar
    await page.keyboard.press("Tab"); // Criar e conciliar
    await eventually(() => page.evaluate(() => document.activeElement?.textContent ?? ""), "Criar e conciliar");
    await page.keyboard.press("Enter");
    await toast(page, "Conta a pagar criada e conciliada");
    await debit.waitFor({ state: "detached" });
    await rowOf(page, "BOLETO PAGO 23790001").getByText("Conciliada", { exact: true }).waitFor();
    const bills = (await pageApi(page, "/api/payables?porPagina=50", undefined, "GET")).json as (Row & { supplierId: number; categoriaId: number })[];
    expect(bills.map((b) => [b.supplierName, b.valor, b.status, b.dataVencimento]).sort()).toEqual(
      [
        ["Itaú Unibanco", "39.90", "pago", isoDaysFromToday(-3)],
        ["Moinho Santa Clara", "250.00", "pago", isoDaysFromToday(-2)],
      ].sort(),
    );
    expect(bills.find((b) => b.supplierId === moinho.id)!.categoriaId).toBe(await categoryId(page, "Aluguel"));
    expect(bills.find((b) => b.supplierName === "Itaú Unibanco")!.categoriaId).toBe(await categoryId(page, "Tarifas bancárias"));

    // One credit for two installments of one client: both checked, the sum exact, one confirmation.
    await dismissToasts(page);
    await page.getByRole("button", { name: `Escolher parcela para ${named(-1, "R$\u00a0420,00")}` }).click();
    const pick = page.getByRole("dialog", { name: "Escolher parcela" });
    await pick.getByLabel("Buscar cliente").fill("flor");
    const options = pick.getByRole("checkbox", { name: /Floricultura Ipê Amarelo/ });
    await eventually(() => options.count(), 2);
    await options.nth(0).check();
    await options.nth(1).check();
    const sum = pick.locator(".rec-pick__sum");
    await sum.getByText("Devido nas 2 parcelas").waitFor();
    expect(await sum.textContent()).toContain("DiferençaNenhuma");
    await animationsDone(page);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, "reconciliation-two-installments-1280");
    await pick.getByRole("button", { name: "Conciliar com as parcelas escolhidas" }).click();
    await toast(page, "Transação conciliada");
    await pick.waitFor({ state: "detached" });
    await rowOf(page, "PIX RECEBIDO 0001").getByText("Conciliada", { exact: true }).waitFor();
    const florRows = (await pageApi(page, `/api/installments?clientId=${flor.id}`, undefined, "GET")).json as Row[];
    expect(florRows.filter((r) => months.includes(r.id)).map((r) => r.status)).toEqual(["pago", "pago"]);

    await expectNoHorizontalOverflow(page);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, "reconciliation-entries-1280");
    expect(problems).toEqual([]);
    await page.close();
  });

  test("at 375 px: the dialog fits, the bank fee in one click, a credit to a client; axe clean", async () => {
    const page = await e2e.browser.newPage({ viewport: { width: 375, height: 812 } });
    const problems = watch(page);
    await signIn(page, e2e.server.url);
    const flor = ((await pageApi(page, "/api/clients?q=flor&porPagina=5", undefined, "GET")).json as { id: number }[])[0]!;
    for (const day of [65, 95]) {
      await pageApi(page, "/api/installments/generate", { clientId: flor.id, numParcelas: 1, valor: "180.00", primeiroVencimento: isoDaysFromToday(day), descricao: "Mensalidade" });
    }
    await importStatement(
      page,
      "extrato-poupanca.ofx",
      [
        { fitid: "M1", day: -2, valor: "-12.50", nome: "TAR DOC/TED" },
        { fitid: "M2", day: -1, valor: "88.00", nome: "PIX RECEBIDO", memo: "MARIA SOUZA" },
        { fitid: "M3", day: 0, valor: "360.00", nome: "PIX RECEBIDO 0002" },
      ],
      "11111-1",
      "3 transações novas",
    );
    await page.locator(".rec-table tbody tr").first().waitFor();
    await expectNoHorizontalOverflow(page);

    await openEntry(page, named(-2, "-R$\u00a012,50"), "Criar lançamento (a pagar)…");
    const fee = page.getByRole("dialog", { name: "Criar conta a pagar" });
    await fee.getByRole("button", { name: "Tarifa bancária" }).waitFor();
    await animationsDone(page);
    await expectNoHorizontalOverflow(page);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, "reconciliation-entry-debit-375");
    await fee.getByRole("button", { name: "Tarifa bancária" }).click();
    await toast(page, "Tarifa bancária lançada e conciliada");
    await rowOf(page, "TAR DOC/TED").getByText("Conciliada", { exact: true }).waitFor();
    // The same bank's supplier as the first statement's fee: found, not made again.
    const banks = ((await pageApi(page, "/api/suppliers?q=unibanco&porPagina=10", undefined, "GET")).json as { nome: string }[]).map((s) => s.nome);
    expect(banks).toEqual(["Itaú Unibanco"]);

    await dismissToasts(page);
    await openEntry(page, named(-1, "R$\u00a088,00"), "Criar lançamento (a receber)…");
    const credit = page.getByRole("dialog", { name: "Criar parcela a receber" });
    await credit.getByRole("combobox", { name: "Cliente" }).fill("flor");
    await credit.getByRole("option", { name: "Floricultura Ipê Amarelo" }).click();
    await credit.getByLabel("Categoria").selectOption({ label: "Mensalidades" });
    await animationsDone(page);
    await expectNoHorizontalOverflow(page);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, "reconciliation-entry-credit-375");
    await credit.getByRole("button", { name: "Criar e conciliar" }).click();
    await toast(page, "Parcela a receber criada e conciliada");
    await credit.waitFor({ state: "detached" });
    await rowOf(page, "MARIA SOUZA").getByText("Conciliada", { exact: true }).waitFor();
    await page.getByRole("button", { name: `Desfazer lançamento da ${named(-1, "R$\u00a088,00")}` }).waitFor();

    // One credit for the Floricultura's two next months, on a phone.
    await dismissToasts(page);
    await page.getByRole("button", { name: `Escolher parcela para ${named(0, "R$\u00a0360,00")}` }).click();
    const pick = page.getByRole("dialog", { name: "Escolher parcela" });
    await pick.getByLabel("Buscar cliente").fill("flor");
    const options = pick.getByRole("checkbox", { name: /Floricultura Ipê Amarelo.*R\$\s180,00/ });
    await eventually(() => options.count(), 2);
    await options.nth(0).check();
    await options.nth(1).check();
    await pick.locator(".rec-pick__sum").getByText("Devido nas 2 parcelas").waitFor();
    expect(await pick.locator(".rec-pick__sum").textContent()).toContain("DiferençaNenhuma");
    await animationsDone(page);
    await expectNoHorizontalOverflow(page);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, "reconciliation-two-installments-375");
    await pick.getByRole("button", { name: "Conciliar com as parcelas escolhidas" }).click();
    await toast(page, "Transação conciliada");
    await rowOf(page, "PIX RECEBIDO 0002").getByText("Conciliada", { exact: true }).waitFor();
    await dismissToasts(page);
    await expectNoHorizontalOverflow(page);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, "reconciliation-entries-375");
    expect(problems).toEqual([]);
    await page.close();
  });
});

/** A category's id by its name (the default plano's names are unique). */
async function categoryId(page: Page, nome: string): Promise<number> {
  const all = (await pageApi(page, "/api/categories", undefined, "GET")).json as { id: number; nome: string }[];
  return all.find((c) => c.nome === nome)!.id;
}
