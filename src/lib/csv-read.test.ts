import { expect, test } from "bun:test";
import { decodeCsv, decodeCsvInSlices, DECODE_SLICE_BYTES } from "./csv-read";

test("decoded a slice at a time, a large file reads as decoded at once: UTF-8 characters cut at a slice's edge, a BOM, Windows-1252", async () => {
  let pauses = 0;
  const pause = async () => {
    pauses++;
  };
  // "ção" puts two-byte characters across the slices' edges.
  const utf8 = new TextEncoder().encode("\uFEFF" + "Nome;Razão\r\n" + "Padaria Pão Quente;Ótica ção\r\n".repeat(Math.ceil((2.5 * DECODE_SLICE_BYTES) / 30)));
  expect(await decodeCsvInSlices(utf8, pause)).toEqual(decodeCsv(utf8));
  expect((await decodeCsvInSlices(utf8, pause)).encoding).toBe("utf-8");
  expect(pauses).toBe(4);
  // Windows-1252 bytes (0xE7 "ç", 0xE3 "ã") past the first slice: not UTF-8.
  const latin = new Uint8Array(2 * DECODE_SLICE_BYTES + 10).fill(0x61);
  latin.set([0xe7, 0xe3], DECODE_SLICE_BYTES + 5);
  const sliced = await decodeCsvInSlices(latin, pause);
  expect(sliced).toEqual(decodeCsv(latin));
  expect(sliced.encoding).toBe("windows-1252");
  expect(sliced.text.slice(DECODE_SLICE_BYTES + 5, DECODE_SLICE_BYTES + 7)).toBe("çã");
  expect(await decodeCsvInSlices(new Uint8Array(0), pause)).toEqual({ text: "", encoding: "utf-8" });
});
