import { expect, test } from "bun:test";
import { buildOfx } from "../../../tests/fixtures/ofx/build";
import { importedStatement, useTestApp } from "../../../tests/support";
import { parseOfx } from "../../lib/ofx";
import type { ImportAnswer, TransactionJson } from "./model";

// A transaction's identity is (bank, account, FITID, date, amount): a posting a bank's export
// repeats identically inside one file is one transaction, stored once and listed once.
const t = useTestApp({ tables: ["statement_lines", "bank_transactions", "statements", "history_events"], now: "2026-11-16T10:00:00-03:00" });

const posting = { fitid: "DUP-1", data: "20261105", valor: "150.00", nome: "PIX RECEBIDO PADARIA" };
const file = buildOfx({ postings: [posting, posting, { ...posting, fitid: "OTHER" }], period: { from: "20261101", to: "20261116" }, account: "56789-0" });

const imported = (bytes: Uint8Array) => importedStatement(t, bytes);

test("a posting repeated identically inside one OFX file is one transaction", async () => {
  // The parser keeps both (real exports reuse FITIDs): the import is what decides identity.
  expect(parseOfx(file).transacoes.map((tx) => tx.fitid)).toEqual(["DUP-1", "DUP-1", "OTHER"]);
  const answer = await imported(file);
  expect(answer).toMatchObject({ transacoes: 2, novas: 2, jaImportadas: 0 });
  const rows = (await (await t.api(`/api/statements/${answer.id}/transactions`)).json()) as TransactionJson[];
  expect(rows.map((row) => row.fitid).sort()).toEqual(["DUP-1", "OTHER"]);
  expect(t.db.$client.query("SELECT count(*) AS n FROM bank_transactions").get()).toEqual({ n: 2 });
  // The same file again: the same statement, nothing new.
  expect(await imported(file)).toMatchObject({ id: answer.id, transacoes: 2, novas: 0, jaImportadas: 2 });
});
