import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { act } from "react";
import { dismissToast, toastSignal } from "../../src/ui/toast";
import { button, control, json, mockFetch, settle, type Call } from "../../tests/islands";
import { cleanup, click, render, typeInto } from "../../tests/ui";
import { ClientFormDialog } from "./ClientFormDialog";

let calls: Call[];
beforeEach(() => {
  calls = [];
});
afterEach(() => {
  act(() => dismissToast());
  cleanup();
});

function fill() {
  typeInto(control("Nome"), "Padaria Pão Quente");
  typeInto(control("CNPJ"), "11.222.333/0001-81");
  typeInto(control("Código do cliente"), "PAO-001");
  typeInto(control("Contato"), "Maria");
  typeInto(control("Telefone"), "(11) 98765-4321");
  typeInto(control("E-mail"), "contato@paoquente.com.br");
  typeInto(control("Mensalidade"), "150,00");
}

describe("Novo Cliente with 'Iniciar assinatura agora'", () => {
  test("creates the client, then starts its subscription from the first month not overdue, and says both", async () => {
    mockFetch(calls, (call) =>
      call.url.endsWith("subscription-rules")
        ? json({ antecedenciaDias: 10, vencimentoEmDiaUtil: true })
        : call.method === "POST"
          ? json({ id: 41, nome: "Padaria Pão Quente" }, 201)
          : json({ message: "Assinatura iniciada" }),
    );
    let saved = 0;
    render(<ClientFormDialog client={null} today="2026-11-16" onClose={() => {}} onSaved={() => saved++} />);
    fill();
    click(control("Iniciar assinatura agora"));
    await settle();
    expect(control("Início (primeiro mês cobrado)").value).toBe("2026-12");
    click(button("Salvar"));
    await settle();
    const writes = calls.filter((c) => c.method !== "GET");
    expect(writes.map((c) => `${c.method} ${c.url}`)).toEqual(["POST /api/clients", "PUT /api/clients/41/subscription"]);
    expect(writes[1]!.body).toEqual({ status: "ativa", valor: "150.00", diaVencimento: 10, inicio: "2026-12" });
    expect(saved).toBe(1);
    expect(toastSignal.value?.title).toBe("Cliente criado e assinatura iniciada");
  });

  test("a trial client is offered no start; without the box only the client is created", async () => {
    mockFetch(calls, () => json({ id: 42 }, 201));
    render(<ClientFormDialog client={null} today="2026-11-16" onClose={() => {}} onSaved={() => {}} />);
    fill();
    click(control("Cliente em período de teste (trial)"));
    expect(() => control("Iniciar assinatura agora")).toThrow();
    click(control("Cliente em período de teste (trial)"));
    click(button("Salvar"));
    await settle();
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(["POST /api/clients"]);
  });
});
