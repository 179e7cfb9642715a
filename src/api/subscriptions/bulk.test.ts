import { describe, expect, test } from "bun:test";
import { PADARIA, useTestApp } from "../../../tests/support";
import { cnpjCheckDigits } from "../../lib/brazil";
import type { ClientJson } from "../clients/model";
import type { BulkStartAnswer } from "./bulk";
import type { SubscriptionRowJson } from "./model";

// Today is Monday 16 November 2026 in São Paulo; lead time 10 days.
const t = useTestApp({ tables: ["subscription_months", "subscriptions", "receivables", "history_events", "clients", "settings", "idempotency_keys"], now: "2026-11-16T10:00:00-03:00" });
const api = t.api;

let next = 0;
async function client(nome: string, valorMensalidade: string, isTrial = false): Promise<ClientJson> {
  next++;
  const base = String(30_000_000 + next) + "0001";
  const body = { ...PADARIA, nome, cnpj: base + cnpjCheckDigits(base), codigoCliente: `B-${next}`, valorMensalidade, isTrial };
  const response = await api("/api/clients", { method: "POST", body });
  expect(response.status).toBe(201);
  return (await response.json()) as ClientJson;
}

async function start(body: object, key?: string, status = 200): Promise<BulkStartAnswer> {
  const response = await api("/api/subscriptions/start", { method: "POST", body, headers: key ? { "idempotency-key": key } : {} });
  const answer = await response.json();
  if (response.status !== status) throw new Error(`${response.status} ${JSON.stringify(answer)}`);
  return answer as BulkStartAnswer;
}

const count = (table: string) => (t.db.$client.query(`select count(*) n from ${table}`).get() as { n: number }).n;

/** A: 150, B: 200, C: trial (no fee), D: started already, E: an installment made by hand in December. */
async function fixture() {
  const a = await client("Alfa Padaria", "150.00");
  const b = await client("Beta Mercado", "200.00");
  const c = await client("Cia Trial", "", true);
  const d = await client("Delta Ótica", "100.00");
  const e = await client("Eco Floricultura", "120.00");
  expect((await api(`/api/clients/${d.id}/subscription`, { method: "PUT", body: { status: "ativa", valor: "100.00", diaVencimento: 10, inicio: "2026-12" } })).status).toBe(200);
  const manual = await api("/api/installments/generate", { method: "POST", body: { clientId: e.id, numParcelas: 1, valor: "120.00", primeiroVencimento: "2026-12-10", descricao: "Mensalidade" } });
  expect(manual.status).toBe(201);
  return { a, b, c, d, e };
}

describe("POST /api/subscriptions/start", () => {
  test("simulated: the count, the total and who is skipped and why; nothing written", async () => {
    const { a, b, c, d, e } = await fixture();
    const before = { subs: count("subscriptions"), events: count("history_events") };
    const all = await start({ clientes: "todos", diaVencimento: 10, inicio: "2026-12", simular: true });
    expect(all).toMatchObject({ message: "2 assinaturas serão iniciadas; 1 cliente pulado", iniciadas: 2, total: "350.00", simulado: true, atrasadas: { quantidade: 0, total: "0.00" } });
    expect(all.puladas).toEqual([{ clientId: e.id, nome: "Eco Floricultura", motivo: "Já tem parcelas lançadas à mão em 12/2026, meses que a assinatura cobraria: inicie-a pelo cliente para confirmar" }]);
    const chosen = await start({ clientes: [a.id, c.id, d.id, 99_999], diaVencimento: 10, inicio: "2026-12", simular: true });
    expect(chosen.iniciadas).toBe(1);
    expect(chosen.puladas.map((p) => [p.nome, p.motivo])).toEqual([
      ["#99999", "Cliente não encontrado"],
      ["Cia Trial", "Sem mensalidade (cliente em trial ou com valor zero): defina a mensalidade no cadastro"],
      ["Delta Ótica", "A assinatura já foi iniciada"],
    ]);
    expect({ subs: count("subscriptions"), events: count("history_events") }).toEqual(before);
    void b;
  });

  test("starts in one transaction with each start's events; months already overdue are counted; the same Idempotency-Key answers the first start", async () => {
    const { a, b } = await fixture();
    const body = { clientes: "todos", diaVencimento: 5, inicio: "2026-09" };
    const preview = await start({ ...body, simular: true });
    // 5/9, 5/10 and 5/11 are past: three months each, said before saving.
    expect(preview.atrasadas).toEqual({ quantidade: 6, total: "1050.00" });
    const first = await start(body, "inicio-1");
    expect(first).toMatchObject({ message: "2 assinaturas iniciadas; 1 cliente pulado", iniciadas: 2, geradas: 6, simulado: false });
    const subs = t.db.$client.query("select client_id c, inicio, dia_vencimento d from subscriptions order by client_id").all();
    expect(subs).toEqual(expect.arrayContaining([{ c: a.id, inicio: "2026-09", d: 5 }, { c: b.id, inicio: "2026-09", d: 5 }]));
    const created = t.db.$client.query("select count(*) n from history_events where entity = 'subscription' and action = 'create'").get() as { n: number };
    expect(created.n).toBe(3); // Delta's own start, then Alfa's and Beta's
    const again = await start(body, "inicio-1");
    expect(again).toEqual(first);
    expect(count("subscriptions")).toBe(3);
    // Another key: nothing left to start, and it says so.
    expect(await start(body, "inicio-2")).toMatchObject({ iniciadas: 0, message: "0 assinaturas iniciadas; 1 cliente pulado" });
  });

  test("the terms are checked once by the single start's rules (400 naming the field)", async () => {
    await fixture();
    const response = await api("/api/subscriptions/start", { method: "POST", body: { clientes: "todos", diaVencimento: 32, inicio: "2026-12" } });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ errors: { diaVencimento: "Dia de vencimento deve ser um número de 1 a 31" } });
    const none = await api("/api/subscriptions/start", { method: "POST", body: { clientes: [], diaVencimento: 10, inicio: "2026-12" } });
    expect(none.status).toBe(400);
    expect(count("subscriptions")).toBe(1);
  });

  test("the list's 'Não iniciada' filter: clients without a subscription, with their fee", async () => {
    const { c, e } = await fixture();
    const response = await api("/api/subscriptions?status=nao_iniciada");
    expect(response.status).toBe(200);
    const rows = (await response.json()) as SubscriptionRowJson[];
    expect(rows.map((r) => [r.clientName, r.status, r.valor])).toEqual([
      ["Alfa Padaria", "nao_iniciada", "150.00"],
      ["Beta Mercado", "nao_iniciada", "200.00"],
      ["Cia Trial", "nao_iniciada", "0.00"],
      ["Eco Floricultura", "nao_iniciada", "120.00"],
    ]);
    expect(response.headers.get("x-total-count")).toBe("4");
    const searched = (await (await api("/api/subscriptions?status=nao_iniciada&q=eco")).json()) as SubscriptionRowJson[];
    expect(searched.map((r) => r.clientId)).toEqual([e.id]);
    void c;
  });
});

describe("POST /api/subscriptions/run (Gerar parcelas agora)", () => {
  const run = async (body: object) => {
    const response = await api("/api/subscriptions/run", { method: "POST", body });
    return { status: response.status, body: (await response.json()) as { message: string; geradas: number } };
  };

  test("with nothing to do it says when the next ones will be generated; ahead it bills every month due up to the end of next month", async () => {
    const { d } = await fixture();
    // Delta: day 10 from December; today 16/11 with a 10-day lead: 10/12 is generated on 30/11.
    expect(await run({})).toEqual({ status: 200, body: { message: "Nenhuma parcela a gerar: as próximas serão geradas em 30/11/2026 (vencimento 10/12/2026)", geradas: 0, proximaGeracao: { geracao: "2026-11-30", vencimento: "2026-12-10" } } as never });
    const ahead = await run({ vencimentoAte: "2026-12-31" });
    expect(ahead).toMatchObject({ status: 200, body: { message: "1 parcela gerada", geradas: 1 } });
    expect(t.db.$client.query("select competencia from receivables where client_id = ? and subscription_id is not null").all(d.id)).toEqual([{ competencia: "2026-12" }]);
    expect(await run({ vencimentoAte: "2027-01-01" })).toMatchObject({ status: 400, body: { message: "Adiante no máximo até o fim do próximo mês" } });
  });
});

describe("POST /api/subscriptions/start: malformed bodies", () => {
  test("each is a 400 in pt-BR naming the field", async () => {
    const cases: [unknown, string, string][] = [
      [{}, "clientes", 'Clientes: uma lista de ids ou "todos"'],
      [{ clientes: "alguns", diaVencimento: 10, inicio: "2026-12" }, "clientes", 'Clientes: uma lista de ids ou "todos"'],
      [{ clientes: [1.5], diaVencimento: 10, inicio: "2026-12" }, "clientes", 'Clientes: uma lista de ids ou "todos"'],
      [{ clientes: "todos", inicio: "2026-12" }, "diaVencimento", "Dia de vencimento deve ser um número de 1 a 31"],
      [{ clientes: "todos", diaVencimento: 10 }, "inicio", "Início é obrigatório"],
      [{ clientes: "todos", diaVencimento: 10, inicio: "2026-12", simular: "sim" }, "simular", "simular deve ser verdadeiro ou falso"],
    ];
    for (const [body, field, message] of cases) {
      const response = await api("/api/subscriptions/start", { method: "POST", body });
      const answer = (await response.json()) as { errors?: Record<string, string> };
      expect({ body, status: response.status, error: Object.entries(answer.errors ?? {}).find(([key]) => key.startsWith(field))?.[1] }).toEqual({ body, status: 400, error: message });
    }
  });
});
