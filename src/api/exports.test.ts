// The registers' exports (issue 35 §4): Clientes, Assinaturas (MRR per row) and Conciliação,
// each the list's view through its own query, as CSV for Excel pt-BR (read back by parseCsv here;
// opened in LibreOffice Calc in tests/e2e/exports.e2e.ts).
import { describe, expect, test } from "bun:test";
import { buildOfx } from "../../tests/fixtures/ofx/build";
import { PADARIA, uploadStatement, useTestApp } from "../../tests/support";
import { parseCsv } from "../lib/csv";
import { registerSearchColumns } from "../../db/search-columns";
import { PAUSE } from "../http/stream";
import { subscriptionsCsv } from "./subscriptions/csv";

// Today is Monday 16 November 2026 in São Paulo.
const t = useTestApp({
  tables: ["statement_lines", "bank_transactions", "statements", "subscription_months", "receivables", "subscriptions", "history_events", "clients"],
  now: "2026-11-16T10:00:00-03:00",
});

const ZERO_CNPJ = { ...PADARIA, nome: "Açougue Zero", cnpj: "04.252.011/0001-10", codigoCliente: "ACO-001", email: "zero@acougue.com.br", valorMensalidade: "89.90" };

async function client(body: object): Promise<number> {
  const response = await t.api("/api/clients", { method: "POST", body });
  expect(response.status).toBe(201);
  return (await response.json()).id;
}
async function csv(path: string): Promise<{ status: number; rows: string[][]; disposition: string | null }> {
  const response = await t.api(path);
  const text = await response.text();
  return { status: response.status, rows: response.status === 200 ? parseCsv(text) : [[text]], disposition: response.headers.get("content-disposition") };
}

describe("Clientes", () => {
  test("the list's view, with its search: CNPJ punctuated (its leading zero kept), money, situation", async () => {
    await client(PADARIA);
    await client(ZERO_CNPJ);
    const all = await csv("/clients/export");
    expect(all.status).toBe(200);
    expect(all.disposition).toContain('filename="clientes-2026-11-16.csv"');
    expect(all.rows[0]).toEqual(["Nome", "CNPJ", "Código", "Contato", "Telefone", "E-mail", "Site", "Mensalidade", "Trial", "Situação", "Bloqueio"]);
    expect(all.rows.slice(1).map((r) => r[0])).toEqual(["Açougue Zero", "Padaria Pão Quente"]);
    const one = await csv("/clients/export?q=a%C3%A7ougue");
    expect(one.rows.slice(1)).toEqual([["Açougue Zero", "04.252.011/0001-10", "ACO-001", "Maria Souza", "(11) 98765-4321", "zero@acougue.com.br", "", "89,90", "Não", "Ativo", ""]]);
    expect((await csv("/clients/export?ordem=senha")).status).toBe(400);
  });
});

describe("Assinaturas", () => {
  test("each row's MRR is its share of today's: a trial's is 0, and the column adds up to the cards' MRR", async () => {
    const padaria = await client(PADARIA);
    const zero = await client(ZERO_CNPJ);
    const terms = { status: "ativa", diaVencimento: 10, inicio: "2026-11" };
    expect((await t.api(`/api/clients/${padaria}/subscription`, { method: "PUT", body: { ...terms, valor: "150.00" } })).status).toBe(200);
    expect((await t.api(`/api/clients/${zero}/subscription`, { method: "PUT", body: { ...terms, valor: "89.90", trialAte: "2026-12-20" } })).status).toBe(200);
    const { rows } = await csv("/subscriptions/export?ordem=cliente");
    expect(rows[0]).toEqual(["Cliente", "Situação", "Mensalidade", "MRR", "Dia de vencimento", "Início", "Fim", "Em teste até", "Próximo vencimento", "Último reajuste"]);
    expect(rows.slice(1).map((r) => [r[0], r[1], r[2], r[3], r[4], r[5], r[7]])).toEqual([
      ["Açougue Zero", "Em teste", "89,90", "0,00", "10", "2026-11", "20/12/2026"],
      ["Padaria Pão Quente", "Ativa", "150,00", "150,00", "10", "2026-11", ""],
    ]);
    const summary = await (await t.api("/api/subscriptions/summary")).json();
    const sum = rows.slice(1).reduce((total, r) => total + Number(r[3]!.replace(",", "")), 0);
    expect(sum).toBe(Number(summary.mrr.replace(".", "")));
  });

  test("past a page (600 subscriptions) every row once, of one snapshot: one started while the file is read is not in it; a turn between each page's statements", async () => {
    const insert = t.db.$client.prepare("INSERT INTO clients (nome, cnpj, contato, telefone, email, valor_mensalidade, codigo_cliente, is_trial, status_bloqueio, nome_ordem, busca) VALUES (?, ?, 'Contato', '11987654321', 'a@b.com.br', 10000, ?, 0, 0, ?, ?)");
    const subscribe = t.db.$client.prepare("INSERT INTO subscriptions (client_id, status, dia_vencimento, inicio, proxima_competencia, iniciada_em) VALUES (?, 'ativa', 10, '2026-11', '2026-12', '2026-11-01')");
    const add = (nome: string, n: number) => {
      const columns = registerSearchColumns("clients", { nome, contato: "Contato", codigoCliente: `EXP-${n}`, email: "a@b.com.br" });
      subscribe.run(Number(insert.run(nome, String(30_000_000_000_000 + n), `EXP-${n}`, columns.nomeOrdem, columns.busca).lastInsertRowid));
    };
    t.db.$client.transaction(() => {
      for (let n = 0; n < 600; n++) add(`Cliente ${String(n).padStart(3, "0")}`, n);
    })();
    const iterator = subscriptionsCsv(t.config.databasePath, { ordem: "cliente" }).rows[Symbol.iterator]();
    const read: unknown[] = [iterator.next().value];
    // Another request starts one more subscription, sorted last (on the second page).
    add("Cliente 999", 999);
    for (let next = iterator.next(); !next.done; next = iterator.next()) read.push(next.value);
    const lines = read.filter((line) => line !== PAUSE) as string[][];
    expect(lines.map((line) => line[0])).toEqual(Array.from({ length: 600 }, (_, n) => `Cliente ${String(n).padStart(3, "0")}`));
    // Two pages of 500, each a count then ids then rows: a PAUSE after each of the first two.
    expect(read.filter((line) => line === PAUSE)).toHaveLength(4);
    const { rows } = await csv("/subscriptions/export?ordem=cliente");
    expect(rows.slice(1).map((row) => row[0]).at(-1)).toBe("Cliente 999");
    expect(rows).toHaveLength(602);
  });
});

describe("Conciliação", () => {
  test("each line with its situation and the installment it settled; ?extrato= is required, an unknown one is a 404", async () => {
    const padaria = await client(PADARIA);
    const generated = await t.api("/api/installments/generate", { method: "POST", body: { clientId: padaria, numParcelas: 1, valor: "150.00", primeiroVencimento: "2026-11-05", descricao: "Contrato" } });
    const [installment] = (await generated.json()).installments as { id: number }[];
    const bytes = buildOfx({
      postings: [
        { fitid: "A1", data: "20261105", valor: "150,00", nome: "PIX RECEBIDO PADARIA PAO QUENTE" },
        { fitid: "A2", data: "20261106", valor: "-80.00", nome: "TARIFA" },
      ],
      period: { from: "20261101", to: "20261116" },
      account: "56789-0",
    });
    const uploaded = await uploadStatement(t, bytes);
    expect(uploaded.status).toBe(201);
    const statementId: number = (await uploaded.json()).id;
    const lines = (await (await t.api(`/api/statements/${statementId}/transactions`)).json()) as { id: number; fitid: string }[];
    const credit = lines.find((l) => l.fitid === "A1")!;
    expect((await t.api(`/api/statements/${statementId}/transactions/${credit.id}/confirm`, { method: "POST", body: { receivableId: installment!.id } })).status).toBe(200);

    const { status, rows, disposition } = await csv(`/reconciliation/export?extrato=${statementId}`);
    expect(status).toBe(200);
    expect(disposition).toContain(`conciliacao-extrato-${statementId}.csv`);
    expect(rows).toEqual([
      ["Data", "Descrição", "Valor", "Tipo", "Situação", "Parcela de", "Cliente/Fornecedor", "Parcela", "Competência", "Vencimento da parcela", "Valor da parcela"],
      ["05/11/2026", "PIX RECEBIDO PADARIA PAO QUENTE", "150,00", "Crédito", "Conciliada", "A receber", "Padaria Pão Quente", "1 de 1", "", "05/11/2026", "150,00"],
      ["06/11/2026", "TARIFA", "-80,00", "Débito", "Pendente", "", "", "", "", "", ""],
    ]);
    // The screen's situação filter follows into the file.
    expect((await csv(`/reconciliation/export?extrato=${statementId}&situacao=pendente`)).rows).toHaveLength(2);
    // A download link's refusal is a page (it opens in the browser), in pt-BR.
    const missing = await t.api("/reconciliation/export");
    expect(missing.status).toBe(400);
    expect(await missing.text()).toContain("Informe o extrato: /reconciliation/export?extrato=ID");
    expect((await t.api("/reconciliation/export?extrato=999")).status).toBe(404);
  });
});
