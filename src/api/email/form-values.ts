// Configurações › E-mail's values and words without zod (issue 38 §7): the EmailSettings island
// shows them with the page and loads the schemas (./model.ts, which re-exports all of this for the
// API) with the form's first use.

export const SECURITY = ["nenhuma", "starttls", "tls"] as const;
export type Security = (typeof SECURITY)[number];
export const SECURITY_LABELS: Record<Security, string> = { nenhuma: "Nenhuma", starttls: "STARTTLS", tls: "TLS (SSL)" };
/** The usual port of each kind of connection: a blank port means this one. */
export const DEFAULT_PORTS: Record<Security, number> = { nenhuma: 25, starttls: 587, tls: 465 };

/** GET /api/settings/email. Never the password: only whether one is stored. */
export interface EmailSettingsJson {
  host: string;
  porta: number | null;
  seguranca: Security;
  usuario: string;
  senhaDefinida: boolean;
  remetenteNome: string;
  remetenteEmail: string;
  responderPara: string;
  aceitarAutoassinado: boolean;
  /** A server and a sender are saved: Cofre can send. */
  configurado: boolean;
  updatedAt: string | null;
}

export interface EmailSettingsAnswer {
  message: string;
  settings: EmailSettingsJson;
}

/** The test's answer: 200 when the server accepted the message, 502 with `{message}` otherwise. */
export interface EmailTestAnswer {
  message: string;
}

/** The form's values, as the inputs hold them; the password input starts empty, always. */
export interface EmailFormValues {
  host: string;
  porta: string;
  seguranca: Security;
  usuario: string;
  senha: string;
  removerSenha: boolean;
  remetenteNome: string;
  remetenteEmail: string;
  responderPara: string;
  aceitarAutoassinado: boolean;
}

export const emailFormValues = (settings: EmailSettingsJson): EmailFormValues => ({
  host: settings.host,
  porta: settings.porta === null ? "" : String(settings.porta),
  seguranca: settings.seguranca,
  usuario: settings.usuario,
  senha: "",
  removerSenha: false,
  remetenteNome: settings.remetenteNome,
  remetenteEmail: settings.remetenteEmail,
  responderPara: settings.responderPara,
  aceitarAutoassinado: settings.aceitarAutoassinado,
});
