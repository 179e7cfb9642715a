import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { closedPort, selfSignedCert, startSilentServer, startSmtp, type SelfSigned, type TestSmtp } from "../../../tests/smtp";
import { smtpTransport, type SmtpConfig } from "./transport";

// nodemailer against a real SMTP server in this process (smtp-server), every delivered message
// read back by mailparser. Short timeouts here; production's come from SMTP_TIMEOUT_SECONDS (8 s).
const FAST = { connectionMs: 1_500, greetingMs: 1_000, socketMs: 5_000 };

const base = (port: number, over: Partial<SmtpConfig> = {}): SmtpConfig => ({
  host: "127.0.0.1",
  porta: port,
  seguranca: "nenhuma",
  usuario: "",
  senha: null,
  remetenteNome: "Padaria Pão Quente — Cobrança",
  remetenteEmail: "cobranca@paoquente.com.br",
  responderPara: "financeiro@paoquente.com.br",
  aceitarAutoassinado: false,
  ...over,
});

const payload = {
  to: "joao@cliente.com.br",
  toName: "João Ação",
  subject: "Lembrete: parcela de março vence em 5 dias — ação necessária",
  text: "Olá, João!\n\nA parcela 3/12 de R$ 1.234,56 vence em 20/03/2026.\nPIX: 00020126…\n\nSe você já pagou, desconsidere esta mensagem.\nAçúcar, pão e café — ç ã é ü 🍞",
};

/** Header lines as one line each (RFC 5322 folding undone). */
const unfolded = (raw: string) => raw.replace(/\r\n[ \t]+/g, " ").replace(/\r\n/g, "\n");

let cert: SelfSigned;
beforeAll(async () => {
  cert = await selfSignedCert();
});

describe("a message delivered (pooled)", () => {
  let smtp: TestSmtp;
  beforeAll(async () => {
    smtp = await startSmtp();
  });
  afterAll(() => smtp.close());

  test("plain text UTF-8 with List-Unsubscribe, Auto-Submitted, the sender's name and the reply-to", async () => {
    const transport = smtpTransport(base(smtp.port), { pool: true, timeouts: FAST });
    try {
      const result = await transport.send({ ...payload, messageId: "<parcela-42-passo-1@cofre>" });
      expect(result).toMatchObject({ ok: true, messageId: "<parcela-42-passo-1@cofre>" });
      // A second message reuses the pool.
      expect((await transport.send({ ...payload, to: "maria@cliente.com.br", toName: undefined })).ok).toBe(true);
    } finally {
      transport.close();
    }
    expect(smtp.delivered).toHaveLength(2);
    const [first] = smtp.delivered;
    const mail = first!.parsed;
    expect(first!.envelope).toEqual({ from: "cobranca@paoquente.com.br", to: ["joao@cliente.com.br"] });
    expect(mail.subject).toBe(payload.subject);
    expect(mail.text?.trimEnd()).toBe(payload.text);
    expect(mail.html).toBe(false); // plain text only
    expect(mail.from?.value).toEqual([{ name: "Padaria Pão Quente — Cobrança", address: "cobranca@paoquente.com.br" }]);
    expect(mail.replyTo?.value).toEqual([{ name: "", address: "financeiro@paoquente.com.br" }]);
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.value : null).toEqual([{ name: "João Ação", address: "joao@cliente.com.br" }]);
    expect(mail.messageId).toBe("<parcela-42-passo-1@cofre>");
    expect(mail.headers.get("auto-submitted")).toBe("auto-generated");
    const list = mail.headers.get("list") as { unsubscribe: { url?: string; mail?: string } };
    expect(list.unsubscribe.mail).toStartWith("financeiro@paoquente.com.br?subject=");
    expect(unfolded(first!.raw)).toMatch(/^List-Unsubscribe: <mailto:financeiro@paoquente\.com\.br\?subject=N%C3%A3o%20quero%20receber%20cobran%C3%A7as%20por%20e-mail>$/m);
    expect(first!.raw).toMatch(/^Content-Type: text\/plain; charset=utf-8/im);
    // The subject travels encoded (RFC 2047), not as raw 8-bit bytes.
    expect(first!.raw).not.toContain(`Subject: ${payload.subject}`);
  });

  test("without a reply-to, List-Unsubscribe writes to the sender and there is no Reply-To", async () => {
    const before = smtp.delivered.length;
    const transport = smtpTransport(base(smtp.port, { responderPara: "" }), { timeouts: FAST });
    expect((await transport.send(payload)).ok).toBe(true);
    transport.close();
    const mail = smtp.delivered[before]!.parsed;
    expect(mail.replyTo).toBeUndefined();
    expect(unfolded(smtp.delivered[before]!.raw)).toMatch(/^List-Unsubscribe: <mailto:cobranca@paoquente\.com\.br\?/m);
  });
});

describe("failures, each in pt-BR with whether a retry may help", () => {
  test("connection refused: retryable", async () => {
    const port = await closedPort();
    const transport = smtpTransport(base(port), { timeouts: FAST });
    expect(await transport.send(payload)).toEqual({ ok: false, error: `Conexão recusada por 127.0.0.1:${port}: confira o servidor e a porta.`, retryable: true });
  });

  test("a server that accepts and never greets: given up after the greeting timeout, retryable", async () => {
    const silent = await startSilentServer();
    try {
      const transport = smtpTransport(base(silent.port), { timeouts: FAST });
      const result = await transport.send(payload);
      expect(result).toEqual({
        ok: false,
        error: `O servidor 127.0.0.1:${silent.port} aceitou a conexão mas não respondeu à saudação SMTP: confira a porta e a segurança (TLS na 465, STARTTLS na 587).`,
        retryable: true,
      });
    } finally {
      await silent.close();
    }
  });

  test("535: wrong password is permanent, with the server's words; the right one sends", async () => {
    const smtp = await startSmtp({ credentials: { user: "cobranca", pass: "s3nha-certa" } });
    try {
      const wrong = await smtpTransport(base(smtp.port, { usuario: "cobranca", senha: "senha-errada" }), { timeouts: FAST }).send(payload);
      expect(wrong).toEqual({ ok: false, error: "Autenticação recusada: usuário ou senha incorretos. O servidor respondeu: 535 5.7.8 Authentication credentials invalid", retryable: false });
      expect(JSON.stringify(wrong)).not.toContain("senha-errada");
      const right = await smtpTransport(base(smtp.port, { usuario: "cobranca", senha: "s3nha-certa" }), { timeouts: FAST }).send(payload);
      expect(right.ok).toBe(true);
      expect(smtp.delivered).toHaveLength(1);
    } finally {
      await smtp.close();
    }
  });

  test("a server that demands authentication, and no user configured: 530, permanent, asks for the user and password", async () => {
    const smtp = await startSmtp({ credentials: { user: "cobranca", pass: "s3nha-certa" }, authRequired: true });
    try {
      const result = await smtpTransport(base(smtp.port), { timeouts: FAST }).send(payload);
      expect(result).toMatchObject({ ok: false, retryable: false });
      expect(result.ok ? "" : result.error).toStartWith("O servidor exige autenticação: informe o usuário e a senha. O servidor respondeu: 530");
    } finally {
      await smtp.close();
    }
  });

  test("5xx for the recipient is permanent; 4xx is retryable", async () => {
    const refusing = await startSmtp({ rejectRecipient: { code: 550, message: "5.1.1 Mailbox unavailable" } });
    const busy = await startSmtp({ rejectRecipient: { code: 451, message: "4.7.1 Try again later" } });
    try {
      const permanent = await smtpTransport(base(refusing.port), { timeouts: FAST }).send(payload);
      expect(permanent).toMatchObject({ ok: false, retryable: false });
      expect(permanent.ok ? "" : permanent.error).toContain("550 5.1.1 Mailbox unavailable");
      const passing = await smtpTransport(base(busy.port), { timeouts: FAST }).send(payload);
      expect(passing).toMatchObject({ ok: false, retryable: true });
      expect(passing.ok ? "" : passing.error).toContain("451 4.7.1 Try again later");
    } finally {
      await Promise.all([refusing.close(), busy.close()]);
    }
  });

  for (const seguranca of ["tls", "starttls"] as const) {
    test(`a self-signed certificate (${seguranca}): refused without the setting, accepted with it`, async () => {
      const smtp = await startSmtp({ cert, secure: seguranca === "tls" });
      try {
        const refused = await smtpTransport(base(smtp.port, { seguranca }), { timeouts: FAST }).send(payload);
        expect(refused).toEqual({
          ok: false,
          error: `O certificado do servidor 127.0.0.1:${smtp.port} não é confiável (autoassinado ou de outro nome). Se você confia neste servidor, marque "Aceitar certificado autoassinado".`,
          retryable: false,
        });
        expect(smtp.delivered).toHaveLength(0);
        const accepted = await smtpTransport(base(smtp.port, { seguranca, aceitarAutoassinado: true }), { timeouts: FAST }).send(payload);
        expect(accepted.ok).toBe(true);
        expect(smtp.delivered).toHaveLength(1);
        expect(smtp.delivered[0]!.parsed.subject).toBe(payload.subject);
      } finally {
        await smtp.close();
      }
    });
  }

  test("TLS spoken to a server that waits for plain SMTP (TLS on 587): permanent, pointing at the security and the port", async () => {
    const smtp = await startSmtp();
    try {
      const result = await smtpTransport(base(smtp.port, { seguranca: "tls" }), { timeouts: FAST }).send(payload);
      expect(result).toEqual({
        ok: false,
        error: `Não foi possível iniciar a conexão segura com 127.0.0.1:${smtp.port}: o servidor não oferece STARTTLS ou a negociação TLS falhou. Confira a segurança e a porta.`,
        retryable: false,
      });
    } finally {
      await smtp.close();
    }
  });

  test("STARTTLS required but not offered: refused, not sent in clear", async () => {
    const smtp = await startSmtp();
    try {
      const result = await smtpTransport(base(smtp.port, { seguranca: "starttls" }), { timeouts: FAST }).send(payload);
      expect(result).toMatchObject({ ok: false, retryable: false });
      expect(result.ok ? "" : result.error).toContain("STARTTLS");
      expect(smtp.delivered).toHaveLength(0);
    } finally {
      await smtp.close();
    }
  });
});
