import { describe, expect, test } from "bun:test";
import { buildOfx, type OfxPosting } from "../../../tests/fixtures/ofx/build";
import { importedStatement, PADARIA, useTestApp } from "../../../tests/support";
import { malformedBodies, sweepBodies, sweepIds, type BadInput, type SweepTarget } from "../../../tests/sweep";
import type { ClientJson } from "../clients/model";
import type { HistoryEventJson } from "../history/model";
import type { InstallmentJson } from "../installments/model";
import type { PaymentJson } from "../ledger/model";
import type { PayableJson } from "../payables/model";
import type { SupplierJson } from "../suppliers/model";
import type { CreateEntryAnswer, ImportAnswer, TransactionJson } from "./model";

// "Criar lançamento" (issue 34 §2, issue 36 §1): a line becomes a receivable or a payable paid by
// it, in one transaction, undoable. Today is Monday 16 November 2026 in São Paulo.
const t = useTestApp({
  tables: ["payments", "statement_lines", "bank_transactions", "statements", "bank_accounts", "receivables", "payables", "history_events", "clients", "suppliers"],
  now: "2026-11-16T10:00:00-03:00",
});
const api = t.api;

const ofx = (postings: OfxPosting[], account = "56789-0") => buildOfx({ postings, period: { from: "20261001", to: "20261116" }, account });

const imported = (postings: OfxPosting[], account?: string) => importedStatement(t, ofx(postings, account));

const createClient = async (): Promise<ClientJson> => (await (await api("/api/clients", { method: "POST", body: PADARIA })).json()) as ClientJson;
const createSupplier = async (nome = "Moinho Santa Clara"): Promise<SupplierJson> => (await (await api("/api/suppliers", { method: "POST", body: { nome } })).json()) as SupplierJson;
const transactions = async (id: number): Promise<TransactionJson[]> => (await (await api(`/api/statements/${id}/transactions`)).json()) as TransactionJson[];
const receivables = async () => (await (await api("/api/installments?porPagina=500")).json()) as (InstallmentJson & { categoriaId: number; centroCustoId: number | null })[];
const payables = async () => (await (await api("/api/payables?porPagina=500")).json()) as (PayableJson & { categoriaId: number })[];
const paymentsOf = async (side: "installments" | "payables", id: number) => (await (await api(`/api/${side}/${id}/payments`)).json()) as PaymentJson[];
const createEntry = (s: number, tid: number, body: unknown) => api(`/api/statements/${s}/transactions/${tid}/create-entry`, { method: "POST", body });
const categoryId = (nome: string) => (t.db.$client.query("SELECT id FROM categories WHERE nome = ?").get(nome) as { id: number }).id;
const events = (entity: string, id: number) =>
  t.db.$client.query("SELECT action, details FROM history_events WHERE entity = ? AND entity_id = ? ORDER BY id").all(entity, id) as { action: string; details: string }[];
const trail = async (entity: string, id: number) => (await (await api(`/api/history?entidade=${entity}&id=${id}`)).json()) as HistoryEventJson[];

describe("a credit becomes a receivable paid by it", () => {
  test("client, description, due date and amount from the line; paid by it (origem conciliação); history names the line; the category chosen", async () => {
    const padaria = await createClient();
    const answer = await imported([{ fitid: "C1", data: "20261105", valor: "432.10", nome: "PIX RECEBIDO", memo: "PADARIA PAO QUENTE SERVICO EXTRA" }]);
    const [line] = await transactions(answer.id);
    const consultoria = categoryId("Mensalidades");

    const response = await createEntry(answer.id, line!.id, { clientId: padaria.id, descricao: "Serviço extra de novembro", categoriaId: consultoria });
    expect(response.status).toBe(201);
    const created = (await response.json()) as CreateEntryAnswer;
    expect(created.message).toBe("Parcela a receber criada e conciliada");
    expect(created.lancamento.tipo).toBe("receivable");
    expect(created.transaction).toMatchObject({ situacao: "conciliada", lancamentoCriado: true, conciliadaCom: { id: created.lancamento.id, parte: PADARIA.nome } });

    const [row] = await receivables();
    expect(row).toMatchObject({
      id: created.lancamento.id,
      clientId: padaria.id,
      numerosParcela: "1/1",
      descricao: "Serviço extra de novembro",
      dataVencimento: "2026-11-05",
      valor: "432.10",
      status: "pago",
      dataPagamento: "2026-11-05",
      saldo: "0.00",
      categoriaId: consultoria,
    });
    const [payment] = await paymentsOf("installments", row!.id);
    expect(payment).toMatchObject({ origem: "conciliacao", transacaoId: line!.id, principal: "432.10", multa: "0.00", juros: "0.00", desconto: "0.00", valorPago: "432.10", dataPagamento: "2026-11-05" });

    // Creation and payment, each naming the line.
    const history = events("installment", row!.id);
    expect(history.map((e) => e.action)).toEqual(["generate", "pay"]);
    expect(JSON.parse(history[0]!.details).criadaDaLinha).toEqual({ extrato: answer.id, transacao: line!.id, fitid: "C1", data: "2026-11-05", valor: "432.10" });
    expect(JSON.parse(history[1]!.details).conciliacao).toEqual({ extrato: answer.id, fitid: "C1", transacao: line!.id });
    const sentences = (await trail("installment", row!.id)).map((e) => e.texto);
    expect(sentences.some((s) => s.includes(`(criada da linha do extrato ${answer.id} de 05/11/2026, R$\u00a0432,10, FITID C1)`))).toBe(true);
    expect(sentences.some((s) => s.includes(`(baixa por conciliação, extrato ${answer.id}, FITID C1)`))).toBe(true);
  });

  test("without a category: Serviços avulsos; an optional cost centre is kept", async () => {
    const padaria = await createClient();
    const centro = (await (await api("/api/cost-centres", { method: "POST", body: { nome: "Loja Centro" } })).json()) as { id: number };
    const answer = await imported([{ fitid: "C2", data: "20261110", valor: "80.00", nome: "DEPOSITO" }]);
    const [line] = await transactions(answer.id);
    expect((await createEntry(answer.id, line!.id, { clientId: String(padaria.id), descricao: "Depósito avulso", centroCustoId: centro.id })).status).toBe(201);
    expect((await receivables())[0]).toMatchObject({ categoriaId: categoryId("Serviços avulsos"), centroCustoId: centro.id, status: "pago" });
  });

  test("a credit dated long past does not block the client on the way (the rule runs once, after the payment)", async () => {
    const padaria = await createClient();
    const answer = await imported([{ fitid: "C3", data: "20261001", valor: "99.00", nome: "DEPOSITO" }]);
    const [line] = await transactions(answer.id);
    expect((await createEntry(answer.id, line!.id, { clientId: padaria.id, descricao: "Antigo" })).status).toBe(201);
    expect(events("client", padaria.id).map((e) => e.action)).toEqual(["create"]);
    expect(((await (await api(`/api/clients/${padaria.id}`)).json()) as ClientJson).statusBloqueio).toBe(0);
  });

  test("a despesa category on a credit, an inactive one, an unknown client: refused, nothing written", async () => {
    const padaria = await createClient();
    const answer = await imported([{ fitid: "C4", data: "20261110", valor: "80.00", nome: "DEPOSITO" }]);
    const [line] = await transactions(answer.id);
    const wrongKind = await createEntry(answer.id, line!.id, { clientId: padaria.id, descricao: "x", categoriaId: categoryId("Aluguel") });
    expect(wrongKind.status).toBe(400);
    expect(((await wrongKind.json()) as { errors: Record<string, string> }).errors).toEqual({ categoriaId: "Escolha uma categoria de receita" });
    expect((await createEntry(answer.id, line!.id, { clientId: 99999, descricao: "x" })).status).toBe(404);
    expect((await createEntry(answer.id, line!.id, { tarifa: true })).status).toBe(400);
    expect(await receivables()).toEqual([]);
    expect((await transactions(answer.id))[0]!.situacao).toBe("pendente");
  });
});

describe("a debit becomes a payable paid by it", () => {
  test("supplier and despesa category; the payment goes to the statement's account", async () => {
    const moinho = await createSupplier();
    const answer = await imported([{ fitid: "D1", data: "20261109", valor: "-250.00", nome: "BOLETO PAGO", memo: "MOINHO SANTA CLARA" }]);
    // The statement attached to a register account (issue 34 §3): its payments name the account.
    t.db.$client.run("INSERT INTO bank_accounts (banco, agencia, conta, saldo_inicial_data) VALUES ('341', '1234', '56789-0', '2026-01-01')");
    const conta = (t.db.$client.query("SELECT id FROM bank_accounts").get() as { id: number }).id;
    t.db.$client.run("UPDATE statements SET conta_id = ? WHERE id = ?", [conta, answer.id]);
    const [line] = await transactions(answer.id);
    const response = await createEntry(answer.id, line!.id, { supplierId: moinho.id, descricao: "BOLETO PAGO — MOINHO SANTA CLARA", categoriaId: categoryId("Aluguel") });
    expect(response.status).toBe(201);
    const created = (await response.json()) as CreateEntryAnswer;
    expect(created.lancamento.tipo).toBe("payable");
    const [row] = await payables();
    expect(row).toMatchObject({ supplierId: moinho.id, valor: "250.00", dataVencimento: "2026-11-09", status: "pago", categoriaId: categoryId("Aluguel") });
    const [payment] = await paymentsOf("payables", row!.id);
    expect(payment).toMatchObject({ origem: "conciliacao", transacaoId: line!.id, valorPago: "250.00" });
    expect(t.db.$client.query("SELECT conta_id AS conta FROM payments").get()).toEqual({ conta });
    expect(events("payable", row!.id).map((e) => e.action)).toEqual(["generate", "pay"]);
  });

  test("Tarifa bancária in one click: the bank as supplier (created once, then found) and Tarifas bancárias", async () => {
    const answer = await imported([
      { fitid: "T1", data: "20261103", valor: "-39.90", nome: "TARIFA PACOTE SERVICOS" },
      { fitid: "T2", data: "20261110", valor: "-12.50", nome: "TAR DOC/TED" },
    ]);
    const [first, second] = await transactions(answer.id);
    const response = await createEntry(answer.id, first!.id, { tarifa: true });
    expect(response.status).toBe(201);
    expect(((await response.json()) as CreateEntryAnswer).message).toBe("Tarifa bancária lançada e conciliada");
    expect((await createEntry(answer.id, second!.id, { tarifa: true, descricao: "Tarifa de TED" })).status).toBe(201);

    const banks = ((await (await api("/api/suppliers")).json()) as SupplierJson[]).filter((s) => s.nome === "Itaú Unibanco");
    expect(banks).toHaveLength(1);
    expect(banks[0]!.categoriaId).toBe(categoryId("Tarifas bancárias"));
    expect(events("supplier", banks[0]!.id).map((e) => e.action)).toEqual(["create"]);
    const rows = await payables();
    expect(rows.map((r) => [r.supplierId, r.descricao, r.valor, r.categoriaId, r.status])).toEqual([
      [banks[0]!.id, "TARIFA PACOTE SERVICOS", "39.90", categoryId("Tarifas bancárias"), "pago"],
      [banks[0]!.id, "Tarifa de TED", "12.50", categoryId("Tarifas bancárias"), "pago"],
    ]);
    // The papel keeps the category the one-click needs: not deactivated, not deleted.
    expect((await api(`/api/categories/${categoryId("Tarifas bancárias")}`, { method: "DELETE" })).status).toBe(409);
  });

  test("an existing supplier named like the bank is the one used", async () => {
    const bank = await createSupplier("ITAÚ UNIBANCO");
    const answer = await imported([{ fitid: "T3", data: "20261103", valor: "-9.90", nome: "TARIFA" }]);
    const [line] = await transactions(answer.id);
    expect((await createEntry(answer.id, line!.id, { tarifa: true })).status).toBe(201);
    expect((await payables())[0]!.supplierId).toBe(bank.id);
  });
});

describe("one line, one entry", () => {
  test("a second submit is a 409 in Portuguese and writes nothing", async () => {
    const padaria = await createClient();
    const answer = await imported([{ fitid: "X1", data: "20261105", valor: "100.00", nome: "PIX" }]);
    const [line] = await transactions(answer.id);
    const body = { clientId: padaria.id, descricao: "PIX" };
    expect((await createEntry(answer.id, line!.id, body)).status).toBe(201);
    const again = await createEntry(answer.id, line!.id, body);
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ message: "Esta transação já está conciliada: não é possível criar outro lançamento com ela" });
    expect(await receivables()).toHaveLength(1);
  });

  test("two at once on one line: one 201, one 409, one receivable", async () => {
    const padaria = await createClient();
    const answer = await imported([{ fitid: "X2", data: "20261105", valor: "100.00", nome: "PIX" }]);
    const [line] = await transactions(answer.id);
    const body = { clientId: padaria.id, descricao: "PIX" };
    const answers = await Promise.all([createEntry(answer.id, line!.id, body), createEntry(answer.id, line!.id, body)]);
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(await receivables()).toHaveLength(1);
    expect(t.db.$client.query("SELECT count(*) AS n FROM payments").get()).toEqual({ n: 1 });
  });

  test("a line dated after today cannot pay: 409", async () => {
    const padaria = await createClient();
    const answer = await imported([{ fitid: "X3", data: "20261120", valor: "100.00", nome: "PIX" }]);
    const [line] = await transactions(answer.id);
    expect((await createEntry(answer.id, line!.id, { clientId: padaria.id, descricao: "PIX" })).status).toBe(409);
    expect(await receivables()).toEqual([]);
  });
});

describe("undoing", () => {
  async function made() {
    const padaria = await createClient();
    const answer = await imported([{ fitid: "U1", data: "20261105", valor: "150.00", nome: "PIX" }]);
    const [line] = await transactions(answer.id);
    const created = (await (await createEntry(answer.id, line!.id, { clientId: padaria.id, descricao: "PIX avulso" })).json()) as CreateEntryAnswer;
    return { statement: answer.id, line: line!.id, id: created.lancamento.id, padaria };
  }

  test("Desfazer lançamento deletes the installment it made and the line is pending again, with history", async () => {
    const m = await made();
    const response = await api(`/api/statements/${m.statement}/transactions/${m.line}/undo-entry`, { method: "POST" });
    expect(response.status).toBe(200);
    const answer = (await response.json()) as CreateEntryAnswer;
    expect(answer.message).toBe("Lançamento desfeito: a parcela criada foi excluída e a transação voltou às pendentes");
    expect(answer.transaction).toMatchObject({ situacao: "pendente", lancamentoCriado: false, conciliadaCom: null });
    expect(await receivables()).toEqual([]);
    expect(t.db.$client.query("SELECT count(*) AS n FROM payments").get()).toEqual({ n: 0 });
    expect(events("installment", m.id).map((e) => e.action)).toEqual(["generate", "pay", "undo_payment", "delete"]);
    // Undone twice: nothing left to undo.
    expect((await api(`/api/statements/${m.statement}/transactions/${m.line}/undo-entry`, { method: "POST" })).status).toBe(409);
  });

  test("the screen's Desfazer (or Cancelar Baixa) undoes the payment only: the installment stays, open; the line pending", async () => {
    const m = await made();
    expect((await api(`/api/statements/${m.statement}/transactions/${m.line}/undo`, { method: "POST" })).status).toBe(200);
    expect((await receivables()).map((r) => [r.id, r.status])).toEqual([[m.id, "vencido"]]);
    const [line] = await transactions(m.statement);
    expect(line).toMatchObject({ lancamentoCriado: false });
    expect(line!.situacao === "pendente" || line!.situacao === "sugerida").toBe(true);
    // The mark went with the payment: confirming the line again to that installment is an ordinary conciliation.
    expect((await api(`/api/statements/${m.statement}/transactions/${m.line}/confirm`, { method: "POST", body: { receivableId: m.id } })).status).toBe(200);
    expect((await transactions(m.statement))[0]).toMatchObject({ situacao: "conciliada", lancamentoCriado: false });
    expect((await api(`/api/statements/${m.statement}/transactions/${m.line}/undo-entry`, { method: "POST" })).status).toBe(409);
    expect(await receivables()).toHaveLength(1);
  });

  test("Cancelar Baixa from Contas a Receber frees the line too, and the mark", async () => {
    const m = await made();
    expect((await api(`/api/installments/${m.id}/undo-payment`, { method: "POST" })).status).toBe(200);
    expect((await transactions(m.statement))[0]).toMatchObject({ lancamentoCriado: false });
    expect((await transactions(m.statement))[0]!.situacao).not.toBe("conciliada");
  });

  test("an installment edited since it was made is not deleted unseen: 409, nothing changes", async () => {
    const m = await made();
    expect((await api(`/api/installments/${m.id}`, { method: "PATCH", body: { descricao: "PIX do serviço de vitrine" } })).status).toBe(200);
    const refused = await api(`/api/statements/${m.statement}/transactions/${m.line}/undo-entry`, { method: "POST" });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { message: string }).message).toBe(
      "O lançamento foi alterado depois de criado: desfaça a conciliação e, se for o caso, exclua-o em Contas a Receber",
    );
    expect((await receivables())[0]).toMatchObject({ id: m.id, status: "pago" });
    expect((await transactions(m.statement))[0]).toMatchObject({ situacao: "conciliada", lancamentoCriado: true });
  });

  test("a line confirmed to an existing installment has no entry to undo", async () => {
    const padaria = await createClient();
    const generated = (await (await api("/api/installments/generate", { method: "POST", body: { clientId: padaria.id, numParcelas: 1, valor: "150.00", primeiroVencimento: "2026-11-05", descricao: "Mensalidade" } })).json()) as { installments: InstallmentJson[] };
    const answer = await imported([{ fitid: "U2", data: "20261105", valor: "150.00", nome: "PIX" }]);
    const [line] = await transactions(answer.id);
    expect((await api(`/api/statements/${answer.id}/transactions/${line!.id}/confirm`, { method: "POST", body: { receivableId: generated.installments[0]!.id } })).status).toBe(200);
    const refused = await api(`/api/statements/${answer.id}/transactions/${line!.id}/undo-entry`, { method: "POST" });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ message: "Esta transação não criou um lançamento a desfazer" });
    expect(await receivables()).toHaveLength(1);
  });
});

describe("bad input never writes and never answers 500", () => {
  const target: SweepTarget = {
    send: api,
    snapshot: () => ["receivables", "payables", "payments", "bank_transactions", "suppliers", "history_events"].map((table) => t.db.$client.query(`select * from ${table} order by rowid`).all()),
  };
  const THE_CLIENT = "{cliente}";
  type Fixture = { statement: number; credit: number; debit: number; client: number };
  const setup = async (): Promise<Fixture> => {
    const padaria = await createClient();
    const answer = await imported([
      { fitid: "S1", data: "20261105", valor: "100.00", nome: "PIX" },
      { fitid: "S2", data: "20261105", valor: "-10.00", nome: "TARIFA" },
    ]);
    const [credit, debit] = await transactions(answer.id);
    return { statement: answer.id, credit: credit!.id, debit: debit!.id, client: padaria.id };
  };
  const withClient = (body: unknown, f: Fixture) =>
    body && typeof body === "object" && (body as { clientId?: unknown }).clientId === THE_CLIENT ? { ...body, clientId: f.client } : body;
  const valid = { clientId: THE_CLIENT, descricao: "PIX avulso" };
  const cases: BadInput[] = [
    { name: "an empty object", body: {}, status: 400, errors: { clientId: "Cliente é obrigatório", descricao: "Descrição é obrigatória" } },
    { name: "a null body", body: null, status: 400 },
    ...malformedBodies(valid),
    { name: "clientId '12abc'", body: { ...valid, clientId: "12abc" }, status: 400, errors: { clientId: "Cliente inválido" } },
    { name: "clientId -3", body: { ...valid, clientId: -3 }, status: 400, errors: { clientId: "Cliente inválido" } },
    { name: "a blank descricao", body: { ...valid, descricao: "  " }, status: 400, errors: { descricao: "Descrição é obrigatória" } },
    { name: "a 501-character descricao", body: { ...valid, descricao: "x".repeat(501) }, status: 400, errors: { descricao: "Máximo de 500 caracteres" } },
    { name: "categoriaId 'abc'", body: { ...valid, categoriaId: "abc" }, status: 400, errors: { categoriaId: "Categoria inválida" } },
    { name: "an unknown categoriaId", body: { ...valid, categoriaId: 99999 }, status: 400, errors: { categoriaId: "Escolha uma categoria de receita" } },
    { name: "an unknown centroCustoId", body: { ...valid, centroCustoId: 99999 }, status: 400, errors: { centroCustoId: "Centro de custo inválido" } },
    { name: "a group as category", body: { ...valid, categoriaId: 1 }, status: 400, errors: { categoriaId: "Escolha uma categoria de receita" } },
    { name: "tarifa on a credit", body: { tarifa: true }, status: 400, errors: { tarifa: "Só para débitos" } },
    { name: "an unknown client", body: { ...valid, clientId: 99999 }, status: 404, message: "Cliente não encontrado" },
  ];
  sweepBodies(target, { method: "POST", label: "/api/statements/:id/transactions/:tid/create-entry (a credit)", setup, path: (f) => `/api/statements/${f.statement}/transactions/${f.credit}/create-entry`, prepare: withClient }, cases);
  sweepBodies(
    target,
    { method: "POST", label: "/api/statements/:id/transactions/:tid/create-entry (a debit)", setup, path: (f) => `/api/statements/${f.statement}/transactions/${f.debit}/create-entry` },
    [
      { name: "a client instead of a supplier", body: { clientId: 1, descricao: "x" }, status: 400, errors: { supplierId: "Fornecedor é obrigatório" } },
      { name: "tarifa 'sim'", body: { tarifa: "sim" }, status: 400, errors: { tarifa: "Tarifa inválida" } },
      { name: "tarifa false", body: { tarifa: false }, status: 400, errors: { tarifa: "Tarifa inválida" } },
      { name: "tarifa with a blank descricao", body: { tarifa: true, descricao: "" }, status: 400, errors: { descricao: "Descrição é obrigatória" } },
      ...malformedBodies({ tarifa: true }),
    ],
  );
  sweepIds(
    target,
    setup,
    [
      { method: "POST", path: (id) => `/api/statements/${id}/transactions/1/create-entry`, body: { tarifa: true } },
      { method: "POST", path: (id) => `/api/statements/${id}/transactions/1/undo-entry` },
    ],
    "Extrato não encontrado",
  );
});
