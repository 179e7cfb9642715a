import { afterAll, beforeAll, expect, test } from "bun:test";
import { getPixPayloadInfo } from "@brazilian-utils/brazilian-utils";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { closeDatabase, openDatabase } from "../../db/client";
import { DEFAULT_DUNNING } from "../../src/api/dunning/model";
import { INTERRUPTED } from "../../src/api/outbox/outbox";
import { cnpjCheckDigits } from "../../src/lib/brazil";
import { isBusinessDay } from "../../src/lib/business-days";
import { addDays } from "../../src/lib/dates";
import { databaseWithUser, startCofre, type ServedProcess } from "../serve";
import { startSmtp, type TestSmtp } from "../smtp";
import { ADMIN } from "../support";
import { eventually, isoDaysFromToday } from "./support";

// Exactly once under a crash, with every part real (issue 33, "Tests with real parts"): a
// `cofre serve` process with SMTP, the company and the régua configured (PUBLIC_URL set, so each
// e-mail carries the client's page), 20 parallel POST /api/dunning/run, and `kill -9` while the
// outbox is handing a message to a slow SMTP server (npm smtp-server in this process, 300 ms
// before each 250). Restarted, the server finishes the outbox. Every message the SMTP server took
// in — acknowledged or not — is parsed, its installments read back from its PIX codes: no
// (installment, step) twice, and every decision ends enviada, falhou or incerta.
const PUBLIC_URL = "https://cofre.empresa.com.br";
const CLIENTS = 24;

let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startSmtp({ delayMs: 300 });
});
afterAll(() => smtp?.close());

async function signIn(url: string): Promise<string> {
  const response = await fetch(`${url}/api/auth/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(ADMIN) });
  expect(response.status).toBe(200);
  return response.headers.getSetCookie()[0]!.split(";")[0]!;
}

function api(server: ServedProcess, cookie: string) {
  return async (path: string, body?: object, method = body ? "POST" : "GET") => {
    const response = await fetch(`${server.url}${path}`, { method, headers: { cookie, "content-type": "application/json" }, body: body ? JSON.stringify(body) : undefined });
    return { status: response.status, json: (await response.json()) as any };
  };
}

/** The last business day on or before today: its D0 falls today or catches up (a weekend). */
function lastBusinessDay(): string {
  let day = isoDaysFromToday(0);
  while (!isBusinessDay(day)) day = addDays(day, -1);
  return day;
}

/** What a delivered message charges: (installment, step) keys, from its PIX codes' txids and its subject. */
function keysOf(text: string, subject: string): string[] {
  const step = subject.startsWith("Vence hoje") ? "D0" : subject;
  return [...text.matchAll(/^(000201.+)$/gm)].map((m) => {
    const txid = getPixPayloadInfo(m[1]!)!.txid!;
    return `${Number(/^COFRE(\d{6})/.exec(txid)![1])}:${step}`;
  });
}

test("20 parallel runs and kill -9 mid-send: at most one e-mail per (installment, step) reaches SMTP, and none is lost silently", async () => {
  const path = join(mkdtempSync(join(tmpdir(), "cofre-dunning-crash-")), "app.db");
  await databaseWithUser(path, ADMIN);
  const env = { DATABASE_PATH: path, PUBLIC_URL };
  let server = await startCofre(env);
  try {
    const call = api(server, await signIn(server.url));
    const company = { empresa: "Cofre Serviços Ltda", cidade: "Campinas", chavePix: "financeiro@cofre.com.br", modeloMensagem: "", cnpjEmpresa: "11.444.777/0001-61", enderecoEmpresa: "Rua das Acácias, 123, Campinas/SP" };
    expect((await call("/api/settings", company, "PUT")).status).toBe(200);
    const email = { host: "127.0.0.1", porta: String(smtp.port), seguranca: "nenhuma", usuario: "", senha: "", remetenteNome: "Cofre Cobrança", remetenteEmail: "cobranca@cofre.com.br", responderPara: "", aceitarAutoassinado: false };
    expect((await call("/api/settings/email", email, "PUT")).status).toBe(200);
    const due = lastBusinessDay();
    let installments = 0;
    for (let i = 0; i < CLIENTS; i++) {
      const base = String(40_000_000 + i).padStart(8, "0") + "0001";
      const client = await call("/api/clients", { nome: `Cliente Queda ${i}`, cnpj: base + cnpjCheckDigits(base), contato: "Maria", telefone: "(11) 98765-4321", email: `cliente${i}@exemplo.com.br`, valorMensalidade: "150.00", codigoCliente: `QUEDA-${i}`, isTrial: false });
      expect(client.status).toBe(201);
      // One client in three has two installments due that day: one message lists both.
      for (let k = 0; k < (i % 3 === 0 ? 2 : 1); k++) {
        expect((await call("/api/installments/generate", { clientId: client.json.id, numParcelas: 1, valor: `${150 + k}.00`, primeiroVencimento: due, descricao: "Mensalidade" })).status).toBe(201);
        installments++;
      }
    }

    // Turned on last, the window always open (the test may run at any hour, any day), and at once
    // 20 runs. The server's daily job (it looks every minute) may race them too.
    expect((await call("/api/dunning", { ...DEFAULT_DUNNING, ativa: true, janelaInicio: "00:00", janelaFim: "23:59", apenasDiasUteis: false }, "PUT")).status).toBe(200);
    const runs = await Promise.all(Array.from({ length: 20 }, () => call("/api/dunning/run", {})));
    expect(runs.map((r) => r.status)).toEqual(Array(20).fill(200));
    // Each client decided once, by one of the 20 (or the daily job).
    const queued = runs.reduce((n, r) => n + r.json.enfileiradas, 0);
    expect(queued).toBeGreaterThan(0);
    expect(queued).toBeLessThanOrEqual(CLIENTS);

    // The sender's pass (every 15 s) hands the messages over one by one; kill -9 while the SMTP
    // server holds one whose DATA it has and has not answered yet.
    await eventually(async () => smtp.received.length >= 5 && smtp.received.length > smtp.delivered.length, true, 60_000);
    server.proc.kill(9);
    await server.proc.exited;
    const db = openDatabase(path);
    const states = () => Object.fromEntries((db.$client.query("SELECT estado, count(*) AS n FROM outbox GROUP BY estado").all() as { estado: string; n: number }[]).map((r) => [r.estado, r.n]));
    const atKill = states();
    expect(atKill.enviando).toBe(1);
    expect(atKill.pendente).toBeGreaterThan(0); // the restart has work left

    server = await startCofre(env);
    await eventually(async () => {
      const s = states();
      return (s.pendente ?? 0) + (s.enviando ?? 0);
    }, 0, 60_000);
    const end = states();
    // What SMTP took in, acknowledged or not: no (installment, step) twice, each with the client's link.
    const received = smtp.received.flatMap((mail) => {
      expect(mail.parsed.text).toContain(`${PUBLIC_URL}/`);
      return keysOf(mail.parsed.text!, mail.parsed.subject!);
    });
    expect(received.length).toBe(new Set(received).size);
    expect(end.incerta).toBe(1);
    expect((end.enviada ?? 0) + (end.falhou ?? 0) + (end.incerta ?? 0)).toBe(CLIENTS);
    expect(db.$client.query("SELECT ultimo_erro AS e FROM outbox WHERE estado = 'incerta'").get()).toEqual({ e: INTERRUPTED });

    // Every decision accounted for: one message per client, its outbox row, its keys.
    const decided = db.$client.query("SELECT m.id, m.outbox_id AS outboxId, o.estado FROM mensagens m LEFT JOIN outbox o ON o.id = m.outbox_id WHERE m.origem = 'regua' AND m.canal = 'email'").all() as { id: number; outboxId: number | null; estado: string | null }[];
    expect(decided).toHaveLength(CLIENTS);
    expect(new Set(decided.map((m) => m.outboxId)).size).toBe(CLIENTS);
    for (const m of decided) expect(["enviada", "falhou", "incerta"]).toContain(m.estado!);
    const keys = db.$client.query("SELECT receivable_id AS id, etapa FROM mensagem_parcelas").all() as { id: number; etapa: string }[];
    expect(keys).toHaveLength(installments);
    // What a person sees in Enviadas says the same.
    const call2 = api(server, await signIn(server.url));
    const log = (await call2("/api/messages?canal=email")).json as { status: string }[];
    expect(log).toHaveLength(CLIENTS);
    for (const m of log) expect(["enviada", "falhou", "incerta"]).toContain(m.status);

    // Every installment of a message `enviada` was delivered; only the `incerta` one may or may not have been.
    const sentIds = new Set(received.map((k) => Number(k.split(":")[0])));
    const byState = db.$client.query("SELECT mp.receivable_id AS id, o.estado FROM mensagem_parcelas mp JOIN mensagens m ON m.id = mp.mensagem_id JOIN outbox o ON o.id = m.outbox_id").all() as { id: number; estado: string }[];
    for (const k of byState) if (k.estado === "enviada") expect(sentIds.has(k.id)).toBe(true);
    for (const id of sentIds) expect(["enviada", "incerta"]).toContain(byState.find((k) => k.id === id)!.estado);
    // The killed send: its message reached the SMTP server (almost always: the kill waits for it) or not.
    expect(smtp.received.length - (end.enviada ?? 0)).toBeOneOf([0, 1]);
    closeDatabase(db);
  } finally {
    server.proc.kill("SIGTERM");
    await server.proc.exited;
  }
}, 180_000);
