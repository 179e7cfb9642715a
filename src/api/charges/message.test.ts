import { describe, expect, test } from "bun:test";
import { DEFAULT_MESSAGE } from "../settings/model";
import { chargeSubject, fillMessage, mailtoUrl, whatsappUrl, type MessageValues } from "./message";

const values: MessageValues = {
  cliente: "Padaria Pão Quente",
  contato: "Maria Souza",
  parcela: "3/12",
  valor: "R$\u00a0150,00",
  vencimento: "10/03/2026",
  empresa: "Cofre Serviços Ltda",
  pix: "00020126…6304ABCD",
};

describe("filling the template", () => {
  test("every placeholder of the default text is filled", () => {
    const message = fillMessage(DEFAULT_MESSAGE, values);
    expect(message).toBe(
      [
        "Olá, Maria Souza! Tudo bem?",
        "",
        "Segue a cobrança da parcela 3/12 de Padaria Pão Quente, no valor de R$\u00a0150,00, com vencimento em 10/03/2026.",
        "",
        "Para pagar, use o PIX copia e cola abaixo:",
        "00020126…6304ABCD",
        "",
        "Qualquer dúvida, estamos à disposição.",
        "Cofre Serviços Ltda",
      ].join("\n"),
    );
    expect(message).not.toMatch(/\{\w+\}/);
  });

  test("without a PIX code the paragraph holding {pix} is left out; the rest stays", () => {
    const message = fillMessage(DEFAULT_MESSAGE, { ...values, pix: null });
    expect(message).not.toContain("PIX");
    expect(message).toContain("no valor de R$\u00a0150,00");
    expect(message.split("\n\n")).toHaveLength(3);
  });

  test("a placeholder used twice is filled twice; unknown braces stay as typed", () => {
    expect(fillMessage("{cliente} / {cliente} {outro}", values)).toBe("Padaria Pão Quente / Padaria Pão Quente {outro}");
  });

  test("an empty company leaves no trailing gap", () => {
    expect(fillMessage("Olá\n\n{empresa}", { ...values, empresa: "" })).toBe("Olá");
  });

  test("CRLF templates are read as plain lines", () => {
    expect(fillMessage("a\r\n\r\n{pix}\r\n\r\nb", { ...values, pix: null })).toBe("a\n\nb");
  });
});

describe("links", () => {
  const message = fillMessage(DEFAULT_MESSAGE, values);

  test("WhatsApp: wa.me with 55, the DDD and number, and the URL-encoded message", () => {
    const url = whatsappUrl("11987654321", message);
    expect(url).toStartWith("https://wa.me/5511987654321?text=");
    const parsed = new URL(url!);
    expect(parsed.pathname).toBe("/5511987654321");
    expect(parsed.searchParams.get("text")).toBe(message);
    expect(url).toContain("Ol%C3%A1%2C%20Maria%20Souza!");
    expect(url).not.toContain(" ");
    // A landline is still a phone the client may have WhatsApp on; punctuation is dropped.
    expect(whatsappUrl("(11) 3456-7890", "oi")).toBe("https://wa.me/551134567890?text=oi");
  });

  test("no phone, or one that is not a phone: no WhatsApp link", () => {
    expect(whatsappUrl("", message)).toBeNull();
    expect(whatsappUrl(null, message)).toBeNull();
    expect(whatsappUrl("123", message)).toBeNull();
  });

  test("mailto: the address, the subject and the body (CRLF line breaks)", () => {
    const subject = chargeSubject(values);
    expect(subject).toBe("Cobrança da parcela 3/12 com vencimento em 10/03/2026 · Cofre Serviços Ltda");
    const url = mailtoUrl("contato@paoquente.com.br", subject, message)!;
    expect(url).toStartWith("mailto:contato@paoquente.com.br?subject=");
    const query = new URLSearchParams(url.slice(url.indexOf("?") + 1));
    expect(query.get("subject")).toBe(subject);
    expect(query.get("body")).toBe(message.replaceAll("\n", "\r\n"));
    expect(url).not.toContain(" ");
    expect(url).not.toContain("+");
  });

  test("no e-mail: no mailto link; the subject without a company names the installment only", () => {
    expect(mailtoUrl("", "a", "b")).toBeNull();
    expect(chargeSubject({ ...values, empresa: "" })).toBe("Cobrança da parcela 3/12 com vencimento em 10/03/2026");
  });
});
