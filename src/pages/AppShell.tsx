import type { ReactNode } from "react";
// The menu's markup is the same for every page of a role and menu entry: rendered once each.
import { renderToString } from "react-dom/server.browser";
import { CanWrite, READ_ONLY_ATTRIBUTE } from "../../islands/lib/can-write";
import { USER_ATTRIBUTE } from "../../islands/lib/page-shell";
import { allows } from "../api/auth/permissions";
import type { PublicUser } from "../api/auth/service";
import { canWrite, type Role } from "../lib/roles";
import { PlainScriptUse } from "../ssr/render";
import { ToasterViewport } from "../ui/Toaster";
import { Icon, type IconName } from "../ui/Icon";

interface MenuItem {
  href: string;
  label: string;
  icon: IconName;
}

export const MENU: MenuItem[] = [
  { href: "/", label: "Dashboard", icon: "dashboard" },
  { href: "/clients", label: "Clientes", icon: "users" },
  { href: "/subscriptions", label: "Assinaturas", icon: "repeat" },
  { href: "/receivables", label: "Contas a Receber", icon: "receivable" },
  { href: "/installments", label: "Gerar Parcelas CR", icon: "calendar-plus" },
  { href: "/suppliers", label: "Fornecedores", icon: "truck" },
  { href: "/payables", label: "Contas a Pagar", icon: "payable" },
  { href: "/payable-installments", label: "Gerar Parcelas CP", icon: "calendar-plus" },
  { href: "/reconciliation", label: "Conciliação", icon: "check" },
  { href: "/dunning", label: "Cobranças", icon: "mail" },
  { href: "/partners", label: "Parceiros", icon: "handshake" },
  { href: "/accounts", label: "Contas bancárias", icon: "bank" },
  { href: "/categories", label: "Plano de contas", icon: "wallet" },
  { href: "/reports", label: "Relatórios", icon: "chart" },
  { href: "/history", label: "Histórico", icon: "history" },
  { href: "/users", label: "Usuários", icon: "shield" },
  { href: "/settings", label: "Configurações", icon: "settings" },
  { href: "/account", label: "Minha conta", icon: "lock" },
];

/** The menu a role sees: a page the role table (src/api/auth/permissions.ts) refuses it is not offered. */
const menuFor = (role: Role) => MENU.filter((item) => allows(role, "GET", item.href) === true);

function Menu({ role, path }: { role: Role; path: string }) {
  return (
    <>
      <a className="shell-brand" href="/">
        <Icon name="logo" className="shell-logo" />
        <span>Cofre</span>
      </a>
      <ul className="shell-menu">
        {menuFor(role).map((item) => (
          <li key={item.href}>
            <a href={item.href} aria-current={item.href === path ? "page" : undefined}>
              <Icon name={item.icon} />
              <span>{item.label}</span>
            </a>
          </li>
        ))}
      </ul>
      <div className="shell-signout">
        {/* "Sair" posts /logout (303 → /login): no script needed; /login clears auth-storage. */}
        <form method="post" action="/logout" className="shell-signout-form">
          <button type="submit" className="shell-signout-button">
            <Icon name="logout" />
            <span>Sair</span>
          </button>
        </form>
      </div>
    </>
  );
}

// ~90 elements a page (issue 38 §1: a page's render), kept per role and current entry: a path
// that is no menu entry shares the entry-less menu, so the cache stays MENU's size per role.
const menus = new Map<string, string>();
function menuHtml(role: Role, path: string): string {
  const current = MENU.some((item) => item.href === path) ? path : "";
  const key = `${role}|${current}`;
  let html = menus.get(key);
  if (html === undefined) menus.set(key, (html = renderToString(<Menu role={role} path={current} />)));
  return html;
}

interface AppShellProps {
  path: string;
  user: PublicUser;
  children: ReactNode;
  /** Why the page shows its default view (a bookmark whose filters could not be read). */
  notice?: string;
}

/**
 * The frame of every signed-in page. The side menu is a native popover on small screens
 * (no script needed to open or light-dismiss it) and a fixed column on wide ones.
 */
export function AppShell({ path, user, children, notice }: AppShellProps) {
  const readOnly = !canWrite(user.papel);
  return (
    <div className="shell" {...{ [USER_ATTRIBUTE]: JSON.stringify({ id: user.id, email: user.email, nome: user.nome, papel: user.papel, trocarSenha: user.trocarSenha }) }} {...(readOnly ? { [READ_ONLY_ATTRIBUTE]: "" } : {})}>
      <a className="skip-link" href="#conteudo">
        Pular para o conteúdo
      </a>
      <nav id="side-menu" className="shell-nav" popover="auto" aria-label="Menu principal" dangerouslySetInnerHTML={{ __html: menuHtml(user.papel, path) }} />
      <div className="shell-main">
        <header className="shell-topbar">
          <button type="button" className="shell-menu-toggle" popoverTarget="side-menu" aria-label="Abrir menu">
            <Icon name="menu" />
          </button>
          <span className="shell-topbar-brand">Cofre</span>
          <a className="shell-user" href="/account" title={`Minha conta: ${user.email}`} aria-current={path === "/account" ? "page" : undefined}>
            <Icon name="users" />
            <span data-testid="user-email">{user.email}</span>
          </a>
        </header>
        <main className="shell-content" id="conteudo" tabIndex={-1}>
          {notice && (
            <p className="shell-notice" role="status">
              {notice}
            </p>
          )}
          <CanWrite.Provider value={!readOnly}>{children}</CanWrite.Provider>
        </main>
      </div>
      {/* The toasts and the tooltip: a plain script (islands/lib/shell.ts), no React. */}
      <ToasterViewport />
      <PlainScriptUse name="shell" />
    </div>
  );
}
