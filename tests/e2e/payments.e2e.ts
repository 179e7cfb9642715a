// Baixar parcial (issue 34 §1): a payment below what is due asks what the difference is — a
// partial payment (the balance stays open, the row reads Parcial) or a discount that settles it —
// at 1280 and 375 px, axe clean; Cancelar Baixa takes the last payment back.
import { describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { animationsDone, axeViolations, dismissToasts, expectNoHorizontalOverflow, isoDaysFromToday, pageApi, screenshot, signIn, toast, useServerAndBrowser, waitForIslands } from "./support";

const e2e = useServerAndBrowser();
const row = (page: Page, parcela: string) => page.locator(".ledger-table tbody tr", { hasText: parcela });

async function installment(page: Page, clientId: number, descricao: string, due: string) {
  const answer = await pageApi(page, "/api/installments/generate", { clientId, numParcelas: 1, valor: "1000.00", primeiroVencimento: due, descricao });
  expect(answer.status).toBe(201);
}

describe("Baixar parcial", () => {
  test("partial at 1280, discount at 375, then Cancelar Baixa", async () => {
    const page = await e2e.browser.newPage({ viewport: { width: 1280, height: 900 } });
    const problems: string[] = [];
    page.on("pageerror", (error) => problems.push(error.message));
    page.on("console", (m) => m.type() === "error" && !/status of 4\d\d/.test(m.text()) && problems.push(m.text()));
    await signIn(page, e2e.server.url);
    const client = await pageApi(page, "/api/clients", {
      nome: "Oficina do Zé",
      cnpj: "11222333000181",
      contato: "José",
      telefone: "11987654321",
      email: "ze@oficina.com.br",
      valorMensalidade: "200.00",
      codigoCliente: "OFI-01",
    });
    expect(client.status).toBe(201);
    await installment(page, client.json.id, "Revisão geral", isoDaysFromToday(5));
    await installment(page, client.json.id, "Troca de peças", isoDaysFromToday(-10));

    await page.goto(`${e2e.server.url}/receivables?clientId=${client.json.id}`);
    await waitForIslands(page);
    await dismissToasts(page);

    // Not yet due: R$ 400,00 received of R$ 1.000,00, recorded as a partial payment.
    await row(page, "Revisão geral").getByRole("button", { name: /^Baixar / }).click();
    const pay = page.getByRole("dialog", { name: "Baixar parcela" });
    expect(await pay.getByTestId("total-baixa").textContent()).toBe("R$\u00a01.000,00");
    await pay.getByLabel("Valor recebido").fill("400,00");
    await pay.getByLabel("Pagamento parcial (fica saldo de R$\u00a0600,00)").waitFor();
    await pay.getByText("Quitar com desconto de R$\u00a0600,00").waitFor();
    // Nothing is sent until the difference is named.
    await pay.getByRole("button", { name: "Confirmar baixa" }).click();
    await pay.getByText("Escolha: pagamento parcial ou quitar com desconto").waitFor();
    await pay.getByLabel("Pagamento parcial (fica saldo de R$\u00a0600,00)").check();
    // Answered: the question's message goes.
    await pay.getByText("Escolha: pagamento parcial ou quitar com desconto").waitFor({ state: "detached" });
    await animationsDone(page);
    await screenshot(page, "payments-partial-1280");
    expect(await axeViolations(page)).toEqual([]);
    await pay.getByRole("button", { name: "Confirmar baixa" }).click();
    await toast(page, "Pagamento parcial registrado");
    await row(page, "Revisão geral").getByText("saldo R$\u00a0600,00").waitFor();
    expect(await row(page, "Revisão geral").locator(".ui-badge").textContent()).toBe("Parcial");
    await dismissToasts(page);
    await screenshot(page, "payments-list-1280");
    expect(await axeViolations(page)).toEqual([]);

    // A phone: the overdue one, R$ 500,00 received, the rest forgiven as an explicit discount.
    await page.setViewportSize({ width: 375, height: 740 });
    await page.reload();
    await waitForIslands(page);
    await dismissToasts(page);
    await expectNoHorizontalOverflow(page);
    await row(page, "Troca de peças").getByRole("button", { name: /^Baixar / }).click();
    const late = page.getByRole("dialog", { name: "Baixar parcela" });
    // 10 days late on R$ 1.000,00: multa 20,00 and juros 3,33.
    expect(await late.getByLabel("Multa (2%)").inputValue()).toBe("20,00");
    expect(await late.getByLabel("Juros (1% ao mês)").inputValue()).toBe("3,33");
    await late.getByLabel("Valor recebido").fill("523,33");
    await late.getByLabel("Quitar com desconto de R$\u00a0500,00").check();
    const box = (await late.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(375);
    await animationsDone(page);
    await screenshot(page, "payments-discount-375");
    expect(await axeViolations(page)).toEqual([]);
    await late.getByRole("button", { name: "Confirmar baixa" }).click();
    await toast(page, "Parcela quitada");
    await row(page, "Troca de peças").getByText(/em \d\d\/\d\d\/\d{4}/).waitFor();
    const payments = await pageApi(page, `/api/installments/${(await pageApi(page, `/api/installments?clientId=${client.json.id}`, undefined, "GET")).json.find((r: { descricao: string }) => r.descricao === "Troca de peças").id}/payments`, undefined, "GET");
    expect(payments.json.map((p: { principal: string; desconto: string; multa: string }) => [p.principal, p.desconto, p.multa])).toEqual([["500.00", "500.00", "20.00"]]);

    // Cancelar Baixa on the partly paid one: its one payment goes, it is open again.
    await row(page, "Revisão geral").getByRole("button", { name: "Mais ações para Oficina do Zé parcela 1/1" }).click();
    await page.getByRole("menuitem", { name: "Cancelar Baixa", exact: true }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Cancelar baixa" }).click();
    await toast(page, "Baixa cancelada com sucesso!");
    await row(page, "Revisão geral").locator(".ui-badge", { hasText: "Em Aberto" }).waitFor();
    await dismissToasts(page);
    await screenshot(page, "payments-undone-375");
    expect(problems).toEqual([]);
    await page.close();
  });
});
