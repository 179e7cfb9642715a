// Sending e-mail (issue 33 §3): nodemailer's pooled SMTP transport behind one small interface,
// `send(payload) → {ok, messageId} | {ok: false, error, retryable}`, which the outbox sender
// plugs in (issue 32 §2). Plain text, UTF-8; every failure becomes one pt-BR sentence saying
// what the server did, and whether trying again later may help. Never throws, never logs, and
// no message it writes contains the password (nodemailer's own logger stays off).
import type { Transporter } from "nodemailer";
import { DEFAULT_PORTS, type Security } from "./model";

/** What the transport needs to reach the server (the stored settings, password included). */
export interface SmtpConfig {
  host: string;
  porta: number | null;
  seguranca: Security;
  usuario: string;
  senha: string | null;
  remetenteNome: string;
  remetenteEmail: string;
  responderPara: string;
  aceitarAutoassinado: boolean;
}

export interface EmailPayload {
  to: string;
  /** The recipient's name for the To header ("Padaria Pão Quente"). */
  toName?: string;
  subject: string;
  /** Plain text, UTF-8. */
  text: string;
  /** A stable Message-ID (the outbox row's), so a message sent twice is recognisably the same. */
  messageId?: string;
}

export type SendResult = { ok: true; messageId: string; response: string } | { ok: false; error: string; retryable: boolean };

export interface EmailTransport {
  send(payload: EmailPayload): Promise<SendResult>;
  /** Ends the pool's connections. */
  close(): void;
}

export interface TransportTimeouts {
  /** To open the TCP (and TLS) connection. */
  connectionMs: number;
  /** From the connection to the server's 220 greeting. */
  greetingMs: number;
  /** Silence in the middle of the dialogue. */
  socketMs: number;
}

/**
 * A server that never answers costs at most ~8 s (connection or greeting: SMTP_TIMEOUT_SECONDS),
 * so the settings' test answers within the request and the outbox sender moves on; a slow DATA
 * may take 30 s.
 */
export const timeoutsOf = (seconds: number): TransportTimeouts => ({ connectionMs: seconds * 1000, greetingMs: seconds * 1000, socketMs: Math.max(30_000, seconds * 1000) });
const DEFAULT_TIMEOUTS = timeoutsOf(8);

/**
 * A transport over `config`. `pool`: keep up to 2 connections open for the outbox's batches
 * (the settings' test uses a fresh connection, so it shows what a new one gets).
 */
export function smtpTransport(config: SmtpConfig, options: { pool?: boolean; timeouts?: TransportTimeouts } = {}): EmailTransport {
  const timeouts = options.timeouts ?? DEFAULT_TIMEOUTS;
  const port = config.porta ?? DEFAULT_PORTS[config.seguranca];
  const common = {
    host: config.host,
    port,
    // tls: TLS from the first byte (465); starttls: refuse to go on in clear; nenhuma: never upgrade.
    secure: config.seguranca === "tls",
    requireTLS: config.seguranca === "starttls",
    ignoreTLS: config.seguranca === "nenhuma",
    auth: config.usuario && config.senha ? { user: config.usuario, pass: config.senha } : undefined,
    tls: { rejectUnauthorized: !config.aceitarAutoassinado, minVersion: "TLSv1.2" as const },
    connectionTimeout: timeouts.connectionMs,
    greetingTimeout: timeouts.greetingMs,
    socketTimeout: timeouts.socketMs,
    dnsTimeout: timeouts.connectionMs,
    logger: false,
    debug: false,
  };
  // nodemailer's own code is evaluated at the first transport, not at start-up (issue 38 §8). In
  // the compiled binary the Node built-ins it requires (net, tls, http, zlib, dns…) are still
  // imported by the bundle at start: ~3–5 ms of every start (measured apart, 2026-11-27).
  const mailer: Promise<Transporter> = import("nodemailer").then(({ createTransport }) =>
    options.pool ? createTransport({ ...common, pool: true, maxConnections: 2, maxMessages: 100 }) : createTransport(common),
  );
  const from = { name: config.remetenteNome, address: config.remetenteEmail };
  // Where a reply, and an unsubscribe request, goes: the reply-to, or the sender itself.
  const replyTo = config.responderPara || config.remetenteEmail;
  const where = `${config.host}:${port}`;

  return {
    async send(payload) {
      try {
        const info = await (await mailer).sendMail({
          from,
          to: payload.toName ? { name: payload.toName, address: payload.to } : payload.to,
          replyTo: config.responderPara ? config.responderPara : undefined,
          subject: payload.subject,
          text: payload.text,
          textEncoding: "quoted-printable",
          messageId: payload.messageId,
          headers: {
            // RFC 3834: an automatic message, so auto-responders do not answer it.
            "Auto-Submitted": "auto-generated",
            "X-Auto-Response-Suppress": "All",
          },
          // RFC 2369: the client's mail program offers "cancelar inscrição", which writes to us.
          list: { unsubscribe: `mailto:${replyTo}?subject=${encodeURIComponent("Não quero receber cobranças por e-mail")}` },
        });
        return { ok: true, messageId: info.messageId, response: String(info.response ?? "") };
      } catch (error) {
        return { ok: false, ...describeFailure(error, where, config.aceitarAutoassinado) };
      }
    },
    close() {
      void mailer.then((transport) => transport.close());
    },
  };
}

type MailError = Error & { code?: string; responseCode?: number; response?: string; command?: string; cause?: unknown };

const CERT_CODES = new Set([
  "DEPTH_ZERO_SELF_SIGNED_CERT",
  "SELF_SIGNED_CERT_IN_CHAIN",
  "UNABLE_TO_VERIFY_LEAF_SIGNATURE",
  "UNABLE_TO_GET_ISSUER_CERT_LOCALLY",
  "UNABLE_TO_GET_ISSUER_CERT",
  "CERT_UNTRUSTED",
  "CERT_HAS_EXPIRED",
  "CERT_NOT_YET_VALID",
  "ERR_TLS_CERT_ALTNAME_INVALID",
  "HOSTNAME_MISMATCH",
]);

/** Every code on the error and its causes (Bun and Node put the socket's code at different depths). */
function codesOf(error: unknown): string[] {
  const codes: string[] = [];
  for (let e = error as MailError | undefined, depth = 0; e && depth < 4; e = e.cause as MailError | undefined, depth++) {
    if (typeof e.code === "string") codes.push(e.code);
    // nodemailer keeps the socket's own code ("ECONNREFUSED") as originalCode under its "ESOCKET".
    const original = (e as { originalCode?: unknown }).originalCode;
    if (typeof original === "string") codes.push(original);
  }
  return codes;
}

/** The server's own words, on one line and short ("535 5.7.8 Authentication failed"). */
const serverSaid = (error: MailError) => (error.response ? String(error.response).replace(/\s+/g, " ").trim().slice(0, 200) : "");

/**
 * What went wrong, in pt-BR, and whether the outbox should try again later: a refused or silent
 * connection and a 4xx answer are passing troubles; a 5xx answer (535 included: the password is
 * wrong until someone changes it) and an untrusted certificate are not.
 */
function describeFailure(raw: unknown, where: string, acceptingSelfSigned: boolean): { error: string; retryable: boolean } {
  const error = (raw instanceof Error ? raw : new Error(String(raw))) as MailError;
  const codes = codesOf(error);
  const message = `${error.message} ${String((error.cause as Error | undefined)?.message ?? "")}`;
  const said = serverSaid(error);
  const reply = said ? ` O servidor respondeu: ${said}` : "";
  const code = error.responseCode;

  if (codes.some((c) => CERT_CODES.has(c)) || /self[- ]signed|certificate|unable to verify/i.test(message)) {
    return {
      error: acceptingSelfSigned
        ? `O certificado do servidor ${where} foi recusado (${codes.find((c) => CERT_CODES.has(c)) ?? "TLS"}).`
        : `O certificado do servidor ${where} não é confiável (autoassinado ou de outro nome). Se você confia neste servidor, marque "Aceitar certificado autoassinado".`,
      retryable: false,
    };
  }
  if (codes.includes("ECONNREFUSED")) return { error: `Conexão recusada por ${where}: confira o servidor e a porta.`, retryable: true };
  if (codes.includes("ENOTFOUND") || codes.includes("EDNS") || codes.includes("EAI_AGAIN")) {
    return { error: `Servidor ${where.replace(/:\d+$/, "")} não encontrado (DNS): confira o nome do servidor.`, retryable: true };
  }
  if (codes.includes("ETIMEDOUT") || codes.includes("ESOCKETTIMEDOUT")) {
    return /greeting/i.test(message)
      ? { error: `O servidor ${where} aceitou a conexão mas não respondeu à saudação SMTP: confira a porta e a segurança (TLS na 465, STARTTLS na 587).`, retryable: true }
      : { error: `O servidor ${where} não respondeu a tempo.`, retryable: true };
  }
  if (codes.includes("ENOAUTH") || code === 530) return { error: `O servidor exige autenticação: informe o usuário e a senha.${reply}`, retryable: false };
  if (codes.includes("EAUTH")) {
    return code !== undefined && code >= 400 && code < 500
      ? { error: `O servidor recusou a autenticação por ora.${reply}`, retryable: true }
      : { error: `Autenticação recusada: usuário ou senha incorretos.${reply}`, retryable: false };
  }
  // TLS spoken to a server that does not (TLS on 587), or a handshake that failed.
  if (codes.includes("ETLS") || codes.includes("EREQUIRETLS") || codes.some((c) => c.startsWith("ERR_SSL_")) || (/STARTTLS/i.test(message) && !code)) {
    return { error: `Não foi possível iniciar a conexão segura com ${where}: o servidor não oferece STARTTLS ou a negociação TLS falhou. Confira a segurança e a porta.`, retryable: false };
  }
  if (code !== undefined && code >= 500) return { error: `O servidor recusou a mensagem.${reply}`, retryable: false };
  if (code !== undefined && code >= 400) return { error: `O servidor adiou a mensagem; nova tentativa mais tarde.${reply}`, retryable: true };
  if (codes.includes("ECONNRESET") || codes.includes("ECONNECTION") || codes.includes("ESOCKET") || codes.includes("EPIPE")) {
    return { error: `A conexão com ${where} caiu antes do fim do envio.${reply}`, retryable: true };
  }
  if (codes.includes("EENVELOPE")) return { error: `Endereço de destino ou de remetente recusado.${reply}`, retryable: false };
  return { error: `Falha ao enviar o e-mail por ${where}.${reply}`, retryable: true };
}
