// Who may call what (DECISIONS §10): one table of route × method → roles, checked in one place
// before any handler runs (`authorization`, used once in src/server.ts), deny-by-default — a route
// missing here answers 403 to everyone, and tests/permissions.test.ts enumerates every route of
// the app against this table and every role.
import { Elysia } from "elysia";
import { HttpError } from "../../http/errors";
import { canonicalPath } from "../../http/paths";
import { ROLES, type Role } from "../../lib/roles";
import { sessionOf } from "./plugin";

export { ROLE_LABELS, ROLES, type Role } from "../../lib/roles";

export const READ_ONLY = "Seu perfil permite apenas consulta";
export const NOT_ALLOWED = "Seu perfil não dá acesso a esta parte do Cofre";

/** No session needed: the sign-in, static files, the health probe. */
const PUBLIC = "publico" as const;
const EVERYONE: readonly Role[] = ROLES;
const FINANCE: readonly Role[] = ["administrador", "financeiro"];
const ADMIN: readonly Role[] = ["administrador"];

/**
 * `METHOD /route` (the route as registered, `:id` and all, without a trailing slash: a plugin's
 * `.get("/")` registers `/api/clients/`, which the router answers as `/api/clients` too, and
 * both are looked up here canonically — issue 31 item 17) → who may call it.
 */
export const PERMISSIONS: Record<string, readonly Role[] | typeof PUBLIC> = {
  // Public
  "GET /login": PUBLIC,
  "POST /login": PUBLIC,
  "POST /api/auth/login": PUBLIC,
  "GET /assets/:name": PUBLIC,
  "GET /favicon.ico": PUBLIC,
  "GET /healthz": PUBLIC,
  // The client's page (DECISIONS §12): the token is the key; rate-limited per address
  "GET /c/:token": PUBLIC,
  "GET /c/:token/pix/:id": PUBLIC,
  "GET /c/:token/recibo/:numero": PUBLIC,
  // Every signed-in person: their own session
  "POST /logout": EVERYONE,
  "POST /api/auth/logout": EVERYONE,
  "GET /api/auth/me": EVERYONE,
  "POST /api/auth/password": EVERYONE,
  "GET /api/auth/sessions": EVERYONE,
  "DELETE /api/auth/sessions/:id": EVERYONE,
  "POST /api/auth/sessions/others/end": EVERYONE,
  // Users: the administrators'
  "GET /api/users": ADMIN,
  "POST /api/users": ADMIN,
  "PATCH /api/users/:id": ADMIN,
  "POST /api/users/:id/reset-password": ADMIN,
  // The jobs' and the outbox's state (what /healthz does not tell the public)
  "GET /api/health": ADMIN,

  // Pages: every role reads them; the users and settings pages are the administrators'
  "GET /": EVERYONE,
  "GET /clients": EVERYONE,
  "GET /clients/import": FINANCE, // Importar clientes: a form that only writes
  "GET /clients/import/modelo-clientes.csv": FINANCE,
  "GET /subscriptions": EVERYONE,
  "GET /receivables": EVERYONE,
  "GET /installments": FINANCE, // Gerar Parcelas CR: a form that only writes
  "GET /suppliers": EVERYONE,
  "GET /payables": EVERYONE,
  "GET /payable-installments": FINANCE,
  "GET /partners": EVERYONE,
  "GET /categories": FINANCE, // Plano de contas (issue 36): the roles that write it
  "GET /accounts": EVERYONE, // Contas bancárias (issue 34 §3): a consulta reads them
  "GET /reconciliation": EVERYONE,
  "GET /reports": EVERYONE,
  "GET /history": EVERYONE,
  "GET /settings": ADMIN,
  // The régua: everyone reads it and its log; the WhatsApp worklist is work for finance
  "GET /dunning": EVERYONE,
  "GET /dunning/sent": EVERYONE,
  "GET /dunning/whatsapp": FINANCE,
  "GET /users": ADMIN,
  "GET /account": EVERYONE,
  // Exports and prints are reading
  "GET /receivables/export": EVERYONE,
  "GET /payables/export": EVERYONE,
  "GET /clients/export": EVERYONE,
  "GET /subscriptions/export": EVERYONE,
  "GET /reconciliation/export": EVERYONE,
  "GET /reports/export": EVERYONE,
  "GET /history/export": EVERYONE,
  // Receipts print what was paid: reading
  "GET /receivables/:id/recibo": EVERYONE,
  "GET /recibos/:numero": EVERYONE,
  "GET /dunning/sent/export": EVERYONE,

  // Clients and their subscriptions
  "GET /api/clients": EVERYONE,
  "GET /api/clients/:id": EVERYONE,
  "GET /api/clients/:id/history": EVERYONE,
  "POST /api/clients": FINANCE,
  "POST /api/clients/import": FINANCE,
  "PUT /api/clients/:id": FINANCE,
  "DELETE /api/clients/:id": FINANCE,
  "PATCH /api/clients/:id/toggle-block": FINANCE,
  "GET /api/clients/:id/subscription": EVERYONE,
  "PUT /api/clients/:id/subscription": FINANCE,
  "POST /api/clients/:id/subscription/readjust": FINANCE,
  // The client's page link: whether one exists is reading; making and revoking one are writes
  "GET /api/clients/:id/link": EVERYONE,
  "POST /api/clients/:id/link": FINANCE,
  "DELETE /api/clients/:id/link": FINANCE,
  "GET /api/subscriptions": EVERYONE,
  "GET /api/subscriptions/summary": EVERYONE,
  "GET /api/subscriptions/mrr": EVERYONE,
  "POST /api/subscriptions/run": FINANCE,
  "POST /api/subscriptions/start": FINANCE,

  // Receivables
  "GET /api/installments": EVERYONE,
  "GET /api/installments/summary": EVERYONE,
  "GET /api/installments/:id/history": EVERYONE,
  "GET /api/installments/:id/payments": EVERYONE,
  "POST /api/installments/generate": FINANCE,
  "PATCH /api/installments/:id/pay": FINANCE,
  "PATCH /api/installments/:id/pay-with-fees": FINANCE,
  "PATCH /api/installments/:id/due-date": FINANCE,
  "POST /api/installments/:id/undo-payment": FINANCE,
  "DELETE /api/installments/:id": FINANCE,
  "POST /api/installments/bulk": FINANCE,
  // Cobrança: sending a charge is a finance operation, even though it reads
  "GET /api/installments/:id/charge": FINANCE,
  "GET /api/installments/:id/pix": FINANCE,

  // Suppliers and payables
  "GET /api/suppliers": EVERYONE,
  "GET /api/suppliers/:id/history": EVERYONE,
  "POST /api/suppliers": FINANCE,
  "PUT /api/suppliers/:id": FINANCE,
  "PATCH /api/suppliers/:id/block": FINANCE,
  "DELETE /api/suppliers/:id": FINANCE,
  "GET /api/payables": EVERYONE,
  "GET /api/payables/summary": EVERYONE,
  "GET /api/payables/:id/history": EVERYONE,
  "GET /api/payables/:id/payments": EVERYONE,
  "POST /api/payables/:id/undo-payment": FINANCE,
  "POST /api/payables/generate": FINANCE,
  "PATCH /api/payables/:id/pay": FINANCE,
  "DELETE /api/payables/:id": FINANCE,
  "POST /api/payables/bulk": FINANCE,

  // Partners
  "GET /api/partners": EVERYONE,
  "GET /api/partners/summary": EVERYONE,
  "POST /api/partners": FINANCE,
  "PATCH /api/partners/:id": FINANCE,
  "DELETE /api/partners/:id": FINANCE,

  // Plano de contas and centros de custo (issue 36): the lists' filters and forms read them
  "GET /api/categories": EVERYONE,
  "POST /api/categories": FINANCE,
  "PATCH /api/categories/:id": FINANCE,
  "DELETE /api/categories/:id": FINANCE,
  // Contas bancárias (issue 34 §3) and the bank picker's list
  "GET /api/accounts": EVERYONE,
  "POST /api/accounts": FINANCE,
  "PATCH /api/accounts/:id": FINANCE,
  "DELETE /api/accounts/:id": FINANCE,
  "GET /api/banks": EVERYONE,
  "POST /api/statements/:id/account": FINANCE,
  "GET /api/cost-centres": EVERYONE,
  "POST /api/cost-centres": FINANCE,
  "PATCH /api/cost-centres/:id": FINANCE,
  "DELETE /api/cost-centres/:id": FINANCE,
  "PATCH /api/installments/:id": FINANCE,
  "PATCH /api/payables/:id": FINANCE,

  // Dashboard, reports, history
  "GET /api/dashboard/stats": EVERYONE,
  "GET /api/dashboard/monthly-revenue": EVERYONE,
  "GET /api/reports/client/:clientId": EVERYONE,
  "GET /api/reports/supplier/:supplierId": EVERYONE,
  "GET /api/reports/monthly/:month": EVERYONE,
  "GET /api/reports/cash-flow": EVERYONE,
  "GET /api/reports/dre": EVERYONE,
  "GET /api/reports/projected-balance": EVERYONE,
  // Bank accounts' balances (issue 34 §3): figures, read like the reports
  "GET /api/accounts/balances": EVERYONE,
  "GET /api/accounts/:id/balance": EVERYONE,
  "GET /api/history": EVERYONE,

  // Settings: the administrators' (the PIX key and the template are theirs, DECISIONS §7); the
  // subscription preview reads its two rules from a narrower answer
  "GET /api/settings": ADMIN,
  "GET /api/settings/subscription-rules": EVERYONE,
  "PUT /api/settings": ADMIN,
  // E-mail (SMTP): the password and the company's sending identity are the administrators'
  "GET /api/settings/email": ADMIN,
  "PUT /api/settings/email": ADMIN,
  "POST /api/settings/email/test": ADMIN,
  // The régua de cobrança (DECISIONS §11): everyone reads it; running it (and the worklist, the
  // resends, the manual record) is a finance operation; its settings are the administrators'
  "GET /api/dunning": EVERYONE,
  "PUT /api/dunning": ADMIN,
  "POST /api/dunning/preview": EVERYONE,
  "POST /api/dunning/run": FINANCE,
  "GET /api/messages": EVERYONE,
  "GET /api/messages/whatsapp": FINANCE,
  "POST /api/messages/:id/resend": FINANCE,
  "POST /api/messages/:id/sent": FINANCE,
  "POST /api/installments/:id/charge-log": FINANCE,
  "GET /api/clients/:id/messages": EVERYONE,

  // Bank reconciliation
  "GET /api/statements": EVERYONE,
  "GET /api/statements/:id": EVERYONE,
  "GET /api/statements/:id/transactions": EVERYONE,
  "GET /api/statements/:id/transactions/:tid/candidates": EVERYONE,
  "POST /api/statements": FINANCE,
  "POST /api/statements/:id/transactions/:tid/confirm": FINANCE,
  "POST /api/statements/:id/transactions/:tid/ignore": FINANCE,
  "POST /api/statements/:id/transactions/:tid/undo": FINANCE,
  "POST /api/statements/:id/transactions/:tid/create-entry": FINANCE,
  "POST /api/statements/:id/transactions/:tid/undo-entry": FINANCE,
  "POST /api/statements/:id/confirm-suggestions": FINANCE,
};

const WRITES = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** What a person with a temporary password may do: sign out, read who they are, and choose their own password. */
const WHILE_TEMPORARY = new Set([
  "GET /account",
  "POST /api/auth/password",
  "GET /api/auth/me",
  "GET /api/auth/sessions",
  "DELETE /api/auth/sessions/:id",
  "POST /api/auth/sessions/others/end",
  "POST /logout",
  "POST /api/auth/logout",
]);
const CHANGE_PASSWORD_FIRST = "Troque a senha temporária em Minha conta antes de continuar";

/** The table's key of a route as registered (or as requested): `GET /api/clients/` → `GET /api/clients`. */
export const ruleKey = (method: string, route: string) => `${method === "HEAD" ? "GET" : method} ${canonicalPath(route)}`;

/** Whether `role` may call `method route` (HEAD reads as GET); null means the table has no such route. */
export function allows(role: Role | null, method: string, route: string): boolean | null {
  const rule = PERMISSIONS[ruleKey(method, route)];
  if (rule === undefined) return null;
  if (rule === PUBLIC) return true;
  return role !== null && rule.includes(role);
}

/**
 * The check, before any handler (after routing, so an unknown path is still a 404): public
 * routes pass; a route missing from the table is refused to everyone; a role outside a route's
 * list gets 403 — "Seu perfil permite apenas consulta" for a consultation profile's write.
 */
export const authorization = new Elysia({ name: "authorization" }).onBeforeHandle({ as: "global" }, (context) => {
  const { request } = context;
  const route = (context as unknown as { route: string }).route;
  const user = sessionOf(request)?.user ?? null;
  const role = (user?.papel ?? null) as Role | null;
  const allowed = allows(role, request.method, route);
  const key = ruleKey(request.method, route);
  if (allowed && user?.trocarSenha && PERMISSIONS[key] !== PUBLIC && !WHILE_TEMPORARY.has(key)) {
    // A temporary password: every page leads to Minha conta until the person chooses their own.
    if (request.method === "GET" && !route.startsWith("/api/")) return new Response(null, { status: 302, headers: { location: "/account" } });
    throw new HttpError(403, CHANGE_PASSWORD_FIRST);
  }
  if (allowed) return;
  if (allowed === null) throw new HttpError(403, "Acesso negado");
  throw new HttpError(403, role === "consulta" && WRITES.has(request.method) ? READ_ONLY : NOT_ALLOWED);
});
