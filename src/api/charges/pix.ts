// The PIX BR Code of a charge (DECISIONS §7): a static code made by @brazilian-utils (EMV
// fields, ASCII folding, CRC16) and drawn as an SVG QR by uqr. Server only: neither library
// ships to the browser, which receives the payload and the finished SVG.
import { generatePixPayload } from "@brazilian-utils/brazilian-utils";
import { renderSVG } from "uqr";
import { centsToDecimal, type Cents } from "../../lib/money";

/** The BR Code's amount field holds 13 characters: R$ 9.999.999.999,99 at most. */
export const MAX_PIX_CENTS = 999_999_999_999;

export interface PixInput {
  /** The key as settings store it (DICT form). */
  key: string;
  /** Stored as typed; the library folds them to ASCII and cuts them to 25 / 15 characters. */
  merchantName: string;
  merchantCity: string;
  amount: Cents;
  txid: string;
  description: string;
}

/** "COFRE000123P3": the installment's id and its number in the plan, alphanumeric, ≤ 25 characters. */
export function chargeTxid(installmentId: number, numerosParcela: string): string {
  const number = /^(\d{1,2})\/\d{1,2}$/.exec(numerosParcela)?.[1];
  return `COFRE${String(installmentId).padStart(6, "0")}${number ? `P${number}` : ""}`;
}

/** What the payer's bank shows: "Parcela 3/12". */
export const chargeDescription = (numerosParcela: string) => `Parcela ${numerosParcela}`;

export function pixPayload(input: PixInput): string {
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0 || input.amount > MAX_PIX_CENTS) {
    throw new RangeError(`PIX amount out of range: ${input.amount}`);
  }
  // The library takes a number and writes it with toFixed(2); a number read from the cents'
  // own decimal string writes back that same string, which the check below makes sure of.
  const amountText = centsToDecimal(input.amount);
  const payload = generatePixPayload({
    key: input.key,
    merchantName: input.merchantName,
    merchantCity: input.merchantCity,
    amount: Number(amountText),
    txid: input.txid,
    description: input.description,
  });
  if (payload === null) throw new Error("PIX payload refused by generatePixPayload (key, name or city)");
  const amountField = `54${String(amountText.length).padStart(2, "0")}${amountText}`;
  if (!payload.includes(amountField)) throw new Error(`PIX payload does not carry ${amountText}`);
  return payload;
}

/** The QR as SVG (viewBox only: it fills its box); level M and the 4-module quiet zone the QR spec asks for. */
export function pixQrSvg(payload: string): string {
  return renderSVG(payload, { ecc: "M", border: 4, pixelSize: 1 });
}
