import { afterEach, describe, expect, test } from "bun:test";
import { act } from "react";
import type { HistoryEventJson } from "../../src/api/history/model";
import type { MessageJson } from "../../src/api/messages/model";
import { cleanup, click, get, render } from "../../tests/ui";
import { json, listPage, mockFetch, settle, type Call } from "../../tests/islands";
import { HistoryPanel } from "./HistoryPanel";

afterEach(cleanup);

const event = (id: number, overrides: Partial<HistoryEventJson>): HistoryEventJson => ({
  id,
  at: "2026-03-12T17:05:00.000Z",
  quando: "12/03/2026 14:05",
  usuario: "financeiro@cofre.test",
  acao: "pay",
  entidade: "installment",
  entidadeId: 42,
  rotulo: "Padaria Pão Quente — parcela 3/12",
  detalhes: {},
  clientId: 7,
  supplierId: null,
  texto: "financeiro@cofre.test deu baixa em 12/03/2026: R$ 355,00 com multa R$ 7,00 e juros R$ 1,17",
  ...overrides,
});

const MESSAGE: MessageJson = {
  id: 5, data: "2026-03-10", criadaEm: "2026-03-10T11:00:00.000Z", clientId: 7, clientNome: "Padaria Pão Quente", canal: "email", origem: "regua", etapa: "D+3",
  status: "falhou", motivo: "O servidor recusou a mensagem.", destino: "contato@paoquente.com.br", assunto: "Pagamento em atraso", parcelas: [], quem: null, enviadaEm: null,
};

describe("HistoryPanel", () => {
  test("fetches the record's timeline when opened and shows each event's time and sentence, newest first", async () => {
    const calls: Call[] = [];
    mockFetch(calls, (call) =>
      call.url.includes("/messages") ? listPage([MESSAGE]) :
      listPage([
        event(3, { texto: "Desbloqueio automático: baixa da parcela 3/12", entidade: "client", acao: "auto_unblock", quando: "12/03/2026 14:05" }),
        event(2, {}),
        event(1, { acao: "generate", texto: "financeiro@cofre.test gerou 12 parcelas", rotulo: "Padaria Pão Quente — Mensalidade 2026", quando: "10/01/2026 09:00" }),
      ]),
    );
    const closed: string[] = [];
    render(<HistoryPanel subject={{ kind: "client", id: 7, name: "Padaria Pão Quente" }} onClose={() => closed.push("x")} />);
    const dialog = get<HTMLDialogElement>("dialog");
    expect(dialog.open).toBe(true);
    expect(dialog.textContent).toContain("Carregando histórico…");
    await settle();
    expect(calls.map((c) => c.url).sort()).toEqual(["/api/clients/7/history?porPagina=100", "/api/clients/7/messages?porPagina=20"]);
    const items = [...dialog.querySelectorAll("ol li")];
    // The client's charge messages under its timeline.
    expect(dialog.querySelector(".history-panel__messages")!.textContent).toContain("10/03/2026 · E-mail · D+3 · Falhou: O servidor recusou a mensagem.");
    expect(dialog.querySelector('a[href="/dunning/sent?clientId=7"]')!.textContent).toBe("Ver todas as mensagens (1)");
    expect(items.map((li) => li.querySelector("time")!.textContent)).toEqual(["12/03/2026 14:05", "12/03/2026 14:05", "10/01/2026 09:00"]);
    expect(items[1]!.textContent).toContain("financeiro@cofre.test deu baixa em 12/03/2026: R$ 355,00 com multa R$ 7,00 e juros R$ 1,17");
    // In a client's timeline, an installment's event says which installment; the client's own do not.
    expect(items[1]!.textContent).toContain("Padaria Pão Quente — parcela 3/12");
    expect(items[0]!.querySelector(".history-timeline__label")).toBeNull();
    expect(get("ol").getAttribute("aria-label")).toBe("Histórico de Padaria Pão Quente");
    click(get('button[aria-label="Fechar"]'));
    expect(closed).toEqual(["x"]);
  });

  test("an installment's panel asks its own timeline; nothing yet and the server's refusal are said", async () => {
    mockFetch([], () => listPage([]));
    const first = render(<HistoryPanel subject={{ kind: "installment", id: 42, name: "Padaria Pão Quente parcela 3/12" }} onClose={() => {}} />);
    await settle();
    expect(get("dialog").textContent).toContain("Nada registrado ainda.");
    first.unmount();
    mockFetch([], () => json({ message: "Parcela não encontrada" }, 404));
    render(<HistoryPanel subject={{ kind: "payable", id: 9, name: "Moinho parcela 1/2" }} onClose={() => {}} />);
    await settle();
    expect(get('[role="alert"]').textContent).toBe("Parcela não encontrada");
  });

  test("more events than shown: a link to the /history page filtered to the record", async () => {
    mockFetch([], () => listPage([event(2, {})], 250));
    render(<HistoryPanel subject={{ kind: "payable", id: 9, name: "Moinho parcela 1/2" }} onClose={() => {}} />);
    await act(async () => {});
    await settle();
    expect(get(".history-panel__more").textContent).toContain("Mostrando os 1 registros mais recentes de 250.");
    expect(get<HTMLAnchorElement>(".history-panel__more a").getAttribute("href")).toBe("/history?entidade=payable&id=9");
  });
});
