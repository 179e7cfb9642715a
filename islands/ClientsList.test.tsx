import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { act } from "react";
import { dismissToast, toastSignal } from "../src/ui/toast";
import { cleanup, click, get, keyDown, render, serverRenderAndHydrate, typeInto } from "../tests/ui";
import ClientsList, { type ClientsListProps } from "./ClientsList";
import type { ClientListRow } from "../src/api/clients/model";
import { newRecordRequest } from "./lib/state";
import { CanWrite } from "./lib/can-write";
import { json, mockFetch, settle, type Call, button, control, lastDialog, openDialogs, pause, rowAction, rowActions, clientRow, locked } from "../tests/islands";
// The dialogs load with their first opening (islands/lib/on-demand.tsx): compiled ahead here, so
// the settle() after an opening click is enough for them to show.
import "./clients/ClientFormDialog";
import "./history/HistoryPanel";
import "./subscriptions/SubscriptionDialog";

const client = clientRow;

const PADARIA = client({ nome: "Padaria Pão Quente", contato: "João Lima", codigoCliente: "PPQ-01", valorMensalidade: "620.00" });
const OTICA = client({ nome: "Ótica Visão Clara", cnpj: "12ABC34501DE35", statusBloqueio: 1, valorMensalidade: "89.90" });
const ACOUGUE = client({ nome: "Açougue Boi Bom", cnpj: "45723174000110", isTrial: true, valorMensalidade: "0.00" });

const PARAMS = { q: "", cnpj: "", status: "", ordem: "nome", pagina: "1", porPagina: "50" };
const props = (rows: ClientListRow[] = [ACOUGUE, OTICA, PADARIA], total = rows.length): ClientsListProps => ({
  initial: { rows, total },
  params: PARAMS,
  today: "2026-03-15",
  graceDays: 5,
});

/** A list API answer: the rows and X-Total-Count. */
const page = (rows: ClientListRow[], total = rows.length) =>
  new Response(JSON.stringify(rows), { headers: { "content-type": "application/json", "x-total-count": String(total) } });

let calls: Call[];
beforeEach(() => {
  calls = [];
  history.replaceState(null, "", "/clients");
});
afterEach(() => {
  act(() => dismissToast());
  cleanup();
});

const rows = () => [...document.querySelectorAll<HTMLTableRowElement>(".clients-table tbody tr")];
const names = () => rows().map((tr) => tr.querySelector(".cell-name__main")?.textContent ?? "");




/** The header's "Novo …", then its dialog (its code loads with the first opening). */
async function openNew() {
  act(() => {
    newRecordRequest.value++;
  });
  await settle();
  return lastDialog();
}

function fillValidForm(dialog: HTMLElement, fee: string) {
  typeInto(control("Nome", dialog), "Mercado Bom Preço");
  typeInto(control("CNPJ", dialog), "45723174000110");
  typeInto(control("Código do cliente", dialog), "MBP-01");
  typeInto(control("Contato", dialog), "Ana Paula");
  typeInto(control("Telefone", dialog), "1134567890");
  typeInto(control("E-mail", dialog), "ana@mercado.com.br");
  typeInto(control("Mensalidade", dialog), fee);
}

describe("ClientsList: the page of rows", () => {
  test("hydrates the server's HTML without a mismatch", () => {
    const { errors } = serverRenderAndHydrate(<ClientsList {...props()} />);
    expect(errors).toEqual([]);
  });

  test("shows the rows it was given, formatted, with status badges and row-named actions", () => {
    render(<ClientsList {...props()} />);
    expect(names()).toEqual(["Açougue Boi Bom", "Ótica Visão Clara", "Padaria Pão Quente"]);
    const padaria = rows()[2]!;
    expect(padaria.textContent).toContain("João Lima · PPQ-01");
    expect(padaria.textContent).toContain("11.222.333/0001-81");
    expect(padaria.textContent).toContain("(11) 98765-4321");
    expect(padaria.textContent).toContain("R$\u00a0620,00");
    expect(rows().map((tr) => tr.querySelector(".ui-badge")?.textContent)).toEqual(["Em teste", "Bloqueado", "Ativo"]);
    // Editar stays visible; the rest is in the row's "⋯" menu.
    expect(rowActions("Padaria Pão Quente")).toEqual(["Editar", "Assinatura", "Link do cliente", "Histórico", "Bloquear", "Excluir"]);
    expect(rowActions("Ótica Visão Clara")).toEqual(["Editar", "Assinatura", "Link do cliente", "Histórico", "Desbloquear", "Excluir"]);
    expect(get("#clientes-contagem").textContent).toBe("Clientes 1–3 de 3");
    expect(get(".ui-table").getAttribute("aria-label")).toBe("Lista de clientes");
    // The name leads to the client's installments.
    expect(padaria.querySelector("a.cell-name__main")!.getAttribute("href")).toMatch(/^\/receivables\?clientId=\d+$/);
  });

  test("typing a search waits for a pause, then fetches that page and puts the view in the URL", async () => {
    mockFetch(calls, () => page([PADARIA]));
    render(<ClientsList {...props()} />);
    pause(300, () => {
      typeInto(control("Buscar"), "pad");
      typeInto(control("Buscar"), "pada");
      expect(calls).toHaveLength(0);
      expect(location.search).toBe("?q=pada");
    });
    await settle();
    expect(calls.map((c) => c.url)).toEqual(["/api/clients?q=pada&ordem=nome&porPagina=50"]);
    expect(names()).toEqual(["Padaria Pão Quente"]);
    expect(get("#clientes-contagem").textContent).toBe("Clientes 1–1 de 1");
  });

  test("status filter and column sort fetch at once; a sort goes back to page 1", async () => {
    mockFetch(calls, () => page([OTICA]));
    render(<ClientsList {...props()} />);
    act(() => {
      const select = control<HTMLSelectElement>("Status");
      select.value = "1";
      select.dispatchEvent(new Event("change", { bubbles: true }));
    });
    await settle();
    click(button("Mensalidade"));
    await settle();
    click(button("Mensalidade"));
    await settle();
    expect(calls.map((c) => new URL(c.url, "http://x").searchParams.toString())).toEqual([
      "status=1&ordem=nome&porPagina=50",
      "status=1&ordem=mensalidade&porPagina=50",
      "status=1&ordem=-mensalidade&porPagina=50",
    ]);
    expect(location.search).toBe("?status=1&ordem=-mensalidade");
  });

  test("the pager links carry the view and fetch the next page in place", async () => {
    // The pager follows the total (120), not how many rows the page shows.
    mockFetch(calls, () => page([client({ nome: "Zeta" })], 120));
    render(<ClientsList {...props([client(), client()], 120)} />);
    const next = [...document.querySelectorAll("a")].find((a) => a.textContent?.includes("Próxima"))!;
    expect(next.getAttribute("href")).toBe("/clients?pagina=2");
    click(next);
    await settle();
    expect(calls[0]!.url).toBe("/api/clients?ordem=nome&pagina=2&porPagina=50");
    expect(location.search).toBe("?pagina=2");
    expect(names()).toEqual(["Zeta"]);
    expect(get("#clientes-contagem").textContent).toBe("Clientes 51–100 de 120");
  });

  test("an empty register offers 'Novo Cliente' in its empty state", async () => {
    render(<ClientsList {...props([])} />);
    expect(get(".ui-empty").textContent).toContain("Nenhum cliente encontrado");
    click(button("Novo Cliente", get(".ui-empty")));
    await settle(); // the dialog's code loads with its first opening
    expect(lastDialog().textContent).toContain("Novo Cliente");
  });
});

describe("ClientsList: money typed the Brazilian way", () => {
  for (const [typed, sent] of [
    ["250,50", "250.50"],
    ["1.234,56", "1234.56"],
    ["1234", "1234.00"],
  ] as const) {
    test(`typing ${typed} in Mensalidade sends "${sent}"`, async () => {
      mockFetch(calls, (call) => (call.method === "POST" ? json(client(), 201) : page([])));
      render(<ClientsList {...props()} />);
      const dialog = await openNew();
      fillValidForm(dialog, typed);
      click(button("Salvar"));
      await settle();
      const post = calls.find((c) => c.method === "POST")!;
      expect(post.url).toBe("/api/clients");
      expect((post.body as { valorMensalidade: string }).valorMensalidade).toBe(sent);
      expect(toastSignal.value?.title).toBe("Cliente criado");
    });
  }

  test("an unreadable amount is refused under the field and nothing is sent", async () => {
    mockFetch(calls, () => json({}));
    render(<ClientsList {...props()} />);
    const dialog = await openNew();
    fillValidForm(dialog, "12,345");
    click(button("Salvar"));
    await settle();
    expect(calls).toHaveLength(0);
    expect(dialog.textContent).toContain("Valor inválido");
  });

  test("the edit form shows the fee as 620,00, never 620.00, and is a text field", async () => {
    render(<ClientsList {...props()} />);
    click(button("Editar Padaria Pão Quente"));
    await settle(); // the dialog's code loads with its first opening
    const fee = control("Mensalidade", lastDialog());
    expect(fee.value).toBe("620,00");
    expect(fee.type).toBe("text");
    expect(fee.inputMode).toBe("decimal");
  });

  test("checking trial sets the fee to 0,00 and disables it", async () => {
    render(<ClientsList {...props()} />);
    const dialog = await openNew();
    click(control("Cliente em período de teste (trial)", dialog));
    const fee = control("Mensalidade", dialog);
    expect(fee.value).toBe("0,00");
    expect(fee.disabled).toBe(true);
  });
});

describe("ClientsList: the trial of a running subscription (DECISIONS §8, one source)", () => {
  const SETTINGS = { antecedenciaDias: 10, vencimentoEmDiaUtil: true };
  const RUNNING = { clientId: PADARIA.id, status: "ativa", valor: "620.00", diaVencimento: 15, inicio: "2026-03", fim: null, trialAte: "2026-04-01", reajuste: null, ultimoReajuste: null, reajustePermitidoEm: "2027-03-01", reajusteAPartirDe: "2026-04", proximoVencimento: "2026-04-15" };
  const serve = (subscription: object) =>
    mockFetch(calls, (call) => {
      if (call.url === "/api/settings/subscription-rules") return json(SETTINGS);
      if (call.url.endsWith("/subscription")) return json(subscription);
      if (call.method === "PUT") return json({ ...PADARIA, message: "Cliente atualizado" });
      return page([PADARIA]);
    });

  test("the client form shows the subscription's trial as text, with no box to uncheck; saving sends that trial; the button leads to the subscription", async () => {
    serve(RUNNING);
    render(<ClientsList {...props([{ ...PADARIA, isTrial: true }])} />);
    click(button("Editar Padaria Pão Quente"));
    await settle();
    const dialog = lastDialog();
    expect(() => control("Cliente em período de teste (trial)", dialog)).toThrow();
    expect(dialog.querySelector("input[name=isTrial]")).toBeNull();
    expect(get(".reg-form__held", dialog).textContent).toContain("Período de teste: até 01/04/2026, definido na assinatura do cliente.");
    expect(control("Mensalidade", dialog).disabled).toBe(true);
    click(button("Salvar", dialog));
    await settle();
    expect((calls.find((c) => c.method === "PUT")!.body as { isTrial: boolean }).isTrial).toBe(true);

    click(button("Editar Padaria Pão Quente"));
    await settle();
    click(button("Alterar na assinatura", lastDialog()));
    await settle();
    expect(openDialogs()).toHaveLength(1);
    expect(get(".ui-dialog__title", lastDialog()).textContent).toBe("Assinatura — Padaria Pão Quente");
  });

  test("with edits typed, 'Alterar na assinatura' asks before discarding them; discarded, the subscription opens", async () => {
    serve(RUNNING);
    render(<ClientsList {...props([{ ...PADARIA, isTrial: true }])} />);
    click(button("Editar Padaria Pão Quente"));
    await settle();
    typeInto(control("Nome", lastDialog()), "Padaria Nova");
    click(button("Alterar na assinatura", lastDialog()));
    expect(lastDialog().textContent).toContain("Descartar alterações?");
    click(button("Continuar editando", lastDialog()));
    expect(control("Nome", lastDialog()).value).toBe("Padaria Nova");
    click(button("Alterar na assinatura", lastDialog()));
    click(button("Descartar", lastDialog()));
    await settle();
    expect(openDialogs()).toHaveLength(1);
    expect(get(".ui-dialog__title", lastDialog()).textContent).toBe("Assinatura — Padaria Pão Quente");
    expect(calls.filter((c) => c.method === "PUT")).toEqual([]);
  });

  test("a running subscription without trial: said so, the fee editable, and the form sends no trial whatever the client's flag said", async () => {
    serve({ ...RUNNING, trialAte: null });
    render(<ClientsList {...props([{ ...PADARIA, isTrial: true }])} />);
    click(button("Editar Padaria Pão Quente"));
    await settle();
    const dialog = lastDialog();
    expect(get(".reg-form__held", dialog).textContent).toContain("Período de teste: nenhum em curso, definido na assinatura do cliente.");
    expect(control("Mensalidade", dialog).disabled).toBe(false);
    click(button("Salvar", dialog));
    await settle();
    expect((calls.find((c) => c.method === "PUT")!.body as { isTrial: boolean }).isTrial).toBe(false);
  });

  test("no subscription running (not started): the client's own trial box", async () => {
    serve({ ...RUNNING, status: "nao_iniciada", inicio: null, trialAte: null });
    render(<ClientsList {...props()} />);
    click(button("Editar Padaria Pão Quente"));
    await settle();
    expect(control("Cliente em período de teste (trial)", lastDialog()).disabled).toBe(false);
    expect(lastDialog().querySelector(".reg-form__held")).toBeNull();
  });
});

describe("ClientsList: dialogs and confirmations", () => {
  test("Esc on a dialog with unsaved changes asks 'Descartar alterações?' before closing", async () => {
    render(<ClientsList {...props()} />);
    const dialog = await openNew();
    typeInto(control("Nome", dialog), "Mercado");
    act(() => {
      dialog.dispatchEvent(new Event("cancel", { cancelable: true }));
    });
    expect(lastDialog().textContent).toContain("Descartar alterações?");
    click(button("Continuar editando", lastDialog()));
    expect(control("Nome", lastDialog()).value).toBe("Mercado");
    act(() => {
      lastDialog().dispatchEvent(new Event("cancel", { cancelable: true }));
    });
    click(button("Descartar", lastDialog()));
    expect(openDialogs()).toHaveLength(0);
  });

  test("Esc on an untouched dialog closes it at once", async () => {
    render(<ClientsList {...props()} />);
    const dialog = await openNew();
    act(() => {
      dialog.dispatchEvent(new Event("cancel", { cancelable: true }));
    });
    expect(openDialogs()).toHaveLength(0);
  });

  test("a duplicate CNPJ lands under the CNPJ field and keeps what was typed", async () => {
    mockFetch(calls, () => json({ message: "CNPJ já cadastrado" }, 409));
    render(<ClientsList {...props()} />);
    const dialog = await openNew();
    fillValidForm(dialog, "150,00");
    click(button("Salvar"));
    await settle();
    expect(dialog.textContent).toContain("CNPJ já cadastrado");
    expect(control("CNPJ", dialog).getAttribute("aria-invalid")).toBe("true");
    expect(control("Nome", dialog).value).toBe("Mercado Bom Preço");
    expect(toastSignal.value).toMatchObject({ title: "Erro", description: "CNPJ já cadastrado", variant: "destructive" });
  });

  test("blocking asks first, starting on Cancelar; then toasts the server's message and reloads the same view", async () => {
    mockFetch(calls, (call) =>
      call.method === "PATCH" ? json({ message: "Cliente bloqueado com sucesso", client: {} }) : page([PADARIA]),
    );
    render(<ClientsList {...props()} />);
    click(rowAction("Bloquear", "Padaria Pão Quente"));
    await settle(); // the confirmation's code loads with its first opening
    const confirm = lastDialog();
    expect(confirm.textContent).toContain("Tem certeza que deseja bloquear este cliente?");
    expect(document.activeElement?.textContent).toBe("Cancelar");
    click(button("Bloquear", confirm));
    await settle();
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      `PATCH /api/clients/${PADARIA.id}/toggle-block`,
      "GET /api/clients?ordem=nome&pagina=1&porPagina=50",
    ]);
    expect(toastSignal.value?.title).toBe("Cliente bloqueado com sucesso");
  });

  test("a refused delete shows the server's reason", async () => {
    const reason = "Não é possível excluir o cliente: existem parcelas vinculadas a ele.";
    mockFetch(calls, () => json({ message: reason }, 409));
    render(<ClientsList {...props()} />);
    click(rowAction("Excluir", "Padaria Pão Quente"));
    await settle(); // the confirmation's code loads with its first opening
    expect(lastDialog().textContent).toContain("Tem certeza que deseja excluir este cliente?");
    click(button("Excluir", lastDialog()));
    await settle();
    expect(toastSignal.value).toMatchObject({ title: "Erro", description: reason });
    expect(names()).toContain("Padaria Pão Quente");
  });

  test("Tab from the last control of a dialog comes back to its first", async () => {
    render(<ClientsList {...props()} />);
    const dialog = await openNew();
    const focusables = [...dialog.querySelectorAll<HTMLElement>("button, input")];
    focusables.at(-1)!.focus();
    keyDown(focusables.at(-1)!, "Tab");
    // happy-dom has no layout, so the trap may see no visible controls; the browser suite checks it for real.
    expect(dialog.contains(document.activeElement)).toBe(true);
  });
});

describe("ClientsList: read-only for a consulta (DECISIONS §10)", () => {
  const SETTINGS = { antecedenciaDias: 10, vencimentoEmDiaUtil: true };
  const SUBSCRIPTION = { clientId: 0, status: "ativa", valor: "620.00", diaVencimento: 15, inicio: "2026-01", fim: null, trialAte: "2026-02-01", reajuste: { mes: 7, percentual: null }, ultimoReajuste: null, reajustePermitidoEm: "2027-01-01", reajusteAPartirDe: "2026-04", proximoVencimento: "2026-04-15" };
  const consulta = (ui: React.ReactNode) => render(<CanWrite.Provider value={false}>{ui}</CanWrite.Provider>);
  test("hydrates the server's read-only HTML without a mismatch", () => {
    const { errors, html } = serverRenderAndHydrate(
      <CanWrite.Provider value={false}>
        <ClientsList {...props()} />
      </CanWrite.Provider>,
    );
    expect(html).toContain("Ver Padaria Pão Quente");
    expect(html).not.toContain("Editar Padaria Pão Quente");
    expect(errors).toEqual([]);
  });

  test("a row offers Ver and, in its menu, Assinatura and Histórico: no Editar, Bloquear/Desbloquear or Excluir", () => {
    render(<ClientsList {...props()} />);
    expect(rowActions("Padaria Pão Quente")).toEqual(["Editar", "Assinatura", "Link do cliente", "Histórico", "Bloquear", "Excluir"]);
    cleanup();
    consulta(<ClientsList {...props()} />);
    expect(rowActions("Padaria Pão Quente")).toEqual(["Ver", "Assinatura", "Link do cliente", "Histórico"]);
    expect(rowActions("Ótica Visão Clara")).toEqual(["Ver", "Assinatura", "Link do cliente", "Histórico"]);
    // The reading parts stay: filters, the sortable header.
    expect(control("Buscar").disabled).toBe(false);
    expect(() => button("Mensalidade")).not.toThrow();
  });

  test("Ver opens 'Cliente' read-only: the client's values (the URL too) in read-only fields, Fechar and no Salvar", async () => {
    const site = client({ nome: "Mercado Bom Preço", contato: "Ana Paula", url: "https://mercado.com.br", valorMensalidade: "250.50" });
    consulta(<ClientsList {...props([site])} />);
    click(button("Ver Mercado Bom Preço"));
    await settle(); // the dialog's code loads with its first opening
    const dialog = lastDialog();
    expect(get(".ui-dialog__title", dialog).textContent).toBe("Cliente");
    expect(control("Nome", dialog).value).toBe("Mercado Bom Preço");
    expect(control("Contato", dialog).value).toBe("Ana Paula");
    expect(control("URL (opcional)", dialog).value).toBe("https://mercado.com.br");
    expect(control("Mensalidade", dialog).value).toBe("250,50");
    // Text read-only (a long e-mail can be scrolled and copied), the trial checkbox disabled.
    for (const input of dialog.querySelectorAll("input")) {
      const choice = input.type === "checkbox";
      expect({ name: input.name, locked: choice ? input.disabled : input.readOnly }).toEqual({ name: input.name, locked: true });
    }
    expect(() => button("Salvar", dialog)).toThrow();
    click(button("Fechar", dialog));
    expect(openDialogs()).toHaveLength(0);
  });

  test("Assinatura opens the terms read-only: no Salvar, no Aplicar reajuste", async () => {
    mockFetch(calls, (call) => (call.url === "/api/settings/subscription-rules" ? json(SETTINGS) : json({ ...SUBSCRIPTION, clientId: PADARIA.id })));
    consulta(<ClientsList {...props()} />);
    click(rowAction("Assinatura", "Padaria Pão Quente"));
    await settle();
    const dialog = lastDialog();
    expect(get(".ui-dialog__title", dialog).textContent).toBe("Assinatura — Padaria Pão Quente");
    expect(control<HTMLSelectElement>("Dia de vencimento", dialog).value).toBe("15");
    expect(control("Trial até", dialog).value).toBe("2026-02-01");
    expect(control<HTMLSelectElement>("Mês do reajuste anual", dialog).value).toBe("7");
    expect(locked(control<HTMLSelectElement>("Dia de vencimento", dialog))).toBe(true);
    expect(() => button("Salvar", dialog)).toThrow();
    expect(() => button("Aplicar reajuste", dialog)).toThrow();
    expect(() => button("Fechar", dialog)).not.toThrow();
    expect(calls.every((c) => c.method === "GET")).toBe(true);
  });

  test("an empty register offers no 'Novo Cliente'; a search still offers 'Limpar busca'", () => {
    consulta(<ClientsList {...props([])} />);
    expect(get(".ui-empty").textContent).toContain("Nenhum cliente encontrado");
    expect(get(".ui-empty").textContent).not.toContain("Cadastre");
    expect(() => button("Novo Cliente")).toThrow();
    cleanup();
    consulta(<ClientsList {...props([])} params={{ ...PARAMS, q: "zeta" }} />);
    expect(() => button("Limpar busca", get(".ui-empty"))).not.toThrow();
    expect(() => button("Novo Cliente")).toThrow();
  });

  test("the header's 'Novo …' request opens nothing for a consulta", () => {
    consulta(<ClientsList {...props()} />);
    act(() => {
      newRecordRequest.value++;
    });
    expect(openDialogs()).toHaveLength(0);
  });
});
