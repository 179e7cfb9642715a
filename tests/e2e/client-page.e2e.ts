// The client's page and receipts (issue 33 §4–5, DECISIONS §12): the link made in the clients'
// "⋯" menu and copied; the page opened by a visitor with no session at 375 and 1280 px, each QR
// as Chromium draws it decoded back and equal to its copia-e-cola; a receipt printed to A4 (one
// page, read with pdftotext); the link revoked → 404. axe on each page, screenshots.
import { getPixPayloadInfo } from "@brazilian-utils/brazilian-utils";
import { describe, expect, test } from "bun:test";
import jsQR from "jsqr";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { BrowserContext, Locator } from "playwright-core";
import { lateFees } from "../../src/lib/fees";
import { cents, centsToDecimal, formatBRL } from "../../src/lib/money";
import {
  animationsDone,
  axeViolations,
  chooseRowAction,
  dismissToasts,
  eventually,
  expectNoHorizontalOverflow,
  isoDaysFromToday,
  pageApi,
  pageProblems,
  SCREENSHOTS,
  screenshot,
  signIn,
  toast,
  useServerAndBrowser,
  waitForIslands,
} from "./support";

const e2e = useServerAndBrowser();

/** The QR as Chromium painted it (an element screenshot), read back by jsQR. */
async function decodeQr(context: BrowserContext, qr: Locator): Promise<string | null> {
  const png = await qr.screenshot();
  const reader = await context.newPage();
  // A blank page of its own: the client's page CSP does not apply to it.
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

describe("the client's page and receipts", () => {
  test("link made and copied in the menu; the page at 375 and 1280 px with QR = copia-e-cola; a receipt on one A4; revoked → 404", async () => {
    const staffContext = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } });
    await staffContext.grantPermissions(["clipboard-read", "clipboard-write"], { origin: e2e.server.url });
    const staff = await staffContext.newPage();
    const staffProblems = pageProblems(staff);
    await signIn(staff, e2e.server.url);

    expect(
      (await pageApi(staff, "/api/settings", { empresa: "Cofre Serviços Financeiros Ltda", cidade: "São Paulo", chavePix: "financeiro@cofre.com.br", modeloMensagem: "" }, "PUT")).status,
    ).toBe(200);
    const client = await pageApi(staff, "/api/clients", {
      nome: "Padaria Pão Quente",
      cnpj: "11222333000181",
      contato: "João Lima",
      telefone: "11987654321",
      email: "joao@padaria.com.br",
      valorMensalidade: "1234.56",
      codigoCliente: "PAD-01",
    });
    expect(client.status).toBe(201);
    // Three of R$ 1.234,56: the first fell due 10 days ago (open), the second is paid today.
    const due = isoDaysFromToday(-10);
    const generated = await pageApi(staff, "/api/installments/generate", {
      clientId: client.json.id,
      numParcelas: 3,
      valor: "3703.68",
      primeiroVencimento: due,
      descricao: "Contrato de manutenção",
    });
    expect(generated.status).toBe(201);
    const [first, second] = generated.json.installments as { id: number }[];
    expect((await pageApi(staff, `/api/installments/${second!.id}/pay`, {}, "PATCH")).status).toBe(200);
    const fees = lateFees(cents(123456), due, isoDaysFromToday(0));

    // The clients' "⋯" menu → Link do cliente → Gerar link: the URL shown once, copied.
    await staff.goto(`${e2e.server.url}/clients`);
    await waitForIslands(staff);
    await chooseRowAction(staff, "Link do cliente", "Padaria Pão Quente");
    const dialog = staff.getByRole("dialog", { name: "Link do cliente" });
    await dialog.getByText("Este cliente não tem link ativo.").waitFor();
    await dialog.getByRole("button", { name: "Gerar link" }).click();
    await toast(staff, "Link gerado");
    const urlBox = dialog.getByLabel("Endereço da página");
    const url = await urlBox.inputValue();
    expect(url).toMatch(new RegExp(`^${e2e.server.url}/c/[A-Za-z0-9_-]{43}$`));
    await dialog.getByRole("button", { name: "Copiar link" }).click();
    await toast(staff, "Link copiado");
    expect(await staff.evaluate(() => navigator.clipboard.readText())).toBe(url);
    await animationsDone(staff);
    expect(await axeViolations(staff)).toEqual([]);
    await screenshot(staff, "client-link-dialog-1280");
    await dialog.getByRole("button", { name: "Fechar", exact: true }).last().click();
    await dialog.waitFor({ state: "detached" });
    // Opened again: it says a link works, never shows it again, and offers a new one or revoking.
    await chooseRowAction(staff, "Link do cliente", "Padaria Pão Quente");
    await dialog.getByText(/^Link ativo, gerado em /).waitFor();
    expect(await dialog.getByLabel("Endereço da página").count()).toBe(0);
    await dialog.getByRole("button", { name: "Gerar novo link" }).waitFor();
    await dialog.getByRole("button", { name: "Revogar link" }).waitFor();
    await dialog.getByRole("button", { name: "Fechar", exact: true }).last().click();

    // The client: no session, a phone.
    const phoneContext = await e2e.browser.newContext({ viewport: { width: 375, height: 812 }, deviceScaleFactor: 2 });
    await phoneContext.grantPermissions(["clipboard-read", "clipboard-write"], { origin: e2e.server.url });
    const phone = await phoneContext.newPage();
    const phoneProblems = pageProblems(phone);
    const response = (await phone.goto(url))!;
    expect(response.status()).toBe(200);
    const headers = response.headers();
    expect(headers["referrer-policy"]).toBe("no-referrer");
    expect(headers["x-robots-tag"]).toContain("noindex");
    expect(headers["cache-control"]).toBe("no-store");
    expect(headers["set-cookie"]).toBeUndefined();
    expect(await phone.locator("[data-island]").count()).toBe(0);
    await phone.getByRole("heading", { name: "Padaria Pão Quente" }).waitFor();
    await phone.getByText("Cofre Serviços Financeiros Ltda").first().waitFor();
    // The open installment at today's amount, its QR decoded equal to its copia-e-cola.
    const code = phone.getByLabel("PIX copia e cola");
    expect(await code.count()).toBe(2);
    const payload = await code.first().inputValue();
    expect(getPixPayloadInfo(payload)?.amount).toBe(Number(centsToDecimal(fees.total)));
    await phone.getByText(formatBRL(fees.total), { exact: true }).waitFor();
    const qr = phone.getByRole("img", { name: `QR Code PIX de ${formatBRL(fees.total)}, parcela 1/3` });
    await eventually(() => qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), true);
    expect(await decodeQr(phoneContext, qr)).toBe(payload);
    // The plain script's copy button puts exactly that code on the clipboard.
    await phone.getByRole("button", { name: "Copiar código PIX" }).first().click();
    await phone.getByText("Código copiado").first().waitFor();
    expect(await phone.evaluate(() => navigator.clipboard.readText())).toBe(payload);
    await expectNoHorizontalOverflow(phone);
    expect(await axeViolations(phone)).toEqual([]);
    await screenshot(phone, "client-page-375");

    // The same page at 1280 px.
    await phone.setViewportSize({ width: 1280, height: 900 });
    await phone.reload();
    const wide = phone.getByRole("img", { name: `QR Code PIX de ${formatBRL(fees.total)}, parcela 1/3` });
    await eventually(() => wide.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), true);
    expect(await decodeQr(phoneContext, wide)).toBe(await phone.getByLabel("PIX copia e cola").first().inputValue());
    await expectNoHorizontalOverflow(phone);
    expect(await axeViolations(phone)).toEqual([]);
    await screenshot(phone, "client-page-1280");

    // The payment's receipt, from the client's page, printed to A4.
    const receiptLink = phone.getByRole("link", { name: /^Recibo nº \d+$/ });
    const numero = (await receiptLink.textContent())!.replace("Recibo nº ", "");
    await receiptLink.click();
    await phone.getByRole("heading", { name: `Recibo nº ${numero}` }).waitFor();
    expect(await axeViolations(phone)).toEqual([]);
    await screenshot(phone, "client-receipt-1280");
    await phone.setViewportSize({ width: 375, height: 812 });
    await expectNoHorizontalOverflow(phone);
    await screenshot(phone, "client-receipt-375");
    const dir = join(SCREENSHOTS, "print");
    mkdirSync(dir, { recursive: true });
    const pdf = join(dir, "receipt.pdf");
    await phone.pdf({ path: pdf, format: "A4", printBackground: true });
    Bun.spawnSync(["pdftoppm", "-png", "-r", "60", pdf, join(dir, "receipt")]);
    const info = Bun.spawnSync(["pdfinfo", pdf]).stdout.toString();
    expect(info).toMatch(/^Pages:\s+1$/m);
    const text = Bun.spawnSync(["pdftotext", pdf, "-"]).stdout.toString().replace(/\s+/g, " ");
    expect(text).toContain(`Recibo nº ${numero}`);
    expect(text).toContain("mil duzentos e trinta e quatro reais e cinquenta e seis centavos");
    expect(text).toContain("Padaria Pão Quente, CNPJ 11.222.333/0001-81");
    expect(text).toContain("referente à parcela 2/3 de Contrato de manutenção, com vencimento em");
    expect(text).toContain("Ressalvadas as parcelas em aberto: parcela 1/3 de Contrato de manutenção");
    expect(text).toMatch(/São Paulo, \d{1,2}º? de [a-zç]+ de \d{4}\./);
    expect(text).not.toContain("Imprimir");
    expect(text).not.toContain("Voltar aos pagamentos");

    // The staff reach the same receipt from the installment's menu.
    await staff.goto(`${e2e.server.url}/receivables`);
    await waitForIslands(staff);
    await dismissToasts(staff);
    await chooseRowAction(staff, "Recibo", "Padaria Pão Quente parcela 2/3");
    await staff.waitForURL(`${e2e.server.url}/recibos/${numero}`);
    await staff.getByRole("heading", { name: `Recibo nº ${numero}` }).waitFor();
    await staff.getByRole("button", { name: "Imprimir" }).waitFor();

    // The longest receipt: a 500-character description and 13 earlier installments open (ten named,
    // the rest summed up, each description cut) still prints on one A4 page.
    const long = "Contrato de manutenção preventiva e corretiva ".repeat(11).slice(0, 500).trim();
    const many = await pageApi(staff, "/api/installments/generate", {
      clientId: client.json.id,
      numParcelas: 14,
      valor: "140000.00",
      primeiroVencimento: isoDaysFromToday(-400),
      descricao: long,
    });
    expect(many.status).toBe(201);
    const lastOfMany = (many.json.installments as { id: number }[]).at(-1)!;
    // Paid in two parts (the longest amount in words, then the cent left): a receipt per payment.
    // "Recibo" opens the latest, which lists the installment's receipts (on screen only).
    const partial = { valorPago: "9999.99", tipo: "parcial" };
    expect((await pageApi(staff, `/api/installments/${lastOfMany.id}/pay`, partial, "PATCH")).status).toBe(200);
    expect((await pageApi(staff, `/api/installments/${lastOfMany.id}/pay`, {}, "PATCH")).status).toBe(200);
    await staff.goto(`${e2e.server.url}/receivables/${lastOfMany.id}/recibo`);
    const latest = Number(new URL(staff.url()).pathname.split("/").at(-1));
    await staff.getByRole("heading", { name: `Recibo nº ${latest}` }).waitFor();
    const list = staff.getByRole("navigation", { name: "Recibos desta parcela" });
    await list.getByRole("link", { name: `Recibo nº ${latest - 1}` }).waitFor();
    await staff.getByText("referente ao saldo da parcela 14/14").waitFor();
    await list.getByRole("link", { name: `Recibo nº ${latest - 1}` }).click();
    await staff.getByRole("heading", { name: `Recibo nº ${latest - 1}` }).waitFor();
    await list.getByText(`Recibo nº ${latest - 1}`).waitFor();
    expect(await axeViolations(staff)).toEqual([]);
    await screenshot(staff, "staff-receipt-partial-1280");
    await staff.setViewportSize({ width: 375, height: 812 });
    await expectNoHorizontalOverflow(staff);
    await screenshot(staff, "staff-receipt-partial-375");
    await staff.setViewportSize({ width: 1280, height: 900 });
    const longPdf = join(dir, "receipt-long.pdf");
    await staff.pdf({ path: longPdf, format: "A4", printBackground: true });
    Bun.spawnSync(["pdftoppm", "-png", "-r", "60", longPdf, join(dir, "receipt-long")]);
    expect(Bun.spawnSync(["pdfinfo", longPdf]).stdout.toString()).toMatch(/^Pages:\s+1$/m);
    const longText = Bun.spawnSync(["pdftotext", longPdf, "-"]).stdout.toString().replace(/\s+/g, " ");
    expect(longText).toContain("e mais 4 parcelas com vencimento até");
    expect(longText).toContain("nove mil novecentos e noventa e nove reais e noventa e nove centavos");
    expect(longText).toContain("referente a pagamento parcial da parcela 14/14");
    expect(longText).toContain("Resta em aberto o saldo de R$ 0,01 desta parcela, que este recibo não quita.");
    expect(longText).not.toContain("Recibos desta parcela");

    // Revoked in the menu: the client's link is a 404 like any other.
    await staff.goto(`${e2e.server.url}/clients`);
    await waitForIslands(staff);
    await chooseRowAction(staff, "Link do cliente", "Padaria Pão Quente");
    await dialog.getByRole("button", { name: "Revogar link" }).click();
    await dialog.getByRole("button", { name: "Confirmar revogação" }).click();
    await toast(staff, "Link revogado: a página do cliente deixou de abrir");
    await dialog.getByText("Este cliente não tem link ativo.").waitFor();
    expect((await phone.goto(url))!.status()).toBe(404);
    expect(first).toBeDefined();

    expect(staffProblems).toEqual([]);
    // The 404 is the only console error the client's browser saw.
    expect(phoneProblems.filter((p) => !/status of 404/.test(p))).toEqual([]);
    await staffContext.close();
    await phoneContext.close();
  });
});
