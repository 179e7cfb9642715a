import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { act } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import type { PartnerSummary } from "../src/api/partners/model";
import { PartnersSummary } from "../src/pages/PartnersPage";
import { cleanup, click, get, render, serverRenderAndHydrate, typeInto } from "../tests/ui";
import { dismissToast, toastSignal } from "../src/ui/toast";
import PartnersList, { type PartnersListProps } from "./PartnersList";
import type { PartnerJson } from "../src/api/partners/model";
import { newRecordRequest } from "./lib/state";
import { CanWrite } from "./lib/can-write";
import { json, mockFetch, settle, type Call, button, control, lastDialog, openDialogs, pause, rowAction, rowActions } from "../tests/islands";
// The dialogs load with their first opening (islands/lib/on-demand.tsx): compiled ahead here, so
// the settle() after an opening click is enough for them to show.
import "./partners/PartnerDialog";

let nextId = 1;
function partner(nome: string, empresa: string, email: string, telefone: string): PartnerJson {
  return { id: nextId++, nome, empresa, email, telefone, createdAt: "2026-01-05T12:00:00.000Z", updatedAt: "2026-01-05T12:00:00.000Z" };
}

const ANA = partner("Ana Souza", "Contábil Norte", "ana@contabilnorte.com.br", "11987654321");
const BRUNO = partner("Bruno Lima", "Lima Advogados", "bruno@lima.adv.br", "2134567890");
const CARLA = partner("Carla Dias", "Dias Marketing Digital", "carla@diasmkt.com", "31999998888");

const PARAMS = { q: "", ordem: "nome", pagina: "1", porPagina: "50" };
const props = (rows: PartnerJson[] = [ANA, BRUNO, CARLA], total = rows.length, params = PARAMS): PartnersListProps => ({
  initial: { rows, total },
  params,
});

const page = (rows: PartnerJson[], total = rows.length) =>
  new Response(JSON.stringify(rows), { headers: { "content-type": "application/json", "x-total-count": String(total) } });

/** The API as the island calls it: pages of rows, the summary, and `write` for the change under test. */
function api(write: (call: Call) => Response, rows = [ANA, BRUNO, CARLA], summary: PartnerSummary = { total: 3, comEmail: 3, comTelefone: 3 }) {
  mockFetch(calls, (call) => {
    if (call.method !== "GET") return write(call);
    return call.url === "/api/partners/summary" ? json(summary) : page(rows);
  });
}

let calls: Call[];
beforeEach(() => {
  calls = [];
  history.replaceState(null, "", "/partners");
});
afterEach(() => {
  act(() => dismissToast());
  cleanup();
});

const rows = () => [...document.querySelectorAll<HTMLTableRowElement>(".partners-table tbody tr")];
const names = () => rows().map((tr) => tr.querySelector(".partner-name")?.textContent ?? "");
const count = () => get("#parceiros-contagem").textContent;
const requests = () => calls.map((c) => `${c.method} ${c.url}`);
const figures = () => [...document.querySelectorAll("[data-summary]")].map((el) => `${el.getAttribute("data-summary")}=${el.textContent}`);




/** The header's "Novo …", then its dialog (its code loads with the first opening). */
async function openNew() {
  act(() => {
    newRecordRequest.value++;
  });
  await settle();
  return lastDialog();
}

/** The page's static summary, as the server renders it above the island. */
function renderSummary(summary: PartnerSummary) {
  const holder = document.createElement("div");
  holder.innerHTML = renderToStaticMarkup(<PartnersSummary summary={summary} />);
  document.body.append(holder);
}

function fill(dialog: HTMLElement) {
  typeInto(control("Nome", dialog), "Diego Alves");
  typeInto(control("Empresa", dialog), "Alves Contabilidade");
  typeInto(control("E-mail", dialog), "diego@alves.com.br");
  typeInto(control("Telefone", dialog), "11912345678");
}

describe("PartnersList: the table", () => {
  test("hydrates the server's HTML without a mismatch", () => {
    const { errors } = serverRenderAndHydrate(<PartnersList {...props()} />);
    expect(errors).toEqual([]);
  });

  test("Nome, Empresa, E-mail, Telefone and row-named actions; long text keeps its whole in a title", () => {
    render(<PartnersList {...props()} />);
    expect([...document.querySelectorAll(".partners-table th")].map((th) => th.textContent)).toEqual([
      "Nome",
      "Empresa",
      "E-mail",
      "Telefone",
      "Ações",
    ]);
    expect(names()).toEqual(["Ana Souza", "Bruno Lima", "Carla Dias"]);
    expect(rows()[1]!.textContent).toContain("(21) 3456-7890");
    expect(rows()[0]!.querySelector('[title="ana@contabilnorte.com.br"]')).not.toBeNull();
    expect(rowActions("Carla Dias")).toEqual(["Editar", "Excluir"]);
    expect(count()).toBe("Parceiros 1–3 de 3");
    expect(get(".ui-table").getAttribute("aria-label")).toBe("Lista de parceiros");
  });

  test("the server renders the summary as static figures above the island", () => {
    renderSummary({ total: 2000, comEmail: 1999, comTelefone: 1500 });
    expect(figures()).toEqual(["total=2.000", "comEmail=1.999", "comTelefone=1.500"]);
    expect(document.querySelector(".par-summary")?.textContent).toContain("Com e-mail");
  });

  test("typing a search waits for a pause, then fetches that page; the view is in the URL", async () => {
    api(() => json({}), [BRUNO]);
    render(<PartnersList {...props()} />);
    pause(300, () => {
      typeInto(control("Buscar"), "lima");
      expect(calls).toHaveLength(0);
      expect(location.search).toBe("?q=lima");
    });
    await settle();
    expect(calls.map((c) => c.url)).toEqual(["/api/partners?q=lima&ordem=nome&porPagina=50"]);
    expect(names()).toEqual(["Bruno Lima"]);
  });

  test("Nome and Empresa sort on the server, the order in the URL; a sort goes back to page 1", async () => {
    api(() => json({}), [CARLA, BRUNO, ANA]);
    render(<PartnersList {...props([ANA, BRUNO, CARLA], 120, { ...PARAMS, pagina: "2" })} />);
    click(button("Empresa"));
    await settle();
    click(button("Empresa"));
    await settle();
    expect(calls.map((c) => c.url)).toEqual([
      "/api/partners?ordem=empresa&porPagina=50",
      "/api/partners?ordem=-empresa&porPagina=50",
    ]);
    expect(location.search).toBe("?ordem=-empresa");
    expect(get('th[aria-sort="descending"]').textContent).toBe("Empresa");
  });

  test("the pager fetches the next page in place and keeps the sort", async () => {
    // The pager follows the total (51), not how many rows the page shows.
    const shown = [partner("Parceiro 2", "Empresa", "p@x.com", "11987654321"), partner("Parceiro 1", "Empresa", "p@x.com", "11987654321")];
    mockFetch(calls, () => page([partner("Parceiro 51", "Empresa", "p@x.com", "11987654321")], 51));
    render(<PartnersList {...props(shown, 51, { ...PARAMS, ordem: "-nome" })} />);
    const next = [...document.querySelectorAll("a")].find((a) => a.textContent?.includes("Próxima"))!;
    expect(next.getAttribute("href")).toBe("/partners?ordem=-nome&pagina=2");
    click(next);
    await settle();
    expect(calls.map((c) => c.url)).toEqual(["/api/partners?ordem=-nome&pagina=2&porPagina=50"]);
    expect(count()).toBe("Parceiros 51–51 de 51");
  });

  test("no partners: 'Nenhum parceiro cadastrado' with 'Novo Parceiro'; a search with none says 'encontrado'", async () => {
    render(<PartnersList {...props([])} />);
    expect(get(".ui-empty__title").textContent).toBe("Nenhum parceiro cadastrado");
    click(button("Novo Parceiro", get(".ui-empty")));
    await settle(); // the dialog's code loads with its first opening
    expect(get(".ui-dialog__title", lastDialog()).textContent).toBe("Novo Parceiro");
    cleanup();
    render(<PartnersList {...props([], 0, { ...PARAMS, q: "zzz" })} />);
    expect(get(".ui-empty__title").textContent).toBe("Nenhum parceiro encontrado");
  });
});

describe("PartnersList: dialog and delete", () => {
  test("saving an empty form shows SPEC's messages under each field and sends nothing", async () => {
    api(() => json({}));
    render(<PartnersList {...props()} />);
    const dialog = await openNew();
    click(button("Salvar"));
    await settle();
    expect(calls).toHaveLength(0);
    for (const message of ["Nome é obrigatório", "Empresa é obrigatória", "E-mail inválido", "Telefone é obrigatório"]) {
      expect(dialog.textContent).toContain(message);
    }
  });

  test("creating posts the typed values, toasts 'Parceiro criado', reloads the list and the page's summary", async () => {
    renderSummary({ total: 3, comEmail: 3, comTelefone: 3 });
    api(() => json({ ...ANA, id: 99 }, 201), [ANA, BRUNO, CARLA], { total: 4, comEmail: 4, comTelefone: 3 });
    render(<PartnersList {...props()} />);
    const dialog = await openNew();
    fill(dialog);
    expect(control("Telefone", dialog).value).toBe("(11) 91234-5678");
    click(button("Salvar"));
    await settle();
    expect(requests()).toEqual([
      "POST /api/partners",
      "GET /api/partners?ordem=nome&pagina=1&porPagina=50",
      "GET /api/partners/summary",
    ]);
    expect(calls[0]!.body).toEqual({ nome: "Diego Alves", empresa: "Alves Contabilidade", email: "diego@alves.com.br", telefone: "(11) 91234-5678" });
    expect(toastSignal.value?.title).toBe("Parceiro criado");
    expect(openDialogs()).toHaveLength(0);
    expect(figures()).toEqual(["total=4", "comEmail=4", "comTelefone=3"]);
  });

  test("editing starts from the row and PATCHes the whole form", async () => {
    api(() => json(BRUNO));
    render(<PartnersList {...props()} />);
    click(button("Editar Bruno Lima"));
    await settle(); // the dialog's code loads with its first opening
    const dialog = lastDialog();
    expect(get(".ui-dialog__title", dialog).textContent).toBe("Editar Parceiro");
    expect(control("Telefone", dialog).value).toBe("(21) 3456-7890");
    typeInto(control("Empresa", dialog), "Lima & Associados");
    click(button("Salvar"));
    await settle();
    expect(requests()[0]).toBe(`PATCH /api/partners/${BRUNO.id}`);
    expect(calls[0]!.body).toEqual({ nome: "Bruno Lima", empresa: "Lima & Associados", email: "bruno@lima.adv.br", telefone: "(21) 3456-7890" });
    expect(toastSignal.value?.title).toBe("Parceiro atualizado");
  });

  test("a failed save keeps the dialog and toasts the server's message, or SPEC's fallback", async () => {
    api(() => json({ message: "Parceiro não encontrado" }, 404));
    render(<PartnersList {...props()} />);
    click(button("Editar Ana Souza"));
    await settle(); // the dialog's code loads with its first opening
    click(button("Salvar"));
    await settle();
    expect(toastSignal.value).toMatchObject({ title: "Erro", description: "Parceiro não encontrado" });
    api(() => new Response("", { status: 500 }));
    click(button("Salvar"));
    await settle();
    expect(toastSignal.value).toMatchObject({ title: "Erro", description: "Não foi possível salvar o parceiro." });
    expect(openDialogs()).toHaveLength(1);
  });

  test("Esc with unsaved changes asks 'Descartar alterações?' first", async () => {
    render(<PartnersList {...props()} />);
    const dialog = await openNew();
    typeInto(control("Nome", dialog), "Diego");
    act(() => {
      dialog.dispatchEvent(new Event("cancel", { cancelable: true }));
    });
    expect(lastDialog().textContent).toContain("Descartar alterações?");
    click(button("Descartar", lastDialog()));
    expect(openDialogs()).toHaveLength(0);
  });

  test("delete asks with the partner's name (on Cancelar), deletes, toasts and the summary follows", async () => {
    renderSummary({ total: 3, comEmail: 3, comTelefone: 3 });
    api(() => json({ message: "Parceiro excluído com sucesso!" }), [ANA, BRUNO], { total: 2, comEmail: 2, comTelefone: 2 });
    render(<PartnersList {...props()} />);
    click(rowAction("Excluir", "Carla Dias"));
    await settle(); // the confirmation's code loads with its first opening
    const confirm = lastDialog();
    expect(get(".ui-confirm__message", confirm).textContent).toBe('Tem certeza que deseja excluir o parceiro "Carla Dias"?');
    expect(document.activeElement?.textContent).toBe("Cancelar");
    click(button("Excluir", confirm));
    await settle();
    expect(requests()[0]).toBe(`DELETE /api/partners/${CARLA.id}`);
    expect(toastSignal.value?.title).toBe("Parceiro excluído com sucesso!");
    expect(names()).toEqual(["Ana Souza", "Bruno Lima"]);
    expect(figures()).toEqual(["total=2", "comEmail=2", "comTelefone=2"]);
  });

  test("a failed delete toasts 'Não foi possível excluir o parceiro.' and keeps the row", async () => {
    api(() => new Response("", { status: 500 }));
    render(<PartnersList {...props()} />);
    click(rowAction("Excluir", "Ana Souza"));
    await settle(); // the confirmation's code loads with its first opening
    click(button("Excluir", lastDialog()));
    await settle();
    expect(toastSignal.value).toMatchObject({ title: "Erro", description: "Não foi possível excluir o parceiro." });
    expect(names()).toContain("Ana Souza");
    expect(calls).toHaveLength(1);
  });
});

describe("PartnersList: read-only for a consulta (DECISIONS §10)", () => {
  const consulta = (ui: React.ReactNode) => render(<CanWrite.Provider value={false}>{ui}</CanWrite.Provider>);
  const headers = () => [...document.querySelectorAll(".partners-table th")].map((th) => th.textContent);
  const actionButtons = () => [...document.querySelectorAll(".partners-table tbody button")].map((b) => b.getAttribute("aria-label"));

  test("no Editar, Excluir or '⋯', and no Ações column: the row shows every field of the dialog, a partner has no history", () => {
    render(<PartnersList {...props()} />);
    expect(headers()).toContain("Ações");
    expect(actionButtons()).toContain("Editar Ana Souza");
    cleanup();
    consulta(<PartnersList {...props()} />);
    expect(headers()).toEqual(["Nome", "Empresa", "E-mail", "Telefone"]);
    expect(actionButtons()).toEqual([]);
    expect(() => rowAction("Editar", "Ana Souza")).toThrow();
    // Each field the dialog holds is in the row.
    for (const text of ["Ana Souza", "Contábil Norte", "ana@contabilnorte.com.br", "(11) 98765-4321"]) expect(rows()[0]!.textContent).toContain(text);
    // Reading stays: search and the sortable header.
    expect(control("Buscar").disabled).toBe(false);
    expect(() => button("Empresa")).not.toThrow();
  });

  test("an empty register offers no 'Novo Parceiro' and no invitation to register one", () => {
    consulta(<PartnersList {...props([])} />);
    expect(get(".ui-empty__title").textContent).toBe("Nenhum parceiro cadastrado");
    expect(get(".ui-empty__hint").textContent).toBe("Nenhum parceiro foi cadastrado ainda.");
    expect(() => button("Novo Parceiro")).toThrow();
    cleanup();
    consulta(<PartnersList {...props([], 0, { ...PARAMS, q: "zeta" })} />);
    expect(get(".ui-empty__hint").textContent).toBe("Ajuste a busca para ver outros parceiros.");
    expect(() => button("Limpar busca", get(".ui-empty"))).not.toThrow();
    expect(() => button("Novo Parceiro")).toThrow();
  });

  test("the header's 'Novo …' request opens nothing for a consulta", () => {
    consulta(<PartnersList {...props()} />);
    act(() => {
      newRecordRequest.value++;
    });
    expect(openDialogs()).toHaveLength(0);
  });
});
