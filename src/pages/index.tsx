import { Elysia } from "elysia";
import type { ReactElement } from "react";
import { CLIENT_LIST } from "../api/clients/model";
import { findClients, parseClientQuery } from "../api/clients/service";
import { HISTORY_LIST } from "../api/history/model";
import { RECEIVABLE_LIST } from "../api/installments/model";
import { PARTNER_LIST } from "../api/partners/model";
import { PAYABLE_LIST } from "../api/payables/model";
import { SUPPLIER_LIST } from "../api/suppliers/model";
import { SUBSCRIPTION_LIST } from "../api/subscriptions/model";
import { USER_LIST } from "../api/users/model";
import { findUsers, ownSessions, parseUserQuery } from "../api/users/service";
import { findSubscriptionsInTurns, parseSubscriptionQuery, subscriptionSummary } from "../api/subscriptions/service";
import { historyCsv } from "../api/history/csv";
import { ledgerCsv } from "../api/ledger/csv";
import { clientsCsv } from "../api/clients/csv";
import { subscriptionsCsv } from "../api/subscriptions/csv";
import { reconciliationCsv } from "../api/statements/csv";
import { RECEIVABLES } from "../api/installments/table";
import { PAYABLES } from "../api/payables/table";
import { findHistory, historyUsers, parseHistoryQuery } from "../api/history/service";
import { findPartners, parsePartnerQuery, partnerSummary } from "../api/partners/service";
import { getEmailSettings } from "../api/email/service";
import { allows } from "../api/auth/permissions";
import { getDunning } from "../api/dunning/settings";
import { previewClients } from "../api/dunning/preview";
import { MESSAGE_LIST } from "../api/messages/model";
import { findMessages, parseMessageQuery, parseWorklistRange, whatsappWorklist } from "../api/messages/service";
import { getSettings } from "../api/settings/service";
import { ledgerChoices, listCategories, listCostCentres } from "../api/categories/service";
import { bankOptions, listAccounts } from "../api/accounts/service";
import { AccountsPage } from "./AccountsPage";
import { CategoriesPage } from "./CategoriesPage";
import { findSuppliers, parseSupplierQuery } from "../api/suppliers/service";
import { sessionOf, signedIn } from "../api/auth/plugin";
import type { PublicUser } from "../api/auth/service";
import type { AppDeps } from "../context";
import { today } from "../lib/clock";
import { HttpError } from "../http/errors";
import { csvStreamResponse, PAUSE } from "../http/stream";
import type { CsvCell } from "../lib/csv";
import { ClientImportPage } from "./ClientImportPage";
import { renderPage } from "../ssr/render";
import { AppShell } from "./AppShell";
import { ClientsPage } from "./ClientsPage";
import { DashboardPage, dashboardData } from "./DashboardPage";
import { HistoryPage } from "./HistoryPage";
import { GeneratePage, LedgerPage, ledgerPageData, ledgerPageView } from "./LedgerPage";
import { loginPage } from "./LoginPage";
import { PartnersPage } from "./PartnersPage";
import { printStamp } from "./print-stamp";
import { ReportsPage, reportsData } from "./ReportsPage";
import { reportExport } from "./reports/export";
import { SettingsPage } from "./SettingsPage";
import { DunningPage, MessagesPage, WhatsappPage } from "./DunningPage";
import { ReconciliationPage, reconciliationView } from "./ReconciliationPage";
import { SubscriptionsPage } from "./SubscriptionsPage";
import { UsersPage } from "./UsersPage";
import { AccountPage } from "./AccountPage";
import { SuppliersPage } from "./SuppliersPage";
import { graceDays } from "../api/company-rules";

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

const download = (request: Request, file: { fileName: string; header: string[]; rows: Iterable<CsvCell[] | typeof PAUSE> }) =>
  csvStreamResponse(request, file.fileName, file.header, file.rows);

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

/**
 * A list screen (its spec's parse, its page): the view its URL asks for, or the default view with
 * a notice when the URL holds values no one could have meant; the last page for a page past the
 * end; a 404 page when it names a record that does not exist.
 */
function listScreen<Q extends { page: number; perPage: number }>(
  path: string,
  query: Query,
  redirect: (url: string) => Response,
  parse: (raw: Query) => Q,
  load: (view: Q) => Screen | Promise<Screen>,
): Response | Promise<Response> {
  let view: Q;
  try {
    view = parse(query);
  } catch (error) {
    // Only a value that cannot be read (the parse's 400) falls back to the default view; a
    // record the URL names that does not exist (?extrato=999) is the 404 the API gives for it.
    if (error instanceof HttpError && error.status === 400) return redirect(toDefaultView(path));
    throw error;
  }
  const loaded = load(view);
  // Read a slice at a time (a history search, the subscriptions' page): its screen comes later.
  if (loaded instanceof Promise) return loaded.then((screen) => shown(screen, path, query, view, redirect));
  return shown(loaded, path, query, view, redirect);
}

interface Screen {
  total: number;
  render(notice: string | undefined): Response;
}

/** The screen, or the last page's URL when the view asks for a page past it. */
function shown<Q extends { page: number; perPage: number }>(screen: Screen, path: string, query: Query, view: Q, redirect: (url: string) => Response): Response {
  const last = lastPageUrl(path, query, view, screen.total);
  return last ? redirect(last) : screen.render(noticeOf(query));
}

export function pageRoutes(deps: AppDeps) {
  const app = new Elysia({ name: "pages" })
    .get("/login", ({ request, redirect }) => {
      if (sessionOf(request)) return redirect("/", 302);
      return loginPage();
    })
    // Every page below is signed-in: `user` is the session's user, never null.
    .use(signedIn)
    .get("/", async ({ user }) => shellPage("/", "Dashboard", user, <DashboardPage {...await dashboardData(deps.db, deps.config.databasePath)} />))
    .get("/clients/import", ({ user }) => shellPage("/clients/import", "Importar clientes", user, <ClientImportPage today={today()} />))
    .get("/clients", ({ user, query, redirect }) =>
      listScreen(CLIENT_LIST.path, query, (url) => redirect(url, 302), parseClientQuery, (view) => {
        const page = findClients(deps.db, view, graceDays(deps.db, deps.config.blockGraceDays));
        return { total: page.total, render: (notice) => shellPage(CLIENT_LIST.path, "Clientes", user, <ClientsPage query={view} page={page} graceDays={graceDays(deps.db, deps.config.blockGraceDays)} />, notice) };
      }),
    )
    .get("/subscriptions", ({ user, query, redirect }) =>
      listScreen(SUBSCRIPTION_LIST.path, query, (url) => redirect(url, 302), parseSubscriptionQuery, async (view) => {
        const page = await findSubscriptionsInTurns(deps.config.databasePath, view);
        const screen = <SubscriptionsPage query={view} page={page} summary={subscriptionSummary(deps.db)} today={today()} graceDays={graceDays(deps.db, deps.config.blockGraceDays)} />;
        return { total: page.total, render: (notice) => shellPage(SUBSCRIPTION_LIST.path, "Assinaturas", user, screen, notice) };
      }),
    )
    .get("/users", ({ user, query, redirect }) =>
      listScreen(USER_LIST.path, query, (url) => redirect(url, 302), parseUserQuery, (view) => {
        const page = findUsers(deps.db, view);
        const screen = <UsersPage initial={page} params={view.view} currentUserId={user.id} />;
        return { total: page.total, render: (notice) => shellPage(USER_LIST.path, "Usuários", user, screen, notice) };
      }),
    )
    .get("/account", ({ user, sessionToken }) =>
      shellPage("/account", "Minha conta", user, <AccountPage user={user} sessions={ownSessions(deps.db, user.id, sessionToken)} />),
    )
    .get("/reconciliation", ({ user, query, redirect }) =>
      listScreen("/reconciliation", query, (url) => redirect(url, 302), (raw) => reconciliationView(deps.db, raw), (view) => ({
        total: view.data.initial.total,
        render: (notice) => shellPage("/reconciliation", "Conciliação", user, <ReconciliationPage {...view.data} />, notice),
      })),
    )
    .get("/receivables", ({ user, query, redirect }) =>
      listScreen(RECEIVABLE_LIST.path, query, (url) => redirect(url, 302), (raw) => ledgerPageView(deps.db, "receber", raw), async (view) => {
        const data = await ledgerPageData(deps.db, deps.config.databasePath, "receber", view);
        return { total: data.page.total, render: (notice) => shellPage(RECEIVABLE_LIST.path, "Contas a Receber", user, <LedgerPage {...data} />, notice) };
      }),
    )
    .get("/payables", ({ user, query, redirect }) =>
      listScreen(PAYABLE_LIST.path, query, (url) => redirect(url, 302), (raw) => ledgerPageView(deps.db, "pagar", raw), async (view) => {
        const data = await ledgerPageData(deps.db, deps.config.databasePath, "pagar", view);
        return { total: data.page.total, render: (notice) => shellPage(PAYABLE_LIST.path, "Contas a Pagar", user, <LedgerPage {...data} />, notice) };
      }),
    )
    .get("/installments", ({ user }) =>
      shellPage("/installments", "Gerar Parcelas CR", user, <GeneratePage kind="receber" today={today()} graceDays={graceDays(deps.db, deps.config.blockGraceDays)} choices={ledgerChoices(deps.db, "receita")} />),
    )
    .get("/payable-installments", ({ user }) =>
      shellPage("/payable-installments", "Gerar Parcelas CP", user, <GeneratePage kind="pagar" today={today()} graceDays={graceDays(deps.db, deps.config.blockGraceDays)} choices={ledgerChoices(deps.db, "despesa")} />),
    )
    .get("/suppliers", ({ user, query, redirect }) =>
      listScreen(SUPPLIER_LIST.path, query, (url) => redirect(url, 302), parseSupplierQuery, (view) => {
        const page = findSuppliers(deps.db, view);
        return { total: page.total, render: (notice) => shellPage(SUPPLIER_LIST.path, "Fornecedores", user, <SuppliersPage query={view} page={page} />, notice) };
      }),
    )
    .get("/accounts", ({ user }) => shellPage("/accounts", "Contas bancárias", user, <AccountsPage accounts={listAccounts(deps.db)} banks={bankOptions()} today={today()} />))
    .get("/categories", ({ user }) =>
      shellPage("/categories", "Plano de contas", user, <CategoriesPage categories={listCategories(deps.db)} costCentres={listCostCentres(deps.db)} />),
    )
    .get("/reports", async ({ user, query }) => shellPage("/reports", "Relatórios", user, <ReportsPage {...await reportsData(deps.db, deps.config.databasePath, query)} />))
    .get("/reports/export", ({ query }) => reportExport(deps.db, deps.config.databasePath, query))
    .get("/history", ({ user, query, redirect }) =>
      listScreen(HISTORY_LIST.path, query, (url) => redirect(url, 302), parseHistoryQuery, (view) => {
        return findHistory(deps.db, view).then((page) => {
          const screen = <HistoryPage query={view} page={page} users={historyUsers(deps.db)} printed={printStamp(deps.db)} />;
          return { total: page.total, render: (notice: string | undefined) => shellPage(HISTORY_LIST.path, "Histórico", user, screen, notice) };
        });
      }),
    )
    // The lists' exports stream (up to 100,000 rows): read from a connection of their own and
    // written a slice at a time, so the server answers everyone else meanwhile (issue 21 §1b).
    .get("/receivables/export", ({ query, request }) => download(request, ledgerCsv(deps.config.databasePath, RECEIVABLES, query)))
    .get("/payables/export", ({ query, request }) => download(request, ledgerCsv(deps.config.databasePath, PAYABLES, query)))
    .get("/history/export", ({ query, request }) => download(request, historyCsv(deps.config.databasePath, parseHistoryQuery(query))))
    // Cobranças (DECISIONS §11): the régua's settings, the messages' log, the WhatsApp worklist.
    .get("/dunning", ({ user }) => {
      const clientes = previewClients(deps.db);
      const screen = (
        <DunningPage
          regua={getDunning(deps.db, graceDays(deps.db, deps.config.blockGraceDays))}
          podeEditar={allows(user.papel, "PUT", "/api/dunning") === true}
          podeExecutar={allows(user.papel, "POST", "/api/dunning/run") === true}
          clientes={clientes}
        />
      );
      return shellPage("/dunning", "Cobranças", user, screen);
    })
    .get("/dunning/sent", ({ user, query, redirect }) =>
      listScreen(MESSAGE_LIST.path, query, (url) => redirect(url, 302), parseMessageQuery, (view) => {
        const page = findMessages(deps.db, view);
        const screen = <MessagesPage query={view} page={page} whatsapp={allows(user.papel, "GET", "/dunning/whatsapp") === true} />;
        return { total: page.total, render: (notice) => shellPage("/dunning", "Cobranças", user, screen, notice) };
      }),
    )
    // ?mensagens=120-131: only the messages of one bulk Cobrar by WhatsApp (Contas a Receber's selection).
    .get("/dunning/whatsapp", ({ user, query }) => {
      const range = parseWorklistRange(query.mensagens);
      return shellPage("/dunning", "Cobranças", user, <WhatsappPage items={whatsappWorklist(deps.db, range ?? undefined)} selection={range !== null} />);
    })
    .get("/settings", ({ user }) => shellPage("/settings", "Configurações", user, <SettingsPage settings={getSettings(deps.db, deps.config.blockGraceDays)} email={getEmailSettings(deps.db)} />))
    // Issue 35 §4: the registers' exports, page by page through their lists' own queries.
    .get("/clients/export", ({ query, request }) => download(request, clientsCsv(deps.db, query, graceDays(deps.db, deps.config.blockGraceDays))))
    .get("/subscriptions/export", ({ query, request }) => download(request, subscriptionsCsv(deps.config.databasePath, query)))
    .get("/reconciliation/export", ({ query, request }) => download(request, reconciliationCsv(deps.db, query)))
    .get("/partners", ({ user, query, redirect }) =>
      listScreen(PARTNER_LIST.path, query, (url) => redirect(url, 302), parsePartnerQuery, (view) => {
        const page = findPartners(deps.db, view);
        const screen = <PartnersPage query={view} page={page} summary={partnerSummary(deps.db)} />;
        return { total: page.total, render: (notice) => shellPage(PARTNER_LIST.path, "Parceiros", user, screen, notice) };
      }),
    );
  return app;
}
