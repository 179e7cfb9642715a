// Reading a CSV as Brazilian spreadsheets save it (DECISIONS §14): Excel pt-BR and LibreOffice
// write ';' (the decimal mark is ','), some exports ','; UTF-8 with or without BOM, or
// Windows-1252 (Excel's "CSV (separado por vírgulas)"); quoted fields may hold separators,
// doubled quotes and line breaks. The records come one at a time, so a caller reads a large file
// a slice per turn of the event loop.

const UTF8_BOM = [0xef, 0xbb, 0xbf];

/** The text of a file and how it was read: UTF-8 (BOM dropped) when valid, else Windows-1252. */
export function decodeCsv(bytes: Uint8Array): { text: string; encoding: "utf-8" | "windows-1252" } {
  const bom = UTF8_BOM.every((b, i) => bytes[i] === b);
  const body = bom ? bytes.subarray(3) : bytes;
  try {
    return { text: new TextDecoder("utf-8", { fatal: true }).decode(body), encoding: "utf-8" };
  } catch {
    // Not UTF-8: Windows-1252 decodes every byte (a Latin-1 file reads the same for letters).
    return { text: new TextDecoder("windows-1252").decode(body), encoding: "windows-1252" };
  }
}

/** What decodeCsvInSlices decodes between two pauses (~1–2 ms of work). */
export const DECODE_SLICE_BYTES = 1 << 20;

/**
 * decodeCsv a megabyte at a time, awaiting `pause()` between two: a 20 MB file decoded at once
 * held the event loop ~40 ms. The same text and encoding as decodeCsv.
 */
export async function decodeCsvInSlices(bytes: Uint8Array, pause: () => Promise<void>): Promise<{ text: string; encoding: "utf-8" | "windows-1252" }> {
  const bom = UTF8_BOM.every((b, i) => bytes[i] === b);
  const body = bom ? bytes.subarray(3) : bytes;
  const decodeAll = async (decoder: TextDecoder) => {
    const parts: string[] = [];
    for (let at = 0; at < body.byteLength; at += DECODE_SLICE_BYTES) {
      const more = at + DECODE_SLICE_BYTES < body.byteLength;
      parts.push(decoder.decode(body.subarray(at, at + DECODE_SLICE_BYTES), { stream: more }));
      if (more) await pause();
    }
    return parts.join("");
  };
  try {
    return { text: await decodeAll(new TextDecoder("utf-8", { fatal: true })), encoding: "utf-8" };
  } catch {
    return { text: await decodeAll(new TextDecoder("windows-1252")), encoding: "windows-1252" };
  }
}

/**
 * ';' or ',' by the header line (outside quotes): the one that appears more. A header of a
 * single column has neither; ';' then (what Excel pt-BR writes).
 */
export function detectSeparator(text: string): ";" | "," {
  let semicolons = 0;
  let commas = 0;
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') quoted = !quoted;
    else if (!quoted && (c === "\n" || c === "\r")) break;
    else if (!quoted && c === ";") semicolons++;
    else if (!quoted && c === ",") commas++;
  }
  return commas > semicolons ? "," : ";";
}

/** A record and the line (1-based, of the file) it starts on. */
interface CsvRecord {
  line: number;
  fields: string[];
}

/** A quoted field never closed: the rest of the file would be one cell. */
export class CsvSyntaxError extends Error {
  constructor(readonly line: number) {
    super(`Aspas abertas na linha ${line} não foram fechadas`);
  }
}

/**
 * The records of `text`, in order (RFC 4180 with either separator; CRLF, LF or CR ends a line;
 * blank lines are skipped). `maxFields` stops a record that grows past it (a file of 100,000
 * columns is refused at its first record, not read whole).
 */
export function* csvRecords(text: string, separator: string, maxFields = Infinity): Generator<CsvRecord> {
  let i = 0;
  let line = 1;
  const n = text.length;
  while (i < n) {
    const startLine = line;
    const fields: string[] = [];
    let field = "";
    let ended = false;
    while (!ended) {
      if (i < n && text[i] === '"') {
        // Quoted: up to the closing quote ("" is one quote); line breaks inside are the cell's.
        i++;
        for (;;) {
          const close = text.indexOf('"', i);
          if (close < 0) throw new CsvSyntaxError(startLine);
          const chunk = text.slice(i, close);
          for (let k = 0; k < chunk.length; k++) if (chunk[k] === "\n" || (chunk[k] === "\r" && chunk[k + 1] !== "\n")) line++;
          field += chunk;
          i = close + 1;
          if (text[i] === '"') {
            field += '"';
            i++;
            continue;
          }
          break;
        }
        // Anything between the closing quote and the separator is kept (as spreadsheets do).
        while (i < n && text[i] !== separator && text[i] !== "\n" && text[i] !== "\r") field += text[i++];
      } else {
        const start = i;
        while (i < n && text[i] !== separator && text[i] !== "\n" && text[i] !== "\r") i++;
        field = text.slice(start, i);
      }
      fields.push(field);
      field = "";
      if (fields.length > maxFields) {
        yield { line: startLine, fields };
        return;
      }
      if (i < n && text[i] === separator) {
        i++;
        continue;
      }
      // End of line (or of file).
      if (text[i] === "\r") i++;
      if (text[i] === "\n") i++;
      line++;
      ended = true;
    }
    if (fields.length === 1 && fields[0] === "") continue;
    yield { line: startLine, fields };
  }
}
