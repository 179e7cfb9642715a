import { Elysia } from "elysia";
import type { ReactElement } from "react";
import { findClients, parseClientQuery } from "../api/clients/service";
import { historyCsv } from "../api/history/csv";
import { ledgerCsv } from "../api/ledger/csv";
import { PAYABLES, RECEIVABLES } from "../api/ledger/table";
import { findHistory, historyUsers, parseHistoryQuery } from "../api/history/service";
import { findPartners, parsePartnerQuery, partnerSummary } from "../api/partners/service";
import { getSettings } from "../api/settings/service";
import { findSuppliers, parseSupplierQuery } from "../api/suppliers/service";
import { sessionOf, signedIn } from "../api/auth/plugin";
import type { PublicUser } from "../api/auth/service";
import type { AppDeps } from "../context";
import { today } from "../lib/clock";
import { csvResponse } from "../lib/csv";
import { renderPage } from "../ssr/render";
import { AppShell } from "./AppShell";
import { ClientsPage } from "./ClientsPage";
import { DashboardPage, dashboardData } from "./DashboardPage";
import { HistoryPage } from "./HistoryPage";
import { GeneratePage, LedgerPage, ledgerPageData } from "./LedgerPage";
import { loginPage } from "./LoginPage";
import { PartnersPage } from "./PartnersPage";
import { printedAtNow } from "../ui/PrintHeader";
import { ReportsPage, reportsData } from "./ReportsPage";
import { reportExport } from "./reports/export";
import { SettingsPage } from "./SettingsPage";
import { SuppliersPage } from "./SuppliersPage";

/** A list page's view from its URL; null for parameters no one could have meant (→ the default view). */
function listView<Q>(query: Record<string, string | undefined>, parse: (query: Record<string, string | undefined>) => Q): Q | null {
  try {
    return parse(query);
  } catch {
    return null;
  }
}

/** Why a page shows its default view instead of a bookmark's (`?aviso=` on the redirect). */
const DEFAULT_VIEW_NOTICE = "O endereço trazia filtros que não puderam ser lidos (por exemplo, uma data fora de 1900–2199): mostrando a lista sem eles.";
const toDefaultView = (path: string) => `${path}?aviso=1`;
const noticeOf = (query: Record<string, string | undefined>) => (query.aviso === "1" ? DEFAULT_VIEW_NOTICE : undefined);

type Query = Record<string, string | undefined>;

/**
 * A page past the end (an old bookmark, a hand-typed ?pagina=9999) shows the last page, and
 * the URL says so: the address of that last page, or null when the page asked for exists.
 */
function lastPageUrl(path: string, query: Query, { page, perPage }: { page: number; perPage: number }, total: number): string | null {
  const last = Math.max(1, Math.ceil(total / perPage));
  if (page <= last) return null;
  const search = new URLSearchParams(Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== undefined));
  if (last === 1) search.delete("pagina");
  else search.set("pagina", String(last));
  const text = search.toString();
  return `${path}${text ? `?${text}` : ""}`;
}

/** A signed-in page: the shell around the screen, titled "{title} · Cofre". */
const shellPage = (path: string, title: string, user: PublicUser, screen: ReactElement, notice?: string) =>
  renderPage({
    title: `${title} · Cofre`,
    body: (
      <AppShell path={path} user={user} notice={notice}>
        {screen}
      </AppShell>
    ),
  });

const ledgerPaging = (data: { params: Record<string, string> }) => ({ page: Number(data.params.pagina), perPage: Number(data.params.porPagina) });

export function pageRoutes(deps: AppDeps) {
  const app = new Elysia({ name: "pages" })
    .get("/login", ({ request, redirect }) => {
      if (sessionOf(request)) return redirect("/", 302);
      return loginPage();
    })
    // Every page below is signed-in: `user` is the session's user, never null.
    .use(signedIn)
    .get("/", ({ user }) => shellPage("/", "Dashboard", user, <DashboardPage {...dashboardData(deps.db)} />))
    .get("/clients", ({ user, query, redirect }) => {
      const view = listView(query, parseClientQuery);
      if (!view) return redirect(toDefaultView("/clients"), 302);
      const page = findClients(deps.db, view, deps.config.blockGraceDays);
      const last = lastPageUrl("/clients", query, view, page.total);
      if (last) return redirect(last, 302);
      return shellPage("/clients", "Clientes", user, <ClientsPage query={view} page={page} />, noticeOf(query));
    })
    .get("/receivables", ({ user, query, redirect }) => {
      const data = ledgerPageData(deps.db, "receber", query);
      if (!data) return redirect(toDefaultView("/receivables"), 302);
      const last = lastPageUrl("/receivables", query, ledgerPaging(data), data.page.total);
      if (last) return redirect(last, 302);
      return shellPage("/receivables", "Contas a Receber", user, <LedgerPage {...data} />, noticeOf(query));
    })
    .get("/payables", ({ user, query, redirect }) => {
      const data = ledgerPageData(deps.db, "pagar", query);
      if (!data) return redirect(toDefaultView("/payables"), 302);
      const last = lastPageUrl("/payables", query, ledgerPaging(data), data.page.total);
      if (last) return redirect(last, 302);
      return shellPage("/payables", "Contas a Pagar", user, <LedgerPage {...data} />, noticeOf(query));
    })
    .get("/installments", ({ user }) =>
      shellPage("/installments", "Gerar Parcelas CR", user, <GeneratePage kind="receber" today={today()} graceDays={deps.config.blockGraceDays} />),
    )
    .get("/payable-installments", ({ user }) =>
      shellPage("/payable-installments", "Gerar Parcelas CP", user, <GeneratePage kind="pagar" today={today()} graceDays={deps.config.blockGraceDays} />),
    )
    .get("/suppliers", ({ user, query, redirect }) => {
      const view = listView(query, parseSupplierQuery);
      if (!view) return redirect(toDefaultView("/suppliers"), 302);
      const page = findSuppliers(deps.db, view);
      const last = lastPageUrl("/suppliers", query, view, page.total);
      if (last) return redirect(last, 302);
      return shellPage("/suppliers", "Fornecedores", user, <SuppliersPage query={view} page={page} />, noticeOf(query));
    })
    .get("/reports", ({ user, query }) => shellPage("/reports", "Relatórios", user, <ReportsPage {...reportsData(deps.db, query)} />))
    .get("/reports/export", ({ query }) => reportExport(deps.db, query))
    .get("/history", ({ user, query, redirect }) => {
      const view = listView(query, parseHistoryQuery);
      if (!view) return redirect(toDefaultView("/history"), 302);
      const page = findHistory(deps.db, view);
      const last = lastPageUrl("/history", query, view, page.total);
      if (last) return redirect(last, 302);
      return shellPage("/history", "Histórico", user, <HistoryPage query={view} page={page} users={historyUsers(deps.db)} printedAt={printedAtNow()} />, noticeOf(query));
    })
    .get("/receivables/export", ({ query }) => {
      const file = ledgerCsv(deps.db, RECEIVABLES, query);
      return csvResponse(file.fileName, file.csv);
    })
    .get("/payables/export", ({ query }) => {
      const file = ledgerCsv(deps.db, PAYABLES, query);
      return csvResponse(file.fileName, file.csv);
    })
    .get("/history/export", ({ query }) => {
      const file = historyCsv(deps.db, parseHistoryQuery(query));
      return csvResponse(file.fileName, file.csv);
    })
    .get("/settings", ({ user }) => shellPage("/settings", "Configurações", user, <SettingsPage settings={getSettings(deps.db)} />))
    .get("/partners", ({ user, query, redirect }) => {
      const view = listView(query, parsePartnerQuery);
      if (!view) return redirect(toDefaultView("/partners"), 302);
      const page = findPartners(deps.db, view);
      const last = lastPageUrl("/partners", query, view, page.total);
      if (last) return redirect(last, 302);
      return shellPage("/partners", "Parceiros", user, <PartnersPage query={view} page={page} summary={partnerSummary(deps.db)} />, noticeOf(query));
    });
  return app;
}
