import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { act } from "react";
import { dismissToast, toastSignal } from "../src/ui/toast";
import { cleanup, click, get, render, serverRenderAndHydrate, typeInto } from "../tests/ui";
import GenerateInstallments from "./GenerateInstallments";
// The schemas load with the form's first use (islands/lib/use-form.ts): compiled ahead here, so
// the settle() after a submit is enough for them to check.
import "./ledger/schemas";

// The plano de contas offered (issue 36): none chosen sends "" (the default).
const NO_CHOICES = { categorias: [{ id: 3, nome: "Receitas de serviços › Serviços avulsos", ativa: true }], centros: [] };
import { json, mockFetch, settle, type Call, button, control, pause, setValue } from "../tests/islands";

let calls: Call[];
beforeEach(() => {
  calls = [];
});
afterEach(() => {
  act(() => dismissToast());
  cleanup();
});

const PARTIES = [
  { id: 7, nome: "Padaria Pão Quente", statusBloqueio: 0 },
  { id: 9, nome: "Ótica Visão Clara", statusBloqueio: 1 },
];

const previewRows = () =>
  [...document.querySelectorAll(".generate-preview tbody tr")].map((tr) => [...tr.querySelectorAll("td")].map((td) => td.textContent));


async function pick(name: string) {
  pause(250, () => typeInto(control("Cliente"), name.slice(0, 4)));
  await settle();
  click([...document.querySelectorAll('[role="option"]')].find((o) => o.textContent?.startsWith(name))!);
}

describe("GenerateInstallments (Gerar Parcelas CR)", () => {
  test("hydrates without a mismatch", () => {
    expect(serverRenderAndHydrate(<GenerateInstallments kind="receber" today="2026-01-31" graceDays={0} choices={NO_CHOICES} />).errors).toEqual([]);
  });

  test("the preview is the server's split: R$ 100,00 in 3 from 31/01 clamps to month ends and puts the cent on the last", () => {
    render(<GenerateInstallments kind="receber" today="2026-01-31" graceDays={0} choices={NO_CHOICES} />);
    setValue(control("Número de parcelas"), "3");
    typeInto(control("Valor total"), "100,00");
    expect(previewRows()).toEqual([
      ["1/3", "31/01/2026", "R$\u00a033,33"],
      ["2/3", "28/02/2026", "R$\u00a033,33"],
      ["3/3", "31/03/2026", "R$\u00a033,34"],
    ]);
    expect(get(".generate-preview__totals").textContent).toBe("3 parcelasde R$\u00a033,33 (a última de R$\u00a033,34)");
    expect(get(".generate-preview tfoot").textContent).toContain("R$\u00a0100,00");
  });

  test("a first due date already past says, before saving, that they are overdue at once and will block the client", () => {
    render(<GenerateInstallments kind="receber" today="2026-03-15" graceDays={0} choices={NO_CHOICES} />);
    setValue(control("Número de parcelas"), "3");
    typeInto(control("Valor total"), "300,00");
    expect(document.querySelector(".generate-warning")).toBeNull();
    setValue(control("Primeiro vencimento"), "2026-02-10");
    expect(get(".generate-warning").textContent).toBe("2 parcelas já vencidas (desde 10/02/2026): entram como vencidas e o cliente será bloqueado automaticamente.");
  });

  test("within BLOCK_GRACE_DAYS the warning says when blocking would come", () => {
    render(<GenerateInstallments kind="receber" today="2026-03-15" graceDays={5} choices={NO_CHOICES} />);
    typeInto(control("Valor total"), "100,00");
    setValue(control("Primeiro vencimento"), "2026-03-12");
    expect(get(".generate-warning").textContent).toBe("1 parcela já vencida (desde 12/03/2026): entra como vencida; o bloqueio automático vem após 5 dias de atraso.");
  });

  test("SPEC §5 messages under the fields, nothing sent", async () => {
    mockFetch(calls, () => json([]));
    render(<GenerateInstallments kind="receber" today="2026-01-31" graceDays={0} choices={NO_CHOICES} />);
    setValue(control("Número de parcelas"), "25");
    click(button("Gerar Parcelas"));
    await settle();
    const text = get(".generate-form").textContent!;
    for (const message of ["Cliente é obrigatório", "Máximo 24 parcelas", "Valor deve ser maior que zero", "Descrição é obrigatória"]) {
      expect(text).toContain(message);
    }
    expect(calls.filter((c) => c.method === "POST")).toHaveLength(0);
  });

  test("searches clients on the server, marks blocked ones, and generates with the API's shape", async () => {
    mockFetch(calls, (call) =>
      call.method === "POST"
        ? json({ message: "Parcelas geradas com sucesso!" }, 201)
        : new Response(JSON.stringify(PARTIES), { headers: { "x-total-count": "2" } }),
    );
    render(<GenerateInstallments kind="receber" today="2026-01-31" graceDays={0} choices={NO_CHOICES} />);
    await pick("Ótica Visão Clara");
    expect(calls[0]!.url).toBe("/api/clients?q=%C3%93tic&porPagina=20");
    expect(get(".generate-form").textContent).toContain("Este cliente está bloqueado. As parcelas serão geradas mesmo assim.");
    setValue(control("Número de parcelas"), "12");
    typeInto(control("Valor total"), "1.234,56");
    typeInto(control("Descrição"), "Mensalidade 2026");
    click(button("Gerar Parcelas"));
    await settle();
    const post = calls.find((c) => c.method === "POST")!;
    expect(post.url).toBe("/api/installments/generate");
    expect(post.body).toEqual({ clientId: "9", numParcelas: "12", valor: "1234.56", primeiroVencimento: "2026-01-31", descricao: "Mensalidade 2026", categoriaId: "", centroCustoId: "" });
    expect(toastSignal.value?.title).toBe("Parcelas geradas com sucesso!");
    expect(get(".generate-done a").getAttribute("href")).toBe("/receivables?clientId=9");
    // The form starts again for the next contract.
    expect(control("Descrição").value).toBe("");
  });

  test("a server failure says 'Erro ao gerar parcelas' / 'Tente novamente'", async () => {
    mockFetch(calls, (call) =>
      call.method === "POST" ? new Response("", { status: 500 }) : new Response(JSON.stringify(PARTIES), { headers: { "x-total-count": "2" } }),
    );
    render(<GenerateInstallments kind="receber" today="2026-01-31" graceDays={0} choices={NO_CHOICES} />);
    await pick("Padaria Pão Quente");
    typeInto(control("Valor total"), "100");
    typeInto(control("Descrição"), "Contrato");
    click(button("Gerar Parcelas"));
    await settle();
    expect(toastSignal.value).toMatchObject({ title: "Erro ao gerar parcelas", description: "Tente novamente", variant: "destructive" });
  });

  test("Limpar empties the form and the preview", () => {
    render(<GenerateInstallments kind="receber" today="2026-01-31" graceDays={0} choices={NO_CHOICES} />);
    typeInto(control("Valor total"), "100");
    expect(previewRows()).toHaveLength(1);
    click(button("Limpar"));
    expect(previewRows()).toHaveLength(0);
    expect(control("Valor total").value).toBe("");
  });
});

describe("GenerateInstallments (Gerar Parcelas CP)", () => {
  test("asks for a supplier and sends supplierId", async () => {
    mockFetch(calls, (call) =>
      call.method === "POST" ? json({}, 201) : new Response(JSON.stringify([{ id: 4, nome: "Gráfica Rápida", statusBloqueio: 0 }]), { headers: { "x-total-count": "1" } }),
    );
    render(<GenerateInstallments kind="pagar" today="2026-01-31" graceDays={0} choices={NO_CHOICES} />);
    pause(250, () => typeInto(control("Fornecedor"), "Graf"));
    await settle();
    expect(calls[0]!.url).toBe("/api/suppliers?q=Graf&porPagina=20");
    click(document.querySelector('[role="option"]')!);
    typeInto(control("Valor total"), "900");
    typeInto(control("Descrição"), "Impressos");
    click(button("Gerar Parcelas"));
    await settle();
    expect(calls.find((c) => c.method === "POST")).toMatchObject({ url: "/api/payables/generate", body: { supplierId: "4", valor: "900.00" } });
  });
});
