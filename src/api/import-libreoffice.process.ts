// The client import against the real client (issue 35 §1): a spreadsheet made in LibreOffice Calc
// (a CSV opened with the pt-BR locale and saved as .ods), then saved as CSV by Calc itself, as a
// person does — ';' with UTF-8, ';' with Windows-1252, ',' with UTF-8 — each previewed and one
// imported through the real app. Calc drops the CNPJ's leading zero (a number cell), writes money
// as "1234,56" and a date as "31/12/26": the import must read all of it. Starts LibreOffice
// (headless, a private profile set to pt-BR), hence a *.process.ts.
import { describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { useTestApp } from "../../tests/support";
import { SOFFICE } from "../../tests/spreadsheet";
import { cnpjCheckDigits } from "../lib/brazil";
import type { ImportPreview, ImportResult } from "./imports/model";

const t = useTestApp({ tables: ["subscription_months", "subscriptions", "receivables", "history_events", "clients", "settings"], now: "2026-11-16T10:00:00-03:00" });

// Calc as a Brazilian installs it: the locale decides how cells are written back as text.
const PT_BR_PROFILE = `<?xml version="1.0" encoding="UTF-8"?>
<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
<item oor:path="/org.openoffice.Setup/L10N"><prop oor:name="ooSetupSystemLocale" oor:op="fuse"><value>pt-BR</value></prop></item>
<item oor:path="/org.openoffice.Setup/L10N"><prop oor:name="ooLocale" oor:op="fuse"><value>pt-BR</value></prop></item>
</oor:items>`;

const zeroCnpj = "01234567" + "0001";
const CNPJ_ZERO = zeroCnpj + cnpjCheckDigits(zeroCnpj);
const base2 = "11222333" + "0001";
const CNPJ_2 = base2 + cnpjCheckDigits(base2);

const SOURCE = [
  "Nome;CNPJ;Código do cliente;Contato;Telefone;E-mail;Mensalidade;Trial;Dia de vencimento;Início;Trial até",
  `Padaria Pão Quente;${CNPJ_ZERO};PAO-001;Maria Conceição;(11) 98765-4321;contato@paoquente.com.br;1.234,56;Não;10;12/2026;`,
  `"Ótica Visão Clara; Filial Centro";${CNPJ_2};OTI-002;João;(21) 3333-4444;joao@otica.com.br;99,90;Sim;20;;31/12/2026`,
].join("\r\n");

function soffice(profile: string, args: string[]) {
  const run = Bun.spawnSync([SOFFICE!, `-env:UserInstallation=file://${profile}`, "--headless", ...args], { stdout: "pipe", stderr: "pipe", timeout: 120_000 });
  if (run.exitCode !== 0) throw new Error(`soffice failed: ${run.stderr.toString()}`);
}

/** The spreadsheet saved by Calc as CSV with each separator/charset (LibreOffice's codes: 59 ';', 44 ',', 76 UTF-8, 1 Windows-1252). */
function savedByCalc(): Record<"utf8" | "cp1252" | "comma", Uint8Array> {
  const dir = mkdtempSync(join(tmpdir(), "cofre-lo-import-"));
  try {
    const profile = join(dir, "profile");
    mkdirSync(join(profile, "user"), { recursive: true });
    writeFileSync(join(profile, "user", "registrymodifications.xcu"), PT_BR_PROFILE);
    writeFileSync(join(dir, "clientes.csv"), SOURCE);
    // The spreadsheet: the CSV opened in Calc (pt-BR, ';', UTF-8) and saved as .ods.
    soffice(profile, ["--infilter=CSV:59,34,76,1,,1046", "--convert-to", "ods", "--outdir", dir, join(dir, "clientes.csv")]);
    rmSync(join(dir, "clientes.csv"));
    const out: Record<string, Uint8Array> = {};
    for (const [name, options] of [["utf8", "59,34,76"], ["cp1252", "59,34,1"], ["comma", "44,34,76"]] as const) {
      const outdir = join(dir, name);
      soffice(profile, ["--convert-to", `csv:Text - txt - csv (StarCalc):${options}`, "--outdir", outdir, join(dir, "clientes.ods")]);
      out[name] = new Uint8Array(readFileSync(join(outdir, "clientes.csv")));
    }
    return out as Record<"utf8" | "cp1252" | "comma", Uint8Array>;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function send(bytes: Uint8Array, confirm = false): Promise<Response> {
  const form = new FormData();
  form.append("arquivo", new File([bytes as Uint8Array<ArrayBuffer>], "clientes.csv", { type: "text/csv" }));
  return t.app.handle(new Request(`http://cofre.test/api/clients/import${confirm ? "?confirmar=1" : ""}`, { method: "POST", headers: { cookie: t.cookie, host: "cofre.test" }, body: form }));
}

describe.skipIf(!SOFFICE)("a CSV LibreOffice Calc saved from a spreadsheet", () => {
  test("previews the same clients in UTF-8, Windows-1252 and with ',', and imports them with their subscriptions", async () => {
    const files = savedByCalc();
    // What Calc wrote: the zero dropped, money and the date as pt-BR shows them.
    const text = new TextDecoder().decode(files.utf8);
    expect(text).toContain(`;${CNPJ_ZERO.slice(1)};`);
    expect(text).toContain(";1234,56;");
    expect(text).toContain(";31/12/26");
    expect(files.cp1252.includes(0xd3)).toBe(true); // "Ó" in Windows-1252

    for (const [name, bytes] of Object.entries(files)) {
      const response = await send(bytes);
      const preview = (await response.json()) as ImportPreview;
      expect({ name, status: response.status, erros: preview.erros }).toEqual({ name, status: 200, erros: [] });
      expect(preview.codificacao).toBe(name === "cp1252" ? "windows-1252" : "utf-8");
      expect(preview.separador).toBe(name === "comma" ? "," : ";");
      expect(preview.clientes.map((c) => [c.nome, c.cnpj, c.valorMensalidade, c.assinatura])).toEqual([
        ["Padaria Pão Quente", CNPJ_ZERO, "1234.56", { diaVencimento: 10, inicio: "2026-12", trialAte: null }],
        ["Ótica Visão Clara; Filial Centro", CNPJ_2, "99.90", { diaVencimento: 20, inicio: "2026-11", trialAte: "2026-12-31" }],
      ]);
    }
    expect((t.db.$client.query("select count(*) n from clients").get() as { n: number }).n).toBe(0);

    const imported = await send(files.cp1252, true);
    expect(imported.status).toBe(201);
    expect((await imported.json()) as ImportResult).toMatchObject({ importados: 2, assinaturas: 2 });
    expect(t.db.$client.query("select nome, cnpj, valor_mensalidade v, is_trial t from clients order by id").all()).toEqual([
      { nome: "Padaria Pão Quente", cnpj: CNPJ_ZERO, v: 123456, t: 0 },
      { nome: "Ótica Visão Clara; Filial Centro", cnpj: CNPJ_2, v: 9990, t: 1 },
    ]);
  });
});
