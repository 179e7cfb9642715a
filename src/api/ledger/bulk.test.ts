// Bulk actions (issue 35 §3, DECISIONS §14) through the real app over a real SQLite file.
import { describe, expect, test } from "bun:test";
import { addTestUser, PADARIA, useTestApp } from "../../../tests/support";
import type { BulkAnswer } from "./bulk-model";

// Today is Sunday 15 March 2026 in São Paulo.
const t = useTestApp({ tables: ["idempotency_keys", "history_events", "receivables", "payables", "clients", "suppliers"], now: "2026-03-15T10:00:00-03:00", env: { BLOCK_GRACE_DAYS: "5" } });

const FLORES = { ...PADARIA, nome: "Floricultura Ipê", cnpj: "11.444.777/0001-61", codigoCliente: "FLO-002", email: "flores@ipe.com.br" };

async function client(body: object = PADARIA): Promise<number> {
  const response = await t.api("/api/clients", { method: "POST", body });
  expect(response.status).toBe(201);
  return (await response.json()).id;
}
async function generate(clientId: number, overrides: object = {}): Promise<number[]> {
  const body = { clientId, numParcelas: 3, valor: "300.00", primeiroVencimento: "2026-02-05", descricao: "Contrato", ...overrides };
  const response = await t.api("/api/installments/generate", { method: "POST", body });
  expect(response.status).toBe(201);
  return (await response.json()).installments.map((r: { id: number }) => r.id);
}
async function bulk(side: "installments" | "payables", body: object, headers: Record<string, string> = {}): Promise<{ status: number; answer: BulkAnswer & { message: string } }> {
  const response = await t.api(`/api/${side}/bulk`, { method: "POST", body, headers });
  return { status: response.status, answer: await response.json() };
}
type Stored = { id: number; status: string; data_vencimento: string; data_pagamento: string | null; valor_pago: number | null; multa: number | null; juros: number | null };
const row = (id: number) => t.db.$client.query<Stored, [number]>("SELECT * FROM receivables WHERE id = ?").get(id);
const events = (action: string) => t.db.$client.query<{ n: number }, [string]>("SELECT count(*) AS n FROM history_events WHERE action = ?").get(action)!.n;
const receivableCount = () => t.db.$client.query<{ n: number }, []>("SELECT count(*) AS n FROM receivables").get()!.n;

describe("baixar", () => {
  test("by ids: the unpaid ones today at face value, one history event each; the paid one left, said why", async () => {
    const ids = await generate(await client());
    expect((await t.api(`/api/installments/${ids[0]}/pay`, { method: "PATCH" })).status).toBe(200);
    const paysBefore = events("pay");
    const { status, answer } = await bulk("installments", { acao: "baixar", ids });
    expect(status).toBe(200);
    expect(answer).toEqual({
      message: "2 parcelas baixadas; 1 já estava paga",
      acao: "baixar",
      alteradas: 2,
      ids: [ids[1]!, ids[2]!],
      mantidas: [{ motivo: "já estava paga", quantidade: 1, ids: [ids[0]!] }],
    });
    expect(row(ids[2]!)).toMatchObject({ status: "pago", data_pagamento: "2026-03-15", valor_pago: 10000, multa: 0, juros: 0 });
    expect(events("pay") - paysBefore).toBe(2);
    // The history says it was a bulk action.
    const timeline = (await (await t.api(`/api/installments/${ids[2]}/history`)).json()) as { texto: string }[];
    // formatBRL writes a no-break space after "R$".
    expect(timeline.map((e) => e.texto.replace(/\u00a0/g, " "))).toContain("financeiro@cofre.test deu baixa em 15/03/2026: R$ 100,00 (em lote)");
  });

  test("on a date with fees as of that date (2% + 1% a month pro rata); a future date is a 400 and writes nothing", async () => {
    const [first] = await generate(await client(), { numParcelas: 1, valor: "100.00", primeiroVencimento: "2026-03-05" });
    const future = await bulk("installments", { acao: "baixar", ids: [first], dataPagamento: "2026-03-16" });
    expect(future.status).toBe(400);
    expect(future.answer.message).toBe("Data de pagamento não pode ser futura");
    expect(row(first!)!.status).toBe("em_aberto");
    const { answer } = await bulk("installments", { acao: "baixar", ids: [first], dataPagamento: "2026-03-15", comJuros: true });
    expect(answer.message).toBe("1 parcela baixada");
    // 10 days late: multa R$ 2,00, juros 100 × 1% × 10/30 = R$ 0,33.
    expect(row(first!)).toMatchObject({ data_pagamento: "2026-03-15", multa: 200, juros: 33, valor_pago: 10233 });
  });

  test("unblocks the client once, in the same transaction, naming every installment it paid", async () => {
    const clientId = await client();
    // Due 5 Feb and 5 Mar: the first is 38 days overdue (grace 5), so the client is blocked.
    const ids = await generate(clientId, { numParcelas: 2 });
    const blocked = () => t.db.$client.query<{ s: number }, [number]>("SELECT status_bloqueio AS s FROM clients WHERE id = ?").get(clientId)!.s;
    expect(blocked()).toBe(1);
    await bulk("installments", { acao: "baixar", ids });
    expect(blocked()).toBe(0);
    const unblocks = t.db.$client.query<{ details: string }, []>("SELECT details FROM history_events WHERE action = 'auto_unblock'").all();
    expect(unblocks).toHaveLength(1);
    expect(JSON.parse(unblocks[0]!.details).causa.parcelas.map((p: { id: number }) => p.id)).toEqual(ids);
  });
});

describe("blocking", () => {
  test("uses the grace days saved in Configurações, not the variable's initial value", async () => {
    const saved = await t.api("/api/settings", { method: "PUT", body: { empresa: "", cidade: "", chavePix: "", modeloMensagem: "", diasCarencia: "60" } });
    expect(saved.status).toBe(200);
    const clientId = await client();
    // Due 5 Feb (38 days overdue) and 5 Mar: within the saved 60 days' grace, past the variable's 5.
    const [, second] = await generate(clientId, { numParcelas: 2 });
    const blocked = () => t.db.$client.query<{ s: number }, [number]>("SELECT status_bloqueio AS s FROM clients WHERE id = ?").get(clientId)!.s;
    expect(blocked()).toBe(0);
    expect((await bulk("installments", { acao: "prorrogar", ids: [second], dias: 1 })).status).toBe(200);
    expect(blocked()).toBe(0);
  });
});

describe("prorrogar and excluir", () => {
  test("+N days from each row's own due date; a new date; the same date left as it was", async () => {
    const ids = await generate(await client());
    expect((await bulk("installments", { acao: "prorrogar", ids: ids.slice(0, 2), dias: 10 })).answer.message).toBe("2 parcelas prorrogadas");
    expect([row(ids[0]!)!.data_vencimento, row(ids[1]!)!.data_vencimento]).toEqual(["2026-02-15", "2026-03-15"]);
    const { answer } = await bulk("installments", { acao: "prorrogar", ids, dataVencimento: "2026-03-15" });
    expect(answer.message).toBe("2 parcelas prorrogadas; 1 já vencia nessa data");
    expect(answer.mantidas).toEqual([{ motivo: "já vencia nessa data", quantidade: 1, ids: [ids[1]!] }]);
    expect(events("redate")).toBe(4);
  });

  test("excluir: unpaid only; ids no longer there are said", async () => {
    const ids = await generate(await client());
    await t.api(`/api/installments/${ids[0]}/pay`, { method: "PATCH" });
    const { answer } = await bulk("installments", { acao: "excluir", ids: [...ids, 999_999] });
    expect(answer.message).toBe("2 parcelas excluídas; 1 não foi encontrada (excluída por outra pessoa?); 1 já estava paga");
    expect(receivableCount()).toBe(1);
    expect(events("delete")).toBe(2);
  });
});

describe("the selection as a filter", () => {
  test("every row of the filter, re-read at the action (not the page the screen showed): paging and order ignored", async () => {
    const padaria = await client();
    const flores = await client(FLORES);
    await generate(padaria, { numParcelas: 24, primeiroVencimento: "2026-04-01" });
    await generate(padaria, { numParcelas: 24, primeiroVencimento: "2026-04-02" });
    await generate(padaria, { numParcelas: 24, primeiroVencimento: "2026-04-03" });
    const other = await generate(flores, { numParcelas: 2, primeiroVencimento: "2026-04-01" });
    const { answer } = await bulk("installments", { acao: "prorrogar", dias: 1, filtro: { clientId: String(padaria), pagina: "2", porPagina: "50", ordem: "-valor" } });
    expect(answer.alteradas).toBe(72);
    expect(row(other[0]!)!.data_vencimento).toBe("2026-04-01");
  });

  test("the list's own 400 for a filter value no one could mean; ids and filtro together, or neither, are refused", async () => {
    expect(await bulk("installments", { acao: "baixar", filtro: { status: "atrasado" } })).toEqual({ status: 400, answer: { message: "Status inválido: use em_aberto, parcial, vencido ou pago" } as never });
    expect((await bulk("installments", { acao: "baixar" })).status).toBe(400);
    expect((await bulk("installments", { acao: "baixar", ids: [1], filtro: {} })).status).toBe(400);
    expect((await bulk("installments", { acao: "pagar", ids: [1] })).answer.message).toBe("Ação inválida: use baixar, prorrogar, excluir ou cobrar");
    expect((await bulk("installments", { acao: "prorrogar", ids: [1] })).answer.message).toBe("Informe a nova data de vencimento ou quantos dias prorrogar");
    expect((await bulk("installments", { acao: "excluir", ids: ["1"] })).answer.message).toBe("Seleção inválida: ids deve ser uma lista de números");
    const empty = await bulk("installments", { acao: "baixar", filtro: { mes: "2030-01" } });
    expect(empty).toEqual({ status: 400, answer: { message: "Nenhuma parcela selecionada" } as never });
  });

  test("more than 5,000 rows, by ids or by filter, is a 413 in pt-BR and writes nothing", async () => {
    const clientId = await client();
    const byIds = await bulk("installments", { acao: "excluir", ids: Array.from({ length: 5_001 }, (_, i) => i + 1) });
    expect(byIds.status).toBe(413);
    expect(byIds.answer.message).toBe("Seleção grande demais: no máximo 5.000 por ação (5.001 selecionadas). Filtre a lista e repita.");
    const insert = t.db.$client.prepare("INSERT INTO receivables (client_id, numeros_parcela, descricao, data_vencimento, valor, created_at) VALUES (?, '1/1', 'x', '2026-05-01', 100, '2026-03-15T00:00:00Z')");
    t.db.$client.transaction(() => {
      for (let i = 0; i < 5_001; i++) insert.run(clientId);
    })();
    const byFilter = await bulk("installments", { acao: "excluir", filtro: { mes: "2026-05" } });
    expect(byFilter.status).toBe(413);
    expect(receivableCount()).toBe(5_001);
    // Exactly 5,000 is allowed: one transaction.
    t.db.$client.run("DELETE FROM receivables WHERE id = (SELECT max(id) FROM receivables)");
    const { status, answer } = await bulk("installments", { acao: "excluir", filtro: { mes: "2026-05" } });
    expect(status).toBe(200);
    expect(answer.message).toBe("5.000 parcelas excluídas");
    expect(receivableCount()).toBe(0);
  });
});

describe("Idempotency-Key and roles", () => {
  test("the same key answers the first run and changes nothing more", async () => {
    const ids = await generate(await client());
    const headers = { "idempotency-key": "lote-1" };
    const first = await bulk("installments", { acao: "prorrogar", ids, dias: 7 }, headers);
    const again = await bulk("installments", { acao: "prorrogar", ids, dias: 7 }, headers);
    expect(again).toEqual(first);
    expect(row(ids[0]!)!.data_vencimento).toBe("2026-02-12");
    expect(events("redate")).toBe(3);
  });

  test("consulta gets 403 on both sides and nothing changes", async () => {
    const ids = await generate(await client());
    await addTestUser(t.db, "consulta@bulk.test", "senha-de-teste-longa", { papel: "consulta" });
    const login = await t.request("/api/auth/login", { method: "POST", body: { email: "consulta@bulk.test", password: "senha-de-teste-longa" } });
    const cookie = login.headers.get("set-cookie")!.split(";")[0]!;
    for (const side of ["installments", "payables"]) {
      const response = await t.request(`/api/${side}/bulk`, { method: "POST", cookie, body: { acao: "excluir", ids } });
      expect({ side, status: response.status }).toEqual({ side, status: 403 });
    }
    expect(receivableCount()).toBe(3);
    t.db.$client.run("DELETE FROM sessions WHERE user_id = (SELECT id FROM users WHERE email = 'consulta@bulk.test')");
    t.db.$client.run("DELETE FROM users WHERE email = 'consulta@bulk.test'");
  });
});

describe("Contas a Pagar", () => {
  test("pagar and excluir in the payables' words; a paid payable is not deleted in bulk", async () => {
    const supplier = await (await t.api("/api/suppliers", { method: "POST", body: { nome: "Gráfica Ágil", email: "contato@agil.com.br" } })).json();
    const generated = await t.api("/api/payables/generate", { method: "POST", body: { supplierId: supplier.id, numParcelas: 3, valor: "90.00", primeiroVencimento: "2026-03-01", descricao: "Papel" } });
    const ids: number[] = (await generated.json()).payables.map((r: { id: number }) => r.id);
    expect((await bulk("payables", { acao: "baixar", ids: [ids[0]], comJuros: true })).answer.message).toBe("1 conta paga");
    const paid = t.db.$client.query<{ valor_pago: number }, [number]>("SELECT valor_pago FROM payables WHERE id = ?").get(ids[0]!)!;
    expect(paid.valor_pago).toBe(3000);
    const { answer } = await bulk("payables", { acao: "excluir", filtro: { supplierId: String(supplier.id) } });
    expect(answer.message).toBe("2 contas excluídas; 1 já estava paga");
  });
});

test("baixar with fees: at the company's rates, and a partly paid row's fees on its balance (as the Baixar dialog proposes)", async () => {
  const put = (body: object) => t.api("/api/settings", { method: "PUT", body: { empresa: "", cidade: "", ...body } });
  expect((await put({ multaPercentual: "10", jurosMensalPercentual: "3" })).status).toBe(200);
  try {
    const [whole, partly] = await generate(await client(), { numParcelas: 2, valor: "200.00", primeiroVencimento: "2026-03-05" });
    // Generated a month apart: the second re-dated to 5 March too.
    expect((await t.api(`/api/installments/${partly}/due-date`, { method: "PATCH", body: { dataVencimento: "2026-03-05" } })).status).toBe(200);
    // R$ 40,00 of R$ 100,00 paid on the due date: no fees on it; R$ 60,00 left.
    expect((await t.api(`/api/installments/${partly}/pay`, { method: "PATCH", body: { dataPagamento: "2026-03-05", valorPago: "40.00", tipo: "parcial" } })).status).toBe(200);
    const { answer } = await bulk("installments", { acao: "baixar", ids: [whole, partly], comJuros: true });
    expect(answer.message).toBe("2 parcelas baixadas");
    // 10 days late at 10% + 3% a month: R$ 100,00 → multa 10,00, juros 1,00.
    expect(row(whole!)).toMatchObject({ status: "pago", multa: 1000, juros: 100, valor_pago: 11100 });
    // The balance R$ 60,00 → multa 6,00, juros 0,60: R$ 66,60 more, R$ 106,60 received in all.
    expect(row(partly!)).toMatchObject({ status: "pago", multa: 600, juros: 60, valor_pago: 10660 });
  } finally {
    await put({ multaPercentual: "2", jurosMensalPercentual: "1" });
  }
});
