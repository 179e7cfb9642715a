// Cobrança (issue 12, DECISIONS §7): Configurações, then Cobrar on an overdue installment — the
// amount with fees, the code copied, and the QR drawn in Chromium decoded back to the payload.
import { getPixPayloadInfo } from "@brazilian-utils/brazilian-utils";
import { describe, expect, test } from "bun:test";
import jsQR from "jsqr";
import type { BrowserContext, Locator, Page } from "playwright-core";
import { lateFees } from "../../src/lib/fees";
import { cents, centsToDecimal, formatBRL, formatTypedMoney } from "../../src/lib/money";
import { axeViolations, eventually, isoDaysFromToday, pageApi, screenshot, signIn, toast, useServerAndBrowser, waitForIslands, chooseRowAction } from "./support";

const e2e = useServerAndBrowser();




/** The QR as Chromium painted it (an element screenshot), read back by a QR decoder. */
async function decodeQr(context: BrowserContext, qr: Locator): Promise<string | null> {
  const png = await qr.screenshot();
  // Chromium turns the PNG into pixels on a blank page (no app CSP there); jsQR reads them here.
  const reader = await context.newPage();
  const image = await reader.evaluate(async (dataUrl) => {
    const img = new Image();
    img.src = dataUrl;
    await img.decode();
    const canvas = document.createElement("canvas");
    canvas.width = img.naturalWidth;
    canvas.height = img.naturalHeight;
    const context = canvas.getContext("2d")!;
    context.drawImage(img, 0, 0);
    const { data, width, height } = context.getImageData(0, 0, canvas.width, canvas.height);
    return { data: Array.from(data), width, height };
  }, `data:image/png;base64,${png.toString("base64")}`);
  await reader.close();
  return jsQR(Uint8ClampedArray.from(image.data), image.width, image.height)?.data ?? null;
}

describe("Cobrança", () => {
  test("settings → Cobrar an overdue installment: fees in the amount, code copied, QR decodes to the payload", async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 }, deviceScaleFactor: 2 });
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: e2e.server.url });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on("pageerror", (error) => problems.push(error.message));
    page.on("console", (m) => m.type() === "error" && !/status of 4\d\d/.test(m.text()) && problems.push(m.text()));
    await signIn(page, e2e.server.url);

    // Configurações, from the menu's last entry.
    await page.getByRole("link", { name: "Configurações" }).click();
    await page.waitForURL(`${e2e.server.url}/settings`);
    await waitForIslands(page);
    await page.getByLabel("Chave PIX").fill("(11) 3456-7890");
    await page.getByRole("button", { name: "Salvar configurações" }).click();
    // A landline is not a PIX key, and a key needs the company and city: said under the fields.
    await page.getByText("Chave PIX inválida: use CPF, CNPJ, e-mail, celular com DDD ou chave aleatória").waitFor();
    await page.getByText("Informe o nome da empresa para gerar o PIX").waitFor();
    await page.getByLabel("Nome da empresa").fill("Cofre Serviços Financeiros Ltda");
    await page.getByLabel("Cidade").fill("São José dos Campos");
    await page.getByLabel("Chave PIX").fill("Financeiro@Cofre.com.br");
    await page.getByRole("button", { name: "Salvar configurações" }).click();
    await toast(page, "Configurações salvas");
    expect(await page.getByLabel("Chave PIX").inputValue()).toBe("financeiro@cofre.com.br");
    await page.getByText("Chave salva: E-mail").waitFor();
    await page.reload();
    await waitForIslands(page);
    expect(await page.getByLabel("Nome da empresa").inputValue()).toBe("Cofre Serviços Financeiros Ltda");
    expect(await page.getByLabel("Modelo da mensagem").inputValue()).toContain("{pix}");
    expect(await axeViolations(page)).toEqual([]);
    // Tall enough for the whole form: a full-page capture of a taller page repeats the fixed shell.
    await page.setViewportSize({ width: 1280, height: 1250 });
    await screenshot(page, "settings-1280");
    await page.setViewportSize({ width: 1280, height: 900 });

    // An installment that fell due 10 days ago.
    const client = await pageApi(page, "/api/clients", {
      nome: "Padaria Pão Quente",
      cnpj: "11222333000181",
      contato: "João Lima",
      telefone: "11987654321",
      email: "joao@padaria.com.br",
      valorMensalidade: "100.00",
      codigoCliente: "PAD-01",
    });
    expect(client.status).toBe(201);
    const due = isoDaysFromToday(-10);
    const generated = await pageApi(page, "/api/installments/generate", {
      clientId: client.json.id,
      numParcelas: 3,
      valor: "300.00",
      primeiroVencimento: due,
      descricao: "Contrato de manutenção",
    });
    expect(generated.status).toBe(201);
    const fees = lateFees(cents(10000), due, isoDaysFromToday(0));

    await page.goto(`${e2e.server.url}/receivables`);
    await waitForIslands(page);
    await screenshot(page, "receivables-cobrar-1280");
    await chooseRowAction(page, "Cobrar", "Padaria Pão Quente parcela 1/3");
    const dialog = page.getByRole("dialog", { name: "Cobrar parcela" });
    const amount = dialog.getByLabel("Valor a cobrar");
    await eventually(() => amount.inputValue(), formatTypedMoney(fees.total));
    expect(await dialog.getByTestId("charge-fees").textContent()).toBe(
      `10 dias de atraso: multa ${formatBRL(fees.multa)} + juros ${formatBRL(fees.juros)} = ${formatBRL(fees.total)}`,
    );
    const code = dialog.getByLabel("PIX copia e cola");
    const payload = await code.inputValue();
    expect(getPixPayloadInfo(payload)).toMatchObject({
      key: "financeiro@cofre.com.br",
      merchantName: "Cofre Servicos Financeiro",
      merchantCity: "Sao Jose dos Ca",
      amount: Number(centsToDecimal(fees.total)),
      description: "Parcela 1/3",
    });

    // Copiar puts exactly the code on the clipboard.
    await dialog.getByRole("button", { name: "Copiar", exact: true }).click();
    await toast(page, "Código PIX copiado");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(payload);
    const message = await dialog.getByLabel("Mensagem").inputValue();
    expect(message).toContain(`no valor de ${formatBRL(fees.total)}`);
    expect(message).toContain(payload);
    const whatsapp = await dialog.getByRole("link", { name: "Enviar pelo WhatsApp" }).getAttribute("href");
    expect(whatsapp).toStartWith("https://wa.me/5511987654321?text=");
    expect(new URL(whatsapp!).searchParams.get("text")).toBe(message);
    const mail = new URL((await dialog.getByRole("link", { name: "Enviar por e-mail" }).getAttribute("href"))!);
    expect(mail.protocol + mail.pathname).toBe("mailto:joao@padaria.com.br");
    expect(mail.searchParams.get("body")).toBe(message.replaceAll("\n", "\r\n"));

    // The QR as Chromium draws it decodes to the same payload.
    const qr = dialog.getByRole("img", { name: `QR Code PIX de ${formatBRL(fees.total)}` });
    expect(await decodeQr(context, qr)).toBe(payload);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, "receivables-charge-1280");

    // Another amount: a new code (and QR) for it.
    await amount.fill("50,00");
    await eventually(async () => getPixPayloadInfo(await code.inputValue())?.amount, 50);
    const fifty = await code.inputValue();
    expect(await decodeQr(context, dialog.getByRole("img", { name: "QR Code PIX de R$\u00a050,00" }))).toBe(fifty);
    await dialog.getByRole("button", { name: "Fechar", exact: true }).last().click();
    await dialog.waitFor({ state: "detached" });

    // A phone: the dialog fits, nothing sideways.
    await page.setViewportSize({ width: 375, height: 812 });
    await page.reload();
    await waitForIslands(page);
    await chooseRowAction(page, "Cobrar", "Padaria Pão Quente parcela 1/3");
    await dialog.getByLabel("PIX copia e cola").waitFor();
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(375);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await decodeQr(context, dialog.locator(".charge-qr"))).toBe(payload);
    await screenshot(page, "receivables-charge-375");
    expect(await axeViolations(page)).toEqual([]);
    await page.goto(`${e2e.server.url}/settings`);
    await waitForIslands(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(page, "settings-375");

    expect(problems).toEqual([]);
    await context.close();
  });

  test("without a PIX key the dialog says so, links to Configurações, and the message still goes", async () => {
    const page = await e2e.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(page, e2e.server.url);
    expect((await pageApi(page, "/api/settings", { empresa: "Cofre", cidade: "", chavePix: "", modeloMensagem: "" }, "PUT")).status).toBe(200);
    const client = await pageApi(page, "/api/clients", {
      nome: "Floricultura Ipê Amarelo",
      cnpj: "11444777000161",
      contato: "Ana Reis",
      telefone: "31998765432",
      email: "ana@ipe.com.br",
      valorMensalidade: "100.00",
      codigoCliente: "FLO-02",
    });
    expect(client.status).toBe(201);
    const generated = await pageApi(page, "/api/installments/generate", {
      clientId: client.json.id,
      numParcelas: 1,
      valor: "100.00",
      primeiroVencimento: isoDaysFromToday(20),
      descricao: "Anuidade",
    });
    expect(generated.status).toBe(201);
    await page.goto(`${e2e.server.url}/receivables`);
    await waitForIslands(page);
    await chooseRowAction(page, "Cobrar", "Floricultura Ipê Amarelo parcela 1/1");
    const dialog = page.getByRole("dialog", { name: "Cobrar parcela" });
    await dialog.getByText("Configure a chave PIX em Configurações").waitFor();
    expect(await dialog.getByRole("link", { name: "Abrir Configurações" }).getAttribute("href")).toBe("/settings");
    expect(await dialog.getByRole("img").count()).toBe(0);
    const message = await dialog.getByLabel("Mensagem").inputValue();
    expect(message).toContain("no valor de R$\u00a0100,00");
    expect(message).not.toContain("PIX");
    expect(await dialog.getByRole("link", { name: "Enviar pelo WhatsApp" }).count()).toBe(1);
    await screenshot(page, "receivables-charge-sem-pix-1280");
    expect(await axeViolations(page)).toEqual([]);
    await page.close();
  });
});
