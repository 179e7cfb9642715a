// Bulk "Cobrar" on Contas a Receber (issue 35 §3, DECISIONS §7, §11, §14) through the real app:
// e-mails queued in the action's transaction and delivered by the outbox's sender (nodemailer,
// the régua's transport) to a real SMTP server in this process, one per client, each parsed;
// the WhatsApp worklist of the selection; the 409 while SMTP or the company's identity is missing.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { getPixPayloadInfo, isValidPixPayload } from "@brazilian-utils/brazilian-utils";
import { startSmtp, type TestSmtp } from "../../../tests/smtp";
import { CHARGING_COMPANY as COMPANY, PADARIA, useTestApp } from "../../../tests/support";
import { cnpjCheckDigits } from "../../lib/brazil";
import { linkOrigin } from "../client-page/links";
import { dunningAwareTransport } from "../dunning/decide";
import { FOOTER_NOTICE } from "../dunning/model";
import { configuredTransport } from "../email/service";
import { sendDue } from "../outbox/outbox";
import type { BulkAnswer } from "./bulk-model";

// Tuesday 10 March 2026, 10:00 in São Paulo.
const t = useTestApp({
  tables: ["idempotency_keys", "mensagem_parcelas", "mensagens", "outbox", "history_events", "payments", "receivables", "clients", "regua", "settings", "email_settings"],
  now: "2026-03-10T10:00:00-03:00",
});
const api = t.api;

let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startSmtp();
});
afterAll(() => smtp.close());

async function configure({ company = COMPANY, email = true }: { company?: object; email?: boolean } = {}) {
  expect((await api("/api/settings", { method: "PUT", body: company })).status).toBe(200);
  if (!email) return;
  const body = { host: "127.0.0.1", porta: String(smtp.port), seguranca: "nenhuma", usuario: "", senha: "", remetenteNome: "Cofre Cobrança", remetenteEmail: "cobranca@cofre.com.br", responderPara: "financeiro@cofre.com.br", aceitarAutoassinado: false };
  expect((await api("/api/settings/email", { method: "PUT", body })).status).toBe(200);
}

let nextCnpj = 20_000_000;
async function client(overrides: { email?: string; telefone?: string; [field: string]: unknown } = {}): Promise<number> {
  const base = String(nextCnpj++).padStart(8, "0") + "0001";
  // The form requires an e-mail and a phone: a client without one (imported, older) is written straight to the table.
  const { email, telefone, ...rest } = overrides;
  const body = { ...PADARIA, cnpj: base + cnpjCheckDigits(base), codigoCliente: `B-${nextCnpj}`, ...rest, ...(email ? { email } : {}), ...(telefone ? { telefone } : {}) };
  const response = await api("/api/clients", { method: "POST", body });
  expect(response.status).toBe(201);
  const id = ((await response.json()) as { id: number }).id;
  if (email === "") t.db.$client.run("UPDATE clients SET email = '' WHERE id = ?", [id]);
  if (telefone === "") t.db.$client.run("UPDATE clients SET telefone = '' WHERE id = ?", [id]);
  return id;
}
async function installments(clientId: number, primeiroVencimento: string, valor: string, numParcelas = 1): Promise<number[]> {
  const response = await api("/api/installments/generate", { method: "POST", body: { clientId, numParcelas, valor, primeiroVencimento, descricao: "Mensalidade" } });
  expect(response.status).toBe(201);
  return ((await response.json()) as { installments: { id: number }[] }).installments.map((r) => r.id);
}
async function bulk(body: object, key?: string): Promise<{ status: number; answer: BulkAnswer }> {
  const response = await api("/api/installments/bulk", { method: "POST", body, headers: key ? { "idempotency-key": key } : {} });
  return { status: response.status, answer: await response.json() };
}
const rows = <T>(query: string, ...params: (string | number)[]) => t.db.$client.query(query).all(...params) as T[];
const count = (table: string) => rows<{ n: number }>(`SELECT count(*) AS n FROM ${table}`)[0]!.n;
async function send(): Promise<number> {
  const transport = configuredTransport(t.db);
  try {
    return await sendDue(t.db, { email: dunningAwareTransport(t.db, transport) }, { log: { log() {}, error() {} } });
  } finally {
    transport.close();
  }
}

describe("Cobrar by e-mail", () => {
  test("without SMTP, CNPJ or address: 409 saying what is missing, and nothing is written", async () => {
    await configure({ company: { ...COMPANY, cnpjEmpresa: "", enderecoEmpresa: "" }, email: false });
    const ids = await installments(await client(), "2026-03-05", "200.00");
    const { status, answer } = await bulk({ acao: "cobrar", canal: "email", ids });
    expect(status).toBe(409);
    expect(answer.message).toBe(
      "Para cobrar por e-mail, configure antes o servidor de e-mail (SMTP), o CNPJ da empresa e o endereço da empresa em Configurações (CDC art. 42-A: toda cobrança identifica o fornecedor).",
    );
    // WhatsApp needs no SMTP, the company's identity still.
    const whatsapp = await bulk({ acao: "cobrar", canal: "whatsapp", ids });
    expect(whatsapp.status).toBe(409);
    expect(whatsapp.answer.message).toStartWith("Para cobrar pelo WhatsApp, configure antes o CNPJ da empresa e o endereço da empresa em Configurações");
    expect([count("mensagens"), count("outbox"), rows("SELECT * FROM history_events WHERE action = 'charge'").length]).toEqual([0, 0, 0]);
  });

  test("one e-mail per client grouping its open installments at today's amount with PIX and link, delivered; the rest left, said why", async () => {
    await configure();
    linkOrigin.value = "https://cofre.empresa.com.br";
    try {
      const padaria = await client({ nome: "Padaria Pão Quente", contato: "Maria Conceição", email: "contas@paoquente.com.br" });
      const mercado = await client({ nome: "Mercado Dois Irmãos", contato: "João", email: "financeiro@doisirmaos.com.br" });
      const semEmail = await client({ nome: "Oficina Sem Email", email: "" });
      const optOut = await client({ nome: "Loja Não Perturbe", email: "loja@naoperturbe.com.br", naoEnviarCobrancas: true });
      // Padaria: 5 Mar (overdue, R$ 50,00 of R$ 200,00 paid on 6 Mar), 5 Apr (ahead), 5 May (paid).
      const [late, ahead, paid] = await installments(padaria, "2026-03-05", "600.00", 3);
      expect((await api(`/api/installments/${late}/pay`, { method: "PATCH", body: { dataPagamento: "2026-03-06", valorPago: "50.00", tipo: "parcial" } })).status).toBe(200);
      expect((await api(`/api/installments/${paid}/pay`, { method: "PATCH", body: {} })).status).toBe(200);
      const [mercadoDue] = await installments(mercado, "2026-03-17", "150.00");
      const [noEmail] = await installments(semEmail, "2026-03-05", "100.00");
      const [optedOut] = await installments(optOut, "2026-03-05", "100.00");
      const [gone] = await installments(mercado, "2026-04-17", "150.00");
      expect((await api(`/api/installments/${gone}`, { method: "DELETE" })).status).toBe(200);

      const ids = [late!, ahead!, paid!, mercadoDue!, noEmail!, optedOut!, gone!];
      const { status, answer } = await bulk({ acao: "cobrar", canal: "email", ids }, "cobrar-1");
      expect(status).toBe(200);
      expect(answer.message).toBe(
        "3 cobranças enfileiradas para 2 clientes; 1 não foi encontrada (excluída por outra pessoa?); 1 já estava paga; 1 cliente marcado para não receber cobranças; 1 cliente sem e-mail",
      );
      expect(answer).toMatchObject({ acao: "cobrar", alteradas: 3, clientes: 2 });
      expect(answer.ids).toEqual([late!, ahead!, mercadoDue!].sort((a, b) => a - b));
      expect(answer.mantidas.map((m) => [m.motivo, m.ids])).toEqual([
        ["não foi encontrada (excluída por outra pessoa?)", [gone!]],
        ["já estava paga", [paid!]],
        ["cliente marcado para não receber cobranças", [optedOut!]],
        ["cliente sem e-mail", [noEmail!]],
      ]);
      // Written in the action's transaction: the messages, their keys, their outbox rows, one event per installment.
      expect(rows("SELECT client_id AS c, canal, origem, status, destino, user_email AS quem FROM mensagens ORDER BY id")).toEqual([
        { c: mercado, canal: "email", origem: "manual", status: "fila", destino: "financeiro@doisirmaos.com.br", quem: "financeiro@cofre.test" },
        { c: padaria, canal: "email", origem: "manual", status: "fila", destino: "contas@paoquente.com.br", quem: "financeiro@cofre.test" },
      ]);
      expect(rows("SELECT chave, estado FROM outbox ORDER BY id")).toEqual([
        { chave: `cobranca:${answer.mensagens![0]}`, estado: "pendente" },
        { chave: `cobranca:${answer.mensagens![1]}`, estado: "pendente" },
      ]);
      expect(count("mensagem_parcelas")).toBe(3);
      const timeline = (await (await api(`/api/installments/${late}/history`)).json()) as { texto: string }[];
      expect(timeline[0]!.texto.replace(/\u00a0/g, " ")).toBe("financeiro@cofre.test cobrou R$ 150,20 por e-mail (em lote)");
      expect(rows("SELECT entity_id AS id FROM history_events WHERE action = 'charge' ORDER BY entity_id").map((r) => (r as { id: number }).id)).toEqual(
        [late!, ahead!, mercadoDue!].sort((a, b) => a - b),
      );

      // The same submit again (the key): the first answer, nothing more written.
      const again = await bulk({ acao: "cobrar", canal: "email", ids }, "cobrar-1");
      expect(again.answer).toEqual(answer);
      expect(count("mensagens")).toBe(2);

      // Not "cobrada" until the server took the e-mail.
      const listed = async () => (await (await api("/api/installments?porPagina=100")).json()) as { id: number; cobradaEm: string | null }[];
      expect((await listed()).find((r) => r.id === late)!.cobradaEm).toBeNull();

      smtp.delivered.length = 0;
      expect(await send()).toBe(2);
      expect(smtp.delivered).toHaveLength(2);
      expect(rows("SELECT estado FROM outbox")).toEqual([{ estado: "enviada" }, { estado: "enviada" }]);
      const to = (address: string) => smtp.delivered.find((m) => m.envelope.to[0] === address)!;

      const mail = to("contas@paoquente.com.br");
      // Where the most advanced installment stands speaks: 5 Mar is D+3 today (6, 9, 10 March).
      // 5 Mar: the balance R$ 150,00 after R$ 50,00 of principal paid late on 6 Mar (its multa
      // went with it) plus juros 1%/month on R$ 150,00 for 4 days, R$ 0,20: R$ 150,20 — the
      // balance, not the face value (R$ 204,xx).
      const text = mail.parsed.text!;
      const codes = [...text.matchAll(/^(000201.+)$/gm)].map((m) => m[1]!);
      expect(codes).toHaveLength(2);
      for (const code of codes) expect(isValidPixPayload(code)).toBe(true);
      const infos = codes.map((code) => getPixPayloadInfo(code)!).sort((x, y) => x.amount! - y.amount!);
      // The ledger's own figure for the same day (the Cobrar dialog's), not a second computation here.
      const dialog = (await (await api(`/api/installments/${late}/charge`)).json()) as { valor: string };
      expect(infos.map((i) => [i.amount, i.txid?.slice(0, 11)])).toEqual([
        [Number(dialog.valor), `COFRE${String(late).padStart(6, "0")}`],
        [200, `COFRE${String(ahead).padStart(6, "0")}`],
      ]);
      expect(mail.parsed.subject).toStartWith("Pagamento em atraso: R$");
      expect(text).toContain("Olá, Maria Conceição!");
      expect(text).toContain("05/03/2026 e 05/04/2026");
      expect(text).toMatch(/https:\/\/cofre\.empresa\.com\.br\/c\/[A-Za-z0-9_-]{43}/);
      expect(text).toContain("Cofre Serviços Financeiros Ltda\nCNPJ 11.444.777/0001-61\nRua das Acácias, 123, Centro, São José dos Campos/SP\n" + FOOTER_NOTICE);

      // Mercado's one installment is not due yet (17 Mar): the first step's reminder, its own code.
      const other = to("financeiro@doisirmaos.com.br").parsed;
      expect(other.subject).toBe("Lembrete: vencimento em 17/03/2026");
      expect(getPixPayloadInfo([...other.text!.matchAll(/^(000201.+)$/gm)][0]![1]!)!.amount).toBe(150);

      // Sent: "Cobrada em" on the list, as the manual Cobrar.
      const after = await listed();
      expect(after.find((r) => r.id === late)!.cobradaEm).toBe("2026-03-10");
      expect(after.find((r) => r.id === noEmail)!.cobradaEm).toBeNull();
    } finally {
      linkOrigin.value = null;
      smtp.delivered.length = 0;
    }
  });

  test("every row of a filter (re-read in the transaction); payables have no Cobrar; bad bodies are 400s", async () => {
    await configure();
    const mercado = await client({ nome: "Mercado Central", email: "central@mercado.com.br" });
    await installments(mercado, "2026-03-20", "80.00", 2);
    const { status, answer } = await bulk({ acao: "cobrar", canal: "email", filtro: { clientId: String(mercado), pagina: "3" } });
    expect(status).toBe(200);
    expect(answer.message).toBe("2 cobranças enfileiradas para 1 cliente");
    expect(await send()).toBe(1);
    expect(smtp.delivered.at(-1)!.envelope.to).toEqual(["central@mercado.com.br"]);

    const payables = await api("/api/payables/bulk", { method: "POST", body: { acao: "cobrar", canal: "email", ids: [1] } });
    expect(payables.status).toBe(400);
    expect((await payables.json()).message).toBe("Cobrar em lote existe só em Contas a Receber");
    const noChannel = await bulk({ acao: "cobrar", ids: [1] });
    expect([noChannel.status, noChannel.answer.message]).toEqual([400, "Informe o canal da cobrança: email ou whatsapp"]);
    const badChannel = await bulk({ acao: "cobrar", canal: "sms", ids: [1] });
    expect([badChannel.status, badChannel.answer.message]).toEqual([400, "Canal deve ser email ou whatsapp"]);
  });

  test("paid before the sender's turn: that client's e-mail is not sent", async () => {
    await configure();
    const id = await client({ nome: "Bar do Zé", email: "ze@bar.com.br" });
    const [only] = await installments(id, "2026-03-12", "90.00");
    expect((await bulk({ acao: "cobrar", canal: "email", ids: [only] })).status).toBe(200);
    expect((await api(`/api/installments/${only}/pay`, { method: "PATCH", body: {} })).status).toBe(200);
    const before = smtp.delivered.length;
    await send();
    expect(smtp.delivered.length).toBe(before);
    expect(rows("SELECT estado FROM outbox o JOIN mensagens m ON m.outbox_id = o.id WHERE m.client_id = ?", id)).toEqual([{ estado: "falhou" }]);
  });
});

describe("Cobrar by WhatsApp", () => {
  test("the selection becomes the worklist: one message per client with a valid mobile, only these on /dunning/whatsapp?mensagens=", async () => {
    await configure({ email: false });
    const a = await client({ nome: "Açougue Boi Bom", contato: "Ana", telefone: "(11) 98765-4321" });
    const b = await client({ nome: "Bazar Tudo", telefone: "(11) 3333-4444" });
    const c = await client({ nome: "Cantina Sem Fone", telefone: "" });
    const ids = [...(await installments(a, "2026-03-05", "100.00", 2)), ...(await installments(b, "2026-03-12", "50.00")), ...(await installments(c, "2026-03-12", "50.00"))];
    // A WhatsApp message of the régua already waiting: not part of this selection's worklist.
    t.db.$client.run("INSERT INTO mensagens (data, client_id, canal, origem, etapa, status, texto, parcelas, created_at) VALUES ('2026-03-10', ?, 'whatsapp', 'regua', 'D+3', 'pendente', 'x', '[]', '2026-03-10T13:00:00Z')", [a]);
    const { status, answer } = await bulk({ acao: "cobrar", canal: "whatsapp", ids });
    expect(status).toBe(200);
    expect(answer.message).toBe("3 cobranças na lista do WhatsApp para 2 clientes; 1 cliente sem celular válido para o WhatsApp");
    expect(count("outbox")).toBe(0);
    expect(rows("SELECT status, destino FROM mensagens WHERE origem = 'manual' ORDER BY id")).toEqual([
      { status: "pendente", destino: "11987654321" },
      { status: "pendente", destino: "1133334444" },
    ]);
    const [first, last] = [Math.min(...answer.mensagens!), Math.max(...answer.mensagens!)];
    const page = await api(`/dunning/whatsapp?mensagens=${first}-${last}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Mostrando só as cobranças selecionadas em Contas a Receber");
    expect(html).toContain("Açougue Boi Bom");
    expect(html).toContain("Bazar Tudo");
    expect(html).toContain("2 mensagens para enviar");
    expect(html).toContain("https://wa.me/5511987654321?text=Ol%C3%A1%2C%20Ana!");
    // The whole list still has the régua's message too.
    expect(await (await api("/dunning/whatsapp")).text()).toContain("3 mensagens para enviar");
    // Marked sent in the worklist: "Cobrada em" on the list.
    expect((await api(`/api/messages/${first}/sent`, { method: "POST" })).status).toBe(200);
    const listed = (await (await api(`/api/installments?clientId=${a}`)).json()) as { cobradaEm: string | null }[];
    expect(listed.map((r) => r.cobradaEm)).toEqual(["2026-03-10", "2026-03-10"]);
    const timeline = (await (await api(`/api/installments/${ids[2]}/history`)).json()) as { texto: string }[];
    expect(timeline[0]!.texto.replace(/\u00a0/g, " ")).toBe("financeiro@cofre.test pôs a cobrança de R$ 50,00 na lista do WhatsApp (em lote)");
  });
});
