// GET /reports/export?aba=…: the report on screen as a CSV download (same URL parameters).
import type { Db } from "../../../db/client";
import { cashFlowCsv, clientReportCsv, monthlyReportCsv, projectionCsv, supplierReportCsv } from "../../api/reports/csv";
import type { MonthRange } from "../../api/reports/period";
import { mrrMovementInTurns, type MrrMonth } from "../../api/subscriptions/mrr";
import { getDreInTurns, type Dre } from "../../api/reports/dre";
import { badRequest } from "../../http/errors";
import { csvMoneyText, csvMonth, csvResponse, toCsv, type CsvCell } from "../../lib/csv";
import { parseReportView, type ReportView } from "./query";

export async function reportExport(db: Db, databasePath: string, query: Record<string, string | undefined>): Promise<Response> {
  const { view, error } = parseReportView(query);
  if (error) throw badRequest(error);
  const file = await csvFor(db, databasePath, view);
  return csvResponse(file.fileName, file.csv);
}

async function csvFor(db: Db, databasePath: string, view: ReportView) {
  switch (view.aba) {
    case "cliente":
    case "fornecedor":
      if (view.id === null) throw badRequest(view.aba === "cliente" ? "Escolha um cliente" : "Escolha um fornecedor");
      return view.aba === "cliente" ? clientReportCsv(db, view.id) : supplierReportCsv(db, view.id);
    case "mensal":
      return monthlyReportCsv(db, view.mes);
    case "fluxo":
      return cashFlowCsv(db, view.range, view.conta);
    case "projecao":
      return projectionCsv(db, view.dias, view.conta);
    // Read across turns of the event loop, on a reader (issue 38 §3).
    case "assinaturas":
      return subscriptionsCsv(view.range, await mrrMovementInTurns(databasePath, view.range.from, view.range.to));
    case "dre":
      return dreCsv(await getDreInTurns(databasePath, view.range, view.base));
  }
}

/**
 * The DRE as on screen: one line per section, group and category (Tipo, Grupo, Categoria), a
 * column per month and the total — numbers LibreOffice and Excel pt-BR read as numbers — then
 * Resultado and Margem (%).
 */
function dreCsv(dre: Dre) {
  const money = (values: string[], total: string) => [...values.map(csvMoneyText), csvMoneyText(total)];
  const lines: CsvCell[][] = [];
  for (const [tipo, section] of [["Receitas", dre.receitas], ["Despesas", dre.despesas]] as const) {
    lines.push([tipo, "", "", ...money(section.valores, section.total)]);
    for (const group of section.grupos) {
      lines.push([tipo, group.nome, "", ...money(group.valores, group.total)]);
      for (const category of group.categorias) lines.push([tipo, group.nome, category.nome, ...money(category.valores, category.total)]);
    }
  }
  lines.push(["Resultado", "", "", ...money(dre.resultado.valores, dre.resultado.total)]);
  const percent = (v: string | null) => (v === null ? "" : csvMoneyText(v));
  lines.push(["Margem (%)", "", "", ...dre.margem.valores.map(percent), percent(dre.margem.total)]);
  const header = ["Tipo", "Grupo", "Categoria", ...dre.meses, "Total"];
  return { fileName: `dre-${dre.base}-${dre.de}-a-${dre.ate}.csv`, csv: toCsv(header, lines) };
}

/** One line per month of the range: the MRR and its movement (docs/decisions.md "MRR, defined once"), the count of subscriptions in it. */
function subscriptionsCsv(range: MonthRange, months: MrrMonth[]) {
  const lines = months.map((m): CsvCell[] => [
    csvMonth(m.mes),
    csvMoneyText(m.mrr),
    csvMoneyText(m.novas),
    csvMoneyText(m.reajustes),
    csvMoneyText(m.encerradas),
    m.assinaturas,
  ]);
  const header = ["Mês", "MRR", "Novas", "Reajustes", "Encerradas", "Assinaturas"];
  return { fileName: `assinaturas-mrr-${range.from}-a-${range.to}.csv`, csv: toCsv(header, lines) };
}
