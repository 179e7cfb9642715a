import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { act } from "react";
import type { SupplierJson } from "../src/api/suppliers/model";
import { cleanup, click, get, render, serverRenderAndHydrate, typeInto } from "../src/ui/testing";
import { dismissToast, toastSignal } from "../src/ui/toast";
import SuppliersScreen from "./SuppliersScreen";
import { json, mockFetch as mockCalls, settle, type Call } from "./testing";

const NOW = "2026-01-10T12:00:00.000Z";
const supplier = (over: Partial<SupplierJson> & Pick<SupplierJson, "id" | "nome">): SupplierJson => ({
  cnpj: null,
  email: null,
  telefone: null,
  cidade: null,
  estado: null,
  statusBloqueio: 0,
  createdAt: NOW,
  updatedAt: NOW,
  ...over,
});

const ACME = supplier({
  id: 1,
  nome: "Acme Distribuidora",
  cnpj: "12345678000195",
  email: "compras@acme.com.br",
  telefone: "11987654321",
  cidade: "São Paulo",
  estado: "SP",
});
const BETA = supplier({ id: 2, nome: "Beta Gráfica", email: "contato@beta.com", statusBloqueio: 1 });
const CEU = supplier({ id: 3, nome: "Céu Azul Transportes", cnpj: "98765432000110", telefone: "2134567890" });
const ALL = [ACME, BETA, CEU];

let calls: Call[];
const mockFetch = (route: (call: Call) => Response) => mockCalls(calls, route);

beforeEach(() => {
  calls = [];
  dismissToast();
});
afterEach(() => {
  cleanup();
});

const cards = (scope: ParentNode) => [...scope.querySelectorAll<HTMLElement>(".sup-card")];
const names = (scope: ParentNode) => cards(scope).map((card) => get("h2", card).textContent);
const card = (scope: ParentNode, nome: string) => cards(scope).find((c) => get("h2", c).textContent === nome)!;
const button = (scope: ParentNode, name: string) => {
  const found = [...scope.querySelectorAll("button")].find(
    (b) => b.getAttribute("aria-label") === name || b.textContent?.trim() === name,
  );
  if (!found) throw new Error(`No button ${name}`);
  return found;
};
/** The control a visible label points at. */
function field<T extends HTMLElement = HTMLInputElement>(scope: ParentNode, label: string): T {
  const found = [...scope.querySelectorAll("label")].find((l) => l.firstChild?.textContent === label);
  if (!found) throw new Error(`No label ${label}`);
  return document.getElementById(found.htmlFor) as T;
}
/** The message Field shows under a control (through aria-describedby). */
const messageFor = (control: HTMLElement) =>
  (control.getAttribute("aria-describedby") ?? "")
    .split(" ")
    .map((id) => document.getElementById(id))
    .find((el) => el?.classList.contains("ui-field__error"))?.textContent ?? null;
const search = (scope: ParentNode) => get<HTMLInputElement>("input[type=search]", scope);
const dialog = (scope: ParentNode) => get<HTMLDialogElement>("dialog", scope);
async function submitDialog(scope: ParentNode) {
  await act(async () => {
    get("dialog form", scope).dispatchEvent(new Event("submit", { bubbles: true, cancelable: true }));
  });
  await settle();
}

describe("SuppliersScreen", () => {
  test("renders the server's list as cards: badge, formatted CNPJ and phone, place, muted placeholders", () => {
    const { container } = render(<SuppliersScreen initialSuppliers={ALL} />);
    expect(get("h1", container).textContent).toBe("Fornecedores");
    expect(button(container, "Novo Fornecedor")).toBeTruthy();
    expect(names(container)).toEqual(["Acme Distribuidora", "Beta Gráfica", "Céu Azul Transportes"]);

    const acme = card(container, "Acme Distribuidora");
    expect(get(".ui-badge", acme).textContent).toBe("Ativo");
    expect(get(".ui-badge", acme).className).toContain("ui-badge--success");
    expect(acme.textContent).toContain("12.345.678/0001-95");
    expect(acme.textContent).toContain("(11) 98765-4321");
    expect(acme.textContent).toContain("compras@acme.com.br");
    expect(acme.textContent).toContain("São Paulo - SP");
    expect(acme.querySelectorAll(".reg-muted")).toHaveLength(0);

    const beta = card(container, "Beta Gráfica");
    expect(get(".ui-badge", beta).textContent).toBe("Bloqueado");
    expect(get(".ui-badge", beta).className).toContain("ui-badge--danger");
    const muted = [...beta.querySelectorAll(".reg-muted")].map((m) => m.textContent);
    expect(muted).toEqual(["CNPJ não informado", "Telefone não informado", "Cidade não informada"]);
    expect(button(beta, "Desbloquear Beta Gráfica").textContent).toBe("Desbloquear");
    expect(button(acme, "Bloquear Acme Distribuidora").textContent).toBe("Bloquear");
    expect(card(container, "Céu Azul Transportes").textContent).toContain("(21) 3456-7890");
  });

  test("hydrates the server's markup without mismatches", () => {
    const { errors, html } = serverRenderAndHydrate(<SuppliersScreen initialSuppliers={ALL} />);
    expect(html).toContain("Acme Distribuidora");
    expect(errors).toEqual([]);
  });

  test("one search box filters by name (accents ignored), CNPJ with or without punctuation, and e-mail", () => {
    const { container } = render(<SuppliersScreen initialSuppliers={ALL} />);
    typeInto(search(container), "ceu");
    expect(names(container)).toEqual(["Céu Azul Transportes"]);
    typeInto(search(container), "gráf");
    expect(names(container)).toEqual(["Beta Gráfica"]);
    typeInto(search(container), "12345678");
    expect(names(container)).toEqual(["Acme Distribuidora"]);
    typeInto(search(container), "98.765.432/0001-10");
    expect(names(container)).toEqual(["Céu Azul Transportes"]);
    typeInto(search(container), "CONTATO@BETA");
    expect(names(container)).toEqual(["Beta Gráfica"]);
    expect(get(".reg-count", container).textContent).toBe("1 de 3 fornecedores");
    typeInto(search(container), "");
    expect(names(container)).toHaveLength(3);
    expect(get(".reg-count", container).textContent).toBe("3 fornecedores");
  });

  test("no match: the empty state with a hint; Limpar busca brings the cards back", () => {
    const { container } = render(<SuppliersScreen initialSuppliers={ALL} />);
    typeInto(search(container), "zzz");
    expect(cards(container)).toHaveLength(0);
    expect(get(".reg-empty", container).textContent).toContain("Nenhum fornecedor encontrado");
    expect(get(".reg-empty__hint", container).textContent).toBe("Ajuste a busca ou cadastre um novo fornecedor.");
    click(button(container, "Limpar busca"));
    expect(cards(container)).toHaveLength(3);
  });

  test("no suppliers at all: the empty state offers to add the first one", () => {
    const { container } = render(<SuppliersScreen initialSuppliers={[]} />);
    expect(get(".reg-empty", container).textContent).toContain("Nenhum fornecedor encontrado");
    expect(get(".reg-empty__hint", container).textContent).toBe("Cadastre o primeiro fornecedor para começar.");
    click(button(container, "Cadastrar fornecedor"));
    expect(dialog(container).open).toBe(true);
    expect(get(".ui-dialog__title", container).textContent).toBe("Novo Fornecedor");
  });

  test("saving an empty form shows 'Nome é obrigatório.' under Nome and sends nothing", async () => {
    mockFetch(() => json({}));
    const { container } = render(<SuppliersScreen initialSuppliers={ALL} />);
    click(button(container, "Novo Fornecedor"));
    await submitDialog(container);
    expect(messageFor(field(container, "Nome"))).toBe("Nome é obrigatório.");
    expect(field(container, "Nome").getAttribute("aria-invalid")).toBe("true");
    expect(calls).toHaveLength(0);
    expect(dialog(container).open).toBe(true);
    // Typing clears the message.
    typeInto(field(container, "Nome"), "A");
    expect(messageFor(field(container, "Nome"))).toBeNull();
  });

  test("CNPJ and phone are masked as typed; the estado select lists the UFs", () => {
    const { container } = render(<SuppliersScreen initialSuppliers={ALL} />);
    click(button(container, "Novo Fornecedor"));
    typeInto(field(container, "CNPJ"), "12345678000195");
    expect(field(container, "CNPJ").value).toBe("12.345.678/0001-95");
    typeInto(field(container, "Telefone"), "11987654321");
    expect(field(container, "Telefone").value).toBe("(11) 98765-4321");
    typeInto(field(container, "Telefone"), "1134567890");
    expect(field(container, "Telefone").value).toBe("(11) 3456-7890");
    const estado = field<HTMLSelectElement>(container, "Estado");
    expect(estado.options[0]!.textContent).toBe("Selecione");
    expect(estado.options).toHaveLength(28);
  });

  test("creating sends the raw form values, toasts, closes and shows the refetched list", async () => {
    const created = supplier({ id: 9, nome: "Nova Peças", cnpj: "12345678000195", telefone: "11987654321" });
    mockFetch((call) => (call.method === "POST" ? json(created, 201) : json([...ALL, created])));
    const { container } = render(<SuppliersScreen initialSuppliers={ALL} />);
    click(button(container, "Novo Fornecedor"));
    typeInto(field(container, "Nome"), "Nova Peças");
    typeInto(field(container, "CNPJ"), "12345678000195");
    typeInto(field(container, "Telefone"), "11987654321");
    typeInto(field(container, "Cidade"), "Campinas");
    await act(async () => {
      const estado = field<HTMLSelectElement>(container, "Estado");
      estado.value = "SP";
      estado.dispatchEvent(new Event("change", { bubbles: true }));
    });
    await submitDialog(container);
    expect(calls[0]).toEqual({
      method: "POST",
      url: "/api/suppliers",
      body: { nome: "Nova Peças", cnpj: "12.345.678/0001-95", email: "", telefone: "(11) 98765-4321", cidade: "Campinas", estado: "SP" },
    });
    expect(calls[1]).toMatchObject({ method: "GET", url: "/api/suppliers" });
    expect(toastSignal.value).toMatchObject({ title: "Fornecedor criado", variant: "default" });
    expect(dialog(container).open).toBe(false);
    expect(names(container)).toContain("Nova Peças");
  });

  test("editing starts from the card's values and PUTs them", async () => {
    mockFetch(() => json([{ ...ACME, cidade: "Santos" }, BETA, CEU]));
    const { container } = render(<SuppliersScreen initialSuppliers={ALL} />);
    click(button(container, "Editar Acme Distribuidora"));
    expect(get(".ui-dialog__title", container).textContent).toBe("Editar Fornecedor");
    expect(field(container, "CNPJ").value).toBe("12.345.678/0001-95");
    expect(field(container, "Telefone").value).toBe("(11) 98765-4321");
    expect(field<HTMLSelectElement>(container, "Estado").value).toBe("SP");
    typeInto(field(container, "Cidade"), "Santos");
    await submitDialog(container);
    expect(calls[0]).toMatchObject({ method: "PUT", url: "/api/suppliers/1", body: { nome: "Acme Distribuidora", cidade: "Santos" } });
    expect(toastSignal.value?.title).toBe("Fornecedor atualizado");
    expect(card(container, "Acme Distribuidora").textContent).toContain("Santos - SP");
  });

  test("a refused save keeps the dialog and input, shows the server's field message and toasts it", async () => {
    mockFetch(() => json({ message: "Telefone inválido", errors: { telefone: "Telefone inválido" } }, 400));
    const { container } = render(<SuppliersScreen initialSuppliers={ALL} />);
    click(button(container, "Novo Fornecedor"));
    typeInto(field(container, "Nome"), "Gama");
    await submitDialog(container);
    expect(dialog(container).open).toBe(true);
    expect(field(container, "Nome").value).toBe("Gama");
    expect(messageFor(field(container, "Telefone"))).toBe("Telefone inválido");
    expect(toastSignal.value).toMatchObject({ title: "Erro", description: "Telefone inválido", variant: "destructive" });
  });

  test("a save that fails without a server message toasts 'Erro ao salvar fornecedor.'", async () => {
    mockFetch(() => new Response("boom", { status: 500 }));
    const { container } = render(<SuppliersScreen initialSuppliers={ALL} />);
    click(button(container, "Novo Fornecedor"));
    typeInto(field(container, "Nome"), "Gama");
    await submitDialog(container);
    expect(toastSignal.value).toMatchObject({ title: "Erro", description: "Erro ao salvar fornecedor." });
  });

  test("Bloquear sends the opposite status without asking, toasts and shows the new badge", async () => {
    mockFetch((call) =>
      call.method === "PATCH"
        ? json({ message: "Status atualizado", supplier: { ...ACME, statusBloqueio: 1 } })
        : json([{ ...ACME, statusBloqueio: 1 }, BETA, CEU]),
    );
    const { container } = render(<SuppliersScreen initialSuppliers={ALL} />);
    click(button(container, "Bloquear Acme Distribuidora"));
    await settle();
    expect(calls[0]).toEqual({ method: "PATCH", url: "/api/suppliers/1/block", body: { statusBloqueio: 1 } });
    expect(toastSignal.value?.title).toBe("Status atualizado");
    expect(get(".ui-badge", card(container, "Acme Distribuidora")).textContent).toBe("Bloqueado");
    expect(container.querySelector("dialog[open]")).toBeNull();
  });

  test("Desbloquear sends 0; a failure toasts 'Erro ao alterar status do fornecedor.'", async () => {
    mockFetch(() => json({ message: "Falhou" }, 500));
    const { container } = render(<SuppliersScreen initialSuppliers={ALL} />);
    click(button(container, "Desbloquear Beta Gráfica"));
    await settle();
    expect(calls[0]).toMatchObject({ method: "PATCH", url: "/api/suppliers/2/block", body: { statusBloqueio: 0 } });
    expect(toastSignal.value).toMatchObject({ title: "Erro", description: "Erro ao alterar status do fornecedor." });
    expect(get(".ui-badge", card(container, "Beta Gráfica")).textContent).toBe("Bloqueado");
  });

  test("Excluir asks first, then deletes, toasts and the card is gone", async () => {
    mockFetch((call) => (call.method === "DELETE" ? json({ message: "Fornecedor excluído" }) : json([BETA, CEU])));
    const { container } = render(<SuppliersScreen initialSuppliers={ALL} />);
    click(button(container, "Excluir Acme Distribuidora"));
    const confirm = get('dialog[role="alertdialog"]', container);
    expect(confirm.textContent).toContain("Tem certeza que deseja excluir este fornecedor?");
    expect(calls).toHaveLength(0);
    await act(async () => click(button(confirm, "Excluir")));
    await settle();
    expect(calls[0]).toMatchObject({ method: "DELETE", url: "/api/suppliers/1" });
    expect(toastSignal.value?.title).toBe("Fornecedor excluído");
    expect(names(container)).toEqual(["Beta Gráfica", "Céu Azul Transportes"]);
  });

  test("a refused delete toasts the server's reason (409) and keeps the card", async () => {
    const reason = "Fornecedor possui contas a pagar e não pode ser excluído";
    mockFetch(() => json({ message: reason }, 409));
    const { container } = render(<SuppliersScreen initialSuppliers={ALL} />);
    click(button(container, "Excluir Acme Distribuidora"));
    await act(async () => click(button(get('dialog[role="alertdialog"]', container), "Excluir")));
    await settle();
    expect(toastSignal.value).toMatchObject({ title: "Erro", description: reason, variant: "destructive" });
    expect(names(container)).toHaveLength(3);
  });
});
