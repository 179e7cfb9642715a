import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { act } from "react";
import type { PartnerJson } from "../src/api/partners/model";
import { cleanup, click, get, render, serverRenderAndHydrate, typeInto } from "../src/ui/testing";
import { dismissToast, toastSignal } from "../src/ui/toast";
import PartnersScreen from "./PartnersScreen";
import { json, mockFetch as mockCalls, settle, type Call } from "./testing";

const NOW = "2026-01-10T12:00:00.000Z";
const partner = (id: number, nome: string, over: Partial<PartnerJson> = {}): PartnerJson => ({
  id,
  nome,
  empresa: `${nome} Consultoria`,
  email: `${nome.toLowerCase()}@parceiro.com.br`,
  telefone: "11987654321",
  createdAt: NOW,
  updatedAt: NOW,
  ...over,
});
const ANA = partner(1, "Ana", { empresa: "Contábil Norte", telefone: "1134567890" });
const BRUNO = partner(2, "Bruno", { email: "" });
const CARLA = partner(3, "Carla", { telefone: "" });
const ALL = [ANA, BRUNO, CARLA];

let calls: Call[];
const mockFetch = (route: (call: Call) => Response) => mockCalls(calls, route);

beforeEach(() => {
  calls = [];
  dismissToast();
});
afterEach(() => {
  cleanup();
});

const rows = (scope: ParentNode) => [...scope.querySelectorAll<HTMLTableRowElement>("tbody tr")];
const cellTexts = (row: HTMLTableRowElement) => [...row.cells].map((cell) => cell.textContent);
const summary = (scope: ParentNode, id: string) => get(`[data-testid="summary-${id}"]`, scope).textContent;
const button = (scope: ParentNode, name: string) => {
  const found = [...scope.querySelectorAll("button")].find(
    (b) => b.getAttribute("aria-label") === name || b.textContent?.trim() === name,
  );
  if (!found) throw new Error(`No button ${name}`);
  return found;
};
function field(scope: ParentNode, label: string): HTMLInputElement {
  const found = [...scope.querySelectorAll("label")].find((l) => l.firstChild?.textContent === label);
  if (!found) throw new Error(`No label ${label}`);
  return document.getElementById(found.htmlFor) as HTMLInputElement;
}
const messageFor = (control: HTMLElement) =>
  (control.getAttribute("aria-describedby") ?? "")
    .split(" ")
    .map((id) => document.getElementById(id))
    .find((el) => el?.classList.contains("ui-field__error"))?.textContent ?? null;
const formDialog = (scope: ParentNode) => get<HTMLDialogElement>("dialog:not([role])", scope);
async function submitDialog(scope: ParentNode) {
  await act(async () => {
    get("dialog form", scope).dispatchEvent(new Event("submit", { bubbles: true, cancelable: true }));
  });
  await settle();
}

describe("PartnersScreen", () => {
  test("renders the summary and the table from the server's list, phones formatted", () => {
    const { container } = render(<PartnersScreen initialPartners={ALL} />);
    expect(get("h1", container).textContent).toBe("Parceiros");
    expect(summary(container, "total")).toBe("3");
    expect(summary(container, "email")).toBe("2");
    expect(summary(container, "telefone")).toBe("2");
    expect(container.querySelector(".par-summary")?.textContent).toContain("Total de parceiros");
    expect([...container.querySelectorAll("thead th")].map((th) => th.textContent)).toEqual([
      "Nome",
      "Empresa",
      "E-mail",
      "Telefone",
      "Ações",
    ]);
    const [ana] = rows(container);
    expect(cellTexts(ana!).slice(1, 4)).toEqual(["Contábil Norte", "ana@parceiro.com.br", "(11) 3456-7890"]);
    expect(get(".par-name", ana!).textContent).toBe("Ana");
    expect(button(ana!, "Editar Ana")).toBeTruthy();
    expect(button(ana!, "Excluir Ana")).toBeTruthy();
  });

  test("hydrates the server's markup without mismatches", () => {
    const { errors } = serverRenderAndHydrate(<PartnersScreen initialPartners={ALL} />);
    expect(errors).toEqual([]);
  });

  test("no partners: 'Nenhum parceiro cadastrado' and zeros in the summary", () => {
    const { container } = render(<PartnersScreen initialPartners={[]} />);
    expect(get("tbody", container).textContent).toContain("Nenhum parceiro cadastrado");
    expect(summary(container, "total")).toBe("0");
    expect(summary(container, "email")).toBe("0");
    expect(summary(container, "telefone")).toBe("0");
    click(button(container, "Cadastrar parceiro"));
    expect(formDialog(container).open).toBe(true);
    expect(get(".ui-dialog__title", formDialog(container)).textContent).toBe("Novo Parceiro");
  });

  test("saving an empty form shows SPEC's messages under each field and sends nothing", async () => {
    mockFetch(() => json({}));
    const { container } = render(<PartnersScreen initialPartners={ALL} />);
    click(button(container, "Novo Parceiro"));
    await submitDialog(container);
    expect(messageFor(field(container, "Nome"))).toBe("Nome é obrigatório");
    expect(messageFor(field(container, "Empresa"))).toBe("Empresa é obrigatória");
    expect(messageFor(field(container, "E-mail"))).toBe("E-mail inválido");
    expect(messageFor(field(container, "Telefone"))).toBe("Telefone é obrigatório");
    expect(calls).toHaveLength(0);
  });

  test("the phone is masked as typed", () => {
    const { container } = render(<PartnersScreen initialPartners={ALL} />);
    click(button(container, "Novo Parceiro"));
    typeInto(field(container, "Telefone"), "1198765");
    expect(field(container, "Telefone").value).toBe("(11) 9876-5");
    typeInto(field(container, "Telefone"), "11987654321");
    expect(field(container, "Telefone").value).toBe("(11) 98765-4321");
  });

  test("creating posts the raw values, toasts 'Parceiro criado' and the summary follows the refetch", async () => {
    const created = partner(4, "Diego");
    mockFetch((call) => (call.method === "POST" ? json(created, 201) : json([...ALL, created])));
    const { container } = render(<PartnersScreen initialPartners={ALL} />);
    click(button(container, "Novo Parceiro"));
    typeInto(field(container, "Nome"), "Diego");
    typeInto(field(container, "Empresa"), "Diego Consultoria");
    typeInto(field(container, "E-mail"), "diego@parceiro.com.br");
    typeInto(field(container, "Telefone"), "11987654321");
    await submitDialog(container);
    expect(calls[0]).toEqual({
      method: "POST",
      url: "/api/partners",
      body: { nome: "Diego", empresa: "Diego Consultoria", email: "diego@parceiro.com.br", telefone: "(11) 98765-4321" },
    });
    expect(toastSignal.value).toMatchObject({ title: "Parceiro criado", variant: "default" });
    expect(formDialog(container).open).toBe(false);
    expect(rows(container)).toHaveLength(4);
    expect(summary(container, "total")).toBe("4");
    expect(summary(container, "email")).toBe("3");
  });

  test("editing starts from the row and PATCHes the whole form", async () => {
    mockFetch(() => json([{ ...ANA, empresa: "Contábil Sul" }, BRUNO, CARLA]));
    const { container } = render(<PartnersScreen initialPartners={ALL} />);
    click(button(container, "Editar Ana"));
    expect(get(".ui-dialog__title", formDialog(container)).textContent).toBe("Editar Parceiro");
    expect(field(container, "Telefone").value).toBe("(11) 3456-7890");
    typeInto(field(container, "Empresa"), "Contábil Sul");
    await submitDialog(container);
    expect(calls[0]).toEqual({
      method: "PATCH",
      url: "/api/partners/1",
      body: { nome: "Ana", empresa: "Contábil Sul", email: "ana@parceiro.com.br", telefone: "(11) 3456-7890" },
    });
    expect(toastSignal.value?.title).toBe("Parceiro atualizado");
    expect(cellTexts(rows(container)[0]!)[1]).toBe("Contábil Sul");
  });

  test("a failed save keeps the dialog and toasts the server message or the fallback", async () => {
    mockFetch(() => json({ message: "E-mail inválido", errors: { email: "E-mail inválido" } }, 400));
    const { container } = render(<PartnersScreen initialPartners={ALL} />);
    click(button(container, "Editar Ana"));
    await submitDialog(container);
    expect(formDialog(container).open).toBe(true);
    expect(messageFor(field(container, "E-mail"))).toBe("E-mail inválido");
    expect(toastSignal.value).toMatchObject({ title: "Erro", description: "E-mail inválido", variant: "destructive" });

    mockFetch(() => new Response("", { status: 502 }));
    typeInto(field(container, "E-mail"), "ana@parceiro.com.br");
    await submitDialog(container);
    expect(toastSignal.value).toMatchObject({ title: "Erro", description: "Não foi possível salvar o parceiro." });
  });

  test("delete asks with the partner's name, deletes, toasts and the summary updates", async () => {
    mockFetch((call) => (call.method === "DELETE" ? json({ message: "ok" }) : json([BRUNO, CARLA])));
    const { container } = render(<PartnersScreen initialPartners={ALL} />);
    click(button(container, "Excluir Ana"));
    const confirm = get('dialog[role="alertdialog"]', container);
    expect(get(".ui-confirm__message", confirm).textContent).toBe('Tem certeza que deseja excluir o parceiro "Ana"?');
    await act(async () => click(button(confirm, "Excluir")));
    await settle();
    expect(calls[0]).toMatchObject({ method: "DELETE", url: "/api/partners/1" });
    expect(toastSignal.value?.title).toBe("Parceiro excluído com sucesso!");
    expect(rows(container)).toHaveLength(2);
    expect(summary(container, "total")).toBe("2");
  });

  test("a failed delete toasts 'Não foi possível excluir o parceiro.' and keeps the row", async () => {
    mockFetch(() => new Response("", { status: 500 }));
    const { container } = render(<PartnersScreen initialPartners={ALL} />);
    click(button(container, "Excluir Bruno"));
    await act(async () => click(button(get('dialog[role="alertdialog"]', container), "Excluir")));
    await settle();
    expect(toastSignal.value).toMatchObject({ title: "Erro", description: "Não foi possível excluir o parceiro." });
    expect(rows(container)).toHaveLength(3);
  });
});
