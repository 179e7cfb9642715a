import { Elysia } from "elysia";
import { SESSION_COOKIE, sessionGate } from "../auth/plugin";
import { deleteSession } from "../auth/service";
import type { AppDeps } from "../context";
import { renderPage } from "../ssr/render";
import { listClients } from "../api/clients/service";
import { listPartners } from "../api/partners/service";
import { listSuppliers } from "../api/suppliers/service";
import { AppShell, PageHeader } from "./AppShell";
import { ClientsPage } from "./ClientsPage";
import { PartnersPage } from "./PartnersPage";
import { SuppliersPage } from "./SuppliersPage";
import { DashboardPage } from "./DashboardPage";
import { LoginPage } from "./LoginPage";

/** Screens whose issues are still open: the shell and their heading, so the menu never 404s. */
const PENDING_SCREENS: Record<string, string> = {
  "/receivables": "Contas a Receber",
  "/installments": "Gerar Parcelas CR",
  "/payables": "Contas a Pagar",
  "/payable-installments": "Gerar Parcelas CP",
  "/reports": "Relatórios",
};

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
      if (user) {
        return redirect("/", 302);
      }
      return renderPage({ title: "Entrar · Cofre", body: <LoginPage /> });
    })
    .get("/", ({ user }) =>
      renderPage({
        title: "Dashboard · Cofre",
        body: (
          <AppShell path="/" user={user!}>
            <DashboardPage />
          </AppShell>
        ),
      }),
    );
  app
    .get("/clients", ({ user }) =>
      renderPage({
        title: "Clientes · Cofre",
        body: (
          <AppShell path="/clients" user={user!}>
            <ClientsPage clients={listClients(deps.db)} />
          </AppShell>
        ),
      }),
    )
    .get("/suppliers", ({ user }) =>
      renderPage({
        title: "Fornecedores · Cofre",
        body: (
          <AppShell path="/suppliers" user={user!}>
            <SuppliersPage suppliers={listSuppliers(deps.db)} />
          </AppShell>
        ),
      }),
    )
    .get("/partners", ({ user }) =>
      renderPage({
        title: "Parceiros · Cofre",
        body: (
          <AppShell path="/partners" user={user!}>
            <PartnersPage partners={listPartners(deps.db)} />
          </AppShell>
        ),
      }),
    );
  for (const [path, title] of Object.entries(PENDING_SCREENS)) {
    app.get(path, ({ user }) =>
      renderPage({
        title: `${title} · Cofre`,
        body: (
          <AppShell path={path} user={user!}>
            <PageHeader title={title} />
          </AppShell>
        ),
      }),
    );
  }
  return app;
}
