// Reads a CSV the way a person's spreadsheet does: LibreOffice Calc (headless) imports it with
// the pt-BR locale, ';' and UTF-8, as a double-click would, and we read back each cell's type
// and value from the flat ODS it writes. A test that only splits on ';' cannot see "1/3"
// becoming the 1st of March.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface SheetCell {
  /** Calc's value type: "string", "float", "date", "percentage", … ("" for an empty cell). */
  type: string;
  /** The number or date Calc stored (office:value / office:date-value), or the text shown. */
  value: string;
  formula?: string;
}

export const SOFFICE = Bun.which("soffice") ?? Bun.which("libreoffice");
export const skipWithoutSpreadsheet = () => {
  if (!SOFFICE) console.warn("LibreOffice (soffice) is missing: the spreadsheet read-back tests are skipped (apt-get install libreoffice-calc-nogui)");
  return !SOFFICE;
};

// CSV filter options: separator ';' (59), quote '"' (34), UTF-8 (76), from line 1, default
// column types, pt-BR (1046).
const CSV_FILTER = "CSV:59,34,76,1,,1046";

/**
 * Each CSV opened in Calc: rows of cells, the header row first. All in one LibreOffice run (its
 * start is most of the cost), so a test file converts its exports together.
 */
export function openInSpreadsheet<K extends string>(files: Record<K, string | ArrayBuffer>): Record<K, SheetCell[][]> {
  if (!SOFFICE) throw new Error("soffice not installed");
  const dir = mkdtempSync(join(tmpdir(), "cofre-calc-"));
  try {
    const names = Object.keys(files) as K[];
    const inputs = names.map((name, i) => {
      const input = join(dir, `export-${i}.csv`);
      const csv = files[name];
      writeFileSync(input, typeof csv === "string" ? csv : new Uint8Array(csv));
      return input;
    });
    // A private profile: parallel runs and a user's own LibreOffice never share one.
    const run = Bun.spawnSync(
      [SOFFICE, `-env:UserInstallation=file://${join(dir, "profile")}`, "--headless", `--infilter=${CSV_FILTER}`, "--convert-to", "fods", "--outdir", dir, ...inputs],
      { stdout: "pipe", stderr: "pipe", timeout: 120_000 },
    );
    if (run.exitCode !== 0) throw new Error(`soffice failed: ${run.stderr.toString()}`);
    return Object.fromEntries(names.map((name, i) => [name, parseFlatOds(readFileSync(join(dir, `export-${i}.fods`), "utf8"))])) as Record<K, SheetCell[][]>;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const unescape = (text: string) =>
  text.replace(/<[^>]+>/g, "").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, "&");
// Runs of spaces are <text:s text:c="N"/> in ODF.
const spaces = (text: string) => text.replace(/<text:s(?: text:c="(\d+)")?\/>/g, (_, n: string | undefined) => " ".repeat(Number(n ?? 1)));
const attr = (tag: string, name: string) => tag.match(new RegExp(`${name}="([^"]*)"`))?.[1];

function parseFlatOds(xml: string): SheetCell[][] {
  const table = xml.slice(xml.indexOf("<table:table "), xml.indexOf("</table:table>"));
  const rows: SheetCell[][] = [];
  for (const [, rowXml] of table.matchAll(/<table:table-row[^>]*>([\s\S]*?)<\/table:table-row>/g)) {
    const cells: SheetCell[] = [];
    // An empty cell closes itself (<table:table-cell/>): it has no body, and must not take the next cell's as its own.
    for (const [, empty, tag, body] of rowXml!.matchAll(/(<table:table-cell[^>]*?\/>)|(<table:table-cell[^>]*>)([\s\S]*?)<\/table:table-cell>/g)) {
      const cell = (empty ?? tag)!;
      const repeat = Number(attr(cell, "table:number-columns-repeated") ?? 1);
      const type = attr(cell, "office:value-type") ?? "";
      const text = [...(body ?? "").matchAll(/<text:p[^>]*>([\s\S]*?)<\/text:p>/g)].map(([, p]) => unescape(spaces(p!))).join("\n");
      const value = type === "float" || type === "percentage" || type === "currency" ? attr(cell, "office:value")! : type === "date" ? attr(cell, "office:date-value")! : text;
      const formula = attr(cell, "table:formula");
      // Trailing empty cells repeat to the sheet's edge: stop at the first empty run.
      if (type === "" && repeat > 50) break;
      for (let i = 0; i < Math.min(repeat, 50); i++) cells.push(formula ? { type, value, formula } : { type, value });
    }
    while (cells.length && cells.at(-1)!.type === "") cells.pop();
    if (cells.length) rows.push(cells);
  }
  return rows;
}

/** The cells of one column (by its header), the header left out. */
export function column(sheet: SheetCell[][], header: string): SheetCell[] {
  const index = sheet[0]!.findIndex((cell) => cell.value === header);
  if (index < 0) throw new Error(`no column "${header}" in ${sheet[0]!.map((c) => c.value).join(" | ")}`);
  return sheet.slice(1).map((row) => row[index] ?? { type: "", value: "" });
}
