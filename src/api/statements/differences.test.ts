import { describe, expect, test } from "bun:test";
import { buildOfx, type OfxPosting } from "../../../tests/fixtures/ofx/build";
import { importedStatement, PADARIA, useTestApp } from "../../../tests/support";
import type { ClientJson } from "../clients/model";
import type { InstallmentJson } from "../installments/model";
import type { PaymentJson } from "../ledger/model";
import type { BulkConfirmAnswer, ImportAnswer, TransactionAnswer, TransactionJson } from "./model";

// Issue 34 §2: reconciliation that fits real statements — a line that differs from what is due
// asks for a choice, one line pays several installments, several lines pay one. The figures are
// worked by hand here (2 % multa, 1 % a month juros pro rata per day, the defaults).
// Today is Monday 16 November 2026 in São Paulo.
const t = useTestApp({
  tables: ["payments", "statement_lines", "bank_transactions", "statements", "receivables", "payables", "history_events", "clients", "suppliers"],
  now: "2026-11-16T10:00:00-03:00",
});
const api = t.api;

const ofx = (postings: OfxPosting[], account = "56789-0") => buildOfx({ postings, period: { from: "20261001", to: "20261116" }, account });

const imported = (bytes: Uint8Array) => importedStatement(t, bytes);

const createClient = async (): Promise<ClientJson> => (await (await api("/api/clients", { method: "POST", body: PADARIA })).json()) as ClientJson;

async function installment(clientId: number, valor: string, primeiroVencimento: string): Promise<InstallmentJson> {
  const response = await api("/api/installments/generate", { method: "POST", body: { clientId, numParcelas: 1, valor, primeiroVencimento, descricao: "Mensalidade" } });
  return ((await response.json()) as { installments: InstallmentJson[] }).installments[0]!;
}

async function receivable(id: number): Promise<InstallmentJson> {
  const rows = (await (await api("/api/installments?porPagina=500")).json()) as InstallmentJson[];
  return rows.find((row) => row.id === id)!;
}
const paymentsOf = async (id: number) => (await (await api(`/api/installments/${id}/payments`)).json()) as PaymentJson[];
const transactions = async (id: number): Promise<TransactionJson[]> => (await (await api(`/api/statements/${id}/transactions`)).json()) as TransactionJson[];
const confirm = (s: number, tid: number, body?: object) => api(`/api/statements/${s}/transactions/${tid}/confirm`, { method: "POST", ...(body ? { body } : {}) });

describe("a line that differs from what is due", () => {
  test("without a choice: 409 with the signed difference, nothing written; parcial leaves the balance open; a second line settles it", async () => {
    const padaria = await createClient();
    const due = await installment(padaria.id, "200.00", "2026-11-05");
    const answer = await imported(ofx([{ fitid: "P1", data: "20261105", valor: "150.00", nome: "DEPOSITO" }, { fitid: "P2", data: "20261105", valor: "50.00", nome: "DEPOSITO" }]));
    const [first, second] = await transactions(answer.id);

    const refused = await confirm(answer.id, first!.id, { receivableId: due.id });
    expect(refused.status).toBe(409);
    const body = (await refused.json()) as { message: string; diferenca: string };
    expect(body.diferenca).toBe("-50.00");
    expect(body.message).toContain("R$ 50,00 menor que o devido");
    expect(await paymentsOf(due.id)).toEqual([]);
    expect((await transactions(answer.id))[0]!.situacao).toBe("pendente");

    expect((await confirm(answer.id, first!.id, { receivableId: due.id, tipo: "parcial" })).status).toBe(200);
    // Overdue today (16 Nov) with a balance: vencido wins over parcial (DECISIONS §2).
    expect(await receivable(due.id)).toMatchObject({ status: "vencido", saldo: "50.00", valorPago: "150.00" });
    // Several credits for one installment: the second line is exactly the balance.
    const settled = await confirm(answer.id, second!.id, { receivableId: due.id });
    expect(settled.status).toBe(200);
    expect(await receivable(due.id)).toMatchObject({ status: "pago", saldo: "0.00" });
    const payments = await paymentsOf(due.id);
    expect(payments.map((p) => [p.principal, p.desconto, p.transacaoId])).toEqual([
      ["150.00", "0.00", first!.id],
      ["50.00", "0.00", second!.id],
    ]);
    expect((await transactions(answer.id)).map((row) => row.situacao)).toEqual(["conciliada", "conciliada"]);

    // Undoing the first line cancels only its payment: the installment is partly paid again.
    expect((await api(`/api/statements/${answer.id}/transactions/${first!.id}/undo`, { method: "POST" })).status).toBe(200);
    expect(await receivable(due.id)).toMatchObject({ status: "vencido", saldo: "150.00" });
    // The line is exactly the balance again: suggested for it.
    expect((await transactions(answer.id)).map((row) => [row.situacao, row.sugestao?.id])).toEqual([
      ["sugerida", due.id],
      ["conciliada", undefined],
    ]);
  });

  test("desconto settles the installment with the difference as a discount", async () => {
    const padaria = await createClient();
    const due = await installment(padaria.id, "300.00", "2026-11-10");
    const answer = await imported(ofx([{ fitid: "D1", data: "20261110", valor: "280.00", nome: "DEPOSITO" }]));
    const [line] = await transactions(answer.id);
    expect((await confirm(answer.id, line!.id, { receivableId: due.id, tipo: "desconto" })).status).toBe(200);
    expect(await receivable(due.id)).toMatchObject({ status: "pago", saldo: "0.00" });
    expect((await paymentsOf(due.id)).map((p) => [p.principal, p.desconto, p.valorPago])).toEqual([["280.00", "20.00", "280.00"]]);
  });

  test("fees of a partly paid installment run on its balance: the suggestion and the confirmation", async () => {
    const padaria = await createClient();
    const due = await installment(padaria.id, "1000.00", "2026-10-01");
    const early = await imported(ofx([{ fitid: "F1", data: "20261001", valor: "400.00", nome: "DEPOSITO" }], "11111-1"));
    const [part] = await transactions(early.id);
    expect((await confirm(early.id, part!.id, { receivableId: due.id, tipo: "parcial" })).status).toBe(200);
    // Balance 600.00, 30 days late on 31 Oct: multa 2 % = 12.00, juros 1 % × 30/30 = 6.00 → 618.00
    // (on the face value it would be 20.00 + 10.00).
    const late = await imported(ofx([{ fitid: "F2", data: "20261031", valor: "618.00", nome: "PIX PADARIA PAO QUENTE" }], "22222-2"));
    const [rest] = await transactions(late.id);
    expect(rest!.sugestao).toMatchObject({ id: due.id, confianca: "alta" });
    expect((await confirm(late.id, rest!.id)).status).toBe(200);
    const payments = await paymentsOf(due.id);
    expect(payments.at(-1)).toMatchObject({ principal: "600.00", multa: "12.00", juros: "6.00", valorPago: "618.00" });
    expect(await receivable(due.id)).toMatchObject({ status: "pago", saldo: "0.00" });
  });

  test("bulk confirmation confirms exact matches only, and counts the ones that need a choice", async () => {
    const padaria = await createClient();
    const exact = await installment(padaria.id, "120.00", "2026-11-09");
    const late = await installment(padaria.id, "130.00", "2026-11-02");
    // 130.00 paid on 12 Nov for one due on 2 Nov: due is 130 + 2.60 + 0.43 — it differs.
    const answer = await imported(ofx([{ fitid: "B1", data: "20261109", valor: "120.00", nome: "PIX PADARIA PAO QUENTE" }, { fitid: "B2", data: "20261112", valor: "130.00", nome: "PIX PADARIA PAO QUENTE" }]));
    const lines = await transactions(answer.id);
    expect(lines.map((row) => [row.situacao, row.sugestao?.id, row.sugestao?.confianca])).toEqual([
      ["sugerida", exact.id, "alta"],
      ["sugerida", late.id, "alta"],
    ]);
    const bulk = await api(`/api/statements/${answer.id}/confirm-suggestions`, { method: "POST", body: { confianca: "alta" } });
    expect(bulk.status).toBe(200);
    const result = (await bulk.json()) as BulkConfirmAnswer;
    expect(result).toMatchObject({ conciliadas: 1, escolher: 1 });
    expect(result.message).toBe("1 transação conciliada; 1 com valor diferente do devido aguarda sua escolha (pagamento parcial ou desconto)");
    expect((await transactions(answer.id)).map((row) => row.situacao)).toEqual(["conciliada", "sugerida"]);
    expect((await receivable(late.id)).status).toBe("vencido");
    const diff = (await (await confirm(answer.id, lines[1]!.id)).json()) as { diferenca: string };
    expect(diff.diferenca).toBe("-3.03");
  });
});

describe("one line for several installments of one client", () => {
  test("applied oldest first in one change, each payment naming the line; undoing the line undoes them all", async () => {
    const padaria = await createClient();
    const older = await installment(padaria.id, "100.00", "2026-11-10");
    const newer = await installment(padaria.id, "150.00", "2026-11-12");
    const answer = await imported(ofx([{ fitid: "S1", data: "20261109", valor: "250.00", nome: "DEPOSITO" }]));
    const [line] = await transactions(answer.id);
    const done = await confirm(answer.id, line!.id, { parcelas: [newer.id, older.id] });
    expect(done.status).toBe(200);
    expect(((await done.json()) as TransactionAnswer).transaction.situacao).toBe("conciliada");
    for (const id of [older.id, newer.id]) {
      expect((await receivable(id)).status).toBe("pago");
      expect((await paymentsOf(id)).map((p) => p.transacaoId)).toEqual([line!.id]);
    }

    const undone = await api(`/api/statements/${answer.id}/transactions/${line!.id}/undo`, { method: "POST" });
    expect(undone.status).toBe(200);
    for (const id of [older.id, newer.id]) {
      // Due on 10 and 12 Nov, open again on the 16th: vencido.
      expect(await receivable(id)).toMatchObject({ status: "vencido", saldo: id === older.id ? "100.00" : "150.00", valorPago: null });
      expect(await paymentsOf(id)).toEqual([]);
    }
    expect((await transactions(answer.id))[0]!.situacao).toBe("pendente");
    expect(t.db.$client.query("select count(*) n from payments").get()).toEqual({ n: 0 });

    // Short of the sum: the oldest in full, the last partial (by choice).
    const short = await imported(ofx([{ fitid: "S2", data: "20261109", valor: "200.00", nome: "DEPOSITO" }], "33333-3"));
    const [shortLine] = await transactions(short.id);
    const refused = await confirm(short.id, shortLine!.id, { parcelas: [older.id, newer.id] });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { diferenca: string }).diferenca).toBe("-50.00");
    expect((await confirm(short.id, shortLine!.id, { parcelas: [older.id, newer.id], tipo: "parcial" })).status).toBe(200);
    expect(await receivable(older.id)).toMatchObject({ status: "pago" });
    expect(await receivable(newer.id)).toMatchObject({ status: "vencido", saldo: "50.00", valorPago: "100.00" });
  });

  test("Cancelar Baixa in the ledger of one of a line's installments leaves the line settled by the other; the last frees it", async () => {
    const padaria = await createClient();
    const older = await installment(padaria.id, "100.00", "2026-11-10");
    const newer = await installment(padaria.id, "150.00", "2026-11-12");
    const answer = await imported(ofx([{ fitid: "L1", data: "20261109", valor: "250.00", nome: "DEPOSITO" }]));
    const [line] = await transactions(answer.id);
    expect((await confirm(answer.id, line!.id, { parcelas: [older.id, newer.id] })).status).toBe(200);
    expect((await transactions(answer.id))[0]!.conciliadaCom?.id).toBe(older.id);

    expect((await api(`/api/installments/${older.id}/undo-payment`, { method: "POST" })).status).toBe(200);
    const [still] = await transactions(answer.id);
    expect(still).toMatchObject({ situacao: "conciliada", conciliadaCom: { id: newer.id } });
    expect((await receivable(newer.id)).status).toBe("pago");

    expect((await api(`/api/installments/${newer.id}/undo-payment`, { method: "POST" })).status).toBe(200);
    expect((await transactions(answer.id))[0]!.situacao).not.toBe("conciliada");
    expect(t.db.$client.query("select count(*) n from payments").get()).toEqual({ n: 0 });
  });

  test("a payable paid by two debits (partials), then deleted, gives both lines back", async () => {
    const supplier = (await (await api("/api/suppliers", { method: "POST", body: { nome: "Gráfica Ágil", email: "contato@agil.com.br" } })).json()) as { id: number };
    const bill = ((await (await api("/api/payables/generate", { method: "POST", body: { supplierId: supplier.id, numParcelas: 1, valor: "480.00", primeiroVencimento: "2026-11-10", descricao: "Papel" } })).json()) as { payables: { id: number }[] }).payables[0]!;
    const answer = await imported(ofx([{ fitid: "G1", data: "20261108", valor: "-300.00", nome: "BOLETO" }, { fitid: "G2", data: "20261109", valor: "-180.00", nome: "BOLETO" }]));
    const [a, b] = await transactions(answer.id);
    expect((await confirm(answer.id, a!.id, { payableId: bill.id, tipo: "parcial" })).status).toBe(200);
    expect((await confirm(answer.id, b!.id, { payableId: bill.id })).status).toBe(200);
    expect((await transactions(answer.id)).map((row) => row.situacao)).toEqual(["conciliada", "conciliada"]);
    expect((await api(`/api/payables/${bill.id}`, { method: "DELETE" })).status).toBe(200);
    expect((await transactions(answer.id)).map((row) => row.situacao)).toEqual(["pendente", "pendente"]);
    // Each given back by the ledger (not merely unlinked by the foreign key): no reconciliation date left.
    expect(t.db.$client.query("select count(*) n from bank_transactions where conciliada_em is not null").get()).toEqual({ n: 0 });
  });

  test("installments of different clients in one line are refused, nothing written", async () => {
    const padaria = await createClient();
    const other = (await (await api("/api/clients", { method: "POST", body: { ...PADARIA, nome: "Floricultura Ipê", cnpj: "11.444.777/0001-61", codigoCliente: "FLO-9", email: "f@ipe.com.br" } })).json()) as ClientJson;
    const a = await installment(padaria.id, "100.00", "2026-11-10");
    const b = await installment(other.id, "100.00", "2026-11-10");
    const answer = await imported(ofx([{ fitid: "M1", data: "20261109", valor: "200.00", nome: "DEPOSITO" }]));
    const [line] = await transactions(answer.id);
    const refused = await confirm(answer.id, line!.id, { parcelas: [a.id, b.id] });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { message: string }).message).toBe("As parcelas escolhidas devem ser do mesmo cliente");
    expect(t.db.$client.query("select count(*) n from payments").get()).toEqual({ n: 0 });
    expect((await api(`/api/statements/${answer.id}/transactions/${line!.id}/confirm`, { method: "POST", body: { parcelas: [a.id, null] } })).status).toBe(400);
  });

  test("a suggestion of an exact sum of the named client's open installments, confirmed as suggested", async () => {
    const padaria = await createClient();
    await installment(padaria.id, "100.00", "2026-11-10");
    const b = await installment(padaria.id, "150.00", "2026-11-12");
    const c = await installment(padaria.id, "80.00", "2026-11-14");
    const answer = await imported(ofx([{ fitid: "Q1", data: "20261109", valor: "230.00", nome: "PIX PADARIA PAO QUENTE" }]));
    const [line] = await transactions(answer.id);
    expect(line!.situacao).toBe("sugerida");
    expect(line!.sugestao).toMatchObject({ id: b.id, parcelas: [b.id, c.id], confianca: "media", motivo: "soma de 2 parcelas em aberto do cliente citado na descrição" });
    expect((await confirm(answer.id, line!.id)).status).toBe(200);
    expect((await receivable(b.id)).status).toBe("pago");
    expect((await receivable(c.id)).status).toBe("pago");
  });

  test("paying by hand one installment of a sum suggestion drops the suggestion", async () => {
    const padaria = await createClient();
    const b = await installment(padaria.id, "150.00", "2026-11-12");
    const c = await installment(padaria.id, "80.00", "2026-11-14");
    const answer = await imported(ofx([{ fitid: "Q2", data: "20261109", valor: "230.00", nome: "PIX PADARIA PAO QUENTE" }]));
    expect((await transactions(answer.id))[0]!.sugestao).toMatchObject({ parcelas: [b.id, c.id] });
    expect((await api(`/api/installments/${c.id}/pay`, { method: "PATCH", body: { dataPagamento: "2026-11-14" } })).status).toBe(200);
    expect((await transactions(answer.id))[0]).toMatchObject({ situacao: "pendente", sugestao: null });
  });
});
