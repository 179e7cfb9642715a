import { afterEach, beforeEach, describe, expect, spyOn, test } from "bun:test";
import { act } from "react";
import type { MatchJson, ReconciliationProps, StatementJson, TransactionJson } from "../src/api/statements/model";
import type { EntryChoices } from "../src/api/statements/entry-model";
import { dismissToast, toastSignal } from "../src/ui/toast";
import { button, control, json, lastDialog, listPage, mockFetch, pause, pressEsc, settle, type Call } from "../tests/islands";
import { cleanup, click, render, serverRenderAndHydrate, typeInto } from "../tests/ui";
import { CanWrite } from "./lib/can-write";
import ReconciliationScreen from "./ReconciliationScreen";
// The dialog loads with its first opening (islands/lib/on-demand.tsx): compiled ahead here, so
// the settle() after an opening click is enough for it to show.
import "./reconciliation/CandidateDialog";
import "./reconciliation/EntryDialog";

const PADARIA: MatchJson = {
  tipo: "receivable",
  id: 41,
  parte: "Padaria Pão Quente",
  numerosParcela: "3/12",
  descricao: "Mensalidade",
  dataVencimento: "2026-11-05",
  valor: "150.00",
  status: "em_aberto",
};
const FLORICULTURA: MatchJson = { ...PADARIA, id: 42, parte: "Floricultura Ipê Amarelo", numerosParcela: "1/1", competencia: "2026-11", descricao: "Mensalidade 11/2026", valor: "333.33", dataVencimento: "2026-11-10" };

let nextId = 100;
function transaction(overrides: Partial<TransactionJson>): TransactionJson {
  const id = nextId++;
  return {
    id,
    fitid: `F${id}`,
    data: "2026-11-05",
    valor: "150.00",
    tipo: "credito",
    descricao: "PIX RECEBIDO",
    situacao: "pendente",
    sugestao: null,
    conciliadaCom: null,
    sugerida: null,
    sugeridas: [],
    devido: null,
    lancamentoCriado: false,
    ...overrides,
  };
}

const SUGGESTED = transaction({
  descricao: "PIX RECEBIDO PADARIA PAO QUENTE",
  situacao: "sugerida",
  sugestao: { tipo: "receivable", id: PADARIA.id, confianca: "alta", motivo: "valor e data; cliente citado na descrição" },
  sugerida: PADARIA,
});
const MEDIUM = transaction({
  data: "2026-11-11",
  valor: "333.33",
  descricao: "TED 237 0001",
  situacao: "sugerida",
  sugestao: { tipo: "receivable", id: FLORICULTURA.id, confianca: "media", motivo: "valor e data; uma só parcela possível" },
  sugerida: FLORICULTURA,
});
const FEE = transaction({ data: "2026-11-09", valor: "-50.00", tipo: "debito", descricao: "TARIFA PACOTE" });
const SETTLED = transaction({ data: "2026-11-03", valor: "99.00", situacao: "conciliada", conciliadaCom: { ...PADARIA, id: 40, numerosParcela: "2/12", valor: "99.00", status: "pago" } });
const TRANSFER = transaction({ data: "2026-11-04", valor: "-500.00", tipo: "debito", descricao: "TRANSF ENTRE CONTAS", situacao: "ignorada" });
const ROWS = [SUGGESTED, MEDIUM, FEE, SETTLED, TRANSFER];

const STATEMENT: StatementJson = {
  id: 7,
  banco: "341",
  bancoNome: "Itaú Unibanco (341)",
  agencia: "1234",
  conta: "56789-0",
  contaId: 1,
  contaNome: "Conta movimento",
  de: "2026-11-01",
  ate: "2026-11-16",
  arquivo: "extrato-novembro.ofx",
  saldo: "1070.00",
  saldoData: "2026-11-16",
  importadoPor: "financeiro@cofre.test",
  importadoEm: "2026-11-16T13:00:00.000Z",
  transacoes: 5,
  contagem: { pendente: 1, sugerida: 2, conciliada: 1, ignorada: 1 },
  sugestoesAlta: 1,
  conciliadoCreditos: "99.00",
  conciliadoDebitos: "0.00",
  conferenciaSaldo: null,
};

const CHOICES: EntryChoices = {
  receita: [{ grupo: "Receitas de serviços", categorias: [{ id: 2, nome: "Mensalidades" }, { id: 3, nome: "Serviços avulsos" }] }],
  despesa: [{ grupo: "Despesas administrativas", categorias: [{ id: 10, nome: "Aluguel" }, { id: 12, nome: "Tarifas bancárias" }] }],
  centros: [],
  receitaPadrao: 3,
  tarifa: true,
};

const props = (overrides: Partial<ReconciliationProps> = {}): ReconciliationProps => ({
  statements: [STATEMENT],
  statement: STATEMENT,
  initial: { rows: ROWS, total: ROWS.length },
  params: { extrato: "", situacao: "", pagina: "1", porPagina: "50" },
  choices: CHOICES,
  ...overrides,
});

const name = (t: TransactionJson) => `transação de ${t.data.slice(8, 10)}/${t.data.slice(5, 7)}/${t.data.slice(0, 4)} ${t.valor.startsWith("-") ? "-" : ""}R$\u00a0${t.valor.replace("-", "").replace(".", ",")}`;
const rows = () => [...document.querySelectorAll<HTMLTableRowElement>(".rec-table tbody tr")];
const bulkButton = () => [...document.querySelectorAll("button")].find((b) => b.textContent?.startsWith("Confirmar sugestões de alta confiança"))!;

/** The server after a change: the list and the statement read again. */
function serverAfter(change: (call: Call) => Response | null, statement: StatementJson = STATEMENT, after: TransactionJson[] = ROWS) {
  return (call: Call) => {
    const answer = change(call);
    if (answer) return answer;
    if (call.url === "/api/statements/7") return json(statement);
    if (call.url.startsWith("/api/statements/7/transactions?")) {
      const situacao = new URL(call.url, "http://x").searchParams.get("situacao");
      const shown = situacao ? after.filter((t) => t.situacao === situacao) : after;
      return listPage(shown);
    }
    return json({ message: `unexpected ${call.method} ${call.url}` }, 500);
  };
}

let calls: Call[];
beforeEach(() => {
  calls = [];
  history.replaceState(null, "", "/reconciliation");
});
afterEach(() => {
  act(() => dismissToast());
  cleanup();
});

describe("ReconciliationScreen", () => {
  test("hydrates without a mismatch", () => {
    expect(serverRenderAndHydrate(<ReconciliationScreen {...props()} />).errors).toEqual([]);
  });

  test("with an account: the bank's balance beside Cofre's and the difference (issue 34 §3); hydrates the same", () => {
    const compared: StatementJson = {
      ...STATEMENT,
      conferenciaSaldo: { contaId: 1, conta: "Conta movimento", data: "2026-11-16", saldoBanco: "1070.00", saldoCofre: "1120.00", diferenca: "-50.00" },
    };
    expect(serverRenderAndHydrate(<ReconciliationScreen {...props({ statement: compared, statements: [compared] })} />).errors).toEqual([]);
    cleanup();
    render(<ReconciliationScreen {...props({ statement: compared, statements: [compared] })} />);
    const card = [...document.querySelectorAll(".rec-summary__card")].find((c) => c.textContent?.startsWith("Saldo no banco"))!;
    expect(card.textContent).toBe("Saldo no bancoR$\u00a01.070,00Em 16/11/2026Saldo no Cofre R$\u00a01.120,00Diferença -R$\u00a050,00");
    expect(card.querySelector(".rec-summary__diff--off")).not.toBeNull();
    expect(document.querySelector(".rec-summary")!.textContent).not.toContain("Saldo do extrato");
  });

  test("each transaction with its suggestion, confidence and reason; debits read negative; the statement's figures and counts", () => {
    render(<ReconciliationScreen {...props()} />);
    const [suggested, medium, fee, settled, transfer] = rows();
    expect(suggested!.textContent).toContain("05/11/2026");
    expect(suggested!.textContent).toContain("Padaria Pão Quente");
    expect(suggested!.textContent).toContain("Parcela 3/12");
    expect(suggested!.textContent).toContain("Confiança Alta");
    expect(suggested!.textContent).toContain("valor e data; cliente citado na descrição");
    expect(medium!.textContent).toContain("Confiança Média");
    // A subscription's month is named by its competência, not "1/1" (issue 37 §1).
    expect(medium!.textContent).toContain("Mensalidade 11/2026");
    expect(medium!.querySelector(".rec-match")!.textContent).not.toContain("Parcela 1/1");
    expect(fee!.querySelector(".rec-amount--debito")!.textContent).toBe("-R$\u00a050,00");
    expect(fee!.textContent).toContain("Sem sugestão");
    expect(settled!.textContent).toContain("Conciliada");
    expect(transfer!.textContent).toContain("Ignorada");
    // The row's verbs name it.
    button(`Confirmar ${name(SUGGESTED)}`);
    button(`Escolher parcela para ${name(FEE)}`);
    button(`Desfazer ${name(SETTLED)}`);
    button(`Mais ações para ${name(FEE)}`);
    const summary = document.querySelector(".rec-summary")!.textContent!;
    // The bank by its name (the server's bancoNome), never "Banco 341"; the account by its name.
    expect(summary).toContain("Conta movimento");
    expect(summary).toContain("Itaú Unibanco (341) · Agência 1234 · Conta 56789-0");
    expect(summary).not.toContain("Banco 341");
    expect(document.body.textContent).not.toContain("Cadastrar esta conta");
    expect(summary).toContain("01/11 a 16/11/2026");
    expect(summary).toContain("extrato-novembro.ofx");
    expect(summary).toContain("Importado em 16/11/2026 às 10:00");
    expect(summary).toContain("por financeiro@cofre.test");
    expect(summary).toContain("R$\u00a01.070,00");
    expect(summary).toContain("créditos R$\u00a099,00");
    expect(summary).toContain("1 de 5 transações");
    const counts = [...document.querySelectorAll(".rec-situacoes a")].map((a) => a.textContent);
    expect(counts).toEqual(["Todas5", "Pendentes1", "Sugeridas2", "Conciliadas1", "Ignoradas1"]);
    // One suggestion of high confidence on the page that holds them all.
    expect(bulkButton().textContent).toBe("Confirmar sugestões de alta confiança (1)");
    expect(bulkButton().disabled).toBe(false);
  });

  test("another statement opens from the picker: a GET form to /reconciliation?extrato=", () => {
    const older = { ...STATEMENT, id: 3, conta: "11111-1", de: "2026-10-01", ate: "2026-10-31" };
    render(<ReconciliationScreen {...props({ statements: [STATEMENT, older] })} />);
    const form = document.querySelector<HTMLFormElement>("form.rec-picker")!;
    expect(form.method).toBe("get");
    expect(form.getAttribute("action")).toBe("/reconciliation");
    const select = control<HTMLSelectElement>("Extrato", form);
    expect(select.name).toBe("extrato");
    expect(select.value).toBe("7");
    expect([...select.options].map((o) => o.text)).toEqual(["Itaú Unibanco (341) · Ag. 1234 · Conta 56789-0 — 01/11 a 16/11/2026", "Itaú Unibanco (341) · Ag. 1234 · Conta 11111-1 — 01/10 a 31/10/2026"]);
    button("Abrir", form);
  });

  test("a statement of an account not registered asks once: Cadastrar esta conta, or a registered one", async () => {
    render(<ReconciliationScreen {...props({ statement: { ...STATEMENT, contaId: null, contaNome: null } })} />);
    const ask = document.querySelector(".rec-account")!;
    expect(ask.textContent).toContain("Itaú Unibanco (341) · Ag. 1234 · Conta 56789-0");
    button("Cadastrar esta conta", ask as HTMLElement);
  });

  test("a statement without a balance says so", () => {
    render(<ReconciliationScreen {...props({ statement: { ...STATEMENT, saldo: null, saldoData: null } })} />);
    expect(document.querySelector(".rec-summary")!.textContent).toContain("não informado");
  });

  test("confirming a suggestion sends POST …/confirm, toasts the server's words and reads the list and the counts again", async () => {
    const confirmed = { ...SUGGESTED, situacao: "conciliada" as const, sugestao: null, sugerida: null, conciliadaCom: { ...PADARIA, status: "pago" as const } };
    const after = { ...STATEMENT, contagem: { pendente: 1, sugerida: 1, conciliada: 2, ignorada: 1 }, sugestoesAlta: 0, conciliadoCreditos: "249.00" };
    mockFetch(
      calls,
      serverAfter((call) => (call.method === "POST" ? json({ message: "Transação conciliada", transaction: confirmed }) : null), after, [confirmed, ...ROWS.slice(1)]),
    );
    render(<ReconciliationScreen {...props()} />);
    click(button(`Confirmar ${name(SUGGESTED)}`));
    await settle();
    const post = calls.find((c) => c.method === "POST")!;
    expect(post.url).toBe(`/api/statements/7/transactions/${SUGGESTED.id}/confirm`);
    expect(post.body).toEqual({});
    expect(toastSignal.value?.title).toBe("Transação conciliada");
    expect(calls.some((c) => c.url.startsWith("/api/statements/7/transactions?"))).toBe(true);
    expect(calls.some((c) => c.url === "/api/statements/7")).toBe(true);
    expect(rows()[0]!.textContent).toContain("Conciliada");
    expect(document.querySelector(".rec-summary")!.textContent).toContain("créditos R$\u00a0249,00");
    expect([...document.querySelectorAll(".rec-situacoes a")].map((a) => a.textContent)).toContain("Conciliadas2");
    // The remaining suggestion is of medium confidence: nothing to confirm in bulk.
    expect(bulkButton().textContent).toBe("Confirmar sugestões de alta confiança (0)");
    expect(bulkButton().disabled).toBe(true);
    // Keyboard work goes on from the same row.
    expect(document.activeElement).toBe(button(`Desfazer ${name(SUGGESTED)}`));
  });

  test("a refused confirmation shows the server's reason and changes nothing", async () => {
    mockFetch(calls, serverAfter((call) => (call.method === "POST" ? json({ message: "Esta parcela já foi conciliada com outra transação" }, 409) : null)));
    render(<ReconciliationScreen {...props()} />);
    click(button(`Confirmar ${name(SUGGESTED)}`));
    await settle();
    expect(toastSignal.value).toMatchObject({ title: "Erro", description: "Esta parcela já foi conciliada com outra transação", variant: "destructive" });
    expect(calls.filter((c) => c.method === "GET")).toEqual([]);
  });

  test("bulk: 'Confirmar sugestões de alta confiança' asks first, then POSTs confirm-suggestions {confianca: alta} and reloads", async () => {
    mockFetch(calls, serverAfter((call) => (call.method === "POST" ? json({ message: "1 transação conciliada", conciliadas: 1 }) : null)));
    render(<ReconciliationScreen {...props()} />);
    click(bulkButton());
    await settle(); // the confirmation's code loads with its first opening
    const dialog = lastDialog();
    expect(dialog.textContent).toContain("Dar baixa na parcela sugerida com confiança alta, com a data e o valor da sua transação?");
    expect(calls).toEqual([]);
    click(button("Confirmar sugestões", dialog));
    await settle();
    expect(calls.find((c) => c.method === "POST")).toEqual({ method: "POST", url: "/api/statements/7/confirm-suggestions", body: { confianca: "alta" } });
    expect(toastSignal.value?.title).toBe("1 transação conciliada");
    expect(calls.some((c) => c.url.startsWith("/api/statements/7/transactions?"))).toBe(true);
    expect(calls.some((c) => c.url === "/api/statements/7")).toBe(true);
    expect(document.querySelector("dialog[open]")).toBeNull();
  });

  test("ignore from the row's menu; undoing an ignored one needs no confirmation", async () => {
    mockFetch(calls, serverAfter((call) => (call.method === "POST" ? json({ message: call.url.endsWith("/ignore") ? "Transação ignorada" : "Transação de volta às pendentes", transaction: FEE }) : null)));
    render(<ReconciliationScreen {...props()} />);
    click(button(`Mais ações para ${name(FEE)}`));
    click([...document.querySelectorAll<HTMLElement>('[role="menuitem"]')].find((item) => item.textContent === "Ignorar")!);
    await settle();
    expect(calls.find((c) => c.method === "POST")!.url).toBe(`/api/statements/7/transactions/${FEE.id}/ignore`);
    expect(toastSignal.value?.title).toBe("Transação ignorada");
    calls.length = 0;
    click(button(`Desfazer ${name(TRANSFER)}`));
    await settle();
    expect(calls.find((c) => c.method === "POST")!.url).toBe(`/api/statements/7/transactions/${TRANSFER.id}/undo`);
    expect(toastSignal.value?.title).toBe("Transação de volta às pendentes");
  });

  test("undoing a reconciled one cancels a payment: it asks first, starting on the safe button", async () => {
    mockFetch(calls, serverAfter((call) => (call.method === "POST" ? json({ message: "Conciliação desfeita", transaction: SETTLED }) : null)));
    render(<ReconciliationScreen {...props()} />);
    click(button(`Desfazer ${name(SETTLED)}`));
    await settle(); // the confirmation's code loads with its first opening
    const dialog = lastDialog();
    expect(dialog.textContent).toContain("A baixa da parcela será cancelada");
    expect(dialog.textContent).toContain("Padaria Pão Quente — parcela 2/12");
    expect(document.activeElement).toBe(button("Voltar", dialog));
    expect(calls).toEqual([]);
    click(button("Desfazer conciliação", dialog));
    await settle();
    expect(calls.find((c) => c.method === "POST")!.url).toBe(`/api/statements/7/transactions/${SETTLED.id}/undo`);
    expect(toastSignal.value?.title).toBe("Conciliação desfeita");
  });

  const menuItem = (label: string) => [...document.querySelectorAll<HTMLElement>('[role="menuitem"]')].find((item) => item.textContent === label)!;

  test("Criar lançamento on a debit: the line's facts, amount not editable; Tarifa bancária posts {tarifa: true} in one click", async () => {
    mockFetch(calls, serverAfter((call) => (call.method === "POST" ? json({ message: "Tarifa bancária lançada e conciliada", transaction: FEE, lancamento: { tipo: "payable", id: 9 } }, 201) : null)));
    render(<ReconciliationScreen {...props()} />);
    click(button(`Mais ações para ${name(FEE)}`));
    click(menuItem("Criar lançamento (a pagar)…"));
    await settle();
    const dialog = lastDialog();
    expect(dialog.textContent).toContain("Criar conta a pagar");
    expect(dialog.textContent).toContain("TARIFA PACOTE");
    expect(dialog.textContent).toContain("09/11/2026");
    expect(dialog.textContent).toContain("R$\u00a050,00");
    // The amount is the bank's: shown, no field for it.
    expect(dialog.querySelector('input[name="valor"]')).toBeNull();
    expect(control<HTMLInputElement>("Descrição", dialog).value).toBe("TARIFA PACOTE");
    // Despesa categories only, under their group.
    const groups = [...dialog.querySelectorAll("optgroup")].map((g) => `${g.label}: ${[...g.querySelectorAll("option")].map((o) => o.textContent).join(", ")}`);
    expect(groups).toEqual(["Despesas administrativas: Aluguel, Tarifas bancárias"]);
    expect(dialog.textContent).toContain("Itaú Unibanco (341)");
    click(button("Tarifa bancária", dialog));
    await settle();
    expect(calls.find((c) => c.method === "POST")).toEqual({ method: "POST", url: `/api/statements/7/transactions/${FEE.id}/create-entry`, body: { tarifa: true } });
    expect(toastSignal.value?.title).toBe("Tarifa bancária lançada e conciliada");
    expect(document.querySelector("dialog[open]")).toBeNull();
  });

  test("Criar lançamento on a credit: the client is asked (SPEC's words) before anything is sent; Serviços avulsos comes chosen", async () => {
    const PENDING_CREDIT = transaction({ data: "2026-11-12", valor: "432.10", descricao: "PIX RECEBIDO JOANA" });
    mockFetch(calls, serverAfter(() => null, STATEMENT, [PENDING_CREDIT]));
    render(<ReconciliationScreen {...props({ initial: { rows: [PENDING_CREDIT], total: 1 } })} />);
    click(button(`Mais ações para ${name(PENDING_CREDIT)}`));
    click(menuItem("Criar lançamento (a receber)…"));
    await settle();
    const dialog = lastDialog();
    expect(dialog.textContent).toContain("Criar parcela a receber");
    expect(dialog.textContent).not.toContain("Tarifa bancária");
    expect(control<HTMLSelectElement>("Categoria", dialog).value).toBe("3");
    click(button("Criar e conciliar", dialog));
    await settle();
    expect(dialog.textContent).toContain("Cliente é obrigatório");
    expect(calls.filter((c) => c.method === "POST")).toEqual([]);
  });

  test("Criar lançamento: Esc closes at once when nothing changed; after typing it asks Descartar alterações? first", async () => {
    mockFetch(calls, serverAfter(() => null));
    render(<ReconciliationScreen {...props()} />);
    click(button(`Mais ações para ${name(FEE)}`));
    click(menuItem("Criar lançamento (a pagar)…"));
    await settle();
    pressEsc(lastDialog());
    await settle();
    expect(document.querySelector("dialog[open]")).toBeNull();
    click(button(`Mais ações para ${name(FEE)}`));
    click(menuItem("Criar lançamento (a pagar)…"));
    await settle();
    const dialog = lastDialog();
    typeInto(control("Descrição", dialog), "Tarifa de novembro");
    pressEsc(dialog);
    await settle();
    const ask = lastDialog();
    expect(ask.textContent).toContain("Descartar alterações?");
    click(button("Continuar editando", ask));
    await settle();
    expect(control<HTMLInputElement>("Descrição", lastDialog()).value).toBe("Tarifa de novembro");
    pressEsc(lastDialog());
    await settle();
    click(button("Descartar", lastDialog()));
    await settle();
    expect(document.querySelector("dialog[open]")).toBeNull();
    expect(calls.filter((c) => c.method === "POST")).toEqual([]);
  });

  test("a line that created its entry offers Desfazer lançamento: it asks first, then POSTs undo-entry", async () => {
    const MADE = transaction({ data: "2026-11-02", valor: "-39.90", tipo: "debito", descricao: "TARIFA", situacao: "conciliada", lancamentoCriado: true, conciliadaCom: { ...PADARIA, tipo: "payable", id: 77, parte: "Banco 341", descricao: "TARIFA", valor: "39.90", status: "pago" } });
    mockFetch(calls, serverAfter((call) => (call.method === "POST" ? json({ message: "Lançamento desfeito: a parcela criada foi excluída e a transação voltou às pendentes", transaction: MADE, lancamento: { tipo: "payable", id: 77 } }) : null), STATEMENT, [MADE]));
    render(<ReconciliationScreen {...props({ initial: { rows: [MADE], total: 1 } })} />);
    click(button(`Desfazer lançamento da ${name(MADE)}`));
    await settle();
    const dialog = lastDialog();
    expect(dialog.textContent).toContain("A conta a pagar criada a partir desta transação será excluída");
    expect(calls).toEqual([]);
    click(button("Desfazer lançamento", dialog));
    await settle();
    expect(calls.find((c) => c.method === "POST")!.url).toBe(`/api/statements/7/transactions/${MADE.id}/undo-entry`);
    expect(toastSignal.value?.title).toBe("Lançamento desfeito: a parcela criada foi excluída e a transação voltou às pendentes");
  });

  test("Escolher parcela… searches the candidates and confirms the one chosen with its id", async () => {
    const candidates = [PADARIA, FLORICULTURA];
    mockFetch(
      calls,
      serverAfter((call) => {
        if (call.url.includes("/candidates")) return json(call.url.includes("q=flor") ? [FLORICULTURA] : candidates);
        if (call.method === "POST") return json({ message: "Transação conciliada", transaction: FEE });
        return null;
      }),
    );
    render(<ReconciliationScreen {...props()} />);
    click(button(`Escolher parcela para ${name(FEE)}`));
    await settle(); // the dialog opens
    await settle(); // its first search: a 0 ms timer its effect sets
    const dialog = lastDialog();
    expect(calls.at(-1)!.url).toBe(`/api/statements/7/transactions/${FEE.id}/candidates`);
    expect(dialog.textContent).toContain("Padaria Pão Quente");
    pause(300, () => typeInto(control("Buscar fornecedor", dialog), "flor"));
    await settle();
    expect(calls.at(-1)!.url).toBe(`/api/statements/7/transactions/${FEE.id}/candidates?q=flor`);
    expect(dialog.textContent).not.toContain("Padaria Pão Quente");
    expect(button("Conciliar com a parcela escolhida", dialog).disabled).toBe(true);
    click(dialog.querySelector<HTMLInputElement>('input[type="checkbox"]')!);
    // R$ 50,00 against R$ 333,33 due: the difference is shown and a choice is required (issue 34 §2).
    await settle();
    expect(dialog.querySelector(".rec-pick__sum")!.textContent).toContain("Diferença− R$\u00a0283,33");
    expect(button("Conciliar com a parcela escolhida", dialog).disabled).toBe(true);
    click(control("Quitar com desconto de R$\u00a0283,33", dialog));
    click(button("Conciliar com a parcela escolhida", dialog));
    await settle();
    expect(calls.find((c) => c.method === "POST")).toEqual({ method: "POST", url: `/api/statements/7/transactions/${FEE.id}/confirm`, body: { receivableId: FLORICULTURA.id, tipo: "desconto" } });
    expect(toastSignal.value?.title).toBe("Transação conciliada");
    expect(document.querySelector("dialog[open]")).toBeNull();
  });

  test("Confirmar on a suggestion that differs from what is due opens the dialog with it chosen; a second installment of the client makes the sum exact", async () => {
    const SECOND: MatchJson = { ...PADARIA, id: 43, numerosParcela: "4/12", dataVencimento: "2026-12-05", valor: "100.00", devido: "100.00" };
    const LINE = transaction({
      valor: "250.00",
      descricao: "PIX PADARIA PAO QUENTE",
      situacao: "sugerida",
      sugestao: { tipo: "receivable", id: PADARIA.id, confianca: "alta", motivo: "valor e data; cliente citado na descrição" },
      sugerida: { ...PADARIA, devido: "150.00" },
      devido: "150.00",
    });
    mockFetch(
      calls,
      serverAfter((call) => {
        if (call.url.includes("/candidates")) return json([{ ...PADARIA, devido: "150.00" }, SECOND, FLORICULTURA]);
        if (call.method === "POST") return json({ message: "Transação conciliada", transaction: LINE });
        return null;
      }),
    );
    render(<ReconciliationScreen {...props({ initial: { rows: [LINE, { ...LINE, id: 990, sugeridas: [PADARIA, SECOND] }], total: 2 } })} />);
    // The row says what is due differs; a sum suggestion lists its other installments.
    expect(rows()[0]!.textContent).toContain("Devido na data: R$\u00a0150,00");
    expect(rows()[1]!.textContent).toContain("+ Parcela 4/12 · venc. 05/12/2026 · R$\u00a0100,00");
    click(button(`Confirmar ${name(LINE)}`));
    await settle();
    await settle();
    const dialog = lastDialog();
    expect(calls.some((c) => c.method === "POST")).toBe(false);
    const boxes = () => [...dialog.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')];
    expect(boxes().map((b) => b.checked)).toEqual([true, false, false]);
    expect(dialog.querySelector(".rec-pick__sum")!.textContent).toContain("Diferença+ R$\u00a0100,00");
    expect(dialog.textContent).toContain("O valor a mais fica registrado como multa e juros.");
    click(boxes()[1]!);
    await settle();
    expect(dialog.querySelector(".rec-pick__sum")!.textContent).toContain("Devido nas 2 parcelasR$\u00a0250,00");
    expect(dialog.querySelector(".rec-pick__sum")!.textContent).toContain("DiferençaNenhuma");
    // Another client's installment starts the choice over: one party per line.
    click(boxes()[2]!);
    await settle();
    expect(boxes().filter((b) => b.checked).length).toBe(1);
    click(boxes()[2]!);
    click(boxes()[0]!);
    click(boxes()[1]!);
    await settle();
    click(button("Conciliar com as parcelas escolhidas", dialog));
    await settle();
    expect(calls.find((c) => c.method === "POST")).toEqual({ method: "POST", url: `/api/statements/7/transactions/${LINE.id}/confirm`, body: { parcelas: [PADARIA.id, SECOND.id] } });
  });

  test("the situation filter is in the URL and fetches that view; an empty view says so", async () => {
    mockFetch(calls, serverAfter(() => null, STATEMENT, ROWS.filter((t) => t.situacao !== "pendente")));
    render(<ReconciliationScreen {...props()} />);
    click([...document.querySelectorAll("a")].find((a) => a.textContent === "Pendentes1")!);
    await settle();
    expect(location.search).toBe("?situacao=pendente");
    expect(calls.at(-1)!.url).toBe("/api/statements/7/transactions?situacao=pendente&porPagina=50");
    expect(document.querySelector(".rec-table")!.textContent).toContain("Nenhuma transação pendente neste extrato");
  });

  test("the bulk button counts the statement's high-confidence suggestions as the server does, whatever page is shown", async () => {
    mockFetch(calls, serverAfter(() => null));
    render(<ReconciliationScreen {...props({ initial: { rows: [FEE], total: 1 }, params: { extrato: "7", situacao: "pendente", pagina: "1", porPagina: "50" } })} />);
    expect(bulkButton().textContent).toBe("Confirmar sugestões de alta confiança (1)");
    expect(bulkButton().disabled).toBe(false);
    expect(calls).toEqual([]);
  });

});

describe("for a consulta (read-only)", () => {
  const renderAs = (canWrite: boolean, screenProps: ReconciliationProps = props()) =>
    render(
      <CanWrite.Provider value={canWrite}>
        <ReconciliationScreen {...screenProps} />
      </CanWrite.Provider>,
    );
  const buttonNames = () => [...document.querySelectorAll("button")].map((b) => b.getAttribute("aria-label") ?? b.textContent?.trim() ?? "");
  const VERBS = ["Confirmar", "Escolher parcela para", "Desfazer", "Mais ações para"];
  /** The controls that write: the upload, the row verbs, the bulk confirmation. */
  const writeControls = () => [
    ...[...document.querySelectorAll('input[type="file"]')].map(() => "upload"),
    ...buttonNames().filter((label) => VERBS.some((verb) => label.startsWith(`${verb} `)) || label.startsWith("Confirmar sugestões")),
  ];
  const headers = () => [...document.querySelectorAll(".rec-table thead th")].map((th) => th.textContent?.trim());

  test("hydrates without a mismatch", () => {
    const ui = (
      <CanWrite.Provider value={false}>
        <ReconciliationScreen {...props()} />
      </CanWrite.Provider>
    );
    expect(serverRenderAndHydrate(ui).errors).toEqual([]);
  });

  test("no upload, no Confirmar / Escolher / Ignorar / Desfazer, no bulk confirmation, no Ações column; the finance roles get them", () => {
    renderAs(true);
    expect(writeControls()).toContain("upload");
    expect(writeControls()).toContain(`Confirmar ${name(SUGGESTED)}`);
    expect(writeControls()).toContain(`Mais ações para ${name(FEE)}`);
    expect(headers()).toContain("Ações");
    cleanup();

    renderAs(false);
    expect(writeControls()).toEqual([]);
    expect(buttonNames()).toEqual([]);
    expect(document.querySelectorAll('[role="menuitem"]')).toHaveLength(0);
    expect(headers()).toEqual(["Transação", "Valor", "Situação", "Parcela"]);
  });

  test("reads every transaction with its situation and suggestion, the figures and the situation filter", async () => {
    mockFetch(calls, serverAfter(() => null));
    renderAs(false);
    const [suggested, medium, fee, settled, transfer] = rows();
    expect(suggested!.textContent).toContain("Padaria Pão Quente");
    expect(suggested!.textContent).toContain("Parcela 3/12");
    expect(suggested!.textContent).toContain("Confiança Alta");
    expect(suggested!.textContent).toContain("valor e data; cliente citado na descrição");
    expect(medium!.textContent).toContain("Sugerida");
    expect(fee!.textContent).toContain("Sem sugestão");
    expect(settled!.textContent).toContain("Conciliada");
    expect(settled!.textContent).toContain("Parcela 2/12");
    expect(transfer!.textContent).toContain("Ignorada: nada a baixar");
    expect(document.querySelector(".rec-summary")!.textContent).toContain("R$\u00a01.070,00");
    expect(document.body.textContent).not.toContain("Confirmar sugestões");
    // The situation filter still narrows the list.
    click([...document.querySelectorAll<HTMLAnchorElement>(".rec-situacoes a")].find((a) => a.textContent?.startsWith("Pendentes"))!);
    await settle();
    expect(location.search).toBe("?situacao=pendente");
    expect(rows()).toHaveLength(1);
  });

  test("another statement still opens from the picker, alone at the top", () => {
    const older = { ...STATEMENT, id: 3, conta: "11111-1", de: "2026-10-01", ate: "2026-10-31" };
    renderAs(false, props({ statements: [STATEMENT, older] }));
    const top = document.querySelector(".rec-top")!;
    expect(top.children).toHaveLength(1);
    expect(control<HTMLSelectElement>("Extrato", top).value).toBe("7");
    button("Abrir", top);
  });

  test("no statement yet: says so, without the upload", () => {
    const none = props({ statements: [], statement: null, initial: { rows: [], total: 0 } });
    renderAs(true, none);
    expect(document.querySelector('input[type="file"]')).not.toBeNull();
    cleanup();

    renderAs(false, none);
    expect(document.body.textContent).toContain("Nenhum extrato importado");
    expect(document.querySelector('input[type="file"]')).toBeNull();
    expect(document.body.textContent).not.toContain("importe-o aqui");
  });
});

describe("no statement yet", () => {
  test("says so and offers the upload", () => {
    render(<ReconciliationScreen {...props({ statements: [], statement: null, initial: { rows: [], total: 0 } })} />);
    expect(document.body.textContent).toContain("Nenhum extrato importado");
    const file = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    expect(control("Importar extrato (OFX)")).toBe(file);
  });
});

describe("importing a statement", () => {
  const input = () => document.querySelector<HTMLInputElement>('input[type="file"]')!;
  function choose(file: File) {
    Object.defineProperty(input(), "files", { value: [file], configurable: true });
    act(() => {
      input().dispatchEvent(new Event("change", { bubbles: true }));
    });
  }
  /** fetch for multipart bodies (the kit's mockFetch reads JSON bodies). */
  function uploadServer(answer: () => Response) {
    const sent: { url: string; body: unknown }[] = [];
    globalThis.fetch = (async (url: string, init: RequestInit = {}) => {
      sent.push({ url, body: init.body });
      return answer();
    }) as unknown as typeof fetch;
    return sent;
  }

  test("the file input accepts OFX and is labelled; a file the server cannot read shows its reason under the field and as a toast", async () => {
    const sent = uploadServer(() => json({ message: "Não foi possível ler o extrato: o arquivo é uma página HTML, não um extrato OFX" }, 400));
    render(<ReconciliationScreen {...props()} />);
    expect(input().accept).toBe(".ofx,application/x-ofx");
    expect(document.querySelector(`label[for="${input().id}"]`)!.textContent).toBe("Importar extrato (OFX)");
    choose(new File(["<html></html>"], "extrato.html", { type: "text/html" }));
    expect(document.querySelector('[role="status"]')!.textContent).toContain("Enviando e conciliando…");
    expect(input().disabled).toBe(true);
    await settle();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url).toBe("/api/statements");
    const form = sent[0]!.body as FormData;
    expect((form.get("arquivo") as File).name).toBe("extrato.html");
    const alert = document.querySelector('[role="alert"]')!;
    expect(alert.textContent).toBe("Não foi possível ler o extrato: o arquivo é uma página HTML, não um extrato OFX");
    expect(input().getAttribute("aria-describedby")).toContain(alert.id);
    expect(toastSignal.value).toMatchObject({ title: "Erro", description: alert.textContent, variant: "destructive" });
    expect(input().disabled).toBe(false);
  });

  test("a file over 5 MB is refused before sending, in the server's words", async () => {
    const sent = uploadServer(() => json({}, 500));
    render(<ReconciliationScreen {...props({ statements: [], statement: null, initial: { rows: [], total: 0 } })} />);
    choose(new File([new Uint8Array(5 * 1024 * 1024 + 1)], "grande.ofx"));
    await settle();
    expect(sent).toEqual([]);
    expect(document.querySelector('[role="alert"]')!.textContent).toBe("Arquivo muito grande: o limite é 5 MB");
    expect(toastSignal.value?.description).toBe("Arquivo muito grande: o limite é 5 MB");
  });

  test("an imported file opens its statement, the server's words waiting for the next page", async () => {
    uploadServer(() => json({ message: "Extrato importado: 4 transações novas", id: 9, banco: "341", conta: "56789-0", de: null, ate: null, transacoes: 4, novas: 4, jaImportadas: 0, sugestoes: 2 }, 201));
    const assign = spyOn(location, "assign").mockImplementation(() => {});
    try {
      render(<ReconciliationScreen {...props()} />);
      choose(new File(["OFXHEADER:100"], "extrato.ofx"));
      await settle();
      expect(assign).toHaveBeenCalledWith("/reconciliation?extrato=9");
      expect(JSON.parse(sessionStorage.getItem("cofre-flash-toast")!)).toEqual({ title: "Extrato importado: 4 transações novas", description: "4 novas, 0 já importadas, 2 sugestões" });
    } finally {
      assign.mockRestore();
      sessionStorage.clear();
    }
  });
});
