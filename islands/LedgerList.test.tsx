import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { act } from "react";
import { dismissToast, toastSignal } from "../src/ui/toast";
import { cleanup, click, get, render, serverRenderAndHydrate, typeInto } from "../tests/ui";
import { CanWrite } from "./lib/can-write";
import LedgerCards from "./LedgerCards";
import LedgerList, { type LedgerListProps } from "./LedgerList";
import { packRows, type ApiLedgerRow, type LedgerRow } from "./ledger/kinds";
import { ledgerSummary } from "./lib/state";
import { apiLedgerRow, ledgerRowFixture as installment, json, mockFetch, settle, type Call, button, control, lastDialog, setValue, rowAction, rowActions } from "../tests/islands";
// The dialogs load with their first opening (islands/lib/on-demand.tsx): compiled ahead here, so
// the settle() after an opening click is enough for them to show.
import "./ledger/PaymentDialog";
import "./ledger/DueDateDialog";
import "./ledger/ChargeDialog";
import "./history/HistoryPanel";

const TODAY = "2026-03-15";

const OPEN = installment();
const LATE = installment({ numerosParcela: "1/12", dataVencimento: "2026-03-05", valor: "43.50", status: "vencido" });
const PAID = installment({ numerosParcela: "2/12", status: "pago", dataPagamento: "2026-02-10", valorPago: "355.00" });

const props = (kind: "receber" | "pagar" = "receber", rows = [LATE, PAID, OPEN]): LedgerListProps => ({
  kind,
  initial: { rows: rows.map((row) => apiLedgerRow(kind, row)) as LedgerListProps["initial"]["rows"], total: rows.length },
  params: { status: "", mes: "", ordem: "vencimento", pagina: "1", porPagina: "50" },
  today: TODAY,
  partyName: null,
  choices: { categorias: [{ id: 3, nome: "Receitas de serviços › Serviços avulsos", ativa: true }], centros: [] },
});

const SUMMARY = { emAberto: { total: "398.50", quantidade: 2 }, vencidas: { total: "43.50", quantidade: 1 }, recebidoNoMes: { total: "0.00", quantidade: 0 } };

let calls: Call[];
beforeEach(() => {
  calls = [];
  history.replaceState(null, "", "/receivables");
  ledgerSummary.value = null;
});
afterEach(() => {
  act(() => dismissToast());
  cleanup();
});

const rows = () => [...document.querySelectorAll<HTMLTableRowElement>(".ledger-table tbody tr")];




/** The rows as the API sends them (clientId/clientName). */
const apiRows = [LATE, PAID, OPEN].map(({ partyId, partyName, ...rest }) => ({ ...rest, clientId: partyId, clientName: partyName }));

const page = (body: unknown[], total = body.length) =>
  new Response(JSON.stringify(body), { headers: { "content-type": "application/json", "x-total-count": String(total) } });

describe("LedgerList (Contas a Receber)", () => {
  test("hydrates without a mismatch", () => {
    expect(serverRenderAndHydrate(<LedgerList {...props()} />).errors).toEqual([]);
  });

  test("rows packed as the page sends them (names once, packRows) hydrate and draw the same rows", () => {
    const plain = props();
    const packed = { ...plain, initial: { rows: packRows(plain.initial.rows as ApiLedgerRow[]), total: plain.initial.total } };
    expect(packed.initial.rows.keys).toContain("clientName");
    expect(serverRenderAndHydrate(<LedgerList {...packed} />).errors).toEqual([]);
    cleanup();
    render(<LedgerList {...plain} />);
    const drawn = rows().map((r) => r.outerHTML);
    cleanup();
    render(<LedgerList {...packed} />);
    expect(rows().map((r) => r.outerHTML)).toEqual(drawn);
  });

  test("badges in SPEC's words and colours; paid rows say when and offer Cancelar Baixa", () => {
    render(<LedgerList {...props()} />);
    expect(rows().map((r) => r.querySelector(".ui-badge")!.textContent)).toEqual(["Vencida", "Pago", "Em Aberto"]);
    expect(rows()[0]!.querySelector(".ui-badge--danger")).not.toBeNull();
    expect(rows()[1]!.querySelector(".ui-badge--success")).not.toBeNull();
    expect(rows()[2]!.querySelector(".ui-badge--warning")).not.toBeNull();
    expect(rows()[1]!.textContent).toContain("Pago em 10/02/2026");
    // The row's one visible action is Baixar (Histórico on a paid one); the rest is in its "⋯" menu.
    expect(rowActions("Padaria Pão Quente parcela 2/12")).toEqual(["Histórico", "Recibo", "Editar lançamento", "Cancelar Baixa"]);
    expect(rowActions("Padaria Pão Quente parcela 3/12")).toEqual(["Baixar", "Cobrar", "Prorrogar", "Editar lançamento", "Histórico", "Excluir"]);
    // The client's name leads to that client's receivables.
    expect(rows()[0]!.querySelector("a")!.getAttribute("href")).toBe("/receivables?clientId=7");
  });

  test("a subscription's month reads 'Mensal' and is named by its competência, never '1/1' (issue 37 §1)", async () => {
    mockFetch(calls, () => json({}));
    const month = installment({ numerosParcela: "1/1", descricao: "Mensalidade 12/2026", competencia: "2026-12", dataVencimento: "2026-12-10" });
    render(<LedgerList {...props("receber", [month])} />);
    expect(rows()[0]!.querySelector("td:nth-child(2)")!.textContent).toBe("Mensal");
    expect(rows()[0]!.textContent).not.toContain("1/1");
    expect(rowActions("Padaria Pão Quente Mensalidade 12/2026")).toEqual(["Baixar", "Cobrar", "Prorrogar", "Editar lançamento", "Histórico", "Excluir"]);
    click(button("Baixar Padaria Pão Quente Mensalidade 12/2026"));
    await settle();
    const facts = lastDialog().querySelector(".ledger-facts")!.textContent;
    expect(facts).toContain("Competênciadez. de 2026");
    expect(facts).not.toContain("1/1");
  });

  test("a paid row's date sits under its badge: 'Pago em 10/02/2026' (issue 37 §10)", () => {
    render(<LedgerList {...props()} />);
    const status = rows()[1]!.querySelector(".ledger-status")!;
    expect(status.textContent).toBe("Pago em 10/02/2026");
    expect(status.querySelector(".ledger-paid-on")!.textContent).toBe(" em 10/02/2026");
  });

  test("an open row whose due date passed since the page was rendered shows Vencida (TS status rule)", () => {
    render(<LedgerList {...props("receber", [installment({ dataVencimento: "2026-03-14", status: "em_aberto" })])} />);
    expect(rows()[0]!.querySelector(".ui-badge")!.textContent).toBe("Vencida");
  });

  test("the payment dialog proposes multa 0,87 and juros 0,15 for R$ 43,50 paid 10 days late, live as the date changes", async () => {
    mockFetch(calls, (call) => (call.method === "PATCH" ? json({ message: "Parcela quitada" }) : call.url.includes("summary") ? json(SUMMARY) : page([])));
    render(<LedgerList {...props()} />);
    click(button("Baixar Padaria Pão Quente parcela 1/12"));
    await settle(); // the dialog's code loads with its first opening
    const dialog = lastDialog();
    expect(control("Data de pagamento", dialog).value).toBe(TODAY);
    setValue(control("Data de pagamento", dialog), "2026-03-15");
    expect(control("Multa (2%)", dialog).value).toBe("0,87");
    expect(control("Juros (1% ao mês)", dialog).value).toBe("0,15");
    expect(get('[data-testid="total-baixa"]', dialog).textContent).toBe("R$\u00a044,52");
    expect(dialog.textContent).toContain("10 dias de atraso");
    // Paid on the due date: no fees.
    setValue(control("Data de pagamento", dialog), "2026-03-05");
    expect(control("Multa (2%)", dialog).value).toBe("0,00");
    expect(dialog.textContent).toContain("Sem atraso");
    // Months before the due date is allowed but said (issue 37 §5), never "Sem atraso".
    setValue(control("Data de pagamento", dialog), "2025-12-05");
    expect(dialog.textContent).toContain("90 dias antes do vencimento (05/03/2026)");
    expect(dialog.textContent).not.toContain("Sem atraso");
    setValue(control("Data de pagamento", dialog), "2026-03-15");
    // The fee can be edited; the total follows.
    typeInto(control("Juros (1% ao mês)", dialog), "1,00");
    expect(get('[data-testid="total-baixa"]', dialog).textContent).toBe("R$\u00a045,37");
    click(button("Confirmar baixa", dialog));
    await settle();
    const patch = calls.find((c) => c.method === "PATCH")!;
    expect(patch.url).toBe(`/api/installments/${LATE.id}/pay-with-fees`);
    expect(patch.body).toEqual({ dataPagamento: "2026-03-15", valorBaixa: "45.37", multa: "0.87", juros: "1.00" });
    expect(toastSignal.value?.title).toBe("Parcela quitada");
    // The list and the cards are fetched again.
    expect(calls.some((c) => c.url.startsWith("/api/installments?"))).toBe(true);
    expect(calls.some((c) => c.url === "/api/installments/summary")).toBe(true);
  });

  test("Baixar names the bank account: a select only when accounts exist, the default chosen; the one chosen is sent", async () => {
    mockFetch(calls, (call) => (call.method === "PATCH" ? json({ message: "Parcela quitada" }) : call.url.includes("summary") ? json(SUMMARY) : page([])));
    const contas = [
      { id: 7, nome: "Conta movimento", padrao: true },
      { id: 9, nome: "Sicoob (756) · Ag. 3040 · Conta 12345-6", padrao: false },
    ];
    render(<LedgerList {...props()} contas={contas} />);
    click(button("Baixar Padaria Pão Quente parcela 1/12"));
    await settle();
    const dialog = lastDialog();
    const select = control<HTMLSelectElement>("Conta bancária", dialog);
    expect([...select.options].map((o) => o.text)).toEqual(["Conta movimento (padrão)", "Sicoob (756) · Ag. 3040 · Conta 12345-6"]);
    expect(select.value).toBe("7");
    act(() => {
      select.value = "9";
      select.dispatchEvent(new Event("change", { bubbles: true }));
    });
    click(button("Confirmar baixa", dialog));
    await settle();
    expect(calls.find((c) => c.method === "PATCH")!.body).toMatchObject({ contaId: "9" });
  });

  test("without accounts Baixar asks for none and sends none", async () => {
    mockFetch(calls, (call) => (call.method === "PATCH" ? json({ message: "Parcela quitada" }) : call.url.includes("summary") ? json(SUMMARY) : page([])));
    render(<LedgerList {...props()} />);
    click(button("Baixar Padaria Pão Quente parcela 1/12"));
    await settle();
    expect(lastDialog().textContent).not.toContain("Conta bancária");
    click(button("Confirmar baixa", lastDialog()));
    await settle();
    expect(calls.find((c) => c.method === "PATCH")!.body).not.toHaveProperty("contaId");
  });

  test("Baixar with less than due asks: partial (the balance stays) or discount; a partial row shows its balance", async () => {
    mockFetch(calls, (call) => (call.method === "PATCH" ? json({ message: "Parcela quitada" }) : call.url.includes("summary") ? json(SUMMARY) : page([])));
    const partial = installment({ numerosParcela: "4/12", valor: "355.00", saldo: "255.00", status: "parcial", dataPagamento: "2026-03-10", valorPago: "100.00" });
    render(<LedgerList {...props("receber", [partial])} />);
    // The row says Parcial and what is left.
    expect(rows()[0]!.querySelector(".ledger-status")!.textContent).toBe("Parcial saldo R$\u00a0255,00");
    // Each payment has its receipt (DECISIONS §12): a partly paid row offers Recibo too.
    expect(rowActions("Padaria Pão Quente parcela 4/12")).toEqual(["Baixar", "Cobrar", "Prorrogar", "Recibo", "Cancelar Baixa", "Editar lançamento", "Histórico"]);
    click(button("Baixar Padaria Pão Quente parcela 4/12"));
    await settle();
    const dialog = lastDialog();
    // Not yet due (20/03): no fees; what is due now is the balance.
    expect(get('[data-testid="saldo-aberto"]', dialog).textContent).toBe("Saldo em abertoR$\u00a0255,00");
    expect(get('[data-testid="total-baixa"]', dialog).textContent).toBe("R$\u00a0255,00");
    expect(control("Valor recebido", dialog).value).toBe("255,00");
    expect(dialog.querySelector('input[type="radio"]')).toBeNull();
    typeInto(control("Valor recebido", dialog), "55,00");
    expect(dialog.textContent).toContain("Pagamento parcial (fica saldo de R$\u00a0200,00)");
    click(dialog.querySelector<HTMLInputElement>('input[type="radio"][value="parcial"]')!);
    click(button("Confirmar baixa", dialog));
    await settle();
    const patch = calls.find((c) => c.method === "PATCH")!;
    expect(patch.body).toEqual({ dataPagamento: TODAY, valorBaixa: "55.00", multa: "0.00", juros: "0.00", tipo: "parcial" });
  });

  test("the fees follow the company's rates (Configurações): 2,5 % multa and 1,5 % a month", async () => {
    mockFetch(calls, () => json({}));
    render(<LedgerList {...props()} rates={{ multaCentesimos: 250, jurosMensalCentesimos: 150 }} />);
    click(button("Baixar Padaria Pão Quente parcela 1/12"));
    await settle();
    const dialog = lastDialog();
    setValue(control("Data de pagamento", dialog), "2026-03-15");
    // R$ 43,50, 10 days late, worked by hand: multa 43,50 × 2,5 % = 1,0875 → 1,09;
    // juros 43,50 × 10/30 × 1,5 % = 0,2175 → 0,22.
    expect(control("Multa (2,5%)", dialog).value).toBe("1,09");
    expect(control("Juros (1,5% ao mês)", dialog).value).toBe("0,22");
  });

  test("an impossible date (31/02) says 'Data inválida' and the fees of the last readable date stay", async () => {
    mockFetch(calls, () => json({}));
    render(<LedgerList {...props()} />);
    click(button("Baixar Padaria Pão Quente parcela 1/12"));
    await settle(); // the dialog's code loads with its first opening
    const dialog = lastDialog();
    setValue(control("Data de pagamento", dialog), "2026-03-15");
    expect(control("Multa (2%)", dialog).value).toBe("0,87");
    // What the browser does with 31/02/2026 typed in: the value is empty and badInput is set.
    const date = control("Data de pagamento", dialog);
    Object.defineProperty(date, "validity", { configurable: true, value: { badInput: true } });
    setValue(date, "");
    expect(control("Multa (2%)", dialog).value).toBe("0,87");
    expect(dialog.textContent).toContain("10 dias de atraso");
    click(button("Confirmar baixa", dialog));
    await settle();
    expect(calls.filter((c) => c.method === "PATCH")).toHaveLength(0);
    expect(dialog.textContent).toContain("Data inválida");
    expect(dialog.textContent).not.toContain("Data de pagamento é obrigatória");
  });

  test("a payment date in the future is refused before sending", async () => {
    mockFetch(calls, () => json({}));
    render(<LedgerList {...props()} />);
    click(button("Baixar Padaria Pão Quente parcela 3/12"));
    await settle(); // the dialog's code loads with its first opening
    setValue(control("Data de pagamento", lastDialog()), "2026-03-16");
    click(button("Confirmar baixa", lastDialog()));
    await settle();
    expect(calls).toHaveLength(0);
    expect(lastDialog().textContent).toContain("A data de pagamento não pode ser futura");
  });

  test("an empty payment date shows SPEC's message", async () => {
    mockFetch(calls, () => json({}));
    render(<LedgerList {...props()} />);
    click(button("Baixar Padaria Pão Quente parcela 3/12"));
    await settle(); // the dialog's code loads with its first opening
    setValue(control("Data de pagamento", lastDialog()), "");
    click(button("Confirmar baixa", lastDialog()));
    await settle();
    expect(calls).toHaveLength(0);
    expect(lastDialog().textContent).toContain("Data de pagamento é obrigatória");
  });

  test("Prorrogar sends the new due date and toasts 'Vencimento alterado'; a refusal shows the server's words", async () => {
    let refuse = true;
    mockFetch(calls, (call) =>
      call.method === "PATCH" ? (refuse ? json({ message: "Parcela já paga não pode ter o vencimento alterado" }, 409) : json({ message: "Vencimento alterado" })) : page([]),
    );
    render(<LedgerList {...props()} />);
    click(rowAction("Prorrogar", "Padaria Pão Quente parcela 3/12"));
    await settle(); // the dialog's code loads with its first opening
    setValue(control("Novo vencimento", lastDialog()), "2026-04-10");
    click(button("Salvar", lastDialog()));
    await settle();
    expect(toastSignal.value).toMatchObject({ title: "Erro", description: "Parcela já paga não pode ter o vencimento alterado" });
    refuse = false;
    click(button("Salvar", lastDialog()));
    await settle();
    expect(calls.filter((c) => c.method === "PATCH").at(-1)!.body).toEqual({ dataVencimento: "2026-04-10" });
    expect(toastSignal.value?.title).toBe("Vencimento alterado");
  });

  test("Cancelar Baixa and Excluir ask SPEC's questions first, starting on the safe button", async () => {
    // The server's answers say what happened (src/api/installments/table.ts messages): the toast shows them.
    const said = (call: Call) => json({ message: call.method === "POST" ? "Baixa cancelada com sucesso!" : "Parcela excluída com sucesso!" });
    // The row's two payments (issue 34): the confirmation lists them, the last one chosen.
    const payment = (id: number, dataPagamento: string, valorPago: string) => ({ id, dataPagamento, valorPago, principal: valorPago, multa: "0.00", juros: "0.00", desconto: "0.00", origem: "manual" });
    const payments = [payment(71, "2026-02-01", "155.00"), payment(72, "2026-02-10", "200.00")];
    mockFetch(calls, (call) =>
      call.url.includes("summary") ? json(SUMMARY) : call.url.endsWith("/payments") ? json(payments) : call.method === "GET" ? page(apiRows) : said(call),
    );
    render(<LedgerList {...props()} />);
    click(rowAction("Cancelar Baixa", "Padaria Pão Quente parcela 2/12"));
    await settle(); // the confirmation's code loads with its first opening
    expect(lastDialog().textContent).toContain("Confirma o cancelamento da baixa desta parcela?");
    expect(lastDialog().textContent).toContain("Qual pagamento cancelar?");
    const radios = [...lastDialog().querySelectorAll<HTMLInputElement>('input[name="pagamento"]')];
    expect(radios.map((r) => [r.value, r.checked])).toEqual([["71", false], ["72", true]]);
    expect(document.activeElement?.textContent).toBe("Voltar");
    click(radios[0]!);
    click(button("Cancelar baixa", lastDialog()));
    await settle();
    expect(calls.find((c) => c.method === "POST")).toMatchObject({ method: "POST", url: `/api/installments/${PAID.id}/undo-payment`, body: { pagamentoId: 71 } });
    expect(toastSignal.value?.title).toBe("Baixa cancelada com sucesso!");

    click(rowAction("Excluir", "Padaria Pão Quente parcela 3/12"));
    expect(lastDialog().textContent).toContain("Confirma a exclusão desta parcela? Esta ação não pode ser desfeita.");
    click(button("Excluir", lastDialog()));
    await settle();
    expect(calls.some((c) => c.method === "DELETE" && c.url === `/api/installments/${OPEN.id}`)).toBe(true);
    expect(toastSignal.value?.title).toBe("Parcela excluída com sucesso!");
  });

  test("filters and sort go to the URL and to the server; Parcela sorts server-side", async () => {
    mockFetch(calls, () => page([]));
    render(<LedgerList {...props()} />);
    act(() => {
      const select = control("Status") as unknown as HTMLSelectElement;
      select.value = "vencido";
      select.dispatchEvent(new Event("change", { bubbles: true }));
    });
    await settle();
    setValue(control("Mês de vencimento"), "2026-03");
    await settle();
    click(button("Parcela"));
    await settle();
    expect(location.search).toBe("?status=vencido&mes=2026-03&ordem=parcela");
    expect(calls.at(-1)!.url).toBe("/api/installments?status=vencido&mes=2026-03&ordem=parcela&porPagina=50");
    expect(get(".ui-empty").textContent).toContain("Nenhuma parcela encontrada");
  });
});

describe("LedgerList (Contas a Pagar)", () => {
  test("Pagar shows SPEC's sentence, proposes today and the face value, and sends a changed amount", async () => {
    mockFetch(calls, (call) => (call.method === "PATCH" ? json({ message: "Pagamento realizado com sucesso!" }) : call.url.includes("summary") ? json({}) : page([])));
    history.replaceState(null, "", "/payables");
    render(<LedgerList {...props("pagar", [installment({ partyName: "Gráfica Rápida", numerosParcela: "1/3", valor: "1200.00" })])} />);
    expect(rowActions("Gráfica Rápida parcela 1/3")).toEqual(["Pagar", "Editar lançamento", "Histórico", "Excluir"]);
    click(button("Pagar Gráfica Rápida parcela 1/3"));
    await settle(); // the dialog's code loads with its first opening
    const dialog = lastDialog();
    expect(dialog.textContent).toContain("Confirma o pagamento da conta 1/3 do fornecedor Gráfica Rápida?");
    expect(control("Valor pago", dialog).value).toBe("1.200,00");
    // Paid before its due date: said, not refused (issue 37 §5).
    expect(dialog.textContent).toContain("5 dias antes do vencimento (20/03/2026)");
    typeInto(control("Valor pago", dialog), "1.150,75");
    // Less than due: the dialog asks what the difference is (issue 34), and sends nothing until answered.
    expect(dialog.textContent).toContain("Pagamento parcial (fica saldo de R$\u00a049,25)");
    expect(dialog.textContent).toContain("Quitar com desconto de R$\u00a049,25");
    click(button("Pagar", dialog));
    await settle();
    expect(calls.filter((c) => c.method === "PATCH")).toHaveLength(0);
    expect(dialog.textContent).toContain("Escolha: pagamento parcial ou quitar com desconto");
    click(dialog.querySelector<HTMLInputElement>('input[type="radio"][value="desconto"]')!);
    click(button("Pagar", dialog));
    await settle();
    const patch = calls.find((c) => c.method === "PATCH")!;
    expect(patch.url).toMatch(/^\/api\/payables\/\d+\/pay$/);
    expect(patch.body).toEqual({ dataPagamento: TODAY, valorPago: "1150.75", tipo: "desconto" });
    expect(toastSignal.value?.title).toBe("Pagamento realizado com sucesso!");
  });

  test("a refused delete says 'Erro ao excluir conta' when the server has no message", async () => {
    mockFetch(calls, () => new Response("", { status: 500 }));
    render(<LedgerList {...props("pagar", [installment({ partyName: "Gráfica Rápida", numerosParcela: "1/3" })])} />);
    click(rowAction("Excluir", "Gráfica Rápida parcela 1/3"));
    await settle(); // the confirmation's code loads with its first opening
    expect(lastDialog().textContent).toContain("Confirma a exclusão da conta 1/3 do fornecedor Gráfica Rápida?");
    click(button("Excluir", lastDialog()));
    await settle();
    expect(toastSignal.value).toMatchObject({ title: "Erro", description: "Erro ao excluir conta" });
  });
});

describe("LedgerList for a consulta (read-only)", () => {
  /** The screen as a consulta sees it (CanWrite false), or as the finance roles do. */
  const renderAs = (canWrite: boolean, listProps: LedgerListProps) =>
    render(
      <CanWrite.Provider value={canWrite}>
        <LedgerList {...listProps} />
      </CanWrite.Provider>,
    );
  /** Every button's accessible name (aria-label, else its text), menus closed. */
  const buttonNames = () => [...document.querySelectorAll("button")].map((b) => b.getAttribute("aria-label") ?? b.textContent?.trim() ?? "");
  const links = () => [...document.querySelectorAll("a")].map((a) => a.textContent?.trim() ?? "");
  const WRITES = ["Baixar", "Pagar", "Cobrar", "Prorrogar", "Cancelar Baixa", "Excluir", "Mais ações para"];
  const writeControls = () => buttonNames().filter((label) => WRITES.some((verb) => label.startsWith(`${verb} `)));

  test("hydrates without a mismatch", () => {
    const ui = (
      <CanWrite.Provider value={false}>
        <LedgerList {...props()} />
      </CanWrite.Provider>
    );
    expect(serverRenderAndHydrate(ui).errors).toEqual([]);
  });

  test("receivables: each row offers only Histórico (and a paid one its Recibo), visible, with no '⋯' menu; the finance roles get the verbs", () => {
    renderAs(true, props());
    expect(writeControls().length).toBeGreaterThan(0);
    cleanup();

    renderAs(false, props());
    expect(writeControls()).toEqual([]);
    for (const row of ["1/12", "2/12", "3/12"]) {
      const expected = [`Histórico Padaria Pão Quente parcela ${row}`, ...(row === "2/12" ? [`Recibo Padaria Pão Quente parcela ${row}`] : [])];
      expect(buttonNames().filter((label) => label.endsWith(` Padaria Pão Quente parcela ${row}`))).toEqual(expected);
    }
    expect(document.querySelectorAll('[role="menuitem"]')).toHaveLength(0);
    // What was paid, and when, is on the row itself (no dialog needed to read it).
    expect(rows()[1]!.textContent).toContain("Pago em 10/02/2026");
  });

  test("a paid row's different amount paid is still read on the row", () => {
    renderAs(false, props("receber", [installment({ status: "pago", dataPagamento: "2026-03-10", valorPago: "362.10" })]));
    expect(rows()[0]!.textContent).toContain("pago R$\u00a0362,10");
    expect(rows()[0]!.textContent).toContain("Pago em 10/03/2026");
  });

  test("payables: no Pagar and no Excluir; Histórico opens the row's history", async () => {
    mockFetch(calls, () => page([]));
    history.replaceState(null, "", "/payables");
    const row = installment({ partyName: "Gráfica Rápida", numerosParcela: "1/3", valor: "1200.00" });
    renderAs(false, props("pagar", [row]));
    expect(buttonNames().filter((label) => label.endsWith(" Gráfica Rápida parcela 1/3"))).toEqual(["Histórico Gráfica Rápida parcela 1/3"]);
    click(button("Histórico Gráfica Rápida parcela 1/3"));
    await settle();
    expect(calls.at(-1)!.url).toBe(`/api/payables/${row.id}/history?porPagina=100`);
    expect(lastDialog().textContent).toContain("Gráfica Rápida parcela 1/3");
  });

  test("the reading controls stay: filters, sort, export and pager", async () => {
    mockFetch(calls, () => page([]));
    renderAs(false, { ...props(), initial: { ...props().initial, total: 120 } });
    expect(links()).toContain("Exportar CSV");
    expect(document.querySelector('a[href*="pagina=2"]')).not.toBeNull();
    setValue(control("Mês de vencimento"), "2026-03");
    await settle();
    click(button("Parcela"));
    await settle();
    expect(location.search).toBe("?mes=2026-03&ordem=parcela");
    expect(calls.at(-1)!.url).toBe("/api/installments?mes=2026-03&ordem=parcela&porPagina=50");
  });

  test("an empty list offers no 'Gerar Parcelas' link", () => {
    renderAs(true, props("receber", []));
    expect(links()).toContain("Gerar Parcelas");
    cleanup();

    renderAs(false, props("receber", []));
    expect(get(".ui-empty").textContent).toContain("Nenhuma parcela encontrada");
    expect(links()).not.toContain("Gerar Parcelas");
    expect(get(".ui-empty").textContent).not.toContain("gere as parcelas");
    // A consulta still learns where receivables come from, and may look at the subscriptions.
    expect(get(".ui-empty").textContent).toContain("as assinaturas geram a cada mês");
    expect(links()).toContain("Ver assinaturas");
  });

  test("an empty Contas a Receber says the subscriptions fill it monthly, and links to them (issue 37 §16)", () => {
    renderAs(true, props("receber", []));
    expect(get(".ui-empty").textContent).toContain("Cada assinatura ativa gera aqui a parcela do mês, sozinha. Para um contrato avulso, gere as parcelas.");
    expect(get<HTMLAnchorElement>('.ui-empty a[href="/subscriptions"]').textContent).toBe("Ver assinaturas");
    expect(get<HTMLAnchorElement>('.ui-empty a[href="/installments"]').textContent).toBe("Gerar Parcelas");
    cleanup();
    // Contas a Pagar has no subscriptions: its words stay.
    renderAs(true, props("pagar", []));
    expect(get(".ui-empty").textContent).toContain("Gere as parcelas de um contrato para acompanhá-las aqui.");
    expect(document.querySelector('.ui-empty a[href="/subscriptions"]')).toBeNull();
  });
});

describe("LedgerCards", () => {
  test("shows the receivables' three cards and follows the shared summary", () => {
    render(<LedgerCards kind="receber" initial={SUMMARY} />);
    const text = () => [...document.querySelectorAll(".ledger-card")].map((c) => c.textContent);
    expect(text()).toEqual([
      "Total em AbertoR$\u00a0398,502 parcelas",
      "VencidasR$\u00a043,501 parcela",
      "Recebido no MêsR$\u00a00,000 parcelas",
    ]);
    act(() => {
      ledgerSummary.value = { ...SUMMARY, vencidas: { total: "0.00", quantidade: 0 } };
    });
    expect(text()[1]).toBe("VencidasR$\u00a00,000 parcelas");
  });

  test("payables' four cards with the payment rate", () => {
    render(
      <LedgerCards
        kind="pagar"
        initial={{ totalAPagar: { total: "100.00", quantidade: 1 }, totalPago: { total: "300.00", quantidade: 3 }, vencidas: { total: "0.00", quantidade: 0 }, performance: 75 }}
      />,
    );
    expect(get(".ledger-card:last-child").textContent).toBe("Performance75%Taxa de pagamento");
  });
});
