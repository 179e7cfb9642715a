import { afterEach, beforeEach, expect, test } from "bun:test";
import { act } from "react";
import type { SettingsJson } from "../../src/api/settings/model";
import type { SubscriptionJson } from "../../src/api/subscriptions/model";
import { DEFAULT_MESSAGE } from "../../src/api/settings/model";
import { dismissToast, toastSignal } from "../../src/ui/toast";
import { button, control, json, lastDialog, mockFetch, settle, type Call, locked } from "../../tests/islands";
import { cleanup, click, render, typeInto } from "../../tests/ui";
import { CanWrite } from "../lib/can-write";
import { SubscriptionDialog } from "./SubscriptionDialog";

const SETTINGS: SettingsJson = { empresa: "", cidade: "", cnpjEmpresa: "", enderecoEmpresa: "", chavePix: null, tipoChavePix: null, modeloMensagem: DEFAULT_MESSAGE, antecedenciaDias: 10, vencimentoEmDiaUtil: true, updatedAt: null };
const NOT_STARTED: SubscriptionJson = { clientId: 7, status: "nao_iniciada", valor: "150.00", diaVencimento: null, inicio: null, fim: null, trialAte: null, reajuste: null, ultimoReajuste: null, proximoVencimento: null };
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
    if (call.url === "/api/settings") return json(SETTINGS);
    if (call.method === "GET") return json(subscription);
    return put(call);
  });
  render(<SubscriptionDialog clientId={7} clientName="Padaria Pão Quente" today="2026-03-15" onClose={() => {}} onSaved={() => saved++} onChanged={() => {}} />);
};

const months = () => [...lastDialog().querySelectorAll(".sub-dialog__months li")].map((li) => li.textContent);

test("starting: the form opens with the client's fee, previews the next due dates by the server's rule and sends what the API takes", async () => {
  open(NOT_STARTED);
  await settle();
  expect(lastDialog().textContent).toContain("Iniciar assinatura — Padaria Pão Quente");
  // April 10 is a Friday; May 10 a Sunday → Monday 11; Carnaval is not in range.
  expect(months().slice(0, 3)).toEqual(["03/202610/03/2026", "04/202610/04/2026", "05/202611/05/2026"]);
  typeInto(control<HTMLInputElement>("Trial até", lastDialog()), "2026-05-01");
  expect(months()[0]).toBe("05/202611/05/2026");
  click(button("Iniciar assinatura"));
  await settle();
  expect(calls.at(-1)).toEqual({
    method: "PUT",
    url: "/api/clients/7/subscription",
    body: { status: "ativa", valor: "150.00", diaVencimento: "10", inicio: "2026-03", fim: null, trialAte: "2026-05-01", reajuste: null, confirmarSobreposicao: false, atualizarParcelasAbertas: false },
  });
  expect(saved).toBe(1);
  expect(toastSignal.value?.title).toBe("Assinatura iniciada");
});

test("a 409 overlap lists the installments made by hand; confirming sends confirmarSobreposicao", async () => {
  let attempt = 0;
  open(NOT_STARTED, () =>
    ++attempt === 1
      ? json({ message: "O cliente já tem parcelas lançadas à mão em um mês…", sobreposicao: [{ id: 3, numerosParcela: "1/2", descricao: "Contrato", dataVencimento: "2026-04-05", valor: "300.00", competencia: "2026-04" }] }, 409)
      : json({ message: "Assinatura iniciada" }),
  );
  await settle();
  click(button("Iniciar assinatura"));
  await settle();
  expect(lastDialog().textContent).toContain("Contrato — parcela 1/2, vence 05/04/2026, R$\u00a0300,00");
  expect(saved).toBe(0);
  click(control<HTMLInputElement>("Entendi: a assinatura não cobra de novo esses meses", lastDialog()));
  click(button("Iniciar assinatura"));
  await settle();
  expect((calls.at(-1)!.body as { confirmarSobreposicao: boolean }).confirmarSobreposicao).toBe(true);
  expect(saved).toBe(1);
});

test("an active one: ending needs fim (the API's message, before sending); a readjustment shows the new fee before applying", async () => {
  open(ACTIVE, () => json({ message: "Reajuste aplicado", valorAnterior: "150.00", valorNovo: "156.93" }));
  await settle();
  const select = control<HTMLSelectElement>("Situação", lastDialog());
  act(() => {
    select.value = "encerrada";
    select.dispatchEvent(new Event("change", { bubbles: true }));
  });
  click(button("Salvar"));
  await settle();
  expect(lastDialog().textContent).toContain("Informe o último mês cobrado (fim) para encerrar a assinatura");
  expect(calls.filter((c) => c.method === "PUT")).toEqual([]);
  typeInto(control<HTMLInputElement>("Percentual (ex.: IPCA ou IGP-M dos últimos 12 meses)", lastDialog()), "4,62");
  expect(lastDialog().textContent).toContain("Nova mensalidade: R$\u00a0156,93 (de R$\u00a0150,00, 4,62%)");
  click(button("Aplicar reajuste"));
  await settle();
  expect(calls.find((c) => c.method === "POST")).toEqual({ method: "POST", url: "/api/clients/7/subscription/readjust", body: { percentual: "4,62" } });
  expect(toastSignal.value?.title).toBe("Reajuste aplicado");
});

test("for a consulta: the terms read-only, the last readjustment said, no Salvar and no 'Aplicar reajuste'", async () => {
  mockFetch(calls, (call) => (call.url === "/api/settings" ? json(SETTINGS) : json({ ...ACTIVE, ultimoReajuste: "2026-03-02" })));
  render(
    <CanWrite.Provider value={false}>
      <SubscriptionDialog clientId={7} clientName="Padaria Pão Quente" today="2026-03-15" onClose={() => closed++} onSaved={() => saved++} onChanged={() => {}} />
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
  mockFetch(calls, (call) => (call.url === "/api/settings" ? json(SETTINGS) : json(NOT_STARTED)));
  render(
    <CanWrite.Provider value={false}>
      <SubscriptionDialog clientId={7} clientName="Padaria Pão Quente" today="2026-03-15" onClose={() => {}} onSaved={() => saved++} onChanged={() => {}} />
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
