import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { buildOfx, type OfxPosting } from "../../../tests/fixtures/ofx/build";
import { PADARIA, uploadStatement, useTestApp } from "../../../tests/support";
import type { ClientJson } from "../clients/model";
import type { InstallmentJson } from "../installments/model";
import type { BulkConfirmAnswer, ImportAnswer, MatchJson, StatementJson, TransactionAnswer, TransactionJson } from "./model";

// Today is Monday 16 November 2026 in São Paulo.
const t = useTestApp({
  tables: ["statement_lines", "bank_transactions", "statements", "receivables", "payables", "history_events", "clients", "suppliers"],
  now: "2026-11-16T10:00:00-03:00",
});
const api = t.api;
const FIXTURES = join(import.meta.dir, "..", "..", "..", "tests", "fixtures", "ofx");

const FLORICULTURA = { ...PADARIA, nome: "Floricultura Ipê Amarelo", cnpj: "11.444.777/0001-61", codigoCliente: "FLO-002", email: "flores@ipe.com.br" };

/** A statement of November 2026 for account 56789-0 (tests/fixtures/ofx/build.ts). */
const ofx = (postings: OfxPosting[], account = "56789-0", balance?: string) => buildOfx({ postings, period: { from: "20261101", to: "20261116" }, account, balance });

async function upload(data: Uint8Array, name = "extrato.ofx", multipart = true): Promise<Response> {
  const bytes = data as Uint8Array<ArrayBuffer>;
  if (!multipart) return t.app.handle(new Request(`http://cofre.test/api/statements?arquivo=${name}`, { method: "POST", headers: { cookie: t.cookie, host: "cofre.test", "content-type": "application/octet-stream" }, body: bytes }));
  return uploadStatement(t, bytes, name);
}

async function imported(bytes: Uint8Array): Promise<ImportAnswer> {
  const response = await upload(bytes);
  const body = await response.json();
  if (response.status !== 201) throw new Error(`${response.status} ${JSON.stringify(body)}`);
  return body as ImportAnswer;
}

async function createClient(body: object = PADARIA): Promise<ClientJson> {
  return (await (await api("/api/clients", { method: "POST", body })).json()) as ClientJson;
}

async function installment(clientId: number, valor: string, primeiroVencimento: string): Promise<InstallmentJson> {
  const response = await api("/api/installments/generate", { method: "POST", body: { clientId, numParcelas: 1, valor, primeiroVencimento, descricao: "Mensalidade" } });
  return ((await response.json()) as { installments: InstallmentJson[] }).installments[0]!;
}

/** One installment as the list API answers it. */
async function receivable(id: number): Promise<InstallmentJson> {
  const rows = (await (await api("/api/installments?porPagina=500")).json()) as InstallmentJson[];
  return rows.find((row) => row.id === id)!;
}

const transactions = async (id: number, query = ""): Promise<TransactionJson[]> => (await (await api(`/api/statements/${id}/transactions${query}`)).json()) as TransactionJson[];
const count = (table: string) => (t.db.$client.query(`select count(*) n from ${table}`).get() as { n: number }).n;

describe("importing a statement", () => {
  test("stores each transaction once: re-importing the same file, or an overlapping one, adds nothing new and says so", async () => {
    const first = await imported(ofx([{ fitid: "A1", data: "20261105", valor: "150,00", nome: "PIX RECEBIDO PADARIA PAO QUENTE" }, { fitid: "A2", data: "20261106", valor: "-80.00", nome: "TARIFA" }], "56789-0", "1.070,00"));
    expect(first).toMatchObject({ banco: "341", conta: "56789-0", de: "2026-11-01", ate: "2026-11-16", transacoes: 2, novas: 2, jaImportadas: 0 });
    const again = await imported(ofx([{ fitid: "A1", data: "20261105", valor: "150,00", nome: "PIX RECEBIDO PADARIA PAO QUENTE" }, { fitid: "A2", data: "20261106", valor: "-80.00", nome: "TARIFA" }], "56789-0", "1.070,00"));
    expect(again).toMatchObject({ id: first.id, novas: 0, jaImportadas: 2, message: "Nenhuma transação nova: este extrato já tinha sido importado" });
    const overlap = await imported(ofx([{ fitid: "A2", data: "20261106", valor: "-80.00", nome: "TARIFA" }, { fitid: "A3", data: "20261110", valor: "99.90", nome: "TED" }]));
    expect(overlap).toMatchObject({ novas: 1, jaImportadas: 1 });
    expect(count("bank_transactions")).toBe(3);
    const statement = (await (await api(`/api/statements/${first.id}`)).json()) as StatementJson;
    expect(statement).toMatchObject({ saldo: "1070.00", saldoData: "2026-11-16", arquivo: "extrato.ofx", importadoPor: "financeiro@cofre.test", transacoes: 2 });
    const list = await api("/api/statements");
    expect(list.headers.get("x-total-count")).toBe("2");
  });

  test("one FITID reused for different transactions of one file is kept as different transactions; accents of a latin-1 file survive", async () => {
    const answer = await imported(ofx([{ fitid: "0", data: "20261105", valor: "10.00", nome: "Depósito São João" }, { fitid: "0", data: "20261105", valor: "20.00", nome: "Depósito" }, { fitid: "0", data: "20261106", valor: "10.00", nome: "Depósito" }]));
    expect(answer.novas).toBe(3);
    expect((await transactions(answer.id)).map((r) => r.descricao)).toEqual(["Depósito São João", "Depósito", "Depósito"]);
  });

  test("the raw body works as well as multipart; the fixtures of real banks' quirks import", async () => {
    const raw = await upload(readFileSync(join(FIXTURES, "sgml-1252.ofx")), "itau.ofx", false);
    expect(raw.status).toBe(201);
    for (const name of ["xml-utf8.ofx", "bare-cr.ofx", "charset-1252-but-utf8.ofx", "fitids.ofx", "other-payment.ofx"]) {
      const response = await upload(readFileSync(join(FIXTURES, name)), name);
      expect(response.status).toBe(201);
    }
  });

  test("files that cannot be read are refused whole with a pt-BR reason, and nothing is stored", async () => {
    for (const [name, bytes] of [
      ["page.html", readFileSync(join(FIXTURES, "page.html"))],
      ["statement.pdf", readFileSync(join(FIXTURES, "statement.pdf"))],
      ["truncated.ofx", readFileSync(join(FIXTURES, "truncated.ofx"))],
      ["credit-card.ofx", readFileSync(join(FIXTURES, "credit-card.ofx"))],
      ["missing-fitid.ofx", readFileSync(join(FIXTURES, "missing-fitid.ofx"))],
    ] as const) {
      const response = await upload(new Uint8Array(bytes), name);
      expect(response.status).toBe(400);
      const body = (await response.json()) as { message: string };
      expect(body.message).toStartWith("Não foi possível ler o extrato: ");
    }
    expect((await (await upload(readFileSync(join(FIXTURES, "credit-card.ofx")))).json()).message).toContain("cartão de crédito");
    const big = await upload(new Uint8Array(6 * 1024 * 1024).fill(65));
    expect(big.status).toBe(413);
    expect((await big.json()).message).toBe("Arquivo muito grande: o limite é 5 MB");
    const empty = await upload(new Uint8Array());
    expect(empty.status).toBe(400);
    expect(count("statements")).toBe(0);
    expect(count("bank_transactions")).toBe(0);
  });
});

describe("matching, confirming, ignoring, undoing", () => {
  test("alta when the only candidate's client is named; media when amount and date leave one; none when two are possible", async () => {
    const padaria = await createClient();
    const flor = await createClient(FLORICULTURA);
    const named = await installment(padaria.id, "150.00", "2026-11-05");
    const alone = await installment(flor.id, "333.33", "2026-11-10");
    await installment(padaria.id, "99.00", "2026-11-08");
    await installment(flor.id, "99.00", "2026-11-08");
    const answer = await imported(
      ofx([
        { fitid: "T1", data: "20261105", valor: "150.00", nome: "PIX RECEBIDO", memo: "PADARIA PAO QUENTE LTDA" },
        { fitid: "T2", data: "20261111", valor: "333.33", nome: "TED 237 0001" },
        { fitid: "T3", data: "20261108", valor: "99.00", nome: "PIX" },
        { fitid: "T4", data: "20261109", valor: "-50.00", nome: "Tarifa" },
      ]),
    );
    expect(answer.sugestoes).toBe(2);
    const rows = await transactions(answer.id);
    expect(rows.map((r) => [r.fitid, r.situacao, r.sugestao?.id ?? null, r.sugestao?.confianca ?? null])).toEqual([
      ["T1", "sugerida", named.id, "alta"],
      ["T2", "sugerida", alone.id, "media"],
      ["T3", "pendente", null, null],
      ["T4", "pendente", null, null],
    ]);
    expect(rows[0]!.sugerida).toMatchObject({ parte: "Padaria Pão Quente", valor: "150.00" });
    // The situation filter is in the URL.
    expect((await transactions(answer.id, "?situacao=sugerida")).map((r) => r.fitid)).toEqual(["T1", "T2"]);
  });

  test("an amount with Cofre's own late fees for that day matches; confirming pays with the transaction's date and amount, the excess as fees", async () => {
    const padaria = await createClient();
    const late = await installment(padaria.id, "1000.00", "2026-10-20");
    // 16 days late: multa 20.00 + juros 1000 × 16 / 3000 = 5.33.
    const answer = await imported(ofx([{ fitid: "L1", data: "20261105", valor: "1025.33", nome: "PIX PADARIA PAO QUENTE" }]));
    const [row] = await transactions(answer.id);
    expect(row!.sugestao).toMatchObject({ id: late.id, confianca: "alta" });
    const confirmed = await api(`/api/statements/${answer.id}/transactions/${row!.id}/confirm`, { method: "POST", body: {} });
    expect(confirmed.status).toBe(200);
    expect(((await confirmed.json()) as TransactionAnswer).transaction).toMatchObject({ situacao: "conciliada", conciliadaCom: { id: late.id, status: "pago" } });
    const paid = await receivable(late.id);
    expect(paid).toMatchObject({ status: "pago", dataPagamento: "2026-11-05", valorPago: "1025.33", multa: "20.00", juros: "5.33" });
    const event = t.db.$client.query("select details from history_events where action = 'pay' order by id desc").get() as { details: string };
    expect(JSON.parse(event.details).conciliacao).toEqual({ extrato: answer.id, fitid: "L1", transacao: row!.id });
    // Undo reverses the payment and its link.
    const undone = await api(`/api/statements/${answer.id}/transactions/${row!.id}/undo`, { method: "POST" });
    expect(((await undone.json()) as TransactionAnswer).transaction.situacao).toBe("sugerida");
    expect((await receivable(late.id)).status).toBe("vencido");
  });

  test("one to one: an installment settled by one transaction cannot be settled by another (409), nor a transaction twice", async () => {
    const padaria = await createClient();
    const one = await installment(padaria.id, "150.00", "2026-11-05");
    const answer = await imported(ofx([{ fitid: "D1", data: "20261105", valor: "150.00", nome: "PADARIA PAO QUENTE" }, { fitid: "D2", data: "20261106", valor: "150.00", nome: "PADARIA PAO QUENTE" }]));
    const [a, b] = await transactions(answer.id);
    expect(a!.sugestao?.id).toBe(one.id);
    expect(b!.situacao).toBe("pendente"); // the installment went to the earlier posting
    expect((await api(`/api/statements/${answer.id}/transactions/${a!.id}/confirm`, { method: "POST" })).status).toBe(200);
    const second = await api(`/api/statements/${answer.id}/transactions/${b!.id}/confirm`, { method: "POST", body: { receivableId: one.id } });
    expect(second.status).toBe(409);
    // Several lines may pay one installment (partials, issue 34 §2), but not one already paid.
    expect((await second.json()).message).toBe("Esta parcela já está paga");
    const twice = await api(`/api/statements/${answer.id}/transactions/${a!.id}/confirm`, { method: "POST" });
    expect(twice.status).toBe(409);
  });

  test("choosing by hand: the closest amount first, and among equal amounts the oldest due date first (issue 37 §2)", async () => {
    const padaria = await createClient();
    const aug = await installment(padaria.id, "150.00", "2026-08-10");
    const sep = await installment(padaria.id, "150.00", "2026-09-10");
    const oct = await installment(padaria.id, "150.00", "2026-10-10");
    const near = await installment(padaria.id, "160.00", "2026-11-04");
    const answer = await imported(ofx([{ fitid: "O1", data: "20261105", valor: "150.00", nome: "DEPOSITO" }]));
    const [deposit] = await transactions(answer.id);
    const candidates = (await (await api(`/api/statements/${answer.id}/transactions/${deposit!.id}/candidates`)).json()) as MatchJson[];
    expect(candidates.map((c) => c.id)).toEqual([aug.id, sep.id, oct.id, near.id]);
  });

  test("ignore a transfer between own accounts; undo brings it back; match by hand an installment found by search", async () => {
    const padaria = await createClient();
    const other = await installment(padaria.id, "200.00", "2026-09-10");
    const answer = await imported(ofx([{ fitid: "X1", data: "20261105", valor: "-500.00", nome: "TRANSF ENTRE CONTAS" }, { fitid: "X2", data: "20261106", valor: "180.00", nome: "DEPOSITO" }]));
    const [transfer, deposit] = await transactions(answer.id);
    const ignored = await api(`/api/statements/${answer.id}/transactions/${transfer!.id}/ignore`, { method: "POST" });
    expect(((await ignored.json()) as TransactionAnswer).transaction.situacao).toBe("ignorada");
    expect(((await (await api(`/api/statements/${answer.id}/transactions/${transfer!.id}/undo`, { method: "POST" })).json()) as TransactionAnswer).transaction.situacao).toBe("pendente");
    const candidates = (await (await api(`/api/statements/${answer.id}/transactions/${deposit!.id}/candidates?q=padaria`)).json()) as MatchJson[];
    expect(candidates.map((c) => c.id)).toEqual([other.id]);
    // R$ 180 for R$ 200 plus fees: settled with the difference as a discount (issue 34 §2 asks).
    const byHand = await api(`/api/statements/${answer.id}/transactions/${deposit!.id}/confirm`, { method: "POST", body: { receivableId: other.id, tipo: "desconto" } });
    expect(byHand.status).toBe(200);
    expect((await receivable(other.id))).toMatchObject({ status: "pago", valorPago: "180.00" });
    const wrongSide = await api(`/api/statements/${answer.id}/transactions/${transfer!.id}/confirm`, { method: "POST", body: { receivableId: other.id } });
    expect(wrongSide.status).toBe(409);
  });

  test("Confirmar sugestões de alta confiança confirms them all at once; debits settle payables; the statement's counts follow", async () => {
    const padaria = await createClient();
    const flor = await createClient(FLORICULTURA);
    const supplier = (await (await api("/api/suppliers", { method: "POST", body: { nome: "Gráfica Ágil", email: "contato@agil.com.br" } })).json()) as { id: number };
    const a = await installment(padaria.id, "150.00", "2026-11-05");
    const b = await installment(flor.id, "210.00", "2026-11-07");
    await installment(flor.id, "77.00", "2026-11-09");
    const bill = ((await (await api("/api/payables/generate", { method: "POST", body: { supplierId: supplier.id, numParcelas: 1, valor: "480.00", primeiroVencimento: "2026-11-10", descricao: "Papel" } })).json()) as { payables: { id: number }[] }).payables[0]!;
    const answer = await imported(
      ofx([
        { fitid: "B1", data: "20261105", valor: "150.00", nome: "PIX PADARIA PAO QUENTE" },
        { fitid: "B2", data: "20261107", valor: "210.00", memo: "Floricultura Ipe Amarelo mensalidade" },
        { fitid: "B3", data: "20261109", valor: "77.00", nome: "PIX" },
        { fitid: "B4", data: "20261110", valor: "-480.00", nome: "BOLETO GRAFICA AGIL" },
      ]),
    );
    expect(((await (await api(`/api/statements/${answer.id}`)).json()) as StatementJson).sugestoesAlta).toBe(3);
    const bulk = await api(`/api/statements/${answer.id}/confirm-suggestions`, { method: "POST", body: { confianca: "alta" } });
    expect(((await bulk.json()) as BulkConfirmAnswer).conciliadas).toBe(3);
    expect((await receivable(a.id)).status).toBe("pago");
    expect((await receivable(b.id)).status).toBe("pago");
    expect(t.db.$client.query("select status, valor_pago from payables where id = ?").get(bill.id)).toEqual({ status: "pago", valor_pago: 48000 });
    const statement = (await (await api(`/api/statements/${answer.id}`)).json()) as StatementJson;
    expect(statement.contagem).toEqual({ pendente: 0, sugerida: 1, conciliada: 3, ignorada: 0 });
    expect(statement.sugestoesAlta).toBe(0);
    expect(statement).toMatchObject({ conciliadoCreditos: "360.00", conciliadoDebitos: "480.00" });
  });

  test("bad ids and bad bodies are 4xx in pt-BR, never a 500", async () => {
    const answer = await imported(ofx([{ fitid: "Z1", data: "20261105", valor: "10.00" }]));
    const [row] = await transactions(answer.id);
    expect((await api("/api/statements/999/transactions")).status).toBe(404);
    expect((await api(`/api/statements/${answer.id}/transactions/999/confirm`, { method: "POST" })).status).toBe(404);
    expect((await api(`/api/statements/abc/transactions`)).status).toBe(400);
    expect((await api(`/api/statements/${answer.id}/transactions?situacao=feita`)).status).toBe(400);
    expect((await api(`/api/statements/${answer.id}/transactions/${row!.id}/confirm`, { method: "POST", body: { receivableId: "x" } })).status).toBe(400);
    expect((await api(`/api/statements/${answer.id}/transactions/${row!.id}/confirm`, { method: "POST", body: [1] })).status).toBe(400);
    expect((await api(`/api/statements/${answer.id}/transactions/${row!.id}/confirm`, { method: "POST" })).status).toBe(409);
    expect((await api(`/api/statements/${answer.id}/confirm-suggestions`, { method: "POST", body: { confianca: "baixa" } })).status).toBe(400);
    expect((await api(`/api/statements/${answer.id}/transactions/${row!.id}/undo`, { method: "POST" })).status).toBe(409);
  });
});

/** The history of one ledger row, newest first, as the screen reads it. */
async function historyTexts(kind: "installments" | "payables", id: number): Promise<string[]> {
  const events = (await (await api(`/api/${kind}/${id}/history`)).json()) as { texto: string; acao: string }[];
  // Money is written with a no-break space after R$; plain spaces here.
  return events.filter((e) => e.acao !== "auto_block" && e.acao !== "auto_unblock").map((e) => e.texto.replaceAll("\u00a0", " "));
}

async function supplierBill(valor: string, primeiroVencimento: string): Promise<{ id: number }> {
  const supplier = (await (await api("/api/suppliers", { method: "POST", body: { nome: "Gráfica Ágil", email: "contato@agil.com.br" } })).json()) as { id: number };
  const body = { supplierId: supplier.id, numParcelas: 1, valor, primeiroVencimento, descricao: "Papel" };
  return ((await (await api("/api/payables/generate", { method: "POST", body })).json()) as { payables: { id: number }[] }).payables[0]!;
}

describe("the ledger side of a reconciled payment (issue 31 items 1 and 9)", () => {
  test("Cancelar Baixa of a reconciled receivable puts its bank line back to pendente in the same change, says so, and the installment can be reconciled again", async () => {
    const padaria = await createClient();
    const one = await installment(padaria.id, "150.00", "2026-11-05");
    const answer = await imported(ofx([{ fitid: "R1", data: "20261105", valor: "150.00", nome: "PIX PADARIA PAO QUENTE" }]));
    const [line] = await transactions(answer.id);
    expect((await api(`/api/statements/${answer.id}/transactions/${line!.id}/confirm`, { method: "POST" })).status).toBe(200);

    const undone = await api(`/api/installments/${one.id}/undo-payment`, { method: "POST" });
    expect(undone.status).toBe(200);
    const [after] = await transactions(answer.id);
    expect(after).toMatchObject({ situacao: "pendente", conciliadaCom: null, sugestao: null });
    expect(t.db.$client.query("select receivable_id, conciliada_em from bank_transactions where id = ?").get(line!.id)).toEqual({ receivable_id: null, conciliada_em: null });
    expect((await historyTexts("installments", one.id))[0]).toBe(
      `financeiro@cofre.test cancelou a baixa de 05/11/2026 (R$ 150,00); a linha do extrato ${answer.id} de 05/11/2026 (R$ 150,00, FITID R1) voltou a pendente`,
    );
    // The reconciliation's own undo names the line's state, not the installment's.
    const again = await api(`/api/statements/${answer.id}/transactions/${line!.id}/undo`, { method: "POST" });
    expect(again.status).toBe(409);
    expect((await again.json()).message).toBe("Não há conciliação a desfazer nesta transação");
    // A new credit for that installment (another statement) matches and is confirmed.
    const second = await imported(ofx([{ fitid: "R2", data: "20261110", valor: "150.00", nome: "PIX PADARIA PAO QUENTE" }], "11111-1"));
    const [credit] = await transactions(second.id);
    expect(credit!.sugestao).toMatchObject({ id: one.id, confianca: "alta" });
    // Five days late at face value: the fees forgiven, by choice (issue 34 §2).
    expect((await api(`/api/statements/${second.id}/transactions/${credit!.id}/confirm`, { method: "POST", body: { tipo: "desconto" } })).status).toBe(200);
    expect(await receivable(one.id)).toMatchObject({ status: "pago", dataPagamento: "2026-11-10" });
  });

  test("a reconciled receivable cannot be re-dated nor deleted while paid: nothing moves, the line stays conciliada", async () => {
    const padaria = await createClient();
    const one = await installment(padaria.id, "150.00", "2026-11-05");
    const answer = await imported(ofx([{ fitid: "S1", data: "20261105", valor: "150.00", nome: "PIX PADARIA PAO QUENTE" }]));
    const [line] = await transactions(answer.id);
    await api(`/api/statements/${answer.id}/transactions/${line!.id}/confirm`, { method: "POST" });
    const redate = await api(`/api/installments/${one.id}/due-date`, { method: "PATCH", body: { dataVencimento: "2026-12-05" } });
    expect(redate.status).toBe(409);
    expect((await redate.json()).message).toBe("Não é possível alterar o vencimento de uma parcela paga");
    const remove = await api(`/api/installments/${one.id}`, { method: "DELETE" });
    expect(remove.status).toBe(409);
    expect((await remove.json()).message).toBe("Não é possível excluir uma parcela paga: cancele a baixa primeiro");
    expect((await transactions(answer.id))[0]).toMatchObject({ situacao: "conciliada", conciliadaCom: { id: one.id, status: "pago" } });
  });

  test("deleting a reconciled (paid) payable puts its bank line back to pendente and says so; a new debit can settle a new bill", async () => {
    const bill = await supplierBill("480.00", "2026-11-10");
    const answer = await imported(ofx([{ fitid: "P1", data: "20261110", valor: "-480.00", nome: "BOLETO GRAFICA AGIL" }]));
    const [line] = await transactions(answer.id);
    expect(line!.sugestao).toMatchObject({ tipo: "payable", id: bill.id });
    expect((await api(`/api/statements/${answer.id}/transactions/${line!.id}/confirm`, { method: "POST" })).status).toBe(200);
    expect((await api(`/api/payables/${bill.id}`, { method: "DELETE" })).status).toBe(200);
    expect((await transactions(answer.id))[0]).toMatchObject({ situacao: "pendente", conciliadaCom: null, sugestao: null });
    const event = t.db.$client.query("select details from history_events where action = 'delete' and entity = 'payable' order by id desc").get() as { details: string };
    expect(JSON.parse(event.details).linhaExtrato).toEqual({ extrato: answer.id, transacao: line!.id, fitid: "P1", data: "2026-11-10", valor: "-480.00" });
    expect((await historyTexts("payables", bill.id))[0]).toBe(
      `financeiro@cofre.test excluiu a conta a pagar Gráfica Ágil — parcela 1/1 (R$ 480,00, vencimento 10/11/2026); a linha do extrato ${answer.id} de 10/11/2026 (-R$ 480,00, FITID P1) voltou a pendente`,
    );
    // The freed line settles another bill by hand.
    const other = await supplierBill("480.00", "2026-11-12");
    expect((await api(`/api/statements/${answer.id}/transactions/${line!.id}/confirm`, { method: "POST", body: { payableId: other.id } })).status).toBe(200);
  });

  test("the reconciliation's undo of a payable still works and leaves the line as it was before (its suggestion back)", async () => {
    const bill = await supplierBill("480.00", "2026-11-10");
    const answer = await imported(ofx([{ fitid: "P2", data: "20261110", valor: "-480.00", nome: "BOLETO GRAFICA AGIL" }]));
    const [line] = await transactions(answer.id);
    await api(`/api/statements/${answer.id}/transactions/${line!.id}/confirm`, { method: "POST" });
    const undone = await api(`/api/statements/${answer.id}/transactions/${line!.id}/undo`, { method: "POST" });
    expect(((await undone.json()) as TransactionAnswer).transaction).toMatchObject({ situacao: "sugerida", sugestao: { id: bill.id } });
    expect(t.db.$client.query("select status from payables where id = ?").get(bill.id)).toEqual({ status: "em_aberto" });
    const texts = await historyTexts("payables", bill.id);
    expect(texts[0]).toContain("(baixa por conciliação");
    expect(texts[0]).not.toContain("voltou a pendente");
  });

  test("Baixar by hand drops the suggestions pointing at that installment (receivables and payables): they no longer count in sugestoesAlta", async () => {
    const padaria = await createClient();
    const one = await installment(padaria.id, "150.00", "2026-11-05");
    const bill = await supplierBill("480.00", "2026-11-10");
    const answer = await imported(
      ofx([
        { fitid: "M1", data: "20261105", valor: "150.00", nome: "PIX PADARIA PAO QUENTE" },
        { fitid: "M2", data: "20261110", valor: "-480.00", nome: "BOLETO GRAFICA AGIL" },
      ]),
    );
    const statement = async () => (await (await api(`/api/statements/${answer.id}`)).json()) as StatementJson;
    expect((await statement()).sugestoesAlta).toBe(2);
    expect((await api(`/api/installments/${one.id}/pay`, { method: "PATCH" })).status).toBe(200);
    expect((await statement()).sugestoesAlta).toBe(1);
    expect((await api(`/api/payables/${bill.id}/pay`, { method: "PATCH" })).status).toBe(200);
    const after = await statement();
    expect(after.sugestoesAlta).toBe(0);
    expect(after.contagem).toEqual({ pendente: 2, sugerida: 0, conciliada: 0, ignorada: 0 });
    expect((await transactions(answer.id)).map((r) => [r.situacao, r.sugestao, r.sugerida])).toEqual([
      ["pendente", null, null],
      ["pendente", null, null],
    ]);
    // Confirming all alta suggestions now confirms nothing: no payment is made twice.
    expect(((await (await api(`/api/statements/${answer.id}/confirm-suggestions`, { method: "POST", body: { confianca: "alta" } })).json()) as BulkConfirmAnswer).conciliadas).toBe(0);
  });

  test("paying with fees by hand, or deleting the suggested installment, drops the suggestion too", async () => {
    const padaria = await createClient();
    const late = await installment(padaria.id, "150.00", "2026-11-05");
    const gone = await installment(padaria.id, "210.00", "2026-11-07");
    const answer = await imported(
      ofx([
        { fitid: "F1", data: "20261105", valor: "150.00", nome: "PIX PADARIA PAO QUENTE" },
        { fitid: "F2", data: "20261107", valor: "210.00", nome: "PIX PADARIA PAO QUENTE" },
      ]),
    );
    expect((await transactions(answer.id)).map((r) => r.situacao)).toEqual(["sugerida", "sugerida"]);
    const paid = await api(`/api/installments/${late.id}/pay-with-fees`, { method: "PATCH", body: { dataPagamento: "2026-11-06", multa: "3.00", juros: "0.05" } });
    expect(paid.status).toBe(200);
    expect((await api(`/api/installments/${gone.id}`, { method: "DELETE" })).status).toBe(200);
    expect((await transactions(answer.id)).map((r) => r.situacao)).toEqual(["pendente", "pendente"]);
  });

  test("a reconciliation that settles, by a person's choice, an installment another statement's line suggested drops that suggestion too", async () => {
    const padaria = await createClient();
    const one = await installment(padaria.id, "150.00", "2026-11-05");
    const first = await imported(ofx([{ fitid: "O1", data: "20261105", valor: "150.00", nome: "PIX PADARIA PAO QUENTE" }]));
    expect((await transactions(first.id))[0]!.sugestao).toMatchObject({ id: one.id });
    const second = await imported(ofx([{ fitid: "O2", data: "20261106", valor: "150.00", nome: "DEPOSITO" }], "22222-2"));
    const [chosen] = await transactions(second.id);
    expect(chosen!.situacao).toBe("pendente");
    expect((await api(`/api/statements/${second.id}/transactions/${chosen!.id}/confirm`, { method: "POST", body: { receivableId: one.id, tipo: "desconto" } })).status).toBe(200);
    expect((await transactions(first.id))[0]).toMatchObject({ situacao: "pendente", sugestao: null });
    expect(((await (await api(`/api/statements/${first.id}`)).json()) as StatementJson).sugestoesAlta).toBe(0);
  });
});
