// Roles in the browser (DECISIONS §10, src/api/auth/permissions.ts): each role signs in and sees
// what it may do. The administrador has Usuários and Configurações; the financeiro writes (a new
// client, a Baixar) but has neither page; the consulta reads every list, filter, export and
// Histórico, is offered no control that writes, opens a register with "Ver" read-only, and its
// writes sent straight to the API are refused with nothing changed.
import { beforeAll, describe, expect, test } from "bun:test";
import type { BrowserContext, Locator, Page } from "playwright-core";
import { addMonthsToMonth, monthOf } from "../../src/lib/dates";
import { buildOfx } from "../fixtures/ofx/build";
import {
  ADMIN,
  animationsDone,
  axeViolations,
  dismissToasts,
  eventually,
  expectNoHorizontalOverflow,
  isoDaysFromToday,
  pageApi,
  pageProblems,
  screenshot,
  toast,
  useServerAndBrowser,
  waitForIslands,
} from "./support";

const e2e = useServerAndBrowser();

const READ_ONLY = { message: "Seu perfil permite apenas consulta" };
const NOT_ALLOWED = { message: "Seu perfil não dá acesso a esta parte do Cofre" };

/** 120 characters, as a real company's registered name can be. */
const LONG_NAME = "Padaria Pão Quente e Confeitaria Doce Sabor de Minas Gerais Comércio de Alimentos Artesanais Finos Ltda EPP Filial Leste";
const SUBSCRIBER = {
  nome: LONG_NAME,
  cnpj: "11.222.333/0001-81",
  contato: "Maria Aparecida dos Santos Oliveira",
  telefone: "(11) 98765-4321",
  email: "financeiro.filial.leste@padariapaoquenteconfeitaria.com.br",
  valorMensalidade: "1289.90",
  codigoCliente: "PAO-LESTE-001",
  isTrial: false,
};
const FLORICULTURA = {
  nome: "Floricultura Ipê Amarelo",
  cnpj: "11.444.777/0001-61",
  contato: "Ana Reis",
  telefone: "(31) 99876-5432",
  email: "ana@ipeamarelo.com.br",
  valorMensalidade: "210.00",
  codigoCliente: "FLO-002",
  isTrial: false,
};
const SUPPLIER = { nome: "Gráfica Rápida Impressos", cnpj: "06.990.590/0001-23", email: "contato@graficarapida.com.br", cidade: "Campinas", estado: "SP" };
const PARTNER = { nome: "Bruno Lima", empresa: "Lima & Associados Advocacia Empresarial", email: "bruno@lima.adv.br", telefone: "(21) 3456-7890" };

const FINANCEIRO = { email: "joao.financeiro@padariapaoquente.com.br", nome: "João Financeiro", papel: "financeiro", senha: "pao-quente-contas-2026" };
const CONSULTA = { email: "carlos@escritoriocontabil.com.br", nome: "Carlos Contador", papel: "consulta", senha: "balancete-trimestral-77" };

/** What the admin seeded, by id. */
const seed = {} as {
  subscriber: number;
  floricultura: number;
  /** Floricultura's three receivables: 1/3 paid, 2/3 for the financeiro to pay, 3/3 left open. */
  parcelas: number[];
  supplier: number;
  payable: number;
  partner: number;
  statement: number;
};

const url = (path: string) => `${e2e.server.url}${path}`;

beforeAll(async () => {
  const context = await e2e.browser.newContext();
  const page = await context.newPage();
  await signInAs(page, ADMIN.email, ADMIN.password);
  const created = async (path: string, body: unknown) => {
    const answer = await pageApi(page, path, body);
    if (answer.status !== 201) throw new Error(`${path}: ${answer.status} ${JSON.stringify(answer.json)}`);
    return answer.json;
  };
  expect(LONG_NAME).toHaveLength(120);
  seed.subscriber = (await created("/api/clients", SUBSCRIBER)).id;
  const started = await pageApi(
    page,
    `/api/clients/${seed.subscriber}/subscription`,
    { status: "ativa", valor: SUBSCRIBER.valorMensalidade, diaVencimento: 10, inicio: addMonthsToMonth(monthOf(isoDaysFromToday(0)), -1) },
    "PUT",
  );
  expect(started.status).toBe(200);
  seed.floricultura = (await created("/api/clients", FLORICULTURA)).id;
  const generated = await created("/api/installments/generate", {
    clientId: seed.floricultura,
    numParcelas: 3,
    valor: "630.00",
    primeiroVencimento: isoDaysFromToday(5),
    descricao: "Arranjos da recepção",
  });
  seed.parcelas = (generated.installments as { id: number }[]).map((i) => i.id);
  expect((await pageApi(page, `/api/installments/${seed.parcelas[0]}/pay`, {}, "PATCH")).status).toBe(200);

  seed.supplier = (await created("/api/suppliers", SUPPLIER)).id;
  const bill = await created("/api/payables/generate", {
    supplierId: seed.supplier,
    numParcelas: 2,
    valor: "480.00",
    primeiroVencimento: isoDaysFromToday(3),
    descricao: "Cardápios e folhetos",
  });
  seed.payable = (bill.payables as { id: number }[])[0]!.id;
  seed.partner = (await created("/api/partners", PARTNER)).id;

  // A statement, so Conciliação has rows with their Confirmar / Escolher parcela / Ignorar.
  const day = (n: number) => isoDaysFromToday(n).replaceAll("-", "");
  const ofx = buildOfx({
    postings: [
      { fitid: "R1", data: day(-2), valor: "210.00", nome: "PIX RECEBIDO FLORICULTURA IPE AMARELO" },
      { fitid: "R2", data: day(-1), valor: "-240.00", nome: "BOLETO GRAFICA RAPIDA" },
      { fitid: "R3", data: day(-1), valor: "57.30", nome: "DEPOSITO EM DINHEIRO" },
    ],
    period: { from: day(-10), to: day(0) },
    balance: "3.210,55",
  });
  const statement = await page.request.post(url("/api/statements"), {
    multipart: { arquivo: { name: "extrato-itau.ofx", mimeType: "application/x-ofx", buffer: Buffer.from(ofx) } },
  });
  expect(statement.status()).toBe(201);
  seed.statement = ((await statement.json()) as { id: number }).id;

  // The two people, with passwords they chose (the temporary-password flow is users.e2e.ts's).
  for (const person of [FINANCEIRO, CONSULTA]) {
    const user = await pageApi(page, "/api/users", person);
    expect(user.status).toBe(201);
    expect(user.json.senhaTemporaria).toBeUndefined();
  }
  await context.close();
});

/** Signs in through the login form; a person with their own password lands on the dashboard. */
async function signInAs(page: Page, email: string, password: string) {
  await page.goto(url("/login"));
  await waitForIslands(page);
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Senha").fill(password);
  await page.getByRole("button", { name: "Entrar" }).click();
  await page.waitForURL(url("/"));
  await waitForIslands(page);
}

/** A fresh browser (its own cookies) signed in as `who`, with the page's problems gathered. */
async function session(who: { email: string; senha?: string; password?: string }, width = 1280) {
  const context: BrowserContext = await e2e.browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  const problems = pageProblems(page);
  await signInAs(page, who.email, (who.senha ?? who.password)!);
  return { context, page, problems };
}

async function open(page: Page, path: string) {
  const response = await page.goto(url(path));
  expect(response!.status()).toBe(200);
  await waitForIslands(page);
}

/** The menu's entries, hidden or not (on a phone it is a closed popover). */
async function menuLabels(page: Page): Promise<string[]> {
  const nav = page.getByRole("navigation", { name: "Menu principal", includeHidden: true });
  return (await nav.getByRole("link", { includeHidden: true }).allTextContents()).map((t) => t.trim());
}

const main = (page: Page) => page.getByRole("main");
/** Accessible names of the visible elements a locator finds: aria-label, else the text. */
const namesOf = (locator: Locator) =>
  locator.evaluateAll((els) => els.filter((el) => (el as HTMLElement).offsetParent !== null || el.getClientRects().length > 0).map((el) => (el.getAttribute("aria-label") ?? el.textContent ?? "").replace(/\s+/g, " ").trim()));

/** What changes data, by the words the screens use for it. */
const WRITE_WORDS = /^(Nov[oa]|Editar|Excluir|Bloquear|Desbloquear|Baixar|Pagar|Cobrar|Cobrança|Prorrogar|Cancelar Baixa|Confirmar|Ignorar|Desfazer|Escolher|Gerar|Importar|Salvar)(\s|$)/;

/**
 * Every action the screen offers in its main area: the buttons and links, and the entries of
 * every row's "⋯" menu (each opened, read, closed with Esc).
 */
async function offeredActions(page: Page): Promise<string[]> {
  const area = main(page);
  const actions = [...(await namesOf(area.getByRole("button"))), ...(await namesOf(area.getByRole("link")))];
  const triggers = area.getByRole("button", { name: /^Mais ações para / });
  const count = await triggers.count();
  for (let i = 0; i < count; i++) {
    const trigger = triggers.nth(i);
    const rowName = (await trigger.getAttribute("aria-label"))!.replace(/^Mais ações para /, "");
    await trigger.click();
    const menu = page.getByRole("menu", { name: `Ações para ${rowName}` });
    await menu.waitFor();
    for (const item of await menu.getByRole("menuitem").allTextContents()) actions.push(`${item.trim()} (menu de ${rowName})`);
    await page.keyboard.press("Escape");
    await menu.waitFor({ state: "detached" });
  }
  return actions;
}

/** Opens a row's read-only view: its own "Ver …" button, or "Ver" in its "⋯" menu. */
async function openView(page: Page, rowName: string): Promise<Locator> {
  const button = main(page).getByRole("button", { name: `Ver ${rowName}`, exact: true });
  if ((await button.count()) > 0) await button.click();
  else {
    await main(page).getByRole("button", { name: `Mais ações para ${rowName}`, exact: true }).click();
    await page.getByRole("menuitem", { name: "Ver", exact: true }).click();
  }
  const dialog = page.getByRole("dialog");
  await dialog.waitFor();
  return dialog;
}

/** A dialog that only reads: every field read-only or disabled, none of the buttons that save; "Fechar" closes it. */
async function expectReadOnly(view: Locator, what: string) {
  const fields = view.locator("input:not([type=hidden]), select, textarea");
  await fields.first().waitFor();
  const editable = await fields.evaluateAll((els) => els.filter((el) => !el.matches(":disabled, :read-only")).map((el) => el.getAttribute("name") ?? el.id));
  expect({ what, editable }).toEqual({ what, editable: [] });
  const saving = await namesOf(view.getByRole("button", { name: /^(Salvar|Aplicar reajuste|Iniciar assinatura|Criar)/ }));
  expect({ what, saving }).toEqual({ what, saving: [] });
  await view.getByRole("button", { name: "Fechar", exact: true }).last().click();
  await view.waitFor({ state: "hidden" });
}

async function getJson<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(url(path));
  expect(response.status()).toBe(200);
  return (await response.json()) as T;
}

/** A call with the page's own session cookie (the browser context's), as a script could make it. */
async function call(page: Page, method: string, path: string, data?: unknown) {
  const response = await page.request.fetch(url(path), { method, ...(data === undefined ? {} : { data }) });
  return { status: response.status(), json: await response.json().catch(() => null) };
}

const ledgerRow = (page: Page, text: string) => page.locator(".ledger-table tbody tr").filter({ hasText: text });

describe("Perfis de acesso", () => {
  test("administrador: Usuários and Configurações are in the menu and open", async () => {
    const { context, page, problems } = await session(ADMIN);
    expect(await menuLabels(page)).toEqual(expect.arrayContaining(["Usuários", "Configurações", "Gerar Parcelas CR", "Gerar Parcelas CP", "Minha conta"]));
    await open(page, "/users");
    await page.getByRole("heading", { name: "Usuários", level: 1 }).waitFor();
    await page.locator(".users-table tbody tr").filter({ hasText: CONSULTA.email }).waitFor();
    await open(page, "/settings");
    await page.getByRole("heading", { name: "Configurações", level: 1 }).waitFor();
    await main(page).getByRole("button", { name: "Salvar" }).first().waitFor();
    // The detector the consulta's test relies on finds the administrator's write controls.
    await open(page, "/clients");
    await dismissToasts(page);
    const writes = (await offeredActions(page)).filter((a) => WRITE_WORDS.test(a));
    expect(writes).toEqual(expect.arrayContaining(["Novo Cliente", `Editar ${LONG_NAME}`, `Excluir (menu de ${LONG_NAME})`, "Bloquear (menu de Floricultura Ipê Amarelo)"]));
    await open(page, `/receivables?clientId=${seed.floricultura}`);
    expect((await offeredActions(page)).filter((a) => WRITE_WORDS.test(a))).toEqual(
      expect.arrayContaining(["Baixar Floricultura Ipê Amarelo parcela 2/3", "Cobrar (menu de Floricultura Ipê Amarelo parcela 2/3)", "Cancelar Baixa (menu de Floricultura Ipê Amarelo parcela 1/3)"]),
    );
    expect(problems).toEqual([]);
    await context.close();
  });

  test("financeiro: no Usuários nor Configurações (403), but it creates a client and pays a receivable; POST /api/users is refused", async () => {
    const { context, page, problems } = await session(FINANCEIRO);
    const menu = await menuLabels(page);
    expect(menu).not.toContain("Usuários");
    expect(menu).not.toContain("Configurações");
    expect(menu).toEqual(expect.arrayContaining(["Clientes", "Contas a Receber", "Gerar Parcelas CR", "Gerar Parcelas CP", "Minha conta"]));
    expect((await page.goto(url("/users")))!.status()).toBe(403);
    expect((await page.goto(url("/settings")))!.status()).toBe(403);

    // A new client through the form, as SPEC names its fields.
    await open(page, "/clients");
    await dismissToasts(page);
    await page.getByRole("button", { name: "Novo Cliente" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Novo Cliente" });
    await dialog.waitFor();
    await dialog.getByLabel("Nome").fill("Mercearia Boa Vista");
    await dialog.getByLabel("CNPJ").pressSequentially("12345678000195");
    await dialog.getByLabel("Código do cliente").fill("MER-003");
    await dialog.getByLabel("Contato").fill("Rafael Costa");
    await dialog.getByLabel("Telefone").pressSequentially("11934567890");
    await dialog.getByLabel("E-mail").fill("compras@boavista.com.br");
    await dialog.getByLabel("Mensalidade").pressSequentially("345,67");
    await dialog.getByRole("button", { name: "Salvar" }).click();
    await toast(page, "Cliente criado");
    await dialog.waitFor({ state: "hidden" });
    await page.locator(".clients-table tbody tr").filter({ hasText: "Mercearia Boa Vista" }).waitFor();
    await eventually(async () => (await getJson<{ nome: string }[]>(page, "/api/clients?q=mercearia")).map((c) => c.nome), ["Mercearia Boa Vista"]);

    // Baixar the Floricultura's 2/3.
    await open(page, `/receivables?clientId=${seed.floricultura}`);
    await dismissToasts(page);
    await ledgerRow(page, "2/3").getByRole("button", { name: "Baixar Floricultura Ipê Amarelo parcela 2/3" }).click();
    const pay = page.getByRole("dialog", { name: "Baixar parcela" });
    await pay.getByRole("button", { name: "Confirmar baixa" }).click();
    await toast(page, "Parcela quitada");
    await ledgerRow(page, "2/3").getByText("Pago em").waitFor();
    const rows = await getJson<{ id: number; status: string }[]>(page, `/api/installments?clientId=${seed.floricultura}`);
    expect(rows.find((r) => r.id === seed.parcelas[1])?.status).toBe("pago");

    // Users are the administrators': refused, and not as a consulta's read-only refusal.
    const refused = await call(page, "POST", "/api/users", { email: "outra@padariapaoquente.com.br", nome: "Outra Pessoa", papel: "administrador", senha: "uma-senha-bem-longa-9" });
    expect(refused).toEqual({ status: 403, json: NOT_ALLOWED });
    expect(problems.filter((p) => !/status of 403/.test(p))).toEqual([]);
    await context.close();
  });

  test("consulta: reads every screen with no control that writes; 'Ver' is read-only; its API writes are 403 and change nothing", async () => {
    const { context, page, problems } = await session(CONSULTA);
    const menu = await menuLabels(page);
    for (const hidden of ["Usuários", "Configurações", "Gerar Parcelas CR", "Gerar Parcelas CP"]) expect(menu).not.toContain(hidden);
    expect(menu).toEqual(expect.arrayContaining(["Clientes", "Assinaturas", "Contas a Receber", "Fornecedores", "Contas a Pagar", "Conciliação", "Parceiros", "Relatórios", "Histórico", "Minha conta"]));

    // Each list: its rows and filters are there; nothing offered writes.
    const screens: { path: string; shows: (page: Page) => Locator; history?: boolean; csv?: string }[] = [
      { path: "/clients", shows: (p) => p.locator(".clients-table tbody tr").filter({ hasText: LONG_NAME }), history: true },
      { path: "/suppliers", shows: (p) => p.getByRole("group", { name: SUPPLIER.nome, exact: true }), history: true },
      { path: "/partners", shows: (p) => p.locator(".partners-table tbody tr").filter({ hasText: PARTNER.nome }) },
      { path: "/subscriptions", shows: (p) => p.locator(".subscriptions-table tbody tr").filter({ hasText: LONG_NAME }) },
      { path: "/receivables", shows: (p) => ledgerRow(p, FLORICULTURA.nome).first(), history: true, csv: "/receivables/export" },
      { path: "/payables", shows: (p) => ledgerRow(p, SUPPLIER.nome).first(), history: true, csv: "/payables/export" },
      { path: "/reconciliation", shows: (p) => p.locator(".rec-table tbody tr").filter({ hasText: "DEPOSITO EM DINHEIRO" }) },
    ];
    const offending: string[] = [];
    for (const screen of screens) {
      await open(page, screen.path);
      await dismissToasts(page);
      await screen.shows(page).waitFor();
      if (screen.path === "/reconciliation") await page.getByRole("navigation", { name: "Situação das transações" }).waitFor();
      else await main(page).getByRole("search").first().waitFor();
      const actions = await offeredActions(page);
      offending.push(...actions.filter((a) => WRITE_WORDS.test(a)).map((a) => `${screen.path}: ${a}`));
      if ((await page.getByLabel(/Importar extrato/).count()) > 0) offending.push(`${screen.path}: Importar extrato (OFX) file input`);
      if (screen.history) expect(actions.some((a) => a.startsWith("Histórico"))).toBe(true);
      if (screen.csv) {
        const link = main(page).getByRole("link", { name: "Exportar CSV" });
        expect(await link.getAttribute("href")).toStartWith(screen.csv);
      }
    }
    expect(offending).toEqual([]);

    // Search and filters still work (and stay in the URL).
    await open(page, "/clients");
    const search = page.getByRole("search", { name: "Filtrar clientes" }).getByLabel("Buscar");
    await search.fill("ipê");
    await eventually(() => page.locator(".clients-table .cell-name__main").allTextContents(), [FLORICULTURA.nome]);
    expect(new URL(page.url()).searchParams.get("q")).toBe("ipê");
    await open(page, "/receivables");
    await page.getByLabel("Status").selectOption({ label: "Pago" });
    await eventually(async () => (await page.locator(".ledger-table tbody tr").allTextContents()).every((t) => t.includes("Pago em")), true);
    expect(new URL(page.url()).searchParams.get("status")).toBe("pago");

    // Histórico opens for a consulta.
    await open(page, `/receivables?clientId=${seed.floricultura}`);
    await main(page).getByRole("button", { name: "Histórico Floricultura Ipê Amarelo parcela 1/3" }).click();
    const history = page.getByRole("dialog", { name: "Histórico" });
    await history.getByRole("list", { name: /^Histórico de / }).waitFor();
    await page.keyboard.press("Escape");
    await history.waitFor({ state: "hidden" });

    // "Ver" on a client: its dialog, every field disabled, no Salvar, a Fechar. Its Assinatura (the
    // row's menu, and "Ver assinatura" on /subscriptions) reads the same way.
    await open(page, "/clients");
    await dismissToasts(page);
    let view = await openView(page, LONG_NAME);
    expect(await view.getByRole("heading").first().textContent()).toBe("Cliente");
    expect(await view.getByLabel("Nome").inputValue()).toBe(LONG_NAME);
    await expectReadOnly(view, "Ver cliente");
    await main(page).getByRole("button", { name: `Mais ações para ${LONG_NAME}`, exact: true }).click();
    await page.getByRole("menuitem", { name: "Assinatura", exact: true }).click();
    view = page.getByRole("dialog", { name: `Assinatura — ${LONG_NAME}` });
    await view.getByLabel("Mensalidade").waitFor();
    expect(await view.getByLabel("Mensalidade").inputValue()).toBe("1.289,90");
    await expectReadOnly(view, "Assinatura from /clients");
    await open(page, "/subscriptions");
    await dismissToasts(page);
    await main(page).getByRole("button", { name: `Ver assinatura ${LONG_NAME}`, exact: true }).click();
    view = page.getByRole("dialog", { name: `Assinatura — ${LONG_NAME}` });
    await view.getByLabel("Mensalidade").waitFor();
    await expectReadOnly(view, "Ver assinatura");

    // Pages that only write are refused.
    expect((await page.goto(url("/installments")))!.status()).toBe(403);
    expect((await page.goto(url("/payable-installments")))!.status()).toBe(403);

    // Straight to the API with its own session: every write 403, and nothing changed.
    const before = {
      clients: await getJson<unknown[]>(page, "/api/clients"),
      receivables: await getJson<unknown[]>(page, `/api/installments?clientId=${seed.floricultura}`),
      partners: await getJson<unknown[]>(page, "/api/partners"),
      rules: await getJson<unknown>(page, "/api/settings/subscription-rules"),
    };
    const refused = { status: 403, json: READ_ONLY };
    expect(await call(page, "POST", "/api/clients", { ...FLORICULTURA, nome: "Quitanda do Contador", cnpj: "45.723.174/0001-10", codigoCliente: "QUI-9" })).toEqual(refused);
    expect(await call(page, "PATCH", `/api/installments/${seed.parcelas[2]}/pay`, {})).toEqual(refused);
    expect(await call(page, "DELETE", `/api/partners/${seed.partner}`)).toEqual(refused);
    expect(await call(page, "PUT", "/api/settings/", { empresa: "Contador Esperto", cidade: "São Paulo", chavePix: "", modeloMensagem: "" })).toEqual(refused);
    expect(await getJson<unknown[]>(page, "/api/clients")).toEqual(before.clients);
    expect(await getJson<unknown[]>(page, `/api/installments?clientId=${seed.floricultura}`)).toEqual(before.receivables);
    expect(await getJson<unknown[]>(page, "/api/partners")).toEqual(before.partners);
    expect(await getJson<unknown>(page, "/api/settings/subscription-rules")).toEqual(before.rules);
    const open3 = (before.receivables as { id: number; status: string }[]).find((r) => r.id === seed.parcelas[2]);
    expect(open3?.status).toBe("em_aberto");

    // Exports are reading.
    const csv = await page.request.get(url("/receivables/export"));
    expect(csv.status()).toBe(200);
    expect(csv.headers()["content-type"]).toContain("text/csv");
    expect(await csv.text()).toContain(FLORICULTURA.nome);

    expect(problems.filter((p) => !/status of 403/.test(p))).toEqual([]);
    await context.close();
  });

  for (const width of [1280, 375]) {
    test(`consulta at ${width} px: /clients and /receivables fit, pass axe, and are pictured`, async () => {
      const { context, page, problems } = await session(CONSULTA, width);
      for (const [path, name] of [["/clients", "clients"], ["/receivables", "receivables"]] as const) {
        await open(page, path);
        await dismissToasts(page);
        await main(page).getByText(path === "/clients" ? LONG_NAME : FLORICULTURA.nome).first().waitFor();
        await animationsDone(page);
        await expectNoHorizontalOverflow(page);
        await screenshot(page, `roles-consulta-${name}-${width}`);
        expect(await axeViolations(page)).toEqual([]);
      }
      expect(problems).toEqual([]);
      await context.close();
    });
  }
});
