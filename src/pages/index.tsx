import { Elysia } from "elysia";
import type { ReactElement } from "react";
import { listClients } from "../api/clients/service";
import { listPartners } from "../api/partners/service";
import { listSuppliers } from "../api/suppliers/service";
import { SESSION_COOKIE, sessionGate } from "../auth/plugin";
import { deleteSession, type PublicUser } from "../auth/service";
import type { AppDeps } from "../context";
import { renderPage } from "../ssr/render";
import { PageHeader } from "../ui/PageHeader";
import { AppShell } from "./AppShell";
import { ClientsPage } from "./ClientsPage";
import { DashboardPage } from "./DashboardPage";
import { LoginPage } from "./LoginPage";
import { PartnersPage } from "./PartnersPage";
import { SuppliersPage } from "./SuppliersPage";

/** Screens whose issues are still open: the shell and their heading, so the menu never 404s. */
const PENDING_SCREENS: Record<string, string> = {
  "/receivables": "Contas a Receber",
  "/installments": "Gerar Parcelas CR",
  "/payables": "Contas a Pagar",
  "/payable-installments": "Gerar Parcelas CP",
  "/reports": "Relatórios",
};

/** A signed-in page: the shell around the screen, titled "{title} · Cofre". */
const shellPage = (path: string, title: string, user: PublicUser | null, screen: ReactElement) =>
  renderPage({
    title: `${title} · Cofre`,
    body: (
      <AppShell path={path} user={user!}>
        {screen}
      </AppShell>
    ),
  });

export function pageRoutes(deps: AppDeps) {
  const app = new Elysia({ name: "pages" })
    .use(sessionGate(deps))
    .get("/login", ({ user, redirect, query, sessionToken, cookie }) => {
      // Sair lands here with ?saiu: the session ends even if its logout call failed.
      if ("saiu" in query) {
        if (sessionToken) deleteSession(deps.db, sessionToken);
        cookie[SESSION_COOKIE]!.remove();
        return redirect("/login", 302);
      }
      if (user) return redirect("/", 302);
      return renderPage({ title: "Entrar · Cofre", body: <LoginPage /> });
    })
    // The gate has already sent visitors without a session to /login: `user` is set below.
    .get("/", ({ user }) => shellPage("/", "Dashboard", user, <DashboardPage />))
    .get("/clients", ({ user }) => shellPage("/clients", "Clientes", user, <ClientsPage clients={listClients(deps.db)} />))
    .get("/suppliers", ({ user }) =>
      shellPage("/suppliers", "Fornecedores", user, <SuppliersPage suppliers={listSuppliers(deps.db)} />),
    )
    .get("/partners", ({ user }) => shellPage("/partners", "Parceiros", user, <PartnersPage partners={listPartners(deps.db)} />));
  for (const [path, title] of Object.entries(PENDING_SCREENS)) {
    app.get(path, ({ user }) => shellPage(path, title, user, <PageHeader title={title} />));
  }
  return app;
}
