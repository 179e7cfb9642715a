// The route × role table (src/api/auth/permissions.ts, DECISIONS §10) against the app itself:
// every route the app registers has a rule (deny-by-default holds for a forgotten one), every
// rule names a route that exists, and each role is let through exactly where the table says —
// before any handler runs, pages included.
import { describe, expect, test } from "bun:test";
import { allows, NOT_ALLOWED, PERMISSIONS, READ_ONLY, ROLES, ruleKey, type Role } from "../src/api/auth/permissions";
import { addTestUser, useTestApp } from "./support";

const t = useTestApp({ now: "2026-03-15T10:00:00-03:00" });

/** Every route the app registers, spelt as the table spells it (no trailing slash: `.get("/")` under a prefix registers one). */
const routes = () => [...new Set(t.app.routes.map((r) => ruleKey(r.method, r.path)))];

/** A request path for a route pattern: every parameter an id that does not exist (the handler's 404 is fine here). */
const pathOf = (pattern: string) => pattern.replace(/:[a-zA-Z]+/g, (param) => (param === ":month" ? "2026-03" : param === ":name" ? "nao-existe.js" : "999999"));

let people = 0;
/** A new user with `role`, signed in: its session cookie. */
async function signedInAs(role: Role): Promise<string> {
  const email = `${role}.${++people}@equipe.test`;
  await addTestUser(t.db, email, "senha-de-teste-longa", { papel: role });
  const response = await t.request("/api/auth/login", { method: "POST", body: { email, password: "senha-de-teste-longa" } });
  expect(response.status).toBe(200);
  return response.headers.get("set-cookie")!.split(";")[0]!;
}

describe("the route × role table", () => {
  test("covers every route of the app, and names no route the app does not have", () => {
    const registered = routes();
    expect(registered.filter((route) => PERMISSIONS[route] === undefined)).toEqual([]);
    expect(Object.keys(PERMISSIONS).filter((rule) => !registered.includes(rule))).toEqual([]);
    // One spelling: the table's keys are canonical (a key with a trailing slash would never match).
    expect(Object.keys(PERMISSIONS).filter((rule) => rule !== ruleKey(rule.split(" ")[0]!, rule.split(" ")[1]!))).toEqual([]);
  });

  test("is enforced before any handler, for every route and every role (403 exactly where the table refuses)", async () => {
    const cookies = Object.fromEntries(await Promise.all(ROLES.map(async (role) => [role, await signedInAs(role)] as const))) as Record<Role, string>;
    const mismatches: string[] = [];
    for (const route of routes()) {
      const [method, pattern] = route.split(" ") as [string, string];
      if (PERMISSIONS[route] === "publico" || route === "POST /logout" || route === "POST /api/auth/logout") continue;
      for (const role of ROLES) {
        const response = await t.request(pathOf(pattern), { method, cookie: cookies[role], ...(method === "GET" ? {} : { body: {} }) });
        const refused = response.status === 403;
        if (refused !== !allows(role, method, pattern)) mismatches.push(`${role} ${route}: ${response.status}`);
        if (refused) {
          // The API answers JSON; a page answers its error page, with the same words.
          const text = await response.text();
          const expected = role === "consulta" && method !== "GET" ? READ_ONLY : NOT_ALLOWED;
          if (!text.includes(expected)) mismatches.push(`${role} ${route}: ${text.slice(0, 120)}`);
        }
      }
    }
    expect(mismatches).toEqual([]);
  });

  test("a consultation profile reads and exports, and cannot change anything even by calling the API", async () => {
    const cookie = await signedInAs("consulta");
    expect((await t.request("/clients", { cookie })).status).toBe(200);
    expect((await t.request("/receivables/export", { cookie })).status).toBe(200);
    const write = await t.request("/api/clients", { method: "POST", cookie, body: { nome: "X" } });
    expect(write.status).toBe(403);
    expect(await write.json()).toEqual({ message: "Seu perfil permite apenas consulta" });
    expect((await t.request("/settings", { cookie })).status).toBe(403);
    expect(t.db.$client.query("select count(*) n from clients").get()).toEqual({ n: 0 });
  });

  test("a consulta's pages are read-only as served: marked for the islands, no 'Novo …' or 'Gerar parcelas', words that offer nothing it cannot do, a menu without write-only pages", async () => {
    const html = async (role: Role, path: string) => {
      // A template's content is inert: its stylesheet and scripts are not fetched.
      const page = document.createElement("template");
      page.innerHTML = await (await t.request(path, { cookie: await signedInAs(role) })).text();
      return page.content;
    };
    for (const [path, writing, reading] of [
      ["/clients", "Cadastre clientes", "Os clientes, as suas mensalidades e quem está bloqueado."],
      ["/suppliers", "Cadastre fornecedores", "Os fornecedores e quem está liberado para novas contas."],
      ["/receivables", "dê baixa com multa e juros", "Parcelas dos clientes: o que foi recebido, o que está em aberto e o que venceu."],
      ["/payables", "registre pagamentos", "Parcelas devidas aos fornecedores: o que foi pago e o que vence."],
      ["/reconciliation", "Importe o extrato", "Os extratos do banco importados (OFX) e a parcela de cada crédito e débito."],
    ] as const) {
      const consulta = await html("consulta", path);
      const financeiro = await html("financeiro", path);
      expect({ path, marked: consulta.querySelector(".shell")!.hasAttribute("data-somente-consulta") }).toEqual({ path, marked: true });
      expect(financeiro.querySelector(".shell")!.hasAttribute("data-somente-consulta")).toBe(false);
      expect(consulta.querySelector(".page-header p, header p")?.textContent).toBe(reading);
      expect(financeiro.textContent).toContain(writing);
      expect(consulta.textContent).not.toContain(writing);
      expect(consulta.querySelector('[data-island="NewRecordButton"], a[href="/installments"], a[href="/payable-installments"]')).toBeNull();
    }
    expect((await html("financeiro", "/clients")).querySelector('[data-island="NewRecordButton"]')).not.toBeNull();
    expect((await html("financeiro", "/receivables")).querySelector('.shell-content a[href="/installments"]')).not.toBeNull();
  });

  test("a deactivated user's session stops at the next request, and signing in is refused with a clear message", async () => {
    const cookie = await signedInAs("financeiro");
    const email = `financeiro.${people}@equipe.test`;
    expect((await t.request("/api/auth/me", { cookie })).status).toBe(200);
    t.db.$client.query("update users set ativo = 0 where email = ?").run(email);
    expect((await t.request("/api/auth/me", { cookie })).status).toBe(401);
    const again = await t.request("/api/auth/login", { method: "POST", body: { email, password: "senha-de-teste-longa" } });
    expect(again.status).toBe(403);
    expect((await again.json()).message).toBe("Usuário desativado: peça a um administrador para reativar seu acesso");
  });
});
