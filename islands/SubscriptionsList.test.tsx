import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { act, type ReactNode } from "react";
import type { SubscriptionRulesJson } from "../src/api/settings/model";
import type { SubscriptionRowJson } from "../src/api/subscriptions/model";
import { dismissToast } from "../src/ui/toast";
import { button, control, json, lastDialog, mockFetch, openDialogs, settle, type Call, locked } from "../tests/islands";
import { cleanup, click, get, render, serverRenderAndHydrate } from "../tests/ui";
import { CanWrite } from "./lib/can-write";
import SubscriptionsList, { type SubscriptionsListProps } from "./SubscriptionsList";
// The dialog loads with its first opening (islands/lib/on-demand.tsx): compiled ahead here, so
// the settle() after an opening click is enough for it to show.
import "./subscriptions/SubscriptionDialog";

const SETTINGS: SubscriptionRulesJson = { antecedenciaDias: 10, vencimentoEmDiaUtil: true };
const PADARIA: SubscriptionRowJson = {
  clientId: 7,
  clientName: "Padaria Pão Quente",
  status: "ativa",
  emTrial: false,
  valor: "620.00",
  diaVencimento: 15,
  inicio: "2026-01",
  fim: null,
  trialAte: "2026-02-01",
  reajuste: { mes: 7, percentual: null },
  ultimoReajuste: null,
  reajustePermitidoEm: "2027-01-01",
  reajusteAPartirDe: "2026-04",
  proximoVencimento: "2026-04-15",
};
const OTICA: SubscriptionRowJson = { ...PADARIA, clientId: 8, clientName: "Ótica Visão Clara", status: "pausada", trialAte: null, reajuste: null, proximoVencimento: null };

const PARAMS = { status: "", q: "", ordem: "cliente", pagina: "1", porPagina: "50" };
const props = (rows: SubscriptionRowJson[] = [PADARIA, OTICA]): SubscriptionsListProps => ({
  initial: { rows, total: rows.length },
  params: PARAMS,
  summary: { ativas: 1, mes: "2026-03", mrr: "620.00", novasNoMes: 0, novas: "0.00", encerradasNoMes: 0, encerradas: "0.00", emTrial: 0, trial: "0.00" },
  today: "2026-03-15",
  graceDays: 5,
});

let calls: Call[];
beforeEach(() => {
  calls = [];
  history.replaceState(null, "", "/subscriptions");
});
afterEach(() => {
  act(() => dismissToast());
  cleanup();
});

const consulta = (ui: ReactNode) => render(<CanWrite.Provider value={false}>{ui}</CanWrite.Provider>);
const rowButtons = () => [...document.querySelectorAll(".subscriptions-table tbody button")].map((b) => b.getAttribute("aria-label"));
const hasButton = (name: string) => [...document.querySelectorAll("button")].some((b) => b.getAttribute("aria-label") === name || b.textContent?.trim() === name);

describe("SubscriptionsList: read-only for a consulta (DECISIONS §10)", () => {
  test("hydrates the server's read-only HTML without a mismatch", () => {
    const ui = (
      <CanWrite.Provider value={false}>
        <SubscriptionsList {...props()} />
      </CanWrite.Provider>
    );
    const { errors, html } = serverRenderAndHydrate(ui);
    expect(html).toContain("Ver assinatura Padaria Pão Quente");
    expect(errors).toEqual([]);
  });

  test("rows offer 'Ver assinatura' instead of 'Editar assinatura', and there is no 'Gerar parcelas agora'", () => {
    render(<SubscriptionsList {...props()} />);
    expect(rowButtons()).toEqual(["Editar assinatura Padaria Pão Quente", "Editar assinatura Ótica Visão Clara"]);
    expect(hasButton("Gerar parcelas agora")).toBe(true);
    cleanup();
    consulta(<SubscriptionsList {...props()} />);
    expect(rowButtons()).toEqual(["Ver assinatura Padaria Pão Quente", "Ver assinatura Ótica Visão Clara"]);
    expect(hasButton("Gerar parcelas agora")).toBe(false);
    // Reading stays: the cards, the filters, the sortable header.
    expect(get(".sub-summary").textContent).toContain("Assinaturas ativas");
    expect(control("Buscar cliente").disabled).toBe(false);
    expect(hasButton("Mensalidade")).toBe(true);
  });

  test("Ver opens the terms read-only: the subscription's values in disabled fields, Fechar, no Salvar or Aplicar reajuste", async () => {
    mockFetch(calls, (call) => (call.url === "/api/settings/subscription-rules" ? json(SETTINGS) : json({ ...PADARIA, clientName: undefined, emTrial: undefined })));
    consulta(<SubscriptionsList {...props()} />);
    click(button("Ver assinatura Padaria Pão Quente"));
    await settle();
    const dialog = lastDialog();
    expect(get(".ui-dialog__title", dialog).textContent).toBe("Assinatura — Padaria Pão Quente");
    expect(control<HTMLSelectElement>("Situação", dialog).value).toBe("ativa");
    expect(control("Mensalidade", dialog).value).toBe("620,00");
    expect(control<HTMLSelectElement>("Dia de vencimento", dialog).value).toBe("15");
    expect(control("Início (primeiro mês cobrado)", dialog).value).toBe("2026-01");
    expect(control("Trial até", dialog).value).toBe("2026-02-01");
    expect(control<HTMLSelectElement>("Mês do reajuste anual", dialog).value).toBe("7");
    for (const field of dialog.querySelectorAll("input, select")) expect({ field: field.id, locked: locked(field) }).toEqual({ field: field.id, locked: true });
    expect(dialog.querySelector(".sub-dialog__months")).not.toBeNull();
    expect(hasButton("Salvar")).toBe(false);
    expect(hasButton("Aplicar reajuste")).toBe(false);
    click(button("Fechar", dialog));
    expect(openDialogs()).toHaveLength(0);
    expect(calls.map((c) => c.method)).toEqual(["GET", "GET"]);
  });

  test("with no subscriptions the empty state sends a consulta nowhere to start one", () => {
    consulta(<SubscriptionsList {...props([])} />);
    expect(get(".ui-empty").textContent).toContain("Nenhuma assinatura encontrada");
    expect(get(".ui-empty__hint").textContent).toBe("Nenhuma assinatura foi iniciada ainda.");
    expect(document.querySelector('.ui-empty a[href="/clients"]')).toBeNull();
    cleanup();
    render(<SubscriptionsList {...props([])} />);
    expect(document.querySelector('.ui-empty a[href="/clients"]')).not.toBeNull();
  });
});

describe("SubscriptionsList: an ended subscription with fim ahead (issue 31 item 2)", () => {
  test("the status reads 'Encerra após MM/AAAA' until its last month has passed, then 'Encerrada'", async () => {
    const ending: SubscriptionRowJson = { ...PADARIA, clientId: 9, clientName: "Mercadinho Bom Preço", status: "encerrada", fim: "2026-05", proximoVencimento: "2026-04-15" };
    const ended: SubscriptionRowJson = { ...PADARIA, clientId: 10, clientName: "Floricultura Ipê Amarelo", status: "encerrada", fim: "2026-02", proximoVencimento: null };
    render(<SubscriptionsList {...props([ending, ended])} />);
    const badges = [...document.querySelectorAll(".subscriptions-table tbody .ui-badge")].map((b) => b.textContent);
    expect(badges).toEqual(["Encerra após 05/2026", "Encerrada"]);
    // The dialog's status line says the same.
    mockFetch(calls, (call) => (call.url === "/api/settings" ? json(SETTINGS) : json({ ...ending, clientName: undefined, emTrial: undefined })));
    click(button("Editar assinatura Mercadinho Bom Preço"));
    await settle();
    expect(get(".sub-dialog__status", lastDialog()).textContent).toContain("Situação atual: Encerra após 05/2026");
    expect([...lastDialog().querySelectorAll(".sub-dialog__months li")].map((li) => li.textContent)).toEqual(["04/202615/04/2026", "05/202615/05/2026"]);
  });
});

describe("SubscriptionsList: one word for a trial (issue 37 §11)", () => {
  test("a subscription in its trial reads 'Em teste', on its badge and in the filter", () => {
    render(<SubscriptionsList {...props([{ ...PADARIA, emTrial: true, trialAte: "2026-04-01" }, OTICA])} />);
    expect([...document.querySelectorAll(".subscriptions-table tbody .ui-badge")].map((b) => b.textContent)).toEqual(["Em teste até 01/04/2026", "Pausada"]);
    expect([...document.querySelectorAll("select[name=status] option")].map((o) => o.textContent)).toContain("Em teste");
  });
});

describe("SubscriptionsList: trials (issue 37 item 7)", () => {
  test("a trial's badge says when it ends; the cards count the trials and say the MRR leaves them out", () => {
    const trial: SubscriptionRowJson = { ...PADARIA, clientId: 9, clientName: "Floricultura Jardim", emTrial: true, trialAte: "2026-04-10" };
    const summary = { ...props().summary, ativas: 2, emTrial: 1, trial: "450.00" };
    const { errors } = serverRenderAndHydrate(<SubscriptionsList {...props([PADARIA, trial])} summary={summary} />);
    expect(errors).toEqual([]);
    const badges = [...document.querySelectorAll(".subscriptions-table tbody .ui-badge")].map((b) => b.textContent);
    expect(badges).toEqual(["Ativa", "Em teste até 10/04/2026"]);
    const cards = [...document.querySelectorAll(".sub-summary li")].map((li) => li.textContent!.replace(/\u00a0/g, " "));
    expect(cards[0]).toBe("Assinaturas ativas21 em teste");
    expect(cards[1]).toBe("MRR (receita mensal recorrente)R$ 620,00Sem as em teste (R$ 450,00)");
  });

  test("without trials the cards say no count of them, and the MRR what it is", () => {
    render(<SubscriptionsList {...props()} />);
    const cards = [...document.querySelectorAll(".sub-summary li")].map((li) => li.textContent!.replace(/\u00a0/g, " "));
    expect(cards[0]).toBe("Assinaturas ativas1");
    expect(cards[1]).toBe("MRR (receita mensal recorrente)R$ 620,00Fora do teste, hoje");
  });
});

describe("SubscriptionsList: not-started clients (issue 35 §2)", () => {
  const NOT_STARTED = (clientId: number, clientName: string, valor: string): SubscriptionRowJson => ({
    ...PADARIA,
    clientId,
    clientName,
    status: "nao_iniciada",
    valor,
    diaVencimento: null,
    inicio: null,
    trialAte: null,
    reajuste: null,
    reajustePermitidoEm: null,
    reajusteAPartirDe: null,
    proximoVencimento: null,
  });

  test("the 'Não iniciadas' view: a box per row, no empty columns, 'Iniciar assinatura' per row, and the selection counted on 'Iniciar assinaturas'", () => {
    mockFetch(calls, () => json([]));
    render(<SubscriptionsList {...props([NOT_STARTED(3, "Alfa Padaria", "150.00"), NOT_STARTED(4, "Beta Mercado", "200.00")])} params={{ ...PARAMS, status: "nao_iniciada" }} />);
    const headers = [...document.querySelectorAll(".subscriptions-table thead th")].map((th) => th.textContent);
    expect(headers).not.toContain("Dia");
    expect(headers).not.toContain("Período");
    expect(rowButtons()).toEqual(["Iniciar assinatura Alfa Padaria", "Iniciar assinatura Beta Mercado"]);
    expect(hasButton("Iniciar assinaturas")).toBe(true);
    click(get<HTMLInputElement>('input[aria-label="Selecionar Beta Mercado"]'));
    expect(hasButton("Iniciar assinaturas (1)")).toBe(true);
    expect(hasButton("Nova assinatura")).toBe(true);
  });

  test("other views offer no selection; a consulta gets neither the boxes nor the bulk actions", () => {
    render(<SubscriptionsList {...props()} />);
    expect(document.querySelector('input[type="checkbox"]')).toBeNull();
    cleanup();
    consulta(<SubscriptionsList {...props([NOT_STARTED(3, "Alfa Padaria", "150.00")])} params={{ ...PARAMS, status: "nao_iniciada" }} />);
    expect(document.querySelector('input[type="checkbox"]')).toBeNull();
    expect(hasButton("Iniciar assinaturas")).toBe(false);
    expect(hasButton("Nova assinatura")).toBe(false);
  });
});
