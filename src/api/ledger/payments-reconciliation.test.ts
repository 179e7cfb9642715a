import { describe, expect, test } from "bun:test";
import { buildOfx } from "../../../tests/fixtures/ofx/build";
import { importedStatement, PADARIA, useTestApp } from "../../../tests/support";
import type { ClientJson } from "../clients/model";
import type { InstallmentJson } from "../installments/model";
import type { ImportAnswer, TransactionJson } from "../statements/model";
import type { PaymentJson } from "./model";

// A payment that came from Conciliação (issue 34 §1, DECISIONS §2/§9): recorded as such with its
// line; cancelling that payment from the ledger gives the line back to pendente, in the same
// transaction. Today is Monday 16 November 2026 in São Paulo.
const t = useTestApp({
  tables: ["payments", "statement_lines", "bank_transactions", "statements", "receivables", "history_events", "clients"],
  now: "2026-11-16T10:00:00-03:00",
});
const api = t.api;

async function upload(postings: { fitid: string; data: string; valor: string; nome: string }[]): Promise<ImportAnswer> {
  const bytes = buildOfx({ postings, period: { from: "20261101", to: "20261116" }, account: "56789-0" }) as Uint8Array<ArrayBuffer>;
  return importedStatement(t, bytes);
}

describe("a payment from Conciliação", () => {
  test("is listed with its line; Cancelar Baixa on it puts the line back to pendente", async () => {
    const client = (await (await api("/api/clients", { method: "POST", body: PADARIA })).json()) as ClientJson;
    const generated = await api("/api/installments/generate", { method: "POST", body: { clientId: client.id, numParcelas: 1, valor: "150.00", primeiroVencimento: "2026-11-10", descricao: "Mensalidade" } });
    const row = ((await generated.json()) as { installments: InstallmentJson[] }).installments[0]!;
    const statement = await upload([{ fitid: "P1", data: "20261105", valor: "150,00", nome: "PIX RECEBIDO PADARIA PAO QUENTE" }]);
    const [line] = (await (await api(`/api/statements/${statement.id}/transactions`)).json()) as TransactionJson[];
    const confirmed = await api(`/api/statements/${statement.id}/transactions/${line!.id}/confirm`, { method: "POST", body: { receivableId: row.id } });
    expect(confirmed.status).toBe(200);

    const payments = (await (await api(`/api/installments/${row.id}/payments`)).json()) as PaymentJson[];
    expect(payments).toEqual([expect.objectContaining({ origem: "conciliacao", transacaoId: line!.id, principal: "150.00", dataPagamento: "2026-11-05" })]);

    const undo = await api(`/api/installments/${row.id}/undo-payment`, { method: "POST", body: { pagamentoId: payments[0]!.id } });
    expect(undo.status).toBe(200);
    const [after] = (await (await api(`/api/statements/${statement.id}/transactions`)).json()) as TransactionJson[];
    expect(after!.situacao).toBe("pendente");
    expect(t.db.$client.query("select receivable_id from bank_transactions where id = ?").get(line!.id)).toEqual({ receivable_id: null });
    const events = (await (await api(`/api/installments/${row.id}/history`)).json()) as { acao: string; texto: string }[];
    expect(events.find((e) => e.acao === "undo_payment")!.texto).toContain("P1");
  });
});
