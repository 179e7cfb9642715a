// GET /reports/export?aba=…: the report on screen as a CSV download (same URL parameters).
import type { Db } from "../../../db/client";
import { cashFlowCsv, clientReportCsv, monthlyReportCsv, supplierReportCsv } from "../../api/reports/csv";
import type { MonthRange } from "../../api/reports/period";
import { mrrMovement } from "../../api/subscriptions/mrr";
import { badRequest } from "../../http/errors";
import { csvMoneyText, csvMonth, csvResponse, toCsv, type CsvCell } from "../../lib/csv";
import { parseReportView, type ReportView } from "./query";

export function reportExport(db: Db, query: Record<string, string | undefined>): Response {
  const { view, error } = parseReportView(query);
  if (error) throw badRequest(error);
  const file = csvFor(db, view);
  return csvResponse(file.fileName, file.csv);
}

function csvFor(db: Db, view: ReportView) {
  switch (view.aba) {
    case "cliente":
    case "fornecedor":
      if (view.id === null) throw badRequest(view.aba === "cliente" ? "Escolha um cliente" : "Escolha um fornecedor");
      return view.aba === "cliente" ? clientReportCsv(db, view.id) : supplierReportCsv(db, view.id);
    case "mensal":
      return monthlyReportCsv(db, view.mes);
    case "fluxo":
      return cashFlowCsv(db, view.range);
    case "assinaturas":
      return subscriptionsCsv(db, view.range);
  }
}

/** One line per month of the range: the MRR and its movement (docs/decisions.md "MRR, defined once"), the count of subscriptions in it. */
function subscriptionsCsv(db: Db, range: MonthRange) {
  const lines = mrrMovement(db, range.from, range.to).map((m): CsvCell[] => [
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
