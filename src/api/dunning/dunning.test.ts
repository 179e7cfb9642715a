// The régua de cobrança (DECISIONS §11) end to end: its settings and what turning it on needs,
// the day's decisions, nodemailer delivering to a real SMTP server in this process (every message
// parsed: headers, UTF-8, the PIX code read back, the footer), exactly once under 20 parallel
// runs, skips logged with why, and a walk across Carnaval with the clock pinned day by day.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { getPixPayloadInfo, isValidPixPayload } from "@brazilian-utils/brazilian-utils";
import { cnpjCheckDigits } from "../../lib/brazil";
import { isBusinessDay } from "../../lib/business-days";
import { pinClock } from "../../lib/clock";
import { addDays } from "../../lib/dates";
import { configuredTransport } from "../email/service";
import { sendDue } from "../outbox/outbox";
import { startSmtp, type TestSmtp } from "../../../tests/smtp";
import { CHARGING_COMPANY as COMPANY, PADARIA, useTestApp } from "../../../tests/support";
import { linkOrigin } from "../client-page/links";
import { clientPageLink } from "./client-link";
import { runDunningNow, SKIP_NO_EMAIL, SKIP_OPTED_OUT } from "./decide";
import { DEFAULT_DUNNING, FOOTER_NOTICE } from "./model";

// Tuesday 10 March 2026, 10:00 in São Paulo: inside the sending window.
const t = useTestApp({
  tables: ["mensagem_parcelas", "mensagens", "outbox", "history_events", "payments", "receivables", "subscription_months", "subscriptions", "clients", "regua", "settings", "email_settings"],
  now: "2026-03-10T10:00:00-03:00",
});
const api = t.api;

let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startSmtp();
});
afterAll(() => smtp.close());


async function configureCompany(body: object = COMPANY) {
  expect((await api("/api/settings", { method: "PUT", body })).status).toBe(200);
}
async function configureSmtp() {
  const body = { host: "127.0.0.1", porta: String(smtp.port), seguranca: "nenhuma", usuario: "", senha: "", remetenteNome: "Cofre Cobrança", remetenteEmail: "cobranca@cofre.com.br", responderPara: "financeiro@cofre.com.br", aceitarAutoassinado: false };
  expect((await api("/api/settings/email", { method: "PUT", body })).status).toBe(200);
}
async function turnOn(changes: object = {}) {
  const response = await api("/api/dunning", { method: "PUT", body: { ...DEFAULT_DUNNING, ...changes, ativa: true } });
  expect(response.status).toBe(200);
}

let nextCnpj = 10_000_000;
async function client(overrides: object = {}): Promise<number> {
  const base = String(nextCnpj++).padStart(8, "0") + "0001";
  const body = { ...PADARIA, cnpj: base + cnpjCheckDigits(base), codigoCliente: `C-${nextCnpj}`, ...overrides };
  const response = await api("/api/clients", { method: "POST", body });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: number }).id;
}
let nextInstallment = 1;
/** One installment straight into the table (the run reads the table; the ledger's rules are not under test here). */
function installment(clientId: number, dataVencimento: string, valor = 15_000): number {
  const row = t.db.$client
    .query("INSERT INTO receivables (client_id, numeros_parcela, descricao, data_vencimento, valor) VALUES (?, ?, ?, ?, ?) RETURNING id")
    .get(clientId, `${nextInstallment++ % 12 || 12}/12`, "Mensalidade março", dataVencimento, valor) as { id: number };
  return row.id;
}
const run = (body: object = {}) => api("/api/dunning/run", { method: "POST", body });
const rows = <T>(query: string, ...params: (string | number)[]) => t.db.$client.query(query).all(...params) as T[];

describe("settings", () => {
  test("off by default: D−5, D0, D+3, D+7, then every 7 business days, at most 6 after; the window 08:00–20:00", async () => {
    const body = await (await api("/api/dunning")).json();
    expect(body).toMatchObject({ ativa: false, repetirCadaDias: 7, maxAposVencimento: 6, janelaInicio: "08:00", janelaFim: "20:00", apenasDiasUteis: true });
    expect(body.etapas.map((s: { dias: number }) => s.dias)).toEqual([-5, 0, 3, 7]);
    expect(body.falta).toEqual(["o servidor de e-mail (SMTP)", "o nome da empresa", "o CNPJ da empresa", "o endereço da empresa"]);
  });

  test("turning it on without SMTP, CNPJ or address is a 409 saying what is missing, and nothing is saved", async () => {
    await configureCompany({ ...COMPANY, cnpjEmpresa: "", enderecoEmpresa: "" });
    const response = await api("/api/dunning", { method: "PUT", body: { ...DEFAULT_DUNNING, ativa: true } });
    expect(response.status).toBe(409);
    expect((await response.json()).message).toBe(
      "Para ligar a régua de cobrança, configure antes o servidor de e-mail (SMTP), o CNPJ da empresa e o endereço da empresa em Configurações (CDC art. 42-A: toda cobrança identifica o fornecedor).",
    );
    expect(rows("SELECT * FROM regua")).toEqual([]);
    // WhatsApp-only steps need no SMTP; the CNPJ and address still.
    const whatsapp = DEFAULT_DUNNING.etapas.map((s) => ({ ...s, canal: "whatsapp" }));
    const second = await api("/api/dunning", { method: "PUT", body: { ...DEFAULT_DUNNING, etapas: whatsapp, ativa: true } });
    expect((await second.json()).message).toContain("configure antes o CNPJ da empresa e o endereço da empresa");
    await configureCompany();
    expect((await api("/api/dunning", { method: "PUT", body: { ...DEFAULT_DUNNING, etapas: whatsapp, ativa: true } })).status).toBe(200);
    expect(rows<{ label: string }>("SELECT label FROM history_events WHERE entity = 'settings' AND entity_id = 3")).toEqual([{ label: "Régua de cobrança" }]);
  });

  test("bad steps are a 400 in pt-BR: two steps on one day, an e-mail without subject, a window backwards", async () => {
    const twice = await api("/api/dunning", { method: "PUT", body: { ...DEFAULT_DUNNING, etapas: [DEFAULT_DUNNING.etapas[0], DEFAULT_DUNNING.etapas[0]] } });
    expect(twice.status).toBe(400);
    expect((await twice.json()).message).toBe("Duas etapas no mesmo dia: cada etapa tem o seu dia");
    const noSubject = await api("/api/dunning", { method: "PUT", body: { ...DEFAULT_DUNNING, etapas: [{ ...DEFAULT_DUNNING.etapas[0], assunto: " " }] } });
    expect((await noSubject.json()).message).toBe("Escreva o assunto do e-mail");
    const window = await api("/api/dunning", { method: "PUT", body: { ...DEFAULT_DUNNING, janelaInicio: "20:00", janelaFim: "08:00" } });
    expect((await window.json()).message).toBe("O fim da janela deve ser depois do início");
  });

  test("running while off is a 409", async () => {
    const response = await run();
    expect(response.status).toBe(409);
    expect((await response.json()).message).toBe("A régua de cobrança está desligada: ligue-a antes de executar");
  });
});

describe("the day's decisions and the e-mail they send", () => {
  test("one message per client grouping its installments, each with today's amount and its PIX; delivered by SMTP with the footer", async () => {
    await configureCompany();
    await configureSmtp();
    await turnOn();
    const padaria = await client({ nome: "Padaria Pão Quente", contato: "Maria Conceição" });
    // D−5 of Tue 17 March is today (Tue 10); D+3 of Thu 5 March is today too (6, 9, 10).
    const soon = installment(padaria, "2026-03-17", 15_000);
    const late = installment(padaria, "2026-03-05", 20_000);
    installment(padaria, "2026-03-18", 15_000); // D−6: no step today
    const response = await run();
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: "Régua executada: 1 e-mail(s) na fila, 0 WhatsApp para enviar, 0 pulada(s)", data: "2026-03-10", enfileiradas: 1, whatsapp: 0, puladas: 0 });
    expect(rows("SELECT receivable_id AS id, etapa FROM mensagem_parcelas ORDER BY receivable_id")).toEqual([
      { id: soon, etapa: "D-5" },
      { id: late, etapa: "D+3" },
    ]);

    const transport = configuredTransport(t.db);
    try {
      expect(await sendDue(t.db, { email: transport }, { log: { log() {}, error() {} } })).toBe(1);
    } finally {
      transport.close();
    }
    expect(smtp.delivered).toHaveLength(1);
    const mail = smtp.delivered[0]!;
    expect(mail.envelope.to).toEqual([PADARIA.email]);
    expect(mail.parsed.headers.get("auto-submitted")).toBe("auto-generated");
    expect(mail.raw).toMatch(/^List-Unsubscribe:\s+<mailto:financeiro@cofre\.com\.br\?subject=/im);
    expect(mail.raw).toMatch(/^Content-Type: text\/plain; charset=utf-8/im);
    // The most advanced step speaks: D+3's subject, the total of both as of today.
    // 200,00 overdue 5 days: multa 4,00, juros 0,33 → 204,33; plus 150,00 → 354,33.
    expect(mail.parsed.subject).toBe("Pagamento em atraso: R$ 354,33");
    const text = mail.parsed.text!;
    expect(text).toContain("Olá, Maria Conceição!");
    expect(text).toContain("Padaria Pão Quente");
    expect(text).toContain("05/03/2026 e 17/03/2026");
    // Each installment with its amount and its own PIX code, read back with its CRC checked.
    const codes = [...text.matchAll(/^(000201.+)$/gm)].map((m) => m[1]!);
    expect(codes).toHaveLength(2);
    for (const code of codes) expect(isValidPixPayload(code)).toBe(true);
    const infos = codes.map((code) => getPixPayloadInfo(code)!).sort((x, y) => x.amount! - y.amount!);
    expect(infos.map((i) => [i.amount, i.txid?.slice(0, 11), i.merchantName, i.key])).toEqual([
      [150, `COFRE${String(soon).padStart(6, "0")}`, "Cofre Servicos Financeiro", "financeiro@cofre.com.br"],
      [204.33, `COFRE${String(late).padStart(6, "0")}`, "Cofre Servicos Financeiro", "financeiro@cofre.com.br"],
    ]);
    expect(text).toContain("R$\u00a0204,33");
    // No client page yet: the {link} line is left out, not left blank.
    expect(text).not.toContain("Veja suas cobranças");
    // The footer (CDC art. 42-A).
    expect(text).toContain("Cofre Serviços Financeiros Ltda\nCNPJ 11.444.777/0001-61\nRua das Acácias, 123, Centro, São José dos Campos/SP\n" + FOOTER_NOTICE);

    // A second run the same day decides nothing more.
    expect(await (await run()).json()).toMatchObject({ enfileiradas: 0, puladas: 0 });
    expect(rows<{ estado: string }>("SELECT estado FROM outbox")).toEqual([{ estado: "enviada" }]);
    smtp.delivered.length = 0;
  });

  test("with PUBLIC_URL the message carries the client's page ({link}): the same link each day, and it opens that client's page", async () => {
    await configureCompany();
    await configureSmtp();
    await turnOn();
    linkOrigin.value = "https://cofre.empresa.com.br";
    try {
      const mercado = await client({ nome: "Mercado Dois Irmãos", email: "contas@doisirmaos.com.br" });
      installment(mercado, "2026-03-17", 15_000); // D−5 today
      expect(await (await run()).json()).toMatchObject({ enfileiradas: 1 });
      const transport = configuredTransport(t.db);
      try {
        await sendDue(t.db, { email: transport }, { log: { log() {}, error() {} } });
      } finally {
        transport.close();
      }
      const text = smtp.delivered.at(-1)!.parsed.text!;
      const url = text.match(/https:\/\/cofre\.empresa\.com\.br\/c\/[A-Za-z0-9_-]{43}/)?.[0];
      expect(url).toBeDefined();
      const page = await t.request(new URL(url!).pathname);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain("Mercado Dois Irmãos");
      // The régua gives the live link again: the client's earlier message keeps working.
      expect(clientPageLink(t.db, mercado)).toBe(url!);
    } finally {
      linkOrigin.value = null;
      smtp.delivered.length = 0;
    }
  });

  test("never for a paid installment; a client who opted out or has no e-mail is skipped with why, once", async () => {
    await configureCompany();
    await configureSmtp();
    await turnOn();
    const optedOut = await client({ naoEnviarCobrancas: true });
    const paid = await client();
    const noEmail = await client();
    installment(optedOut, "2026-03-17");
    const paidOne = installment(paid, "2026-03-17");
    t.db.$client.run("UPDATE receivables SET status = 'pago', data_pagamento = '2026-03-09', valor_pago = valor WHERE id = ?", [paidOne]);
    installment(noEmail, "2026-03-17");
    t.db.$client.run("UPDATE clients SET email = '' WHERE id = ?", [noEmail]);
    expect(await (await run()).json()).toMatchObject({ enfileiradas: 0, whatsapp: 0, puladas: 2 });
    expect(rows("SELECT client_id AS c, status, motivo FROM mensagens ORDER BY client_id")).toEqual([
      { c: optedOut, status: "pulada", motivo: SKIP_OPTED_OUT },
      { c: noEmail, status: "pulada", motivo: SKIP_NO_EMAIL },
    ]);
    expect(await (await run()).json()).toMatchObject({ puladas: 0 });
    expect(rows("SELECT * FROM outbox")).toEqual([]);
  });

  test("a partly paid installment is charged its balance with the company's fees, as the Cobrar dialog says — not its face value", async () => {
    await configureCompany();
    await configureSmtp();
    await turnOn();
    const bar = await client({ nome: "Bar Saldo Devedor", email: "saldo@bar.com.br" });
    const late = installment(bar, "2026-03-05", 20_000); // D+3 today
    // R$ 50,00 paid late on 6 March: its multa went with it; the balance is R$ 150,00.
    expect((await api(`/api/installments/${late}/pay`, { method: "PATCH", body: { dataPagamento: "2026-03-06", valorPago: "50.00", tipo: "parcial" } })).status).toBe(200);
    expect(await (await run()).json()).toMatchObject({ enfileiradas: 1 });
    const transport = configuredTransport(t.db);
    try {
      await sendDue(t.db, { email: transport }, { log: { log() {}, error() {} } });
    } finally {
      transport.close();
    }
    const text = smtp.delivered.at(-1)!.parsed.text!;
    const code = text.match(/^(000201.+)$/m)![1]!;
    const dialog = (await (await api(`/api/installments/${late}/charge`)).json()) as { valor: string };
    // R$ 150,00 + juros 1%/month for 4 days on it (R$ 0,20); the face value with fees would be R$ 204,33.
    expect(dialog.valor).toBe("150.20");
    expect(getPixPayloadInfo(code)!.amount).toBe(150.2);
    expect(text).toContain("R$\u00a0150,20");
    smtp.delivered.length = 0;
  });

  test("an installment re-dated past the step is not charged for it", async () => {
    await configureCompany();
    await configureSmtp();
    await turnOn();
    const c = await client();
    const id = installment(c, "2026-03-17");
    t.db.$client.run("UPDATE receivables SET data_vencimento = '2026-03-31' WHERE id = ?", [id]);
    expect(await (await run()).json()).toMatchObject({ enfileiradas: 0 });
  });

  test("outside the window (a Saturday) the e-mail waits for Monday 08:00", async () => {
    await configureCompany();
    await configureSmtp();
    await turnOn();
    const c = await client();
    installment(c, "2026-03-13"); // D+3 of Fri 13 is Wed 18; D0 on Fri 13 catches up on Sat 14
    const restore = pinClock("2026-03-14T11:00:00-03:00");
    try {
      await runDunningNow(t.db, "2026-03-14", 0);
    } finally {
      restore();
    }
    expect(rows("SELECT proxima_tentativa AS at FROM outbox")).toEqual([{ at: "2026-03-16T11:00:00.000Z" }]);
  });

  test("exactly once: 20 parallel runs queue one message per client and one key per (installment, step)", async () => {
    await configureCompany();
    await configureSmtp();
    await turnOn();
    for (let i = 0; i < 30; i++) {
      const c = await client();
      installment(c, "2026-03-17");
      if (i % 3 === 0) installment(c, "2026-03-05");
    }
    const answers = await Promise.all(Array.from({ length: 20 }, () => run()));
    expect(answers.map((r) => r.status)).toEqual(Array(20).fill(200));
    const total = (await Promise.all(answers.map((r) => r.json()))).reduce((sum, a: { enfileiradas: number }) => sum + a.enfileiradas, 0);
    expect(total).toBe(30);
    expect(rows("SELECT count(*) AS n FROM outbox")).toEqual([{ n: 30 }]);
    expect(rows("SELECT count(*) AS n FROM mensagem_parcelas")).toEqual([{ n: 40 }]);
    expect(rows("SELECT receivable_id, etapa, count(*) AS n FROM mensagem_parcelas GROUP BY 1, 2 HAVING n > 1")).toEqual([]);
  });
});

describe("a walk across Carnaval, the clock pinned day by day", () => {
  test("each step falls on its business day: Carnaval Monday and Tuesday, Good Friday and weekends are skipped", async () => {
    await configureCompany();
    await configureSmtp();
    await turnOn();
    // Due Friday 20 February 2026, the week after Carnaval (16 and 17 February).
    const due = installment(await client(), "2026-02-20");
    // Due on Carnaval Tuesday: the bank's due date is Ash Wednesday (18), a business day.
    const onHoliday = installment(await client(), "2026-02-17");
    const sent = new Map<number, string[]>();
    for (let day = "2026-02-01"; day <= "2026-04-30"; day = addDays(day, 1)) {
      const restore = pinClock(`${day}T10:00:00-03:00`);
      try {
        await runDunningNow(t.db, day, 0);
      } finally {
        restore();
      }
    }
    for (const row of rows<{ id: number; etapa: string; data: string }>("SELECT receivable_id AS id, etapa, data FROM mensagem_parcelas ORDER BY data")) {
      sent.set(row.id, [...(sent.get(row.id) ?? []), `${row.etapa} ${row.data}`]);
    }
    expect(sent.get(due)).toEqual([
      "D-5 2026-02-11",
      "D0 2026-02-20",
      "D+3 2026-02-25",
      "D+7 2026-03-03",
      "D+14 2026-03-12",
      "D+21 2026-03-23",
      "D+28 2026-04-01",
      // Good Friday (3 April) is not a business day.
      "D+35 2026-04-13",
    ]);
    expect(sent.get(onHoliday)!.slice(0, 3)).toEqual(["D-5 2026-02-09", "D0 2026-02-18", "D+3 2026-02-23"]);
    for (const day of rows<{ data: string }>("SELECT DISTINCT data FROM mensagens")) expect(isBusinessDay(day.data)).toBe(true);
  });
});

describe("the daily job", () => {
  test("waits for the régua to be on and the window to open, then decides the day in slices and records it", async () => {
    const { runJob } = await import("../daily-jobs");
    const { dunningJob } = await import("./decide");
    const quiet = { log() {}, error() {} };
    await configureCompany();
    await configureSmtp();
    for (let i = 0; i < 45; i++) installment(await client(), "2026-03-17");
    const job = dunningJob(0);
    // Off: not ready, nothing recorded.
    expect(await runJob(t.db, job, "2026-03-10", quiet)).toBe(false);
    await turnOn();
    // Before 08:00: still waiting.
    const early = pinClock("2026-03-10T07:30:00-03:00");
    try {
      expect(await runJob(t.db, job, "2026-03-10", quiet)).toBe(false);
    } finally {
      early();
    }
    const lines: string[] = [];
    expect(await runJob(t.db, job, "2026-03-10", { log: (l: string) => lines.push(l), error: (l: string) => lines.push(l) })).toBe(true);
    expect(lines).toEqual(["Régua de cobrança (2026-03-10): 45 e-mail(s) na fila, 0 WhatsApp para enviar, 0 pulada(s)"]);
    expect(rows("SELECT count(*) AS n FROM outbox")).toEqual([{ n: 45 }]);
    expect(rows("SELECT ultimo_dia FROM jobs WHERE nome = 'Régua de cobrança'")).toEqual([{ ultimo_dia: "2026-03-10" }]);
    t.db.$client.run("DELETE FROM jobs");
  });
});

describe("the preview", () => {
  test("a step's words as a real client would get them today: its open installments at today's amount, the footer; 404 for an unknown client", async () => {
    await configureCompany();
    const c = await client({ nome: "Mercearia São João", contato: "João" });
    installment(c, "2026-03-05", 20_000);
    const step = { dias: 3, canal: "email", assunto: "Atraso: {valor} de {cliente}", texto: "Olá, {contato}! Em atraso há {dias_atraso} dias: {valor}.\n\n{pix}\n\n{link}" };
    const response = await api("/api/dunning/preview", { method: "POST", body: { clienteId: c, etapa: step } });
    expect(response.status).toBe(200);
    const preview = await response.json();
    expect(preview.assunto).toBe("Atraso: R$ 204,33 de Mercearia São João");
    expect(preview.texto).toStartWith("Olá, João! Em atraso há 5 dias: R$\u00a0204,33.\n\n000201");
    expect(preview.texto).toEndWith("—\nCofre Serviços Financeiros Ltda\nCNPJ 11.444.777/0001-61\nRua das Acácias, 123, Centro, São José dos Campos/SP\nSe você já pagou, desconsidere esta mensagem.");
    expect((await api("/api/dunning/preview", { method: "POST", body: { clienteId: 999_999, etapa: step } })).status).toBe(404);
  });

  test("a partly paid installment shows its balance with fees, as the e-mail would", async () => {
    await configureCompany();
    const c = await client({ nome: "Empório Saldo", contato: "Rita" });
    const id = installment(c, "2026-03-05", 20_000);
    expect((await api(`/api/installments/${id}/pay`, { method: "PATCH", body: { dataPagamento: "2026-03-06", valorPago: "50.00", tipo: "parcial" } })).status).toBe(200);
    const step = { dias: 3, canal: "email", assunto: "Atraso: {valor}", texto: "Em atraso: {valor}." };
    const preview = await (await api("/api/dunning/preview", { method: "POST", body: { clienteId: c, etapa: step } })).json();
    expect(preview.assunto).toBe("Atraso: R$ 150,20");
  });
});

test("the history says who changed the régua, in words (the steps' texts are not repeated)", async () => {
  await configureCompany();
  await configureSmtp();
  await turnOn({ janelaInicio: "09:00" });
  const events = (await (await api("/api/history?entidade=settings")).json()) as { texto: string }[];
  expect(events[0]!.texto).toBe("financeiro@cofre.test alterou a régua de cobrança: Régua ligada: não → sim; Enviar a partir de: 08:00 → 09:00");
});

test("an e-mail waiting for the window is not sent once its installments are paid meanwhile (falhou, saying so)", async () => {
  const { dunningAwareTransport, CANCELLED_PAID } = await import("./decide");
  await configureCompany();
  await configureSmtp();
  await turnOn();
  const paid = installment(await client(), "2026-03-17");
  installment(await client({ email: "outro@exemplo.com.br" }), "2026-03-17");
  expect(await (await run()).json()).toMatchObject({ enfileiradas: 2 });
  t.db.$client.run("UPDATE receivables SET status = 'pago', data_pagamento = '2026-03-10', valor_pago = valor WHERE id = ?", [paid]);
  const transport = configuredTransport(t.db);
  try {
    expect(await sendDue(t.db, { email: dunningAwareTransport(t.db, transport) }, { log: { log() {}, error() {} } })).toBe(2);
  } finally {
    transport.close();
  }
  expect(smtp.delivered.map((d) => d.envelope.to)).toEqual([["outro@exemplo.com.br"]]);
  expect(rows("SELECT estado, ultimo_erro AS erro FROM outbox ORDER BY id")).toEqual([
    { estado: "falhou", erro: CANCELLED_PAID },
    { estado: "enviada", erro: null },
  ]);
  smtp.delivered.length = 0;
});
