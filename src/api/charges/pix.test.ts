import { getPixPayloadInfo, isValidPixPayload } from "@brazilian-utils/brazilian-utils";
import { describe, expect, test } from "bun:test";
import { cents } from "../../lib/money";
import { settingsSchema } from "../settings/model";
import { chargeDescription, chargeTxid, MAX_PIX_CENTS, pixPayload, pixQrSvg, type PixInput } from "./pix";

const padaria: PixInput = {
  key: "12345678909",
  merchantName: "Padaria Pão Quente",
  merchantCity: "São Paulo",
  amount: cents(15000),
  txid: "COFRE000123P3",
  description: "Parcela 3/12",
};

/** The key as settings store it: whatever was typed, through the form's schema. */
function storedKey(typed: string): string {
  const parsed = settingsSchema.safeParse({ empresa: "Padaria", cidade: "Campinas", chavePix: typed });
  if (!parsed.success) throw new Error(`refused: ${typed}`);
  return parsed.data.chavePix!;
}

describe("the BR Code round-trips through getPixPayloadInfo", () => {
  const amounts: [number, number][] = [
    [1, 0.01],
    [123456, 1234.56],
    [9_999_999_999, 99_999_999.99],
  ];
  for (const [amountCents, reais] of amounts) {
    test(`${reais.toFixed(2)}: key, amount with 2 decimals, txid, description and a valid CRC`, () => {
      const payload = pixPayload({ ...padaria, amount: cents(amountCents) });
      expect(isValidPixPayload(payload)).toBe(true);
      expect(getPixPayloadInfo(payload)).toEqual({
        key: "12345678909",
        merchantName: "Padaria Pao Quente",
        merchantCity: "Sao Paulo",
        amount: reais,
        txid: "COFRE000123P3",
        description: "Parcela 3/12",
        pointOfInitiation: "static",
      });
      // The amount field (54) is the cents' own decimal string, two places.
      const text = reais.toFixed(2);
      expect(payload).toContain(`54${String(text.length).padStart(2, "0")}${text}`);
    });
  }

  const keys: [string, string, string][] = [
    ["CPF", "123.456.789-09", "12345678909"],
    ["CNPJ", "11.222.333/0001-81", "11222333000181"],
    ["alphanumeric CNPJ", "12.abc.345/01de-35", "12ABC34501DE35"],
    ["e-mail", " Financeiro@Padaria.COM.br ", "financeiro@padaria.com.br"],
    ["phone", "(11) 98765-4321", "+5511987654321"],
    ["phone with +55", "+55 11 98765-4321", "+5511987654321"],
    ["random key (EVP)", "71C7D9BE-4B85-4E43-9F1C-1F3B8B4E9A2D", "71c7d9be-4b85-4e43-9f1c-1f3b8b4e9a2d"],
  ];
  for (const [kind, typed, canonical] of keys) {
    test(`a ${kind} key typed "${typed.trim()}" is stored as ${canonical} and carried as is`, () => {
      const key = storedKey(typed);
      expect(key).toBe(canonical);
      const payload = pixPayload({ ...padaria, key });
      expect(isValidPixPayload(payload)).toBe(true);
      expect(getPixPayloadInfo(payload)?.key).toBe(canonical);
    });
  }

  test("name and city are folded to ASCII and cut to 25 and 15 characters", () => {
    const payload = pixPayload({
      ...padaria,
      merchantName: "Panificadora Pão de Açúcar & Confeitaria Ltda",
      merchantCity: "São José dos Campos",
    });
    const info = getPixPayloadInfo(payload)!;
    expect(info.merchantName).toBe("Panificadora Pao de Acuca");
    expect(info.merchantCity).toBe("Sao Jose dos Ca");
    expect(info.merchantName).toMatch(/^[\x20-\x7e]{1,25}$/);
    expect(info.merchantCity).toMatch(/^[\x20-\x7e]{1,15}$/);
  });

  test("amounts outside what a BR Code holds are refused, never rounded", () => {
    expect(() => pixPayload({ ...padaria, amount: cents(0) })).toThrow(RangeError);
    expect(() => pixPayload({ ...padaria, amount: cents(MAX_PIX_CENTS + 1) })).toThrow(RangeError);
    expect(getPixPayloadInfo(pixPayload({ ...padaria, amount: cents(MAX_PIX_CENTS) }))?.amount).toBe(9_999_999_999.99);
  });
});

describe("the installment in the code", () => {
  test("txid: COFRE, the id in 6+ digits and the installment number, alphanumeric, at most 25 characters", () => {
    expect(chargeTxid(123, "3/12")).toBe("COFRE000123P3");
    expect(chargeTxid(7, "12/12")).toBe("COFRE000007P12");
    expect(chargeTxid(999_999_999_999_999, "24/24")).toBe("COFRE999999999999999P24");
    expect(chargeTxid(999_999_999_999_999, "24/24").length).toBeLessThanOrEqual(25);
    expect(chargeTxid(45, "avulsa")).toBe("COFRE000045");
  });

  test("description names the installment", () => {
    expect(chargeDescription("3/12")).toBe("Parcela 3/12");
  });
});

test("the QR is an SVG document with a viewBox and module paths, nothing else", () => {
  const svg = pixQrSvg(pixPayload(padaria));
  expect(svg).toStartWith('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ');
  expect(svg).not.toContain("<script");
  expect(svg).not.toContain("style");
});
