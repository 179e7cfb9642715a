import { afterEach, beforeEach, expect, test } from "bun:test";
import { act } from "react";
import type { SubscriptionRulesJson } from "../../src/api/settings/model";
import type { SubscriptionJson } from "../../src/api/subscriptions/model";
import { dismissToast, toastSignal } from "../../src/ui/toast";
import { button, control, json, lastDialog, mockFetch, settle, type Call, locked } from "../../tests/islands";
import { cleanup, click, render, typeInto } from "../../tests/ui";
import { CanWrite } from "../lib/can-write";
import { SubscriptionDialog } from "./SubscriptionDialog";

const SETTINGS: SubscriptionRulesJson = { antecedenciaDias: 10, vencimentoEmDiaUtil: true };
const NOT_STARTED: SubscriptionJson = { clientId: 7, status: "nao_iniciada", valor: "150.00", diaVencimento: null, inicio: null, fim: null, trialAte: null, reajuste: null, ultimoReajuste: null, reajustePermitidoEm: null, reajusteAPartirDe: null, proximoVencimento: null };
const ACTIVE: SubscriptionJson = { ...NOT_STARTED, status: "ativa", diaVencimento: 10, inicio: "2026-03", proximoVencimento: "2026-04-10", reajuste: { mes: 3, percentual: null } };

let calls: Call[];
let saved = 0;
let closed = 0;
beforeEach(() => {
  calls = [];
  saved = 0;
  closed = 0;
});
afterEach(() => {
  act(() => dismissToast());
  cleanup();
});

const open = (subscription: SubscriptionJson, put: (call: Call) => Response = () => json({ message: "Assinatura iniciada" })) => {
  mockFetch(calls, (call) => {
    if (call.url === "/api/settings/subscription-rules") return json(SETTINGS);
    if (call.method === "GET") return json(subscription);
    return put(call);
  });
  render(<SubscriptionDialog clientId={7} clientName="Padaria Pão Quente" today="2026-03-15" graceDays={5} onClose={() => {}} onSaved={() => saved++} onChanged={() => {}} />);
};

const months = () => [...lastDialog().querySelectorAll(".sub-dialog__months li")].map((li) => li.textContent);

const choose = (label: string, value: string) => {
  const select = control<HTMLSelectElement>(label, lastDialog());
  act(() => {
    select.value = value;
    select.dispatchEvent(new Event("change", { bubbles: true }));
  });
};
const warning = () => lastDialog().querySelector(".sub-dialog__late")?.textContent ?? null;

test("starting: the form opens with the client's fee and the first month not yet overdue, previews the due dates by the server's rule and sends what the API takes", async () => {
  open(NOT_STARTED);
  await settle();
  expect(lastDialog().textContent).toContain("Iniciar assinatura — Padaria Pão Quente");
  // Today is 15/03: March's due date (10/03) has passed, so the start defaults to April, and nothing is overdue.
  expect(control<HTMLInputElement>("Início (primeiro mês cobrado)", lastDialog()).value).toBe("2026-04");
  expect(warning()).toBeNull();
  // April 10 is a Friday; May 10 a Sunday → Monday 11.
  expect(months().slice(0, 2)).toEqual(["04/202610/04/2026", "05/202611/05/2026"]);
  typeInto(control<HTMLInputElement>("Trial até", lastDialog()), "2026-05-01");
  expect(months()[0]).toBe("05/202611/05/2026");
  click(button("Iniciar assinatura"));
  await settle();
  expect(calls.at(-1)).toEqual({
    method: "PUT",
    url: "/api/clients/7/subscription",
    body: { status: "ativa", valor: "150.00", diaVencimento: "10", inicio: "2026-04", fim: null, trialAte: "2026-05-01", reajuste: null, confirmarSobreposicao: false, atualizarParcelasAbertas: false },
  });
  expect(saved).toBe(1);
  expect(toastSignal.value?.title).toBe("Assinatura iniciada");
});

test("starting: a default start follows the due day (day 20 has not passed on 15/03, so March)", async () => {
  open(NOT_STARTED);
  await settle();
  choose("Dia de vencimento", "20");
  expect(control<HTMLInputElement>("Início (primeiro mês cobrado)", lastDialog()).value).toBe("2026-03");
  expect(warning()).toBeNull();
  // A start the person typed stays as typed.
  typeInto(control<HTMLInputElement>("Início (primeiro mês cobrado)", lastDialog()), "2026-06");
  choose("Dia de vencimento", "5");
  expect(control<HTMLInputElement>("Início (primeiro mês cobrado)", lastDialog()).value).toBe("2026-06");
});

test("starting in a month already due says, before saving, how many installments are overdue, their total and that the client will be blocked", async () => {
  open(NOT_STARTED);
  await settle();
  typeInto(control<HTMLInputElement>("Início (primeiro mês cobrado)", lastDialog()), "2026-01");
  // 10/01/2026 is a Saturday: January is due Monday 12/01. Past the 5 days of grace: blocked at once.
  expect(warning()).toBe("3 parcelas já vencidas (desde 12/01/2026), total de R$\u00a0450,00: entram como vencidas ao salvar e Padaria Pão Quente será bloqueado automaticamente.");
  typeInto(control<HTMLInputElement>("Início (primeiro mês cobrado)", lastDialog()), "2026-03");
  expect(warning()).toBe("1 parcela já vencida (desde 10/03/2026), total de R$\u00a0150,00: entra como vencida ao salvar; o bloqueio automático vem após 5 dias de atraso.");
  // Months in the trial are not billed, so not overdue; a paused start bills nothing.
  typeInto(control<HTMLInputElement>("Trial até", lastDialog()), "2026-04-01");
  expect(warning()).toBeNull();
  typeInto(control<HTMLInputElement>("Trial até", lastDialog()), "");
  choose("Situação", "pausada");
  expect(warning()).toBeNull();
  expect(calls.filter((c) => c.method === "PUT")).toEqual([]);
});

test("a 409 overlap is a question with its two answers in the dialog, no red alert, no toast; 'Sim' sends confirmarSobreposicao once (issue 37 item 8)", async () => {
  let attempt = 0;
  const overlap = { message: "O cliente já tem parcelas lançadas à mão em um mês…", sobreposicao: [{ id: 3, numerosParcela: "1/2", descricao: "Contrato", dataVencimento: "2026-04-05", valor: "300.00", competencia: "2026-04" }] };
  open(NOT_STARTED, () => (++attempt <= 2 ? json(overlap, 409) : json({ message: "Assinatura iniciada" })));
  await settle();
  click(button("Iniciar assinatura"));
  await settle();
  const question = lastDialog().querySelector<HTMLElement>(".sub-dialog__overlap")!;
  expect(question.textContent).toContain("Já existe uma parcela lançada à mão nos meses que a assinatura cobraria. Salvar sem cobrar esses meses de novo?");
  expect(question.textContent).toContain("Contrato — parcela 1/2, vence 05/04/2026, R$\u00a0300,00");
  expect(document.activeElement).toBe(question);
  // Not an error: no alert at the top, no toast over the buttons.
  expect(lastDialog().querySelector("[role=alert]")).toBeNull();
  expect(toastSignal.value).toBeNull();
  expect(saved).toBe(0);
  // "Não": the question goes, the dates take the focus, nothing sent.
  click(button("Não, alterar as datas", lastDialog()));
  expect(lastDialog().querySelector(".sub-dialog__overlap")).toBeNull();
  expect(document.activeElement).toBe(control<HTMLInputElement>("Início (primeiro mês cobrado)", lastDialog()));
  expect(calls.filter((c) => c.method === "PUT")).toHaveLength(1);
  // Saving again asks again; "Sim" saves with the confirmation, and only that save carries it.
  click(button("Iniciar assinatura"));
  await settle();
  expect((calls.at(-1)!.body as { confirmarSobreposicao: boolean }).confirmarSobreposicao).toBe(false);
  click(button("Sim, salvar sem cobrá-los", lastDialog()));
  await settle();
  expect((calls.at(-1)!.body as { confirmarSobreposicao: boolean }).confirmarSobreposicao).toBe(true);
  expect(saved).toBe(1);
  expect(toastSignal.value?.title).toBe("Assinatura iniciada");
});

test("an active one: ending needs fim (the API's message, before sending); a readjustment shows the new fee, then asks naming the month it applies from", async () => {
  open({ ...ACTIVE, reajustePermitidoEm: "2026-03-01", reajusteAPartirDe: "2026-04" }, () => json({ message: "Reajuste aplicado", valorAnterior: "150.00", valorNovo: "156.93" }));
  await settle();
  choose("Situação", "encerrada");
  click(button("Salvar"));
  await settle();
  expect(lastDialog().textContent).toContain("Informe o último mês cobrado (fim) para encerrar a assinatura");
  expect(calls.filter((c) => c.method === "PUT")).toEqual([]);
  typeInto(control<HTMLInputElement>("Percentual (ex.: IPCA ou IGP-M dos últimos 12 meses)", lastDialog()), "4,62");
  expect(lastDialog().textContent).toContain("Nova mensalidade: R$\u00a0156,93 (de R$\u00a0150,00, 4,62%), a partir de 04/2026");
  click(button("Aplicar reajuste"));
  await settle();
  // Nothing sent yet: a confirmation, on top, names the month; its Cancelar really cancels.
  expect(calls.filter((c) => c.method === "POST")).toEqual([]);
  const confirm = lastDialog();
  expect(confirm.textContent).toContain("O reajuste vale a partir de 04/2026: a mensalidade passa de R$\u00a0150,00 para R$\u00a0156,93 (4,62%).");
  click(button("Cancelar", confirm));
  await settle();
  expect(calls.filter((c) => c.method === "POST")).toEqual([]);
  click(button("Aplicar reajuste"));
  await settle();
  click(button("Aplicar reajuste", lastDialog()));
  await settle();
  expect(calls.filter((c) => c.method === "POST")).toEqual([{ method: "POST", url: "/api/clients/7/subscription/readjust", body: { percentual: "4,62" } }]);
  expect(toastSignal.value?.title).toBe("Reajuste aplicado");
});

test("in the first year there is no 'Aplicar reajuste': the dialog names the first date allowed (Lei 10.192/2001)", async () => {
  open({ ...ACTIVE, reajustePermitidoEm: "2027-03-01", reajusteAPartirDe: "2026-04" });
  await settle();
  expect(lastDialog().textContent).toContain("O primeiro reajuste pode ser aplicado a partir de 01/03/2027, 12 meses após o início (Lei 10.192/2001).");
  expect(() => button("Aplicar reajuste", lastDialog())).toThrow();
});

test("for a consulta: the terms read-only, the last readjustment said, no Salvar and no 'Aplicar reajuste'", async () => {
  mockFetch(calls, (call) => (call.url === "/api/settings/subscription-rules" ? json(SETTINGS) : json({ ...ACTIVE, ultimoReajuste: "2026-03-02", reajustePermitidoEm: "2027-03-02" })));
  render(
    <CanWrite.Provider value={false}>
      <SubscriptionDialog clientId={7} clientName="Padaria Pão Quente" today="2026-03-15" graceDays={5} onClose={() => closed++} onSaved={() => saved++} onChanged={() => {}} />
    </CanWrite.Provider>,
  );
  await settle();
  const dialog = lastDialog();
  expect(dialog.querySelector(".ui-dialog__title")?.textContent).toBe("Assinatura — Padaria Pão Quente");
  expect(control<HTMLSelectElement>("Dia de vencimento", dialog).value).toBe("10");
  expect(control<HTMLSelectElement>("Mês do reajuste anual", dialog).value).toBe("3");
  expect(locked(control<HTMLSelectElement>("Situação", dialog))).toBe(true);
  expect(dialog.textContent).toContain("Último reajuste em 02/03/2026.");
  expect(dialog.textContent).not.toContain("Aplicar reajuste");
  expect(() => button("Salvar", dialog)).toThrow();
  click(button("Fechar", dialog));
  expect(closed).toBe(1);
  expect(calls.every((c) => c.method === "GET")).toBe(true);
});

test("for a consulta: a subscription not started shows no form's defaults as if they were terms", async () => {
  mockFetch(calls, (call) => (call.url === "/api/settings/subscription-rules" ? json(SETTINGS) : json(NOT_STARTED)));
  render(
    <CanWrite.Provider value={false}>
      <SubscriptionDialog clientId={7} clientName="Padaria Pão Quente" today="2026-03-15" graceDays={5} onClose={() => {}} onSaved={() => saved++} onChanged={() => {}} />
    </CanWrite.Provider>,
  );
  await settle();
  const dialog = lastDialog();
  expect(dialog.querySelector(".ui-dialog__title")?.textContent).toBe("Assinatura — Padaria Pão Quente");
  expect(dialog.textContent).toContain("Situação atual: Não iniciada");
  expect(dialog.textContent).toContain("Este cliente ainda não tem assinatura.");
  expect(dialog.querySelector("input, select")).toBeNull();
  expect(() => button("Iniciar assinatura", dialog)).toThrow();
});
