import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { act } from "react";
import { renderToString } from "react-dom/server";
import type { ClientJson } from "../src/api/clients/model";
import { dismissToast, toastSignal } from "../src/ui/toast";
import { cleanup, click, get, render, serverRenderAndHydrate, typeInto } from "../src/ui/testing";
import ClientsScreen from "./ClientsScreen";

let nextId = 1;
function client(overrides: Partial<ClientJson> = {}): ClientJson {
  const id = nextId++;
  return {
    id,
    nome: `Cliente ${id}`,
    cnpj: "11222333000181",
    contato: "Maria Souza",
    telefone: "11987654321",
    email: `cliente${id}@exemplo.com.br`,
    url: null,
    valorMensalidade: "150.00",
    codigoCliente: `C${id}`,
    isTrial: false,
    statusBloqueio: 0,
    bloqueioOrigem: null,
    createdAt: "2026-01-10T12:00:00.000Z",
    updatedAt: "2026-01-10T12:00:00.000Z",
    ...overrides,
  };
}

const PADARIA = client({ nome: "Padaria Pão Quente", cnpj: "11222333000181", contato: "João Lima", valorMensalidade: "150.00" });
const OTICA = client({ nome: "Ótica Visão Clara", cnpj: "12ABC34501DE35", statusBloqueio: 1, bloqueioOrigem: "manual", valorMensalidade: "89.90" });
const ACOUGUE = client({ nome: "Açougue Boi Bom", cnpj: "45723174000110", isTrial: true, valorMensalidade: "0.00" });
const CLIENTS = [ACOUGUE, OTICA, PADARIA];

const realFetch = globalThis.fetch;
let calls: { method: string; url: string; body: unknown }[] = [];

/** Answers API calls from a table of `METHOD path` → [status, json]; records what was sent. */
function answer(routes: Record<string, [number, unknown]>) {
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? "GET";
    calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const [status, json] = routes[`${method} ${url}`] ?? [500, { message: "rota inesperada" }];
    return new Response(JSON.stringify(json), { status, headers: { "content-type": "application/json" } });
  }) as typeof fetch;
}

/** Lets pending fetches and the state updates after them settle. */
async function settle() {
  for (let i = 0; i < 5; i++) {
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
  }
}

beforeEach(() => {
  calls = [];
});
afterEach(() => {
  act(() => dismissToast());
  cleanup();
  globalThis.fetch = realFetch;
});

function rows(): HTMLTableRowElement[] {
  return [...document.querySelectorAll<HTMLTableRowElement>(".clients-table tbody tr")];
}

function names(): string[] {
  return rows().map((tr) => tr.querySelector(".clients-name__nome")?.textContent ?? "");
}

/** The control a visible label points at, inside scope (the page or a dialog). */
function control<T extends HTMLElement = HTMLInputElement>(label: string, scope: ParentNode = document): T {
  const found = [...scope.querySelectorAll("label")].find((l) => l.textContent?.replace("*", "").trim() === label);
  const element = found && (found.htmlFor ? document.getElementById(found.htmlFor) : found.querySelector("input"));
  if (!element) throw new Error(`No control labelled ${label}`);
  return element as T;
}

function button(name: string, scope: ParentNode = document): HTMLButtonElement {
  const found = [...scope.querySelectorAll("button")].find(
    (b) => b.getAttribute("aria-label") === name || b.textContent?.trim() === name,
  );
  if (!found) throw new Error(`No button ${name}`);
  return found;
}

function openDialog(): HTMLDialogElement {
  return get<HTMLDialogElement>("dialog[open]");
}

function choose(select: HTMLSelectElement, value: string) {
  act(() => {
    select.value = value;
    select.dispatchEvent(new Event("change", { bubbles: true }));
  });
}

function fillValidForm(dialog: HTMLElement) {
  typeInto(control("Nome", dialog), "Mercado Bom Preço");
  typeInto(control("CNPJ", dialog), "45723174000110");
  typeInto(control("Código do cliente", dialog), "MBP-01");
  typeInto(control("Contato", dialog), "Ana Paula");
  typeInto(control("Telefone", dialog), "1134567890");
  typeInto(control("Email", dialog), "ana@mercado.com.br");
  typeInto(control("Mensalidade (R$)", dialog), "150.5");
}

describe("ClientsScreen: list", () => {
  test("renders the rows it was given, sorted by name, with formatted values and status badges", () => {
    render(<ClientsScreen initialClients={CLIENTS} />);
    expect(get("h1").textContent).toBe("Gerenciar Clientes");
    expect(names()).toEqual(["Açougue Boi Bom", "Ótica Visão Clara", "Padaria Pão Quente"]);
    const padaria = rows()[2]!;
    expect(padaria.textContent).toContain("João Lima");
    expect(padaria.textContent).toContain("11.222.333/0001-81");
    expect(padaria.textContent).toContain("(11) 98765-4321");
    expect(padaria.textContent).toContain("R$\u00a0150,00");
    expect(rows().map((tr) => tr.querySelector(".ui-badge")?.textContent)).toEqual(["TRIAL", "Bloqueado", "Ativo"]);
    expect(rows()[1]!.querySelector(".ui-badge--danger")).not.toBeNull();
    expect(rows()[0]!.querySelector(".ui-badge--info")).not.toBeNull();
    expect(rows()[2]!.querySelector(".ui-badge--success")).not.toBeNull();
    // Row actions are named icon buttons; a blocked client offers Desbloquear.
    expect(button("Editar", rows()[0]!)).toBeDefined();
    expect(button("Desbloquear", rows()[1]!)).toBeDefined();
    expect(button("Bloquear", rows()[2]!)).toBeDefined();
    expect(button("Excluir", rows()[2]!)).toBeDefined();
  });

  test("filters by name (case and accents ignored), by CNPJ with or without punctuation, and by status", () => {
    render(<ClientsScreen initialClients={CLIENTS} />);
    typeInto(control("Nome"), "otica");
    expect(names()).toEqual(["Ótica Visão Clara"]);
    typeInto(control("Nome"), "");

    typeInto(control("CNPJ"), "11.222");
    expect(names()).toEqual(["Padaria Pão Quente"]);
    typeInto(control("CNPJ"), "11222");
    expect(names()).toEqual(["Padaria Pão Quente"]);
    typeInto(control("CNPJ"), "12.abc");
    expect(names()).toEqual(["Ótica Visão Clara"]);
    typeInto(control("CNPJ"), "");

    const status = control<HTMLSelectElement>("Status");
    expect([...status.options].map((o) => o.textContent)).toEqual(["Todos", "Ativo", "Bloqueado"]);
    expect(status.value).toBe("all");
    choose(status, "1");
    expect(names()).toEqual(["Ótica Visão Clara"]);
    choose(status, "0");
    expect(names()).toEqual(["Açougue Boi Bom", "Padaria Pão Quente"]);
    click(button("Limpar filtros"));
    expect(names()).toHaveLength(3);
  });

  test("shows 'Nenhum cliente encontrado' when nothing matches and when there are no clients", () => {
    render(<ClientsScreen initialClients={CLIENTS} />);
    typeInto(control("Nome"), "inexistente");
    expect(get(".clients-table tbody").textContent).toContain("Nenhum cliente encontrado");
    expect(document.querySelector(".clients-pager")).toBeNull();
    cleanup();
    render(<ClientsScreen initialClients={[]} />);
    expect(get(".clients-table tbody").textContent).toContain("Nenhum cliente encontrado");
  });

  test("sorts by Mensalidade and back by Nome from the column headers", () => {
    render(<ClientsScreen initialClients={CLIENTS} />);
    const header = (text: string) => [...document.querySelectorAll("th")].find((th) => th.textContent === text)!;
    click(header("Mensalidade").querySelector("button")!);
    expect(names()).toEqual(["Açougue Boi Bom", "Ótica Visão Clara", "Padaria Pão Quente"]);
    click(header("Mensalidade").querySelector("button")!);
    expect(header("Mensalidade").getAttribute("aria-sort")).toBe("descending");
    expect(names()).toEqual(["Padaria Pão Quente", "Ótica Visão Clara", "Açougue Boi Bom"]);
    click(header("Nome").querySelector("button")!);
    expect(names()).toEqual(["Açougue Boi Bom", "Ótica Visão Clara", "Padaria Pão Quente"]);
  });

  test("2,000 clients: the server renders only the first 50 rows, hydrates cleanly, and the pager walks the rest", () => {
    const many = Array.from({ length: 2000 }, (_, i) => client({ nome: `Empresa ${String(i + 1).padStart(4, "0")}` }));
    const html = renderToString(<ClientsScreen initialClients={many} />);
    expect(html.match(/<tr/g)?.length).toBe(51); // header + 50
    cleanup();

    const { errors } = serverRenderAndHydrate(<ClientsScreen initialClients={many} />);
    expect(errors).toEqual([]);
    expect(get(".clients-pager__range").textContent).toBe("1–50 de 2.000");
    expect(button("Anterior").disabled).toBe(true);
    click(button("Próxima"));
    expect(get(".clients-pager__range").textContent).toBe("51–100 de 2.000");
    expect(names()[0]).toBe("Empresa 0051");
    expect(rows()).toHaveLength(50);
    // A filter starts again from page 1.
    typeInto(control("Nome"), "Empresa 19");
    expect(get(".clients-pager__range").textContent).toBe("1–50 de 100");
    expect(names()[0]).toBe("Empresa 1900");
  });
});

describe("ClientsScreen: client dialog", () => {
  test("checking trial sets the fee to 0 and disables it; unchecking gives the typed fee back", () => {
    render(<ClientsScreen initialClients={CLIENTS} />);
    click(button("Novo Cliente"));
    const dialog = openDialog();
    expect(dialog.textContent).toContain("Novo Cliente");
    const fee = control("Mensalidade (R$)", dialog);
    expect(fee.type).toBe("number");
    expect(fee.step).toBe("0.01");
    typeInto(fee, "99.9");
    const trial = control("Cliente em período de teste (trial)", dialog);
    click(trial);
    expect(fee.value).toBe("0");
    expect(fee.disabled).toBe(true);
    click(trial);
    expect(fee.disabled).toBe(false);
    expect(fee.value).toBe("99.9");
  });

  test("saving an empty form shows SPEC's messages under the fields and calls nothing", () => {
    answer({});
    render(<ClientsScreen initialClients={CLIENTS} />);
    click(button("Novo Cliente"));
    const dialog = openDialog();
    click(button("Salvar", dialog));
    const messages = [...dialog.querySelectorAll(".ui-field__error")].map((p) => p.textContent);
    expect(messages).toEqual([
      "Nome é obrigatório",
      "CNPJ é obrigatório",
      "Código do cliente é obrigatório",
      "Contato é obrigatório",
      "Telefone é obrigatório",
      "Email inválido",
      "Valor de mensalidade é obrigatório para clientes não-trial",
    ]);
    expect(control("Nome", dialog).getAttribute("aria-invalid")).toBe("true");
    expect(document.activeElement).toBe(control("Nome", dialog));
    expect(calls).toEqual([]);
  });

  test("CNPJ and phone are masked as typed", () => {
    render(<ClientsScreen initialClients={CLIENTS} />);
    click(button("Novo Cliente"));
    const dialog = openDialog();
    const cnpj = control("CNPJ", dialog);
    typeInto(cnpj, "11222333000181");
    expect(cnpj.value).toBe("11.222.333/0001-81");
    typeInto(cnpj, "12abc34501de35");
    expect(cnpj.value).toBe("12.ABC.345/01DE-35");
    const phone = control("Telefone", dialog);
    typeInto(phone, "11987654321");
    expect(phone.value).toBe("(11) 98765-4321");
  });

  test("a new client is sent as typed, toasts 'Cliente criado', closes and refetches", async () => {
    const created = client({ nome: "Mercado Bom Preço", cnpj: "45723174000110" });
    answer({ "POST /api/clients": [201, created], "GET /api/clients": [200, [...CLIENTS, created]] });
    render(<ClientsScreen initialClients={CLIENTS} />);
    click(button("Novo Cliente"));
    fillValidForm(openDialog());
    click(button("Salvar", openDialog()));
    await settle();
    expect(calls[0]).toEqual({
      method: "POST",
      url: "/api/clients",
      body: {
        nome: "Mercado Bom Preço",
        cnpj: "45.723.174/0001-10",
        contato: "Ana Paula",
        telefone: "(11) 3456-7890",
        email: "ana@mercado.com.br",
        url: "",
        valorMensalidade: "150.5",
        codigoCliente: "MBP-01",
        isTrial: false,
        statusBloqueio: 0,
      },
    });
    expect(calls[1]).toMatchObject({ method: "GET", url: "/api/clients" });
    expect(toastSignal.value?.title).toBe("Cliente criado");
    expect(document.querySelector("dialog[open]")).toBeNull();
    expect(names()).toContain("Mercado Bom Preço");
  });

  test("a 409 keeps the dialog and the input, shows the message under CNPJ and a destructive toast", async () => {
    answer({ "POST /api/clients": [409, { message: "CNPJ já cadastrado" }] });
    render(<ClientsScreen initialClients={CLIENTS} />);
    click(button("Novo Cliente"));
    fillValidForm(openDialog());
    click(button("Salvar", openDialog()));
    await settle();
    const dialog = openDialog();
    expect(control("Nome", dialog).value).toBe("Mercado Bom Preço");
    const cnpj = control("CNPJ", dialog);
    expect(cnpj.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById(cnpj.getAttribute("aria-describedby")!.split(" ")[0]!)?.textContent).toBe(
      "CNPJ já cadastrado",
    );
    expect(toastSignal.value).toMatchObject({ title: "Erro", description: "CNPJ já cadastrado", variant: "destructive" });
    expect(button("Salvar", dialog).disabled).toBe(false);
  });

  test("editing fills the dialog from the row and a failure without a server message uses the fallback", async () => {
    answer({ [`PUT /api/clients/${PADARIA.id}`]: [500, null] });
    render(<ClientsScreen initialClients={CLIENTS} />);
    click(button("Editar", rows()[2]!));
    const dialog = openDialog();
    expect(dialog.textContent).toContain("Editar Cliente");
    expect(control("CNPJ", dialog).value).toBe("11.222.333/0001-81");
    expect(control("Telefone", dialog).value).toBe("(11) 98765-4321");
    expect(control("Mensalidade (R$)", dialog).value).toBe("150.00");
    click(button("Salvar", dialog));
    await settle();
    expect(calls[0]?.method).toBe("PUT");
    expect(get('[role="alert"]', openDialog()).textContent).toBe("Não foi possível atualizar o cliente.");
    expect(toastSignal.value).toMatchObject({ title: "Erro", description: "Não foi possível atualizar o cliente." });
  });
});

describe("ClientsScreen: block and delete", () => {
  test("blocking asks first, toasts the server's message and refetches", async () => {
    const blocked = { ...PADARIA, statusBloqueio: 1 as const, bloqueioOrigem: "manual" as const };
    answer({
      [`PATCH /api/clients/${PADARIA.id}/toggle-block`]: [200, { message: "Cliente bloqueado com sucesso", client: blocked }],
      "GET /api/clients": [200, [ACOUGUE, OTICA, blocked]],
    });
    render(<ClientsScreen initialClients={CLIENTS} />);
    click(button("Bloquear", rows()[2]!));
    const dialog = openDialog();
    expect(dialog.textContent).toContain("Tem certeza que deseja bloquear este cliente?");
    click(button("Bloquear", dialog));
    await settle();
    expect(toastSignal.value?.title).toBe("Cliente bloqueado com sucesso");
    expect(rows()[2]!.querySelector(".ui-badge")?.textContent).toBe("Bloqueado");
    expect(document.querySelector("dialog[open]")).toBeNull();
  });

  test("a failed toggle toasts 'Erro ao alterar status do cliente'", async () => {
    answer({ [`PATCH /api/clients/${OTICA.id}/toggle-block`]: [500, { message: "falhou" }] });
    render(<ClientsScreen initialClients={CLIENTS} />);
    click(button("Desbloquear", rows()[1]!));
    expect(openDialog().textContent).toContain("Tem certeza que deseja desbloquear este cliente?");
    click(button("Desbloquear", openDialog()));
    await settle();
    expect(toastSignal.value).toMatchObject({ title: "Erro", description: "Erro ao alterar status do cliente", variant: "destructive" });
  });

  test("deleting a client with installments shows the server's 409 message; a success says 'Cliente excluído'", async () => {
    const message = "Não é possível excluir o cliente: existem parcelas vinculadas a ele.";
    answer({
      [`DELETE /api/clients/${PADARIA.id}`]: [409, { message }],
      [`DELETE /api/clients/${ACOUGUE.id}`]: [200, { message: "Cliente excluído" }],
      "GET /api/clients": [200, [OTICA, PADARIA]],
    });
    render(<ClientsScreen initialClients={CLIENTS} />);
    click(button("Excluir", rows()[2]!));
    expect(openDialog().textContent).toContain("Tem certeza que deseja excluir este cliente?");
    click(button("Excluir", openDialog()));
    await settle();
    expect(toastSignal.value).toMatchObject({ title: "Erro", description: message, variant: "destructive" });
    expect(names()).toHaveLength(3);

    click(button("Excluir", rows()[0]!));
    click(button("Excluir", openDialog()));
    await settle();
    expect(toastSignal.value?.title).toBe("Cliente excluído");
    expect(names()).toEqual(["Ótica Visão Clara", "Padaria Pão Quente"]);
  });
});
