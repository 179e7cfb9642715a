// Helpers for the islands' happy-dom tests: a recording fetch stub answered with real
// Responses, and a way to let pending calls and their state updates finish.
import { afterEach, jest } from "bun:test";
import { act } from "react";
import type { ClientListRow } from "../src/api/clients/model";
import type { LedgerRow } from "../islands/ledger/kinds";

export interface Call {
  method: string;
  url: string;
  body: unknown;
}

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

/** Replaces fetch for one test: `route` answers each call; every call is pushed to `calls`. */
export function mockFetch(calls: Call[], route: (call: Call) => Response): void {
  globalThis.fetch = (async (url: string, init: RequestInit = {}) => {
    const call = { method: init.method ?? "GET", url, body: init.body ? JSON.parse(String(init.body)) : undefined };
    calls.push(call);
    return route(call);
  }) as unknown as typeof fetch;
}

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

const turn = () => new Promise((resolve) => setImmediate(resolve));

// The 0 ms timers pending: a focus an island moves "after this event", a dialog's first load.
// settle() waits a real timer only while one is pending (each costs a millisecond or more: one
// in every settle() was ~0.3 s of the islands' tests).
const realSetTimeout = globalThis.setTimeout;
const realClearTimeout = globalThis.clearTimeout;
const zeroTimers = new Set<unknown>();
globalThis.setTimeout = ((handler: (...args: unknown[]) => void, ms?: number, ...args: unknown[]) => {
  if (ms !== undefined && ms > 0) return realSetTimeout(handler, ms, ...args);
  const timer = realSetTimeout(() => {
    zeroTimers.delete(timer);
    handler(...args);
  }, 0);
  zeroTimers.add(timer);
  return timer;
}) as typeof setTimeout;
globalThis.clearTimeout = ((timer: Parameters<typeof clearTimeout>[0]) => {
  zeroTimers.delete(timer);
  realClearTimeout(timer);
}) as typeof clearTimeout;

/**
 * Lets pending fetches and the state updates after them finish: turns of the event loop, then,
 * while a 0 ms timer is pending, that timer's turn and turns again.
 */
export async function settle(): Promise<void> {
  await act(async () => {
    for (let i = 0; i < 5; i++) await turn();
    for (let round = 0; round < 5 && zeroTimers.size > 0; round++) {
      await new Promise((resolve) => realSetTimeout(resolve, 0));
      for (let i = 0; i < 5; i++) await turn();
    }
  });
}

/** The control a visible label points at, inside scope (the page or a dialog); a "*" marker is ignored. */
/**
 * Settles until `ready()` holds (code loaded on demand arrives in its own time on a busy
 * machine): at most `attempts` settles with a real timer between them, then fails saying so.
 */
export async function settleUntil(ready: () => boolean, what: string, attempts = 100): Promise<void> {
  for (let i = 0; i < attempts; i++) {
    await settle();
    if (ready()) return;
    await act(async () => void (await new Promise((resolve) => realSetTimeout(resolve, 10))));
  }
  throw new Error(`still waiting for ${what}`);
}

export function control<T extends HTMLElement = HTMLInputElement>(label: string, scope: ParentNode = document): T {
  const found = [...scope.querySelectorAll("label")].find((l) => l.textContent?.replace("*", "").trim() === label);
  const element = found && (found.htmlFor ? document.getElementById(found.htmlFor) : found.querySelector("input"));
  if (!element) throw new Error(`No control labelled ${label}`);
  return element as T;
}

/** A button by its accessible name (aria-label) or its text. */
export function button(name: string, scope: ParentNode = document): HTMLButtonElement {
  const found = [...scope.querySelectorAll("button")].find((b) => b.getAttribute("aria-label") === name || b.textContent?.trim() === name);
  if (!found) throw new Error(`No button ${name}`);
  return found;
}

/**
 * Whether a field of a read-only view (RecordView) cannot be changed: text read-only (it can still
 * be scrolled and copied), a select or a checkbox disabled.
 */
export function locked(field: Element): boolean {
  const text = (field instanceof HTMLInputElement && field.type !== "checkbox" && field.type !== "radio") || field instanceof HTMLTextAreaElement;
  return text ? (field as HTMLInputElement).readOnly : (field as HTMLSelectElement).disabled;
}

export const openDialogs = () => [...document.querySelectorAll<HTMLDialogElement>("dialog[open]")];
/** The dialog on top (a confirmation opened over a form). */
export const lastDialog = () => openDialogs().at(-1)!;

/**
 * A pause of `ms` without waiting for it: `during` (typing into a debounced field, a focus that
 * starts a tooltip's delay) runs on Bun's fake timers, then `ms` of them pass at once, with
 * React's updates flushed, and the timers are real again. A timer still pending then is
 * dropped, so `ms` must cover the delay. Fetches answer afterwards: `await settle()`.
 */
export function pause(ms: number, during: () => void): void {
  jest.useFakeTimers();
  try {
    during();
    act(() => void jest.advanceTimersByTime(ms));
  } finally {
    jest.useRealTimers();
  }
}

/** Esc on a dialog, as the browser reports it (a cancelable "cancel" event). */
export const pressEsc = (dialog: HTMLDialogElement) =>
  act(() => {
    dialog.dispatchEvent(new Event("cancel", { cancelable: true }));
  });

/** Sets an input's value the way a browser's date/month picker does, then fires "input". */
export function setValue(input: HTMLInputElement, value: string) {
  act(() => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!.call(input, value);
    input.dispatchEvent(new Event("input", { bubbles: true }));
  });
}

/** A list API's answer: the rows as an array and the total in X-Total-Count. */
export const listPage = (rows: unknown[], total = rows.length) =>
  new Response(JSON.stringify(rows), { headers: { "content-type": "application/json", "x-total-count": String(total) } });

const press = (element: HTMLElement) => act(() => element.click());

/** A row's action as a person reaches it: its visible button, or the item of its "⋯" menu (opened). */
export function rowAction(verb: string, row: string): HTMLElement {
  const visible = [...document.querySelectorAll("button")].find((b) => b.getAttribute("aria-label") === `${verb} ${row}`);
  if (visible) return visible;
  press(button(`Mais ações para ${row}`));
  const item = [...document.querySelectorAll<HTMLElement>('[role="menuitem"]')].find((i) => i.textContent?.trim() === verb);
  if (!item) throw new Error(`No action ${verb} for ${row}`);
  return item;
}

/** What a row offers: its visible action buttons' verbs, then its "⋯" menu's (opened and closed again), if it has one. */
export function rowActions(row: string): string[] {
  const suffix = ` ${row}`;
  const labels = [...document.querySelectorAll("button")].map((b) => b.getAttribute("aria-label") ?? "").filter((label) => label.endsWith(suffix));
  const visible = labels.filter((label) => !label.startsWith("Mais ações")).map((label) => label.slice(0, -suffix.length));
  if (!labels.includes(`Mais ações para ${row}`)) return visible;
  const more = button(`Mais ações para ${row}`);
  press(more);
  const items = [...document.querySelectorAll('[role="menuitem"]')].map((i) => i.textContent?.trim() ?? "");
  press(more);
  return [...visible, ...items];
}

let nextLedgerId = 1;
/** A ledger row as the island reads it: Padaria Pão Quente's open 3/12 of R$ 355,00 unless told otherwise, numbered. */
export function ledgerRowFixture(overrides: Partial<LedgerRow> = {}): LedgerRow {
  const valor = overrides.valor ?? "355.00";
  return {
    saldo: overrides.status === "pago" ? "0.00" : valor,
    desconto: "0.00",
    id: nextLedgerId++,
    partyId: 7,
    partyName: "Padaria Pão Quente",
    numerosParcela: "3/12",
    categoriaId: 3,
    categoriaNome: "Receitas de serviços › Serviços avulsos",
    centroCustoId: null,
    centroCustoNome: null,
    descricao: "Mensalidade 2026",
    dataVencimento: "2026-03-20",
    valor: "355.00",
    status: "em_aberto",
    dataPagamento: null,
    valorPago: null,
    ...overrides,
  };
}

/** A ledger fixture (partyId/partyName) as the list API sends it for `kind`: what the page hands the island. */
export function apiLedgerRow<R extends { partyId: number; partyName: string }>(kind: "receber" | "pagar", { partyId, partyName, ...rest }: R) {
  return kind === "receber" ? { ...rest, clientId: partyId, clientName: partyName } : { ...rest, supplierId: partyId, supplierName: partyName };
}

let nextClientId = 1;
/** A client row as the list API sends it (ClientListRow), numbered unless `id` is given. */
export function clientRow(overrides: Partial<ClientListRow> = {}): ClientListRow {
  const id = overrides.id ?? nextClientId++;
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
    naoEnviarCobrancas: false,
    statusBloqueio: 0,
    bloqueioOrigem: null,
    bloqueioParcelas: null,
    createdAt: "2026-01-05T12:00:00.000Z",
    updatedAt: "2026-01-05T12:00:00.000Z",
    ...overrides,
  };
}
