import { Elysia } from "elysia";
import type { AppDeps } from "../../context";
import { parseId } from "../../http/validate";
import { parsePaging } from "../list";
import { getCashFlow, parseAccountParam } from "./cash-flow";
import { getDreInTurns, parseDreQuery } from "./dre";
import { listClientInstallments } from "./party-installments";
import { getClientReportTotals } from "./client-report";
import { getMonthlyReport } from "./monthly-report";
import { parseMonth, parseRange } from "./period";
import { getProjection, parseProjectionDays } from "./projection";
import { listSupplierInstallments } from "./party-installments";
import { getSupplierReportTotals } from "./supplier-report";

/**
 * SPEC §7's four reports. The party reports add that party's installments, one page at a time
 * (`pagina`, `porPagina`; 50 by default); the cash flow answers SPEC's array of months.
 */
export function reportsApi(deps: AppDeps) {
  const { db } = deps;
  return new Elysia({ name: "api.reports", prefix: "/api/reports" })
    .get("/client/:clientId", ({ params, query }) => {
      const id = parseId(params.clientId);
      const { page, perPage } = parsePaging(query);
      const totals = getClientReportTotals(db, id);
      return { ...totals, pagina: page, porPagina: perPage, parcelas: listClientInstallments(db, id, perPage, (page - 1) * perPage) };
    })
    .get("/supplier/:supplierId", ({ params, query }) => {
      const id = parseId(params.supplierId);
      const { page, perPage } = parsePaging(query);
      const totals = getSupplierReportTotals(db, id);
      return { ...totals, pagina: page, porPagina: perPage, parcelas: listSupplierInstallments(db, id, perPage, (page - 1) * perPage) };
    })
    .get("/monthly/:month", ({ params }) => getMonthlyReport(db, parseMonth(params.month)))
    .get("/dre", ({ query }) => {
      const { range, base } = parseDreQuery(query);
      return getDreInTurns(deps.config.databasePath, range, base);
    })
    // `conta=<id>`: that bank account's flow (issue 34 §3); the answer keeps SPEC's array of months.
    .get("/cash-flow", ({ query }) => getCashFlow(db, parseRange(query.from, query.to), parseAccountParam(query.conta)).rows)
    .get("/projected-balance", ({ query }) => getProjection(db, parseProjectionDays(query.dias), parseAccountParam(query.conta)));
}
