import { describe, expect, test } from "bun:test";
import { buildOfx, type OfxPosting } from "../../../tests/fixtures/ofx/build";
import { generateOfx } from "../../../tests/fixtures/ofx/generate";
import { PADARIA, uploadStatement, useTestApp } from "../../../tests/support";
import { discardUnfinishedImports } from "./service";
import type { ImportAnswer, TransactionJson } from "./model";

// Issue 31 §10–11 (DECISIONS §9) through the real app: OFX bounds, hostile and broken files, and
// an upload that never keeps /healthz waiting.
const t = useTestApp({
  tables: ["statement_lines", "bank_transactions", "statements", "receivables", "payables", "history_events", "clients", "suppliers"],
  now: "2026-11-16T10:00:00-03:00",
});

const ofx = (postings: OfxPosting[]) => buildOfx({ postings, period: { from: "20261101", to: "20261116" } });
const encode = (text: string) => new TextEncoder().encode(text);

const upload = (bytes: Uint8Array, name = "extrato.ofx") => uploadStatement(t, bytes, name);

const count = (table: string) => (t.db.$client.query(`select count(*) n from ${table}`).get() as { n: number }).n;

async function refusedWith(bytes: Uint8Array): Promise<string> {
  const response = await upload(bytes);
  const body = (await response.json()) as { message: string; errors?: { arquivo?: string } };
  expect({ status: response.status, arquivo: typeof body.errors?.arquivo }).toEqual({ status: 400, arquivo: "string" });
  expect(count("statements") + count("bank_transactions")).toBe(0);
  return body.message;
}

describe("bounds (issue 31 §10)", () => {
  test("a date outside 1900–2199 refuses the file whole with a pt-BR reason naming the line: 9999-12-31, 0000-01-01, 0001, 1000", async () => {
    for (const data of ["99991231", "00000101", "00010101", "10000101"]) {
      const message = await refusedWith(ofx([{ fitid: "OK", data: "20261105", valor: "10.00" }, { fitid: "X", data, valor: "100.00" }]));
      // buildOfx writes each posting on a line of its own: the second is line 16.
      expect(message).toBe(`Não foi possível ler o extrato: Data fora dos anos aceitos (1900 a 2199) em <DTPOSTED> na linha 16: "${data}[-3:BRT]".`);
    }
  });

  test("an amount above the money cap refuses the file whole (R$ 90 trilhões), naming the line; the cap itself imports", async () => {
    const message = await refusedWith(ofx([{ fitid: "X", data: "20261105", valor: "90000000000000.00" }]));
    expect(message).toBe('Não foi possível ler o extrato: Valor acima do limite de R$ 999.999.999.999,99 em <TRNAMT> na linha 15: "90000000000000.00".');
    expect(await refusedWith(ofx([{ fitid: "X", data: "20261105", valor: "-1.000.000.000.000,00" }]))).toContain("Valor acima do limite");
    const cap = await upload(ofx([{ fitid: "C", data: "20261105", valor: "999999999999.99" }]));
    expect(cap.status).toBe(201);
  });

  test("text fields are stored cut at 255 characters (a 100,000-character NAME)", async () => {
    const response = await upload(ofx([{ fitid: "F".repeat(1000), data: "20261105", valor: "10.00", nome: "N".repeat(100_000), memo: "M".repeat(300) }]));
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as ImportAnswer;
    const [row] = (await (await t.api(`/api/statements/${id}/transactions`)).json()) as TransactionJson[];
    expect(row?.fitid).toBe("F".repeat(255));
    expect(row?.descricao).toBe(`${"N".repeat(255)} — ${"M".repeat(255)}`);
  });

  test("a statement with no transactions says so (400), not 'já tinha sido importado', and stores nothing", async () => {
    const message = await refusedWith(ofx([]));
    expect(message).toStartWith("O arquivo não tem transações");
  });
});

describe("hostile or broken files (issue 31 §11)", () => {
  const HEAD = "OFXHEADER:100\r\n\r\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>BRL<BANKACCTFROM><BANKID>341<ACCTID>1</BANKACCTFROM><BANKTRANLIST><DTSTART>20260101<DTEND>20260131\r\n";
  const TAIL = "</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>";

  test("700,000 nested tags: 400 in pt-BR, not a 500", async () => {
    expect(await refusedWith(encode(HEAD + "<A>".repeat(700_000) + TAIL))).toStartWith("Não foi possível ler o extrato: Tags abertas umas dentro das outras demais");
  });

  test("1 MB of STMTTRN never closed: 400 in pt-BR naming it, at once", async () => {
    const message = await refusedWith(encode(HEAD + "<STMTTRN><TRNTYPE>CREDIT<DTPOSTED>20260105<TRNAMT>10.00<FITID>1<NAME>X\r\n".repeat(14_000) + TAIL));
    expect(message).toContain("a tag <STMTTRN> da linha 4 não foi fechada?");
  });

  test("a 5 MB tag that never ends: 400 in pt-BR", async () => {
    expect(await refusedWith(encode(HEAD + "<" + "A".repeat(5_000_000) + "<B>" + TAIL))).toStartWith("Não foi possível ler o extrato: Tag malformada na linha 4");
  });
});

describe("an upload never keeps the server from answering", () => {
  const unfinished = () => (t.db.$client.query("select count(*) n from statements where importado_em = ''").get() as { n: number }).n;

  test("/healthz asked while a large statement is being stored is answered before the upload finishes; the statement then appears whole", async () => {
    // 5,000 postings: their lines are written in tens of slices (5 ms each, ~10 µs a posting),
    // so the upload is caught mid-way; 20,000 proved nothing more for 0.6 s more of the suite.
    const generated = generateOfx(5_000);
    let finished = false;
    const pending = upload(generated.bytes, "grande.ofx").then((response) => {
      finished = true;
      return response;
    });
    // The statement is being written (its row exists, not yet imported): now ask /healthz.
    while (!finished && unfinished() === 0) await new Promise((resolve) => setImmediate(resolve));
    expect(finished).toBe(false);
    const health = await t.app.handle(new Request("http://cofre.test/healthz"));
    expect(health.status).toBe(200);
    expect({ finished, unfinished: unfinished() }).toEqual({ finished: false, unfinished: 1 });
    // Meanwhile the list does not show the statement half written.
    expect((await (await t.api("/api/statements")).json()) as unknown[]).toEqual([]);
    const response = await pending;
    expect(response.status).toBe(201);
    const answer = (await response.json()) as ImportAnswer;
    expect(answer).toMatchObject({ transacoes: 5_000, novas: 5_000 });
    expect(unfinished()).toBe(0);
    expect(count("statement_lines")).toBe(5_000);
    const sum = (t.db.$client.query("select sum(valor) s from bank_transactions").get() as { s: number }).s;
    expect(sum).toBe(generated.sumCents);
  });

  test("all or nothing: a failure in a later slice deletes what the earlier ones wrote", async () => {
    const postings = Array.from({ length: 6000 }, (_, i) => ({ fitid: `F${i}`, data: "20261105", valor: `${i + 1}.00` }));
    postings.push({ fitid: "BOOM", data: "20261106", valor: "1.00" });
    t.db.$client.exec("CREATE TEMP TRIGGER boom BEFORE INSERT ON bank_transactions WHEN NEW.fitid = 'BOOM' BEGIN SELECT RAISE(ABORT, 'falha simulada'); END");
    try {
      const response = await upload(ofx(postings));
      expect(response.status).toBe(500);
    } finally {
      t.db.$client.exec("DROP TRIGGER temp.boom");
    }
    expect({ statements: count("statements"), lines: count("statement_lines"), transactions: count("bank_transactions") }).toEqual({ statements: 0, lines: 0, transactions: 0 });
  });

  test("an import cut by a stop is deleted at the next start, with the transactions only it held", async () => {
    const kept = (await (await upload(ofx([{ fitid: "K", data: "20261105", valor: "5.00" }]))).json()) as ImportAnswer;
    const db = t.db.$client;
    const { id } = db.query("INSERT INTO statements (banco, conta, arquivo, importado_por, importado_em, transacoes) VALUES ('341', '56789-0', 'x.ofx', 'a', '', 2) RETURNING id").get() as { id: number };
    const orphan = db.query("INSERT INTO bank_transactions (banco, conta, fitid, data, valor, descricao, busca) VALUES ('341', '56789-0', 'O', '2026-11-05', 1, 'x', 'x') RETURNING id").get() as { id: number };
    db.query("INSERT INTO statement_lines (statement_id, transaction_id, ordem) VALUES (?, ?, 0)").run(id, orphan.id);
    expect(discardUnfinishedImports(t.db)).toBe(1);
    expect({ statements: count("statements"), transactions: count("bank_transactions") }).toEqual({ statements: 1, transactions: 1 });
    expect((await t.api(`/api/statements/${kept.id}`)).status).toBe(200);
    expect(discardUnfinishedImports(t.db)).toBe(0);
  });
});

describe("bulk confirmation in short transactions, each bank line atomic", () => {
  test("a line the ledger refuses (dated after today) is left as it was and counted apart; the others are confirmed, each with its history", async () => {
    const client = (await (await t.api("/api/clients", { method: "POST", body: { ...PADARIA } })).json()) as { id: number };
    const due = async (valor: string, primeiroVencimento: string) =>
      ((await (await t.api("/api/installments/generate", { method: "POST", body: { clientId: client.id, numParcelas: 1, valor, primeiroVencimento, descricao: "Mensalidade" } })).json()) as { installments: { id: number }[] }).installments[0]!.id;
    const now = await due("150.00", "2026-11-05");
    const later = await due("160.00", "2026-11-20");
    const response = await upload(
      ofx([
        { fitid: "N1", data: "20261105", valor: "150.00", nome: "PIX PADARIA PAO QUENTE" },
        { fitid: "L1", data: "20261120", valor: "160.00", nome: "PIX PADARIA PAO QUENTE" },
      ]),
    );
    const { id, sugestoes } = (await response.json()) as ImportAnswer;
    expect(sugestoes).toBe(2);
    const bulk = await t.api(`/api/statements/${id}/confirm-suggestions`, { method: "POST", body: { confianca: "alta" } });
    expect(bulk.status).toBe(200);
    expect(await bulk.json()).toEqual({ message: "1 transação conciliada; 1 não pôde ser conciliada (confira a linha)", conciliadas: 1, escolher: 0 });
    const status = (rid: number) => (t.db.$client.query("select status from receivables where id = ?").get(rid) as { status: string }).status;
    expect([status(now), status(later)]).toEqual(["pago", "em_aberto"]);
    const rows = (await (await t.api(`/api/statements/${id}/transactions`)).json()) as TransactionJson[];
    expect(rows.map((r) => [r.fitid, r.situacao])).toEqual([["N1", "conciliada"], ["L1", "sugerida"]]);
  });
});
