// Bench rows for the client import (issue 35 §1): 5,000 rows previewed and imported, in this
// process on a real database file, each ≤ 2 s; and the longest the event loop was held, measured
// by a setImmediate ticker beside the work. The preview yields between slices (≤ 25 ms); the import
// writes in one transaction, which cannot yield (docs/decisions.md "Client import"): its figure is
// reported as measured. Run alone: `bun scripts/bench-imports.ts`.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "../db/client";
import { importClients, previewClientImport } from "../src/api/imports/clients";
import { SYSTEM } from "../src/api/history/record";
import { cnpjCheckDigits } from "../src/lib/brazil";
import { clock } from "../src/lib/clock";
import { ms, type Row } from "./bench-support";

/** 5,000 clients, one in two starting its subscription. */
export function importFile(n = 5_000): Uint8Array {
  const lines = ["Nome;CNPJ;Código do cliente;Contato;Telefone;E-mail;Mensalidade;Dia de vencimento;Início"];
  for (let i = 1; i <= n; i++) {
    const base = String(20_000_000 + i).padStart(8, "0") + "0001";
    lines.push(`Cliente ${i} Ltda;${base}${cnpjCheckDigits(base)};IMP-${i};Pessoa ${i};(11) 9${String(10_000_000 + i).slice(-8)};c${i}@exemplo.com.br;"1.${String(i % 1000).padStart(3, "0")},50";${i % 2 ? "10" : ""};`);
  }
  return new TextEncoder().encode("\uFEFF" + lines.join("\r\n") + "\r\n");
}

/** The longest gap between two setImmediate ticks while `work` runs. */
async function longestBlock<T>(work: () => Promise<T>): Promise<{ value: T; total: number; longest: number }> {
  let running = true;
  let last = performance.now();
  let longest = 0;
  const tick = () => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
    if (running) setImmediate(tick);
  };
  setImmediate(tick);
  const t0 = performance.now();
  const value = await work();
  const total = performance.now() - t0;
  running = false;
  longest = Math.max(longest, performance.now() - last);
  return { value, total, longest };
}

export async function benchImports(row: Row): Promise<void> {
  clock.timeZone = "America/Sao_Paulo";
  const dir = mkdtempSync(join(tmpdir(), "cofre-bench-import-"));
  const db = openDatabase(join(dir, "import.db"));
  try {
    const file = importFile();
    const preview = await longestBlock(() => previewClientImport(db, file, "clientes.csv"));
    if (preview.value.validas !== 5_000) throw new Error(`expected 5,000 valid rows, got ${preview.value.validas}`);
    row("client import, 5,000 rows: preview (read, check, nothing written)", ms(preview.total), "≤ 2 s");
    row("client import preview: longest hold of the event loop", ms(preview.longest), "≤ 25 ms");
    const imported = await longestBlock(() => importClients(db, SYSTEM, file, "clientes.csv", 0));
    if (imported.value.importados !== 5_000) throw new Error(`expected 5,000 imported, got ${imported.value.importados}`);
    row("client import, 5,000 rows (2,500 subscriptions started): import, one transaction", ms(imported.total), "≤ 2 s");
    row("client import: longest hold of the event loop (the one write transaction)", ms(imported.longest), "measured (all or nothing)");
  } finally {
    db.$client.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  const rows: [string, string, string][] = [];
  await benchImports((what, value, budget = "") => rows.push([what, value, budget]));
  console.log("| measure | value | budget |\n|---|---|---|");
  for (const [what, value, budget] of rows) console.log(`| ${what} | ${value} | ${budget} |`);
}
