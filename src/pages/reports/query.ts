// The reports page's state lives in its URL (DECISIONS §5): /reports?aba=…, one parser for the
// page and its CSV export, and one way to write the links back.
import { DEFAULT_PAGE_SIZE } from "../../api/list";
import { defaultRange, parseMonth, parseRange, type MonthRange } from "../../api/reports/period";
import { defaultMrrRange, parseMrrRange } from "../../api/subscriptions/mrr";
import { HttpError } from "../../http/errors";
import { currentMonth } from "../../lib/clock";
import { parseDreQuery, type DreBase } from "../../api/reports/dre";
import { parseAccountParam } from "../../api/reports/cash-flow";
import { parseProjectionDays, type ProjectionDays } from "../../api/reports/projection";

export const REPORT_TABS = [
  { id: "cliente", label: "Por Cliente" },
  { id: "fornecedor", label: "Por Fornecedor" },
  { id: "mensal", label: "Mensal" },
  { id: "fluxo", label: "Fluxo de Caixa" },
  { id: "assinaturas", label: "Assinaturas" },
  { id: "dre", label: "DRE" },
  { id: "projecao", label: "Saldo projetado" },
] as const;

type ReportTab = (typeof REPORT_TABS)[number]["id"];

export type ReportView =
  | { aba: "cliente" | "fornecedor"; id: number | null; pagina: number }
  | { aba: "mensal"; mes: string }
  /** `conta`: one bank account's flow (issue 34 §3); null, every account (DECISIONS §3). */
  | { aba: "fluxo"; range: MonthRange; conta: number | null }
  /** The balance day by day for the next 30, 60 or 90 days (issue 34 §3). */
  | { aba: "projecao"; dias: ProjectionDays; conta: number | null }
  /** The MRR's months: the API's range rule (the last 12 by default, at most 120). */
  | { aba: "assinaturas"; range: MonthRange }
  /** The DRE gerencial (issue 36): 12 months ending with the current one by default, caixa or competência. */
  | { aba: "dre"; range: MonthRange; base: DreBase };

export const PARTY_PAGE_SIZE = DEFAULT_PAGE_SIZE;

type Query = Record<string, string | undefined>;

const positive = (raw: string | undefined) => (raw && /^[1-9]\d{0,14}$/.test(raw) ? Number(raw) : null);

/**
 * The view a URL asks for. What cannot be read falls back to the default view and names the
 * problem in `error` (a bookmark with a typo still opens the report).
 */
export function parseReportView(query: Query): { view: ReportView; error: string | null } {
  const aba = REPORT_TABS.some((tab) => tab.id === query.aba) ? (query.aba as ReportTab) : "cliente";
  if (aba === "cliente" || aba === "fornecedor") {
    const id = positive(query.id);
    const error = query.id && id === null ? "Identificador inválido" : null;
    return { view: { aba, id, pagina: positive(query.pagina) ?? 1 }, error };
  }
  try {
    if (aba === "mensal") return { view: { aba, mes: query.mes ? parseMonth(query.mes) : currentMonth() }, error: null };
    if (aba === "assinaturas") return { view: { aba, range: parseMrrRange(query.de, query.ate) }, error: null };
    if (aba === "dre") return { view: { aba, ...parseDreQuery(query) }, error: null };
    if (aba === "projecao") return { view: { aba, dias: parseProjectionDays(query.dias), conta: parseAccountParam(query.conta) }, error: null };
    return { view: { aba, range: parseRange(query.de, query.ate), conta: parseAccountParam(query.conta) }, error: null };
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    const view: ReportView =
      aba === "mensal"
        ? { aba, mes: currentMonth() }
        : aba === "assinaturas"
          ? { aba, range: defaultMrrRange() }
          : aba === "dre"
            ? { aba, ...parseDreQuery({}) }
            : aba === "projecao"
              ? { aba, dias: 30, conta: null }
              : { aba, range: defaultRange(), conta: null };
    return { view, error: error.message };
  }
}

/** The URL of a view (the page, or with `path` its CSV export). */
export function reportHref(view: ReportView, path = "/reports"): string {
  const params = new URLSearchParams({ aba: view.aba });
  if (view.aba === "cliente" || view.aba === "fornecedor") {
    if (view.id !== null) params.set("id", String(view.id));
    if (view.pagina > 1 && path === "/reports") params.set("pagina", String(view.pagina));
  } else if (view.aba === "mensal") params.set("mes", view.mes);
  else if (view.aba === "fluxo" || view.aba === "assinaturas" || view.aba === "dre") {
    params.set("de", view.range.from);
    params.set("ate", view.range.to);
    if (view.aba === "dre") params.set("base", view.base);
    if (view.aba === "fluxo" && view.conta !== null) params.set("conta", String(view.conta));
  } else if (view.aba === "projecao") {
    params.set("dias", String(view.dias));
    if (view.conta !== null) params.set("conta", String(view.conta));
  }
  return `${path}?${params}`;
}

/** A tab's link: the tab alone, with its default figures. */
export const tabHref = (tab: ReportTab) => `/reports?aba=${tab}`;
