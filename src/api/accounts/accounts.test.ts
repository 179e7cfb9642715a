import { describe, expect, test } from "bun:test";
import { buildOfx, type OfxPosting } from "../../../tests/fixtures/ofx/build";
import { importedStatement, PADARIA, useTestApp } from "../../../tests/support";
import { malformedBodies, sweepBodies, sweepIds, type BadInput, type SweepTarget } from "../../../tests/sweep";
import type { PaymentJson } from "../ledger/model";
import type { ImportAnswer, StatementJson } from "../statements/model";
import type { AccountJson } from "./model";

// Contas bancárias (issue 34 §3) through the real app: the register, payments naming their
// account, statements attached on import. Today is Monday 16 November 2026 in São Paulo.
const t = useTestApp({
  tables: ["payments", "statement_lines", "bank_transactions", "statements", "receivables", "payables", "bank_accounts", "history_events", "clients", "suppliers"],
  now: "2026-11-16T10:00:00-03:00",
});
const api = t.api;

const ITAU = { banco: "341", agencia: "1234", conta: "56789-0", apelido: "", saldoInicial: "1500.00", saldoInicialData: "2026-11-01" };
const SICOOB = { banco: "756", agencia: "3040", conta: "12345-6", apelido: "Recebimentos PIX", saldoInicial: "0", saldoInicialData: "2026-11-01" };

async function create(body: object): Promise<AccountJson> {
  const response = await api("/api/accounts", { method: "POST", body });
  const answer = await response.json();
  if (response.status !== 201) throw new Error(`${response.status} ${JSON.stringify(answer)}`);
  return answer as AccountJson;
}
const accounts = async () => (await (await api("/api/accounts")).json()) as AccountJson[];
const events = (entity: string) =>
  t.db.$client.query("select action, label, details from history_events where entity = ? order by id").all(entity) as { action: string; label: string; details: string }[];

async function receivableOf(valor = "150.00", primeiroVencimento = "2026-11-05"): Promise<number> {
  const existing = t.db.$client.query("select id from clients limit 1").get() as { id: number } | null;
  const client = existing ?? ((await (await api("/api/clients", { method: "POST", body: PADARIA })).json()) as { id: number });
  const response = await api("/api/installments/generate", { method: "POST", body: { clientId: client.id, numParcelas: 1, valor, primeiroVencimento, descricao: "Mensalidade" } });
  return ((await response.json()) as { installments: { id: number }[] }).installments[0]!.id;
}
async function payableOf(): Promise<number> {
  const supplier = (await (await api("/api/suppliers", { method: "POST", body: { nome: "Gráfica Ágil" } })).json()) as { id: number };
  const response = await api("/api/payables/generate", { method: "POST", body: { supplierId: supplier.id, numParcelas: 1, valor: "80.00", primeiroVencimento: "2026-11-10", descricao: "Papel" } });
  return ((await response.json()) as { payables: { id: number }[] }).payables[0]!.id;
}
const paymentAccounts = () => t.db.$client.query("select conta_id as conta from payments order by id").all() as { conta: number | null }[];

describe("the register", () => {
  test("POST creates an account: the bank by its FEBRABAN name, the numbers as typed, an event in the history", async () => {
    const created = await create({ ...ITAU, agencia: " 1234 ", conta: "56789-0" });
    expect(created).toMatchObject({ banco: "341", bancoNome: "Itaú Unibanco (341)", agencia: "1234", conta: "56789-0", nome: "Itaú Unibanco (341) · Ag. 1234 · Conta 56789-0" });
    expect(created).toMatchObject({ saldoInicial: "1500.00", saldoInicialData: "2026-11-01", padrao: false, ativa: true, emUso: 0 });
    // The picker's own text is the code too; an unknown code shows "Banco 999"; an apelido names it.
    const picked = await create({ ...SICOOB, banco: "Sicoob (756)" });
    expect(picked).toMatchObject({ banco: "756", bancoNome: "Sicoob (756)", nome: "Recebimentos PIX" });
    expect((await create({ ...ITAU, banco: "999" })).bancoNome).toBe("Banco 999");
    expect(events("bank_account").map((e) => [e.action, e.label])).toEqual([
      ["create", "Itaú Unibanco (341) · Ag. 1234 · Conta 56789-0"],
      ["create", "Recebimentos PIX"],
      ["create", "Banco 999 · Ag. 1234 · Conta 56789-0"],
    ]);
  });

  test("an opening balance may be negative (an overdrawn account); the same bank, branch and number twice is a 409", async () => {
    expect((await create({ ...ITAU, saldoInicial: "-250.10" })).saldoInicial).toBe("-250.10");
    const again = await api("/api/accounts", { method: "POST", body: ITAU });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ message: "Esta conta já está cadastrada (mesmo banco, agência e conta)" });
  });

  test("one default account: making another the default unsets the first in the same change, each with its event", async () => {
    const itau = await create({ ...ITAU, padrao: true });
    const sicoob = await create({ ...SICOOB, padrao: true });
    expect((await accounts()).map((a) => [a.id, a.padrao])).toEqual([
      [sicoob.id, true],
      [itau.id, false],
    ]);
    const edited = await api(`/api/accounts/${itau.id}`, { method: "PATCH", body: { ...ITAU, apelido: "Conta movimento", padrao: true } });
    expect(edited.status).toBe(200);
    expect(await edited.json()).toMatchObject({ nome: "Conta movimento", padrao: true });
    expect((await accounts()).filter((a) => a.padrao).map((a) => a.id)).toEqual([itau.id]);
    const updates = events("bank_account").filter((e) => e.action === "update");
    expect(updates.map((e) => [e.label, JSON.parse(e.details).alteracoes])).toEqual([
      ["Itaú Unibanco (341) · Ag. 1234 · Conta 56789-0", { padrao: [true, false] }],
      ["Recebimentos PIX", { padrao: [true, false] }],
      ["Conta movimento", { apelido: ["", "Conta movimento"], padrao: [false, true] }],
    ]);
    // An inactive account cannot be the default (422 with why).
    const inactive = await api(`/api/accounts/${itau.id}`, { method: "PATCH", body: { ...ITAU, padrao: true, ativa: false } });
    expect(inactive.status).toBe(422);
    expect((await inactive.json()).message).toBe("Uma conta inativa não pode ser a conta padrão");
  });

  test("an account nothing names is deleted; one a payment names is refused with why (deactivate it)", async () => {
    const unused = await create(SICOOB);
    expect((await api(`/api/accounts/${unused.id}`, { method: "DELETE" })).status).toBe(200);
    const used = await create({ ...ITAU, padrao: true });
    await api(`/api/installments/${await receivableOf()}/pay`, { method: "PATCH" });
    const refused = await api(`/api/accounts/${used.id}`, { method: "DELETE" });
    expect(refused.status).toBe(409);
    expect((await refused.json()).message).toStartWith("Conta em uso por pagamentos ou extratos: desative-a");
    expect((await accounts()).map((a) => [a.id, a.emUso])).toEqual([[used.id, 1]]);
    const off = await api(`/api/accounts/${used.id}`, { method: "PATCH", body: { ...ITAU, ativa: false } });
    expect(await off.json()).toMatchObject({ ativa: false, padrao: false });
  });

  test("a payment's choices (accountChoices, every ledger page) are the active accounts, the default first, then by name", async () => {
    const { accountChoices } = await import("./service");
    const itau = await create({ ...ITAU, apelido: "Zeta" });
    const sicoob = await create({ ...SICOOB, padrao: true });
    const off = await create({ ...ITAU, conta: "11111-1", apelido: "Antiga" });
    await api(`/api/accounts/${off.id}`, { method: "PATCH", body: { ...ITAU, conta: "11111-1", apelido: "Antiga", ativa: false } });
    const bradesco = await create({ ...ITAU, banco: "237", apelido: "Alfa" });
    const expected = (await accounts()).filter((a) => a.ativa).map(({ id, nome, padrao }) => ({ id, nome, padrao }));
    expect(accountChoices(t.db)).toEqual(expected);
    expect(accountChoices(t.db).map((a) => a.id)).toEqual([sicoob.id, bradesco.id, itau.id]);
  });

  test("the page lists them with the bank picker's options resolved on the server", async () => {
    await create({ ...ITAU, apelido: "Conta movimento" });
    const html = await (await api("/accounts")).text();
    expect(html).toContain("Contas bancárias");
    expect(html).toContain("Conta movimento");
    expect(html).toContain("Itaú Unibanco (341)");
    expect(html).toContain("Nubank (260)");
  });
});

describe("payments name their account", () => {
  test("Baixar without an account chosen takes the default one; a chosen active one is kept; GET …/payments names it", async () => {
    const itau = await create({ ...ITAU, padrao: true });
    const sicoob = await create(SICOOB);
    const first = await receivableOf();
    await api(`/api/installments/${first}/pay-with-fees`, { method: "PATCH", body: { dataPagamento: "2026-11-05", valorBaixa: "50.00", multa: "0", juros: "0", tipo: "parcial" } });
    await api(`/api/installments/${first}/pay`, { method: "PATCH", body: { contaId: sicoob.id } });
    expect(paymentAccounts()).toEqual([{ conta: itau.id }, { conta: sicoob.id }]);
    const payments = (await (await api(`/api/installments/${first}/payments`)).json()) as PaymentJson[];
    expect(payments.map((p) => [p.contaId, p.contaNome])).toEqual([
      [itau.id, "Itaú Unibanco (341) · Ag. 1234 · Conta 56789-0"],
      [sicoob.id, "Recebimentos PIX"],
    ]);
    // The history says where the money went.
    const paid = t.db.$client.query("select details from history_events where entity = 'installment' and action = 'pay' order by id desc limit 1").get() as { details: string };
    expect(JSON.parse(paid.details).pagamento.conta).toBe("Recebimentos PIX");
  });

  test("an unknown or inactive account is a 422 in pt-BR, and nothing is paid; payables and bulk take contaId too", async () => {
    const sicoob = await create(SICOOB);
    const inactive = await create({ ...ITAU });
    await api(`/api/accounts/${inactive.id}`, { method: "PATCH", body: { ...ITAU, ativa: false } });
    const bill = await payableOf();
    const unknown = await api(`/api/payables/${bill}/pay`, { method: "PATCH", body: { contaId: 99999 } });
    expect(unknown.status).toBe(422);
    expect(await unknown.json()).toEqual({ message: "Conta bancária não encontrada: escolha uma conta cadastrada", errors: { contaId: "Escolha uma conta cadastrada" } });
    const off = await api(`/api/payables/${bill}/pay`, { method: "PATCH", body: { contaId: inactive.id } });
    expect(off.status).toBe(422);
    expect((await off.json()).message).toBe("Esta conta bancária está desativada: escolha uma conta ativa");
    expect(paymentAccounts()).toEqual([]);
    expect((await api(`/api/payables/${bill}/pay`, { method: "PATCH", body: { contaId: String(sicoob.id) } })).status).toBe(200);
    // No default account and none chosen: the payment names none (nothing is invented).
    const receivable = await receivableOf();
    const bulk = await api("/api/installments/bulk", { method: "POST", body: { acao: "baixar", ids: [receivable], contaId: sicoob.id } });
    expect(bulk.status).toBe(200);
    expect(paymentAccounts()).toEqual([{ conta: sicoob.id }, { conta: sicoob.id }]);
    const noAccount = await receivableOf("90.00");
    await api(`/api/installments/${noAccount}/pay`, { method: "PATCH" });
    expect(paymentAccounts().at(-1)).toEqual({ conta: null });
  });
});

/** A statement of November 2026, Itaú branch 1234 (tests/fixtures/ofx/build.ts). */
const ofx = (postings: OfxPosting[], account = "56789-0") => buildOfx({ postings, period: { from: "20261101", to: "20261116" }, account, balance: "1.070,00" });
const imported = (bytes: Uint8Array) => importedStatement(t, bytes);
const statement = async (id: number) => (await (await api(`/api/statements/${id}`)).json()) as StatementJson;

describe("the register shows each account's balance today", () => {
  test("opening (the end of its date) + what it received − what it paid, after the opening date", async () => {
    const itau = await create({ ...ITAU, padrao: true });
    const sicoob = await create(SICOOB);
    // Paid today into the default (Itaú): +150,00; a payable from Sicoob: −80,00; one on the opening day is already in it.
    expect((await api(`/api/installments/${await receivableOf()}/pay`, { method: "PATCH", body: {} })).status).toBe(200);
    expect((await api(`/api/payables/${await payableOf()}/pay`, { method: "PATCH", body: { contaId: sicoob.id } })).status).toBe(200);
    expect((await api(`/api/installments/${await receivableOf("99.00", "2026-11-01")}/pay`, { method: "PATCH", body: { dataPagamento: "2026-11-01" } })).status).toBe(200);
    const listed = new Map((await accounts()).map((a) => [a.id, a.saldo]));
    expect([listed.get(itau.id), listed.get(sicoob.id)]).toEqual(["1650.00", "-80.00"]);
  });
});

describe("statements attach to their account", () => {
  test("a registered account's statement is attached on import (numbers compared without punctuation or leading zeros); the bank by its name", async () => {
    const itau = await create({ ...ITAU, agencia: "01234", conta: "567890" });
    const answer = await imported(ofx([{ fitid: "A1", data: "20261105", valor: "150,00", nome: "PIX" }]));
    expect(answer.contaId).toBe(itau.id);
    expect(await statement(answer.id)).toMatchObject({ bancoNome: "Itaú Unibanco (341)", contaId: itau.id, contaNome: "Itaú Unibanco (341) · Ag. 01234 · Conta 567890" });
  });

  test("an unknown account still imports, asks once; chosen, the statement and its reconciled payments take it, and later imports find it", async () => {
    const sicoob = await create(SICOOB);
    const id = await receivableOf();
    const first = await imported(ofx([{ fitid: "A1", data: "20261105", valor: "150,00", nome: "PIX RECEBIDO PADARIA PAO QUENTE" }]));
    expect(first.contaId).toBeNull();
    expect(await statement(first.id)).toMatchObject({ contaId: null, contaNome: null, bancoNome: "Itaú Unibanco (341)" });
    // Reconciled before the account is known: the payment names none yet.
    const [line] = (await (await api(`/api/statements/${first.id}/transactions`)).json()) as { id: number }[];
    expect((await api(`/api/statements/${first.id}/transactions/${line!.id}/confirm`, { method: "POST", body: { receivableId: id } })).status).toBe(200);
    expect(paymentAccounts()).toEqual([{ conta: null }]);
    const attached = await api(`/api/statements/${first.id}/account`, { method: "POST", body: { contaId: sicoob.id } });
    expect(attached.status).toBe(200);
    expect((await attached.json()).message).toBe("Extrato ligado à conta Recebimentos PIX");
    expect(paymentAccounts()).toEqual([{ conta: sicoob.id }]);
    const later = await imported(ofx([{ fitid: "A2", data: "20261110", valor: "20,00", nome: "PIX" }]));
    expect(later.contaId).toBe(sicoob.id);
    // Attached to one account, it is not silently moved to another.
    const other = await create(ITAU);
    const moved = await api(`/api/statements/${first.id}/account`, { method: "POST", body: { contaId: other.id } });
    expect(moved.status).toBe(409);
  });

  test("Cadastrar esta conta: the account created from a statement is attached in the same request; a reconciled payment takes the statement's account", async () => {
    await create({ ...SICOOB, padrao: true });
    const id = await receivableOf();
    const answer = await imported(ofx([{ fitid: "A1", data: "20261105", valor: "150,00", nome: "PIX" }], "11111-1"));
    const created = await create({ ...ITAU, conta: "11111-1", extratoId: answer.id });
    expect((await statement(answer.id)).contaId).toBe(created.id);
    const [line] = (await (await api(`/api/statements/${answer.id}/transactions`)).json()) as { id: number }[];
    await api(`/api/statements/${answer.id}/transactions/${line!.id}/confirm`, { method: "POST", body: { receivableId: id, contaId: 1 } });
    // Not the default account: the statement's.
    expect(paymentAccounts()).toEqual([{ conta: created.id }]);
  });
});

describe("bad input never writes and never answers 500", () => {
  const target: SweepTarget = {
    send: api,
    snapshot: () => [t.db.$client.query("select * from bank_accounts order by id").all(), t.db.$client.query("select id, conta_id from statements order by id").all()],
  };
  const bodies: BadInput[] = [
    {
      name: "an empty object",
      body: {},
      status: 400,
      errors: { banco: "Banco é obrigatório", conta: "Conta é obrigatória", saldoInicialData: "Data do saldo inicial é obrigatória" },
    },
    { name: "a null body", body: null, status: 400 },
    ...malformedBodies(ITAU),
    { name: "a bank name not in the list", body: { ...ITAU, banco: "Itaú" }, status: 400, errors: { banco: "Banco inválido: escolha na lista ou digite o código de 3 dígitos (ex.: 341)" } },
    { name: "a four-digit bank code", body: { ...ITAU, banco: "3410" }, status: 400 },
    { name: "letters and spaces in the branch", body: { ...ITAU, agencia: "12 34 x.y" }, status: 400, errors: { agencia: "Agência inválida: só números e, se houver, o dígito (ex.: 1234-5)" } },
    { name: "an account number of 30 digits", body: { ...ITAU, conta: "1".repeat(30) }, status: 400, errors: { conta: "Conta inválida: só números e o dígito (ex.: 56789-0)" } },
    { name: "a 121-character apelido", body: { ...ITAU, apelido: "x".repeat(121) }, status: 400, errors: { apelido: "Máximo de 120 caracteres" } },
    { name: "a pt-BR formatted opening balance", body: { ...ITAU, saldoInicial: "1.500,00" }, status: 400, errors: { saldoInicial: "Valor inválido" } },
    { name: "three decimals", body: { ...ITAU, saldoInicial: "1.005" }, status: 400, errors: { saldoInicial: "Valor inválido" } },
    { name: "an impossible date", body: { ...ITAU, saldoInicialData: "2026-02-30" }, status: 400, errors: { saldoInicialData: "Data inválida" } },
    { name: "a text for padrao", body: { ...ITAU, padrao: "sim" }, status: 400, errors: { padrao: "Conta padrão inválida" } },
    { name: "a NUL in the apelido", body: { ...ITAU, apelido: "a\u0000b" }, status: 400, errors: { apelido: "Caractere inválido no texto" } },
  ];
  sweepBodies(target, { method: "POST", label: "/api/accounts", setup: () => create(SICOOB), path: () => "/api/accounts" }, bodies);
  sweepBodies(target, { method: "PATCH", label: "/api/accounts/:id", setup: () => create(SICOOB), path: (a) => `/api/accounts/${a.id}` }, bodies);
  sweepBodies(
    target,
    {
      method: "POST",
      label: "/api/statements/:id/account",
      setup: async () => ({ account: await create(SICOOB), statement: await imported(ofx([{ fitid: "Z1", data: "20261105", valor: "1,00", nome: "PIX" }], "99999-9")) }),
      path: (f) => `/api/statements/${f.statement.id}/account`,
    },
    [
      { name: "an empty object", body: {}, status: 400, errors: { contaId: "Escolha uma conta" } },
      { name: "a negative id", body: { contaId: -1 }, status: 400, errors: { contaId: "Escolha uma conta" } },
      { name: "an account that does not exist", body: { contaId: 99999 }, status: 422, message: "Conta bancária não encontrada: escolha uma conta cadastrada" },
      ...malformedBodies({ contaId: 1 }),
    ],
  );
  sweepIds(
    target,
    () => create(SICOOB),
    [
      { method: "PATCH", path: (id) => `/api/accounts/${id}`, body: ITAU },
      { method: "DELETE", path: (id) => `/api/accounts/${id}` },
    ],
    "Conta bancária não encontrada",
  );
  sweepIds(target, () => create(SICOOB), [{ method: "POST", path: (id) => `/api/statements/${id}/account`, body: { contaId: 1 } }], "Extrato não encontrado");
});
