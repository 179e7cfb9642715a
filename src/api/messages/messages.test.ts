// The messages' log: the list contract's API, the resend of a failed / uncertain e-mail, the
// WhatsApp worklist and its "marcar como enviada", the manual Cobrar's record, the CSV.
import { describe, expect, test } from "bun:test";
import { parseCsv } from "../../lib/csv";
import { PADARIA, useTestApp } from "../../../tests/support";
import { DEFAULT_DUNNING } from "../dunning/model";

const t = useTestApp({
  tables: ["mensagem_parcelas", "mensagens", "outbox", "history_events", "payments", "receivables", "clients", "regua", "settings", "email_settings"],
  now: "2026-03-10T10:00:00-03:00",
});
const api = t.api;
const rows = <T>(query: string, ...params: (string | number)[]) => t.db.$client.query(query).all(...params) as T[];

async function setUp() {
  await api("/api/settings", { method: "PUT", body: { empresa: "Cofre Ltda", cidade: "Campinas", chavePix: "financeiro@cofre.com.br", modeloMensagem: "", cnpjEmpresa: "11.444.777/0001-61", enderecoEmpresa: "Rua A, 1, Campinas/SP" } });
  await api("/api/settings/email", { method: "PUT", body: { host: "127.0.0.1", porta: "2525", seguranca: "nenhuma", usuario: "", senha: "", remetenteNome: "", remetenteEmail: "cobranca@cofre.com.br", responderPara: "", aceitarAutoassinado: false } });
  // D−5 by e-mail, D+3 by WhatsApp.
  const etapas = [DEFAULT_DUNNING.etapas[0]!, { ...DEFAULT_DUNNING.etapas[2]!, canal: "whatsapp" }];
  expect((await api("/api/dunning", { method: "PUT", body: { ...DEFAULT_DUNNING, etapas, ativa: true } })).status).toBe(200);
  const client = (await (await api("/api/clients", { method: "POST", body: PADARIA })).json()) as { id: number };
  const insert = (due: string) =>
    (t.db.$client.query("INSERT INTO receivables (client_id, numeros_parcela, descricao, data_vencimento, valor) VALUES (?, '1/1', 'Mensalidade', ?, 15000) RETURNING id").get(client.id, due) as { id: number }).id;
  const soon = insert("2026-03-17");
  const late = insert("2026-03-05");
  expect(await (await api("/api/dunning/run", { method: "POST", body: {} })).json()).toMatchObject({ enfileiradas: 1, whatsapp: 1 });
  return { client, soon, late };
}

describe("GET /api/messages", () => {
  test("newest first with X-Total-Count; filters by channel and status; 400 for a value no one could mean", async () => {
    const { client } = await setUp();
    const all = await api("/api/messages?pagina=1");
    expect(all.headers.get("x-total-count")).toBe("2");
    const list = (await all.json()) as { canal: string; status: string; etapa: string; clientNome: string }[];
    expect(list.map((m) => [m.canal, m.status, m.etapa, m.clientNome])).toEqual([
      ["whatsapp", "pendente", "D+3", PADARIA.nome],
      ["email", "pendente", "D−5", PADARIA.nome],
    ]);
    expect(((await (await api("/api/messages?canal=email")).json()) as unknown[]).length).toBe(1);
    expect((await api("/api/messages?status=talvez")).status).toBe(400);
    expect(((await (await api(`/api/clients/${client.id}/messages`)).json()) as unknown[]).length).toBe(2);
  });

  test("a failed e-mail shows the server's answer and can be sent again; a pending one cannot (409)", async () => {
    await setUp();
    const [email] = (await (await api("/api/messages?canal=email")).json()) as { id: number }[];
    expect((await api(`/api/messages/${email!.id}/resend`, { method: "POST" })).status).toBe(409);
    t.db.$client.run("UPDATE outbox SET estado = 'falhou', ultimo_erro = 'O servidor recusou a mensagem. O servidor respondeu: 550 caixa inexistente'");
    const [failed] = (await (await api("/api/messages?status=falhou")).json()) as { status: string; motivo: string }[];
    expect(failed).toMatchObject({ status: "falhou", motivo: "O servidor recusou a mensagem. O servidor respondeu: 550 caixa inexistente" });
    const resend = await api(`/api/messages/${email!.id}/resend`, { method: "POST" });
    expect(resend.status).toBe(200);
    expect((await resend.json()).mensagem.status).toBe("pendente");
    expect(rows("SELECT estado, tentativas FROM outbox")).toEqual([{ estado: "pendente", tentativas: 0 }]);
    expect((await api("/api/messages/999999/resend", { method: "POST" })).status).toBe(404);
  });

  test("the WhatsApp worklist: the filled text, the wa.me link; marked sent by whom, once", async () => {
    await setUp();
    const items = (await (await api("/api/messages/whatsapp")).json()) as { id: number; texto: string; whatsappUrl: string }[];
    expect(items).toHaveLength(1);
    expect(items[0]!.texto).toContain("Se você já pagou, desconsidere esta mensagem.");
    expect(items[0]!.whatsappUrl).toStartWith("https://wa.me/5511987654321?text=Ol%C3%A1");
    const marked = await api(`/api/messages/${items[0]!.id}/sent`, { method: "POST" });
    expect((await marked.json()).mensagem).toMatchObject({ status: "enviada", quem: "financeiro@cofre.test" });
    expect((await api(`/api/messages/${items[0]!.id}/sent`, { method: "POST" })).status).toBe(409);
    expect(await (await api("/api/messages/whatsapp")).json()).toEqual([]);
  });

  test("the manual Cobrar is recorded (who, when, channel); a paid installment is a 409; the CSV lists the view", async () => {
    const { soon } = await setUp();
    const response = await api(`/api/installments/${soon}/charge-log`, { method: "POST", body: { canal: "whatsapp" } });
    expect(response.status).toBe(200);
    expect((await response.json()).mensagem).toMatchObject({ origem: "manual", canal: "whatsapp", status: "enviada", quem: "financeiro@cofre.test", parcelas: [{ id: soon, valor: "150.00" }] });
    expect((await api(`/api/installments/${soon}/charge-log`, { method: "POST", body: { canal: "sms" } })).status).toBe(400);
    // Without an amount, a partly paid installment's is its balance (R$ 150,00 − R$ 50,00, not yet due).
    expect((await api(`/api/installments/${soon}/pay`, { method: "PATCH", body: { valorPago: "50.00", tipo: "parcial" } })).status).toBe(200);
    const balance = await api(`/api/installments/${soon}/charge-log`, { method: "POST", body: { canal: "email" } });
    expect((await balance.json()).mensagem.parcelas).toEqual([{ id: soon, numerosParcela: "1/1", vencimento: "2026-03-17", valor: "100.00" }]);
    // The amount the dialog charged, when a person typed one.
    const typed = await api(`/api/installments/${soon}/charge-log`, { method: "POST", body: { canal: "email", valor: "120.50" } });
    expect((await typed.json()).mensagem.parcelas).toEqual([{ id: soon, numerosParcela: "1/1", vencimento: "2026-03-17", valor: "120.50" }]);
    t.db.$client.run("UPDATE receivables SET status = 'pago', data_pagamento = '2026-03-10', valor_pago = valor WHERE id = ?", [soon]);
    expect((await api(`/api/installments/${soon}/charge-log`, { method: "POST", body: { canal: "email" } })).status).toBe(409);
    const csv = parseCsv(await (await api("/dunning/sent/export?canal=whatsapp")).text());
    expect(csv[0]).toEqual(["Data", "Cliente", "Canal", "Origem", "Etapa", "Situação", "Motivo", "Destino", "Parcelas", "Valor", "Quem", "Enviada em"]);
    expect(csv.slice(1).map((r) => [r[0], r[2], r[3], r[5]])).toEqual([
      ["10/03/2026", "WhatsApp", "Manual", "Enviada"],
      ["10/03/2026", "WhatsApp", "Régua", "Pendente"],
    ]);
  });
});
