// Bench rows for the plano de contas (issue 36), on the bench's `seed-demo --scale 50` database:
// the DRE of 12 months on both bases (budget ≤ 30 ms), and page 1, the middle and the last of the
// lists filtered by a category and by a cost centre (and sorted by them with a filter), each the
// median of 15 in-process calls.
import { eq } from "drizzle-orm";
import { openDatabase } from "../db/client";
import { categories, costCentres } from "../db/schema";
import { listInstallments, parseInstallmentQuery } from "../src/api/installments/service";
import { listPayables, parsePayableQuery } from "../src/api/payables/service";
import { getDre } from "../src/api/reports/dre";
import { currentMonth } from "../src/lib/clock";
import { addMonthsToMonth } from "../src/lib/dates";
import { benchAlone, ms, type Row, timed } from "./bench-support";

export function benchDre(dbPath: string, row: Row) {
  const db = openDatabase(dbPath, { mustExist: true });
  try {
    const to = currentMonth();
    const range = { from: addMonthsToMonth(to, -11), to };
    for (const base of ["caixa", "competencia"] as const) row(`DRE, 12 months, ${base} (in-process, median of 15)`, ms(timed(() => getDre(db, range, base)), 2), "≤ 30 ms");
    const id = (nome: string) => String(db.select({ id: categories.id }).from(categories).where(eq(categories.nome, nome)).get()!.id);
    // seed-demo's "Operação" (none in a database seeded before issue 36: the row measures an empty filter).
    const centre = String(db.select({ id: costCentres.id }).from(costCentres).orderBy(costCentres.id).limit(1).get()?.id ?? 1);
    const lists: [string, (raw: Record<string, string>) => { total: number }, Record<string, string>][] = [
      ["receivables ?categoriaId=Mensalidades", (raw) => listInstallments(db, parseInstallmentQuery(raw)), { categoriaId: id("Mensalidades") }],
      ["receivables ?categoriaId=Mensalidades&ordem=-valor", (raw) => listInstallments(db, parseInstallmentQuery(raw)), { categoriaId: id("Mensalidades"), ordem: "-valor" }],
      ["payables ?categoriaId=Fornecedores", (raw) => listPayables(db, parsePayableQuery(raw)), { categoriaId: id("Fornecedores") }],
      ["payables ?centroCustoId=(Operação)", (raw) => listPayables(db, parsePayableQuery(raw)), { centroCustoId: centre }],
      ["payables ?categoriaId=Aluguel&pagoEm=(a month ago)", (raw) => listPayables(db, parsePayableQuery(raw)), { categoriaId: id("Aluguel"), pagoEm: addMonthsToMonth(to, -1) }],
      // Sorted by the plano (issue 36 §3; every sort alone is in bench-pages.ts): with a status, and with the other filter.
      ["receivables ?status=pago&ordem=-categoria", (raw) => listInstallments(db, parseInstallmentQuery(raw)), { status: "pago", ordem: "-categoria" }],
      ["payables ?centroCustoId=(Operação)&ordem=categoria", (raw) => listPayables(db, parsePayableQuery(raw)), { centroCustoId: centre, ordem: "categoria" }],
      ["payables ?categoriaId=Fornecedores&ordem=centroCusto", (raw) => listPayables(db, parsePayableQuery(raw)), { categoriaId: id("Fornecedores"), ordem: "centroCusto" }],
    ];
    for (const [label, page, raw] of lists) {
      const last = Math.max(1, Math.ceil(page({ ...raw, pagina: "1", porPagina: "50" }).total / 50));
      const pages = [1, Math.ceil(last / 2), last];
      const times = pages.map((pagina) => timed(() => page({ ...raw, pagina: String(pagina), porPagina: "50" })));
      row(`${label}: page 1 / ${pages[1]} / ${last} (in-process)`, times.map((t) => ms(t, 2)).join(" / "), "≤ 2× page 1 (or + 1 ms) and ≤ 15 ms");
    }
  } finally {
    db.$client.close();
  }
}

if (import.meta.main) await benchAlone("bun scripts/bench-dre.ts <database seeded with seed-demo --scale 50>", benchDre);
