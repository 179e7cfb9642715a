import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { act } from "react";
import { cleanup, click, get, render, serverRenderAndHydrate, typeInto } from "../tests/ui";
import { dismissToast, toastSignal } from "../src/ui/toast";
import SuppliersList, { type SuppliersListProps } from "./SuppliersList";
import { newRecordRequest } from "./lib/state";
import { CanWrite } from "./lib/can-write";
import type { HistoryEventJson } from "../src/api/history/model";
import type { SupplierJson } from "../src/api/suppliers/model";
import { json, mockFetch, settle, type Call, button, control, lastDialog, openDialogs, pressEsc, pause, rowAction, rowActions } from "../tests/islands";
// The dialogs load with their first opening (islands/lib/on-demand.tsx): compiled ahead here, so
// the settle() after an opening click is enough for them to show.
import "./suppliers/SupplierDialog";
import "./history/HistoryPanel";

let nextId = 1;
function supplier(nome: string, overrides: Partial<SupplierJson> = {}): SupplierJson {
  const at = "2026-01-05T12:00:00.000Z";
  return { id: nextId++, nome, cnpj: null, email: null, telefone: null, cidade: null, estado: null, categoriaId: null, statusBloqueio: 0, createdAt: at, updatedAt: at, ...overrides };
}

const ACME = supplier("Acme Distribuidora", {
  cnpj: "12345678000195",
  email: "compras@acme.com.br",
  telefone: "11987654321",
  cidade: "São Paulo",
  estado: "SP",
});
const BETA = supplier("Beta Gráfica", { email: "contato@beta.com", statusBloqueio: 1 });
const CEU = supplier("Céu Azul Transportes", { cnpj: "98765432000110", telefone: "2134567890" });

const PARAMS = { q: "", ordem: "nome", pagina: "1", porPagina: "48" };
const props = (rows: SupplierJson[] = [ACME, BETA, CEU], total = rows.length, params = PARAMS): SuppliersListProps => ({
  initial: { rows, total },
  params,
});

/** A list API answer: the rows and X-Total-Count. */
const page = (rows: SupplierJson[], total = rows.length) =>
  new Response(JSON.stringify(rows), { headers: { "content-type": "application/json", "x-total-count": String(total) } });

let calls: Call[];
beforeEach(() => {
  calls = [];
  history.replaceState(null, "", "/suppliers");
});
afterEach(() => {
  act(() => dismissToast());
  cleanup();
});

const cards = () => [...document.querySelectorAll<HTMLElement>(".sup-card")];
const names = () => cards().map((card) => get("h2", card).textContent);
const card = (nome: string) => cards().find((c) => get("h2", c).textContent === nome)!;
const count = () => get("#fornecedores-contagem").textContent;
// The dialog asks for the plano de contas as it opens (its Categoria padrão, issue 36): not a save.
const saves = () => calls.filter((c) => `${c.method} ${c.url}` !== "GET /api/categories");
const requests = () => saves().map((c) => `${c.method} ${c.url}`);




/** "Novo Fornecedor" in the page header (its own island) asks for the empty dialog. */
/** The header's "Novo …", then its dialog (its code loads with the first opening). */
async function openNew() {
  act(() => {
    newRecordRequest.value++;
  });
  await settle();
  return lastDialog();
}

describe("SuppliersList: the page of cards", () => {
  test("hydrates the server's HTML without a mismatch", () => {
    const { errors, html } = serverRenderAndHydrate(<SuppliersList {...props()} />);
    expect(html).toContain("Acme Distribuidora");
    expect(errors).toEqual([]);
  });

  test("each card: status badge, formatted CNPJ and phone, e-mail, place, muted placeholders, row-named actions", () => {
    render(<SuppliersList {...props()} />);
    expect(names()).toEqual(["Acme Distribuidora", "Beta Gráfica", "Céu Azul Transportes"]);
    expect(count()).toBe("Fornecedores 1–3 de 3");
    const acme = card("Acme Distribuidora");
    expect(get(".ui-badge", acme).textContent).toBe("Ativo");
    for (const text of ["12.345.678/0001-95", "(11) 98765-4321", "compras@acme.com.br", "São Paulo - SP"]) expect(acme.textContent).toContain(text);
    expect(acme.querySelectorAll(".sup-muted")).toHaveLength(0);
    // Long names and e-mails end in "…": the whole text is in the title.
    expect(get("h2", acme).getAttribute("title")).toBe("Acme Distribuidora");
    // The name leads to the supplier's payables.
    expect(get("h2 a", acme).getAttribute("href")).toMatch(/^\/payables\?supplierId=\d+$/);
    expect(acme.querySelector('[title="compras@acme.com.br"]')).not.toBeNull();

    const beta = card("Beta Gráfica");
    expect(get(".ui-badge", beta).textContent).toBe("Bloqueado");
    expect([...beta.querySelectorAll(".sup-muted")].map((m) => m.textContent)).toEqual([
      "CNPJ não informado",
      "Telefone não informado",
      "Cidade não informada",
    ]);
    expect(rowActions("Beta Gráfica")).toEqual(["Editar", "Histórico", "Desbloquear", "Excluir"]);
    expect(rowActions("Acme Distribuidora")).toEqual(["Editar", "Histórico", "Bloquear", "Excluir"]);
    expect(card("Céu Azul Transportes").textContent).toContain("(21) 3456-7890");
  });

  test("the search box has a visible label; typing waits for a pause, then fetches that page and puts q in the URL", async () => {
    mockFetch(calls, () => page([CEU]));
    render(<SuppliersList {...props()} />);
    expect(get('[role="search"]').getAttribute("aria-label")).toBe("Buscar fornecedores");
    pause(300, () => {
      typeInto(control("Buscar"), "ce");
      typeInto(control("Buscar"), "céu");
      expect(calls).toHaveLength(0);
      expect(location.search).toBe(`?q=${encodeURIComponent("céu")}`);
    });
    await settle();
    expect(calls.map((c) => c.url)).toEqual([`/api/suppliers?q=${encodeURIComponent("céu")}&ordem=nome&porPagina=48`]);
    expect(names()).toEqual(["Céu Azul Transportes"]);
    expect(count()).toBe("Fornecedores 1–1 de 1");
  });

  test("48 cards a page: the pager's links carry the view and fetch the next page in place", async () => {
    const many = Array.from({ length: 48 }, (_, i) => supplier(`Fornecedor ${i + 1}`));
    mockFetch(calls, () => page([supplier("Fornecedor 49")], 49));
    render(<SuppliersList {...props(many, 49, { ...PARAMS, q: "forn" })} />);
    expect(count()).toBe("Fornecedores 1–48 de 49");
    const next = [...document.querySelectorAll("a")].find((a) => a.textContent?.includes("Próxima"))!;
    expect(next.getAttribute("href")).toBe("/suppliers?q=forn&pagina=2");
    click(next);
    await settle();
    expect(calls.map((c) => c.url)).toEqual(["/api/suppliers?q=forn&ordem=nome&pagina=2&porPagina=48"]);
    expect(location.search).toBe("?q=forn&pagina=2");
    expect(names()).toEqual(["Fornecedor 49"]);
    expect(count()).toBe("Fornecedores 49–49 de 49");
  });

  test("no suppliers at all: the empty state's hint and its 'Novo Fornecedor' opens the dialog", async () => {
    render(<SuppliersList {...props([])} />);
    expect(count()).toBe("Nenhum fornecedor");
    const empty = get(".ui-empty");
    expect(empty.textContent).toContain("Nenhum fornecedor encontrado");
    expect(get(".ui-empty__hint").textContent).toBe("Cadastre o primeiro fornecedor para começar.");
    click(button("Novo Fornecedor", empty));
    await settle(); // the dialog's code loads with its first opening
    expect(get(".ui-dialog__title", lastDialog()).textContent).toBe("Novo Fornecedor");
  });

  test("a search with no match says so; 'Limpar busca' brings the whole list back", async () => {
    mockFetch(calls, () => page([ACME, BETA, CEU]));
    render(<SuppliersList {...props([], 0, { ...PARAMS, q: "zzz" })} />);
    expect(get(".ui-empty__hint").textContent).toBe("Ajuste a busca ou cadastre um novo fornecedor.");
    click(button("Limpar busca"));
    await settle();
    expect(calls.map((c) => c.url)).toEqual(["/api/suppliers?ordem=nome&porPagina=48"]);
    expect(location.search).toBe("");
    expect(names()).toHaveLength(3);
  });
});

describe("SuppliersList: the dialog", () => {
  test("saving an empty form shows 'Nome é obrigatório.' under Nome and sends nothing", async () => {
    mockFetch(calls, () => json({}));
    render(<SuppliersList {...props()} />);
    const dialog = await openNew();
    click(button("Salvar"));
    await settle();
    expect(requests()).toHaveLength(0);
    expect(dialog.textContent).toContain("Nome é obrigatório.");
    expect(control("Nome", dialog).getAttribute("aria-invalid")).toBe("true");
  });

  test("CNPJ and phone are masked as typed; Estado lists the UFs; the label says E-mail", async () => {
    render(<SuppliersList {...props()} />);
    const dialog = await openNew();
    typeInto(control("CNPJ", dialog), "12345678000195");
    expect(control("CNPJ", dialog).value).toBe("12.345.678/0001-95");
    typeInto(control("Telefone", dialog), "1134567890");
    expect(control("Telefone", dialog).value).toBe("(11) 3456-7890");
    expect(control<HTMLSelectElement>("Estado", dialog).options.length).toBe(28);
    expect(control("E-mail", dialog).type).toBe("email");
  });

  test("creating sends the typed values, toasts 'Fornecedor criado', closes and reloads the same view", async () => {
    mockFetch(calls, (call) => (call.method === "POST" ? json({ ...ACME, id: 99 }, 201) : page([ACME, BETA, CEU])));
    render(<SuppliersList {...props()} />);
    const dialog = await openNew();
    typeInto(control("Nome", dialog), "Delta Embalagens");
    typeInto(control("CNPJ", dialog), "11222333000181");
    typeInto(control("E-mail", dialog), "vendas@delta.com.br");
    click(button("Salvar"));
    await settle();
    expect(requests()).toEqual(["POST /api/suppliers", "GET /api/suppliers?ordem=nome&pagina=1&porPagina=48"]);
    expect(saves()[0]!.body).toEqual({
      nome: "Delta Embalagens",
      cnpj: "11.222.333/0001-81",
      email: "vendas@delta.com.br",
      telefone: "",
      cidade: "",
      estado: "",
      categoriaId: "",
    });
    expect(toastSignal.value?.title).toBe("Fornecedor criado");
    expect(openDialogs()).toHaveLength(0);
  });

  test("editing starts from the card and PUTs; the toast says 'Fornecedor atualizado'", async () => {
    mockFetch(calls, (call) => (call.method === "PUT" ? json(ACME) : page([ACME, BETA, CEU])));
    render(<SuppliersList {...props()} />);
    click(button("Editar Acme Distribuidora"));
    await settle(); // the dialog's code loads with its first opening
    const dialog = lastDialog();
    expect(get(".ui-dialog__title", dialog).textContent).toBe("Editar Fornecedor");
    expect(control("CNPJ", dialog).value).toBe("12.345.678/0001-95");
    expect(control("Telefone", dialog).value).toBe("(11) 98765-4321");
    expect(control<HTMLSelectElement>("Estado", dialog).value).toBe("SP");
    typeInto(control("Cidade", dialog), "Campinas");
    click(button("Salvar"));
    await settle();
    expect(requests()[0]).toBe(`PUT /api/suppliers/${ACME.id}`);
    expect(saves()[0]!.body).toMatchObject({ nome: "Acme Distribuidora", cidade: "Campinas", estado: "SP", categoriaId: "" });
    expect(toastSignal.value?.title).toBe("Fornecedor atualizado");
  });

  test("a refused save keeps the dialog and what was typed, shows the server's reason and toasts it", async () => {
    mockFetch(calls, () => json({ message: "Fornecedor não encontrado" }, 404));
    render(<SuppliersList {...props()} />);
    click(button("Editar Beta Gráfica"));
    await settle(); // the dialog's code loads with its first opening
    const dialog = lastDialog();
    typeInto(control("Nome", dialog), "Beta Gráfica e Editora");
    click(button("Salvar"));
    await settle();
    expect(openDialogs()).toContain(dialog);
    expect(control("Nome", dialog).value).toBe("Beta Gráfica e Editora");
    expect(get('[role="alert"]', dialog).textContent).toBe("Fornecedor não encontrado");
    expect(toastSignal.value).toMatchObject({ title: "Erro", description: "Fornecedor não encontrado", variant: "destructive" });
  });

  test("a save that fails without a server message toasts 'Erro ao salvar fornecedor.'", async () => {
    mockFetch(calls, () => new Response("", { status: 502 }));
    render(<SuppliersList {...props()} />);
    const dialog = await openNew();
    typeInto(control("Nome", dialog), "Delta");
    click(button("Salvar"));
    await settle();
    expect(toastSignal.value).toMatchObject({ title: "Erro", description: "Erro ao salvar fornecedor." });
    expect(openDialogs()).toContain(dialog);
  });

  test("Esc with unsaved changes asks 'Descartar alterações?'; an untouched dialog closes at once", async () => {
    render(<SuppliersList {...props()} />);
    let dialog = await openNew();
    pressEsc(dialog);
    expect(openDialogs()).toHaveLength(0);

    dialog = await openNew();
    typeInto(control("Nome", dialog), "Delta");
    pressEsc(dialog);
    expect(lastDialog().textContent).toContain("Descartar alterações?");
    click(button("Continuar editando", lastDialog()));
    expect(control("Nome", lastDialog()).value).toBe("Delta");
    pressEsc(lastDialog());
    click(button("Descartar", lastDialog()));
    expect(openDialogs()).toHaveLength(0);
  });
});

describe("SuppliersList: block and delete", () => {
  test("Histórico opens the supplier's timeline in the side panel, fetched when it opens", async () => {
    const created: HistoryEventJson = {
      id: 1,
      at: "2026-03-12T13:00:00.000Z",
      quando: "12/03/2026 10:00",
      usuario: "financeiro@cofre.test",
      acao: "create",
      entidade: "supplier",
      entidadeId: ACME.id,
      rotulo: "Acme Distribuidora",
      detalhes: {},
      clientId: null,
      supplierId: ACME.id,
      texto: "financeiro@cofre.test cadastrou o fornecedor Acme Distribuidora",
    };
    mockFetch(calls, () => new Response(JSON.stringify([created]), { headers: { "content-type": "application/json", "x-total-count": "1" } }));
    render(<SuppliersList {...props()} />);
    click(rowAction("Histórico", "Acme Distribuidora"));
    await settle();
    expect(requests()).toEqual([`GET /api/suppliers/${ACME.id}/history?porPagina=100`]);
    const panel = lastDialog();
    expect(panel.textContent).toContain("financeiro@cofre.test cadastrou o fornecedor Acme Distribuidora");
  });

  test("Bloquear sends the opposite status without asking, toasts 'Status atualizado' and shows the new badge", async () => {
    const blocked = { ...ACME, statusBloqueio: 1 as const };
    mockFetch(calls, (call) =>
      call.method === "PATCH" ? json({ message: "Status atualizado", supplier: blocked }) : page([blocked, BETA, CEU]),
    );
    render(<SuppliersList {...props()} />);
    click(rowAction("Bloquear", "Acme Distribuidora"));
    expect(openDialogs()).toHaveLength(0);
    expect(card("Acme Distribuidora").getAttribute("aria-busy")).toBe("true");
    // A second press while the first runs sends nothing more.
    click(rowAction("Bloquear", "Acme Distribuidora"));
    await settle();
    expect(requests()).toEqual([`PATCH /api/suppliers/${ACME.id}/block`, "GET /api/suppliers?ordem=nome&pagina=1&porPagina=48"]);
    expect(saves()[0]!.body).toEqual({ statusBloqueio: 1 });
    expect(toastSignal.value?.title).toBe("Status atualizado");
    expect(get(".ui-badge", card("Acme Distribuidora")).textContent).toBe("Bloqueado");
    expect(card("Acme Distribuidora").hasAttribute("aria-busy")).toBe(false);
  });

  test("Desbloquear sends 0; a failure toasts SPEC's 'Erro ao alterar status do fornecedor.'", async () => {
    mockFetch(calls, () => json({ message: "Fornecedor não encontrado" }, 404));
    render(<SuppliersList {...props()} />);
    click(rowAction("Desbloquear", "Beta Gráfica"));
    await settle();
    expect(calls.map((c) => c.body)).toEqual([{ statusBloqueio: 0 }]);
    expect(toastSignal.value).toMatchObject({ title: "Erro", description: "Erro ao alterar status do fornecedor." });
    expect(card("Beta Gráfica").hasAttribute("aria-busy")).toBe(false);
  });

  test("Excluir asks SPEC's question starting on Cancelar, then deletes, toasts and reloads", async () => {
    mockFetch(calls, (call) => (call.method === "DELETE" ? json({ message: "Fornecedor excluído" }) : page([ACME, CEU])));
    render(<SuppliersList {...props()} />);
    click(rowAction("Excluir", "Beta Gráfica"));
    await settle(); // the confirmation's code loads with its first opening
    const confirm = lastDialog();
    expect(confirm.textContent).toContain("Tem certeza que deseja excluir este fornecedor?");
    expect(confirm.textContent).toContain("Beta Gráfica");
    expect(document.activeElement?.textContent).toBe("Cancelar");
    click(button("Excluir", confirm));
    await settle();
    expect(requests()).toEqual([`DELETE /api/suppliers/${BETA.id}`, "GET /api/suppliers?ordem=nome&pagina=1&porPagina=48"]);
    expect(toastSignal.value?.title).toBe("Fornecedor excluído");
    expect(names()).toEqual(["Acme Distribuidora", "Céu Azul Transportes"]);
    expect(openDialogs()).toHaveLength(0);
  });

  test("Cancelar changes nothing; a refused delete toasts the server's reason and keeps the card", async () => {
    const reason = "Não é possível excluir o fornecedor: existem contas a pagar vinculadas a ele.";
    mockFetch(calls, () => json({ message: reason }, 409));
    render(<SuppliersList {...props()} />);
    click(rowAction("Excluir", "Acme Distribuidora"));
    await settle(); // the confirmation's code loads with its first opening
    click(button("Cancelar", lastDialog()));
    expect(calls).toHaveLength(0);
    click(rowAction("Excluir", "Acme Distribuidora"));
    click(button("Excluir", lastDialog()));
    await settle();
    expect(toastSignal.value).toMatchObject({ title: "Erro", description: reason, variant: "destructive" });
    expect(names()).toContain("Acme Distribuidora");
  });
});

describe("SuppliersList: read-only for a consulta (DECISIONS §10)", () => {
  const consulta = (ui: React.ReactNode) => render(<CanWrite.Provider value={false}>{ui}</CanWrite.Provider>);
  test("a card keeps only Histórico: no Editar, Bloquear/Desbloquear or Excluir, and no Ver (the card shows every field)", () => {
    render(<SuppliersList {...props()} />);
    expect(rowActions("Acme Distribuidora")).toEqual(["Editar", "Histórico", "Bloquear", "Excluir"]);
    cleanup();
    consulta(<SuppliersList {...props()} />);
    expect(rowActions("Acme Distribuidora")).toEqual(["Histórico"]);
    expect(rowActions("Beta Gráfica")).toEqual(["Histórico"]);
    // What the dialog would show is on the card.
    for (const text of ["12.345.678/0001-95", "(11) 98765-4321", "compras@acme.com.br", "São Paulo - SP"]) expect(card("Acme Distribuidora").textContent).toContain(text);
    expect(control("Buscar").disabled).toBe(false);
  });

  test("Histórico still opens the supplier's timeline", async () => {
    mockFetch(calls, () => new Response("[]", { headers: { "content-type": "application/json", "x-total-count": "0" } }));
    consulta(<SuppliersList {...props()} />);
    click(rowAction("Histórico", "Acme Distribuidora"));
    await settle();
    expect(requests()).toEqual([`GET /api/suppliers/${ACME.id}/history?porPagina=100`]);
    expect(openDialogs()).toHaveLength(1);
  });

  test("an empty register offers no 'Novo Fornecedor' and no invitation to register one", () => {
    consulta(<SuppliersList {...props([])} />);
    expect(get(".ui-empty").textContent).toContain("Nenhum fornecedor encontrado");
    expect(get(".ui-empty__hint").textContent).toBe("Nenhum fornecedor foi cadastrado ainda.");
    expect(() => button("Novo Fornecedor")).toThrow();
    cleanup();
    consulta(<SuppliersList {...props([], 0, { ...PARAMS, q: "zeta" })} />);
    expect(get(".ui-empty__hint").textContent).toBe("Ajuste a busca para ver outros fornecedores.");
    expect(() => button("Limpar busca", get(".ui-empty"))).not.toThrow();
    expect(() => button("Novo Fornecedor")).toThrow();
  });

  test("the header's 'Novo …' request opens nothing for a consulta", () => {
    consulta(<SuppliersList {...props()} />);
    act(() => {
      newRecordRequest.value++;
    });
    expect(openDialogs()).toHaveLength(0);
  });
});
