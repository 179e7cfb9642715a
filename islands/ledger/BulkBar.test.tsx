// The selection and its bar inside Contas a Receber / a Pagar (issue 35 §3).
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { act } from "react";
import { dismissToast, toastSignal } from "../../src/ui/toast";
import { apiLedgerRow, button, control, json, lastDialog, openDialogs, setValue, settle } from "../../tests/islands";
import { cleanup, click, render, serverRenderAndHydrate } from "../../tests/ui";
import { CanWrite } from "../lib/can-write";
import { ledgerSummary } from "../lib/state";
import LedgerList, { type LedgerListProps } from "../LedgerList";
import type { LedgerRow } from "./kinds";
// The bar loads with the first selection (islands/lib/on-demand.tsx): compiled ahead here, so
// the settle() after a first tick is enough for it to show.
import "./BulkBar";

const TODAY = "2026-03-15";
const row = (id: number, overrides: Partial<LedgerRow> = {}): LedgerRow => ({
  id,
  partyId: 7,
  partyName: "Padaria Pão Quente",
  numerosParcela: `${id}/12`,
  descricao: "Contrato",
  dataVencimento: "2026-03-05",
  valor: "100.00",
  status: "vencido",
  dataPagamento: null,
  valorPago: null,
  saldo: "100.00",
  desconto: "0.00",
  categoriaId: 3,
  categoriaNome: "Receitas de serviços › Serviços avulsos",
  centroCustoId: null,
  centroCustoNome: null,
  ...overrides,
});
const ROWS = [row(1), row(2), row(3)];
const props = (kind: "receber" | "pagar" = "receber", total = ROWS.length): LedgerListProps => ({
  kind,
  initial: { rows: ROWS.map((r) => apiLedgerRow(kind, r)) as LedgerListProps["initial"]["rows"], total },
  params: { status: "vencido", mes: "", pagoEm: "", pagoDe: "", pagoAte: "", ordem: "-valor", pagina: "1", porPagina: "3" },
  today: TODAY,
  choices: { categorias: [{ id: 3, nome: "Receitas de serviços › Serviços avulsos", ativa: true }], centros: [] },
  partyName: null,
});

interface Sent {
  method: string;
  url: string;
  body: unknown;
  key: string | null;
}
let sent: Sent[];
/** fetch answering the bulk route with `bulk`, the list and the cards with empty answers; headers kept. */
function serve(bulk: () => Response) {
  globalThis.fetch = (async (url: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    sent.push({ method: init.method ?? "GET", url, body: init.body ? JSON.parse(String(init.body)) : undefined, key: headers.get("idempotency-key") });
    if (url.endsWith("/bulk")) return bulk();
    if (url.includes("summary")) return json({ emAberto: { total: "0.00", quantidade: 0 }, vencidas: { total: "0.00", quantidade: 0 }, recebidoNoMes: { total: "0.00", quantidade: 0 } });
    return new Response("[]", { headers: { "content-type": "application/json", "x-total-count": "0" } });
  }) as unknown as typeof fetch;
}
const bulkSent = () => sent.filter((s) => s.url.endsWith("/bulk"));
const tick = (name: string) => click(document.querySelector<HTMLInputElement>(`input[aria-label="Selecionar ${name}"]`)!);
const bar = () => document.querySelector<HTMLElement>(".bulk-bar");

const realFetch = globalThis.fetch;
beforeEach(() => {
  sent = [];
  history.replaceState(null, "", "/receivables?status=vencido");
  ledgerSummary.value = null;
});
afterEach(() => {
  globalThis.fetch = realFetch;
  act(() => dismissToast());
  cleanup();
});

describe("bulk selection", () => {
  test("hydrates without a mismatch; nothing selected, no bar", () => {
    expect(serverRenderAndHydrate(<LedgerList {...props()} />).errors).toEqual([]);
    expect(bar()).toBeNull();
  });

  test("ticked rows are counted in the bar; Baixar with fees sends their ids, once, with an Idempotency-Key; the answer is the toast", async () => {
    serve(() => json({ message: "2 parcelas baixadas", acao: "baixar", alteradas: 2, ids: [1, 3], mantidas: [] }));
    render(<LedgerList {...props()} />);
    tick("Padaria Pão Quente parcela 1/12");
    tick("Padaria Pão Quente parcela 3/12");
    await settle(); // the bar loads with the first selection
    expect(bar()!.querySelector(".bulk-bar__count")!.textContent).toBe("2 parcelas selecionadas");
    click(button("Baixar", bar()!));
    const dialog = lastDialog();
    expect(control("Data de pagamento", dialog).value).toBe(TODAY);
    setValue(control("Data de pagamento", dialog), "2026-03-14");
    const valor = dialog.querySelector<HTMLSelectElement>('select[name="valor"]')!;
    act(() => {
      valor.value = "juros";
      valor.dispatchEvent(new Event("change", { bubbles: true }));
    });
    click(button("Baixar", dialog));
    await settle();
    expect(bulkSent()).toEqual([
      { method: "POST", url: "/api/installments/bulk", body: { acao: "baixar", ids: [1, 3], dataPagamento: "2026-03-14", comJuros: true }, key: expect.stringMatching(/^[0-9a-f-]{36}$/) },
    ]);
    expect(toastSignal.value?.title).toBe("2 parcelas baixadas");
    // Done: the dialog closes, the selection goes and the list reloads.
    expect(openDialogs()).toHaveLength(0);
    expect(bar()).toBeNull();
    expect(sent.some((s) => s.method === "GET" && s.url.startsWith("/api/installments?"))).toBe(true);
  });

  test("the whole page, then every row of the filter: the request carries the filter (not the page or order), not ids", async () => {
    serve(() => json({ message: "7 parcelas prorrogadas", acao: "prorrogar", alteradas: 7, ids: [], mantidas: [] }));
    render(<LedgerList {...props("receber", 7)} />);
    click(document.querySelector<HTMLInputElement>(".bulk-page input")!);
    await settle(); // the bar loads with the first selection
    expect(bar()!.querySelector(".bulk-bar__count")!.textContent).toBe("3 parcelas selecionadas");
    click(button("Selecionar todas as 7 parcelas deste filtro", bar()!));
    expect(bar()!.querySelector(".bulk-bar__count")!.textContent).toBe("Todas as 7 parcelas deste filtro selecionadas");
    click(button("Prorrogar", bar()!));
    const dialog = lastDialog();
    const modo = dialog.querySelector<HTMLSelectElement>('select[name="modo"]')!;
    act(() => {
      modo.value = "dias";
      modo.dispatchEvent(new Event("change", { bubbles: true }));
    });
    // A value out of range is said under the field, and nothing is sent.
    setValue(control("Dias a adiar (a partir do vencimento de cada uma)", dialog), "0");
    click(button("Prorrogar", dialog));
    await settle();
    expect(dialog.textContent).toContain("Dias: de 1 a 3650");
    expect(bulkSent()).toEqual([]);
    setValue(control("Dias a adiar (a partir do vencimento de cada uma)", dialog), "10");
    click(button("Prorrogar", dialog));
    await settle();
    expect(bulkSent().map((s) => s.body)).toEqual([{ acao: "prorrogar", filtro: { status: "vencido" }, dias: 10 }]);
  });

  test("a refusal is the server's words in a toast, the dialog stays and a retry sends the same key", async () => {
    serve(() => json({ message: "Seleção grande demais: no máximo 5.000 por ação (5.001 selecionadas). Filtre a lista e repita." }, 413));
    render(<LedgerList {...props("pagar")} />);
    tick("Padaria Pão Quente parcela 2/12");
    await settle(); // the bar loads with the first selection
    expect(bar()!.querySelector(".bulk-bar__count")!.textContent).toBe("1 conta selecionada");
    click(button("Excluir", bar()!));
    const dialog = lastDialog();
    expect(dialog.textContent).toContain("Excluir 1 conta? Só as em aberto são excluídas");
    click(button("Excluir", dialog));
    await settle();
    expect(toastSignal.value).toMatchObject({ title: "Erro", description: "Seleção grande demais: no máximo 5.000 por ação (5.001 selecionadas). Filtre a lista e repita." });
    expect(openDialogs()).toHaveLength(1);
    click(button("Excluir", dialog));
    await settle();
    const [first, second] = bulkSent();
    expect(first!.url).toBe("/api/payables/bulk");
    expect(second!.key).toBe(first!.key);
  });

  test("Cobrar por e-mail: sends the channel; a 409 (SMTP or the company's CNPJ missing) is said in the dialog, which stays; then the count is the toast", async () => {
    const refusal = "Para cobrar por e-mail, configure antes o servidor de e-mail (SMTP) e o CNPJ da empresa em Configurações (CDC art. 42-A: toda cobrança identifica o fornecedor).";
    let answers = [json({ message: refusal }, 409), json({ message: "2 cobranças enfileiradas para 1 cliente; 1 já estava paga", acao: "cobrar", alteradas: 2, ids: [1, 2], mantidas: [], mensagens: [40], clientes: 1 })];
    serve(() => answers.shift()!);
    render(<LedgerList {...props()} />);
    for (const n of [1, 2, 3]) tick(`Padaria Pão Quente parcela ${n}/12`);
    click(button("Cobrar", bar()!));
    const dialog = lastDialog();
    expect(dialog.textContent).toContain("Cobrar 3 parcelas: uma mensagem por cliente");
    expect(dialog.querySelector<HTMLSelectElement>('select[name="canal"]')!.value).toBe("email");
    click(button("Enviar e-mails", dialog));
    await settle();
    expect(dialog.querySelector('[role="alert"]')!.textContent).toBe(refusal);
    expect(openDialogs()).toHaveLength(1);
    expect(toastSignal.value).toBeNull();
    click(button("Enviar e-mails", dialog));
    await settle();
    const [first, second] = bulkSent();
    expect(first!.body).toEqual({ acao: "cobrar", ids: [1, 2, 3], canal: "email" });
    expect(second!.key).toBe(first!.key);
    expect(toastSignal.value?.title).toBe("2 cobranças enfileiradas para 1 cliente; 1 já estava paga");
    expect(openDialogs()).toHaveLength(0);
    expect(bar()).toBeNull();
    answers = [];
  });

  test("Cobrar pelo WhatsApp: the answer stays in the dialog with the way to the worklist of these messages, focused", async () => {
    serve(() => json({ message: "3 cobranças na lista do WhatsApp para 2 clientes; 1 cliente sem celular válido para o WhatsApp", acao: "cobrar", alteradas: 3, ids: [1, 2, 3], mantidas: [], mensagens: [41, 42], clientes: 2 }));
    render(<LedgerList {...props("receber", 7)} />);
    click(document.querySelector<HTMLInputElement>(".bulk-page input")!);
    await settle(); // the bar loads with the first selection
    click(button("Selecionar todas as 7 parcelas deste filtro", bar()!));
    click(button("Cobrar", bar()!));
    const dialog = lastDialog();
    const canal = dialog.querySelector<HTMLSelectElement>('select[name="canal"]')!;
    act(() => {
      canal.value = "whatsapp";
      canal.dispatchEvent(new Event("change", { bubbles: true }));
    });
    expect(dialog.textContent).toContain("os clientes sem celular válido");
    click(button("Preparar mensagens", dialog));
    await settle();
    expect(bulkSent().map((s) => s.body)).toEqual([{ acao: "cobrar", filtro: { status: "vencido" }, canal: "whatsapp" }]);
    const result = lastDialog();
    expect(result.querySelector('[role="status"]')!.textContent).toBe("3 cobranças na lista do WhatsApp para 2 clientes; 1 cliente sem celular válido para o WhatsApp.");
    const link = result.querySelector<HTMLAnchorElement>('a[data-acao="lista"]')!;
    expect(link.getAttribute("href")).toBe("/dunning/whatsapp?mensagens=41-42");
    expect(document.activeElement === link).toBe(true);
    click(button("Fechar", result));
    await settle();
    expect(openDialogs()).toHaveLength(0);
    expect(bar()).toBeNull();
  });

  test("Contas a Pagar has no Cobrar", async () => {
    render(<LedgerList {...props("pagar")} />);
    tick("Padaria Pão Quente parcela 1/12");
    await settle(); // the bar loads with the first selection
    expect([...bar()!.querySelectorAll("button")].map((b) => b.textContent)).not.toContain("Cobrar");
  });

  test("Limpar seleção empties it; a consulta gets no checkboxes and no bar", async () => {
    render(<LedgerList {...props()} />);
    tick("Padaria Pão Quente parcela 1/12");
    await settle(); // the bar loads with the first selection
    click(button("Limpar seleção", bar()!));
    expect(bar()).toBeNull();
    cleanup();
    render(
      <CanWrite.Provider value={false}>
        <LedgerList {...props()} />
      </CanWrite.Provider>,
    );
    expect(document.querySelector('input[type="checkbox"]')).toBeNull();
    expect(document.querySelector(".bulk-page")).toBeNull();
  });
});
