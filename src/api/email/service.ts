import { eq } from "drizzle-orm";
import type { Db, Tx } from "../../../db/client";
import { emailSettings, type EmailSettingsRow } from "../../../db/schema";
import { nowISO, today } from "../../lib/clock";
import { formatDateBR } from "../../lib/dates";
import { changedFields, recordEvent, type Actor } from "../history/record";
import { getSettings } from "../settings/service";
import { DEFAULT_PORTS, SECURITY_LABELS, type EmailSettingsInput, type EmailSettingsJson } from "./model";
import { smtpTransport, type EmailPayload, type EmailTransport, type SendResult, type SmtpConfig, type TransportTimeouts } from "./transport";

// The SMTP settings' one row (id 1), none until an administrator saves them. The password goes
// in and out of this module only towards the transport: getEmailSettings says whether there is
// one, and the history says that it changed, never what it is.
const ROW_ID = 1;
/** History: the e-mail settings are "settings" events, told apart from the cobrança ones by this id. */
const EMAIL_SETTINGS_ENTITY_ID = 2;

const readRow = (db: Db | Tx): EmailSettingsRow | undefined => db.select().from(emailSettings).where(eq(emailSettings.id, ROW_ID)).get();

const isConfigured = (row: EmailSettingsRow | undefined): row is EmailSettingsRow => !!row && row.host !== "" && row.remetenteEmail !== "";

export function getEmailSettings(db: Db | Tx): EmailSettingsJson {
  const row = readRow(db);
  return {
    host: row?.host ?? "",
    porta: row?.porta ?? null,
    seguranca: row?.seguranca ?? "starttls",
    usuario: row?.usuario ?? "",
    senhaDefinida: !!row?.senha,
    remetenteNome: row?.remetenteNome ?? "",
    remetenteEmail: row?.remetenteEmail ?? "",
    responderPara: row?.responderPara ?? "",
    aceitarAutoassinado: row?.aceitarAutoassinado ?? false,
    configurado: isConfigured(row),
    updatedAt: row?.updatedAt ?? null,
  };
}

/** What the transport needs, password included; null while e-mail is not configured. Server-only. */
export function smtpConfig(db: Db | Tx): SmtpConfig | null {
  const row = readRow(db);
  if (!isConfigured(row)) return null;
  // Without a sender's name, the company's: the client knows who writes.
  const remetenteNome = row.remetenteNome || getSettings(db).empresa;
  return { ...row, remetenteNome };
}

const AUDITED = ["host", "porta", "seguranca", "usuario", "remetenteNome", "remetenteEmail", "responderPara", "aceitarAutoassinado"] as const;

/**
 * Saves every field (the form sends them all). The password: a new one replaces the stored one,
 * none keeps it, `removerSenha` forgets it. One history event in the same transaction lists the
 * other fields before and after and, for the password, only "senha do e-mail alterada/removida".
 */
export function saveEmailSettings(db: Db, actor: Actor, input: EmailSettingsInput): EmailSettingsJson {
  return db.transaction(() => {
    const before = getEmailSettings(db);
    const stored = readRow(db)?.senha ?? null;
    const senha = input.removerSenha ? null : (input.senha ?? stored);
    const values = {
      host: input.host,
      porta: input.porta,
      seguranca: input.seguranca,
      usuario: input.usuario,
      senha,
      remetenteNome: input.remetenteNome,
      remetenteEmail: input.remetenteEmail,
      responderPara: input.responderPara,
      aceitarAutoassinado: input.aceitarAutoassinado,
      updatedAt: nowISO(),
    };
    db.insert(emailSettings)
      .values({ id: ROW_ID, ...values })
      .onConflictDoUpdate({ target: emailSettings.id, set: values })
      .run();
    const after = getEmailSettings(db);
    const alteracoes = changedFields(before, after, AUDITED);
    const senhaAlterada = senha !== null && senha !== stored;
    const senhaRemovida = senha === null && stored !== null;
    if (Object.keys(alteracoes).length > 0 || senhaAlterada || senhaRemovida) {
      recordEvent(db, actor, {
        action: "update",
        entity: "settings",
        entityId: EMAIL_SETTINGS_ENTITY_ID,
        label: "Configurações de e-mail",
        details: { secao: "email", alteracoes, ...(senhaAlterada ? { senhaAlterada } : {}), ...(senhaRemovida ? { senhaRemovida } : {}) },
      });
    }
    return after;
  });
}

/** The settings' test message: says where it came from and through which server. */
export function testMessage(db: Db, config: SmtpConfig, para: string): EmailPayload {
  const empresa = getSettings(db).empresa || "sua empresa";
  const porta = config.porta ?? DEFAULT_PORTS[config.seguranca];
  return {
    to: para,
    subject: "Teste de e-mail do Cofre",
    text: [
      `Olá! Este é um e-mail de teste enviado pelo Cofre de ${empresa} em ${formatDateBR(today())}.`,
      "",
      "Se você o recebeu, o envio de e-mails está funcionando: as cobranças automáticas sairão por este servidor.",
      "",
      `Servidor: ${config.host}:${porta} (${SECURITY_LABELS[config.seguranca]})`,
      `Remetente: ${config.remetenteNome ? `${config.remetenteNome} <${config.remetenteEmail}>` : config.remetenteEmail}`,
    ].join("\n"),
  };
}

/**
 * The transport the outbox sender plugs in: each send reads the settings in force (one row), and
 * the pooled connection is kept while they stay the same and replaced when they change. Without
 * settings a send fails retryable (an administrator may configure SMTP before the next try).
 */
export function configuredTransport(db: Db, timeouts?: TransportTimeouts): EmailTransport {
  let current: { key: string; transport: EmailTransport } | null = null;
  return {
    async send(payload): Promise<SendResult> {
      const config = smtpConfig(db);
      if (!config) return { ok: false, error: "E-mail não configurado: informe o servidor SMTP e o remetente em Configurações.", retryable: true };
      const key = JSON.stringify(config);
      if (current?.key !== key) {
        // The old pool finishes the deliveries it is in the middle of, then closes.
        current?.transport.close();
        current = { key, transport: smtpTransport(config, { pool: true, timeouts }) };
      }
      return current.transport.send(payload);
    },
    close() {
      current?.transport.close();
      current = null;
    },
  };
}
