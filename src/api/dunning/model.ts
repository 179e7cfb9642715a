// The régua de cobrança (DECISIONS §11): its settings' shape, defaults and schema. Client-safe:
// the /dunning screen's island checks the form with this same schema.
import { z } from "zod/mini";

export const CHANNELS = ["email", "whatsapp"] as const;
export type Channel = (typeof CHANNELS)[number];
export const CHANNEL_LABELS: Record<Channel, string> = { email: "E-mail", whatsapp: "WhatsApp" };

/** What a step's subject and text may use; filled by src/api/dunning/text.ts. */
export const DUNNING_PLACEHOLDERS = ["cliente", "contato", "valor", "vencimento", "dias_atraso", "link", "pix", "empresa", "cnpj_empresa", "endereco_empresa"] as const;

/** Every message ends with this (CDC art. 42-A: the supplier's name, CNPJ and address). */
export const FOOTER_NOTICE = "Se você já pagou, desconsidere esta mensagem.";

export interface DunningStep {
  /** Business days from the due date: −5 is five business days before, 0 the due date itself. */
  dias: number;
  canal: Channel;
  assunto: string;
  texto: string;
}

export interface BlockWarning {
  ativo: boolean;
  /** Business days before the automatic block (BLOCK_GRACE_DAYS after the due date). */
  diasAntes: number;
  canal: Channel;
  assunto: string;
  texto: string;
}

export interface DunningSettings {
  ativa: boolean;
  etapas: DunningStep[];
  /** After the last step, again every this many business days while unpaid (0: never). */
  repetirCadaDias: number;
  /** At most this many messages after the due date (steps and repeats together). */
  maxAposVencimento: number;
  avisoBloqueio: BlockWarning;
  janelaInicio: string;
  janelaFim: string;
  apenasDiasUteis: boolean;
}

export interface DunningJson extends DunningSettings {
  updatedAt: string | null;
  /** What turning it on still needs (empty: it can be on), in pt-BR. */
  falta: string[];
  graceDays: number;
}

const PIX_PARAGRAPH = "Para pagar com PIX, use o código copia e cola:\n{pix}";
const LINK_LINE = "Veja suas cobranças e recibos em: {link}";

const DEFAULT_STEPS: DunningStep[] = [
  {
    dias: -5,
    canal: "email",
    assunto: "Lembrete: vencimento em {vencimento}",
    texto: `Olá, {contato}!\n\nLembramos que a cobrança de {cliente} no valor de {valor} vence em {vencimento}.\n\n${PIX_PARAGRAPH}\n\n${LINK_LINE}`,
  },
  {
    dias: 0,
    canal: "email",
    assunto: "Vence hoje: {valor}",
    texto: `Olá, {contato}!\n\nHoje vence a cobrança de {cliente} no valor de {valor}.\n\n${PIX_PARAGRAPH}\n\n${LINK_LINE}`,
  },
  {
    dias: 3,
    canal: "email",
    assunto: "Pagamento em atraso: {valor}",
    texto: `Olá, {contato}!\n\nAinda não identificamos o pagamento de {cliente} com vencimento em {vencimento} ({dias_atraso} dias em atraso). O valor atualizado, com multa e juros, é {valor}.\n\n${PIX_PARAGRAPH}\n\n${LINK_LINE}`,
  },
  {
    dias: 7,
    canal: "email",
    assunto: "Pagamento em atraso: {valor}",
    texto: `Olá, {contato}!\n\nO pagamento de {cliente} com vencimento em {vencimento} está em atraso há {dias_atraso} dias. O valor atualizado, com multa e juros, é {valor}.\n\n${PIX_PARAGRAPH}\n\n${LINK_LINE}`,
  },
];

const DEFAULT_BLOCK_WARNING: BlockWarning = {
  ativo: false,
  diasAntes: 2,
  canal: "email",
  assunto: "Aviso de bloqueio: {valor} em atraso",
  texto: `Olá, {contato}!\n\nO pagamento de {cliente} com vencimento em {vencimento} segue em aberto ({dias_atraso} dias em atraso). Sem o pagamento, o acesso será bloqueado nos próximos dias. O valor atualizado é {valor}.\n\n${PIX_PARAGRAPH}\n\n${LINK_LINE}`,
};

export const DEFAULT_DUNNING: DunningSettings = {
  ativa: false,
  etapas: DEFAULT_STEPS,
  repetirCadaDias: 7,
  maxAposVencimento: 6,
  avisoBloqueio: DEFAULT_BLOCK_WARNING,
  janelaInicio: "08:00",
  janelaFim: "20:00",
  apenasDiasUteis: true,
};

/** "D−5", "D0", "D+3": how a step is named on the screen and in the log. */
export const stepLabel = (dias: number) => (dias === 0 ? "D0" : dias < 0 ? `D−${-dias}` : `D+${dias}`);
/** The step's key in the exactly-once index ("D-5", "D+3"; "bloqueio" for the block warning). */
export const stepKey = (dias: number) => (dias === 0 ? "D0" : dias < 0 ? `D-${-dias}` : `D+${dias}`);
export const BLOCK_WARNING_KEY = "bloqueio";
export const BLOCK_WARNING_LABEL = "Aviso de bloqueio";

const MAX_STEPS = 12;
const MAX_SUBJECT = 200;
const MAX_BODY = 2000;

const HOUR = /^([01]\d|2[0-3]):[0-5]\d$/;
const int = (min: number, max: number, what: string) =>
  z.number(`${what}: informe um número`).check(z.int(`${what}: informe um número inteiro`), z.gte(min, `${what}: mínimo ${min}`), z.lte(max, `${what}: máximo ${max}`));
const words = (max: number, what: string) =>
  z.pipe(
    z.string(`${what}: informe um texto`),
    z.transform((s: string) => s.replace(/\r\n?/g, "\n").trim()),
  ).check(z.refine((s: string) => s.length <= max, `${what}: máximo de ${max} caracteres`), z.refine((s: string) => !s.includes("\0"), "Caractere inválido no texto"));
const channel = z.enum(CHANNELS, "Canal deve ser email ou whatsapp");

const stepSchema = z
  .object({
    dias: int(-30, 90, "Dias"),
    canal: channel,
    assunto: words(MAX_SUBJECT, "Assunto"),
    texto: words(MAX_BODY, "Texto"),
  })
  .check(
    z.refine((s) => s.texto !== "", { message: "Escreva o texto da mensagem", path: ["texto"] }),
    z.refine((s) => s.canal !== "email" || s.assunto !== "", { message: "Escreva o assunto do e-mail", path: ["assunto"] }),
  );

export const dunningSchema = z
  .object(
    {
      ativa: z.boolean("Informe verdadeiro ou falso"),
      etapas: z.array(stepSchema).check(z.minLength(1, "Inclua ao menos uma etapa"), z.maxLength(MAX_STEPS, `No máximo ${MAX_STEPS} etapas`)),
      repetirCadaDias: int(0, 60, "Repetir a cada"),
      maxAposVencimento: int(0, 20, "Máximo após o vencimento"),
      avisoBloqueio: z.object({
        ativo: z.boolean("Informe verdadeiro ou falso"),
        diasAntes: int(1, 20, "Dias antes do bloqueio"),
        canal: channel,
        assunto: words(MAX_SUBJECT, "Assunto"),
        texto: words(MAX_BODY, "Texto"),
      }),
      janelaInicio: z.string().check(z.regex(HOUR, "Horário inválido (use HH:MM)")),
      janelaFim: z.string().check(z.regex(HOUR, "Horário inválido (use HH:MM)")),
      apenasDiasUteis: z.boolean("Informe verdadeiro ou falso"),
    },
    "Dados inválidos",
  )
  .check(
    z.refine((s) => new Set(s.etapas.map((e) => e.dias)).size === s.etapas.length, { message: "Duas etapas no mesmo dia: cada etapa tem o seu dia", path: ["etapas"] }),
    z.refine((s) => s.janelaInicio < s.janelaFim, { message: "O fim da janela deve ser depois do início", path: ["janelaFim"] }),
    z.refine((s) => !s.avisoBloqueio.ativo || s.avisoBloqueio.texto !== "", { message: "Escreva o texto do aviso de bloqueio", path: ["avisoBloqueio", "texto"] }),
  );

export type DunningInput = z.output<typeof dunningSchema>;

/** POST /api/dunning/run's answer. */
export interface DunningRunAnswer {
  message: string;
  data: string;
  enfileiradas: number;
  whatsapp: number;
  puladas: number;
}

export interface PreviewJson {
  cliente: { id: number; nome: string };
  canal: Channel;
  etapa: string;
  assunto: string;
  texto: string;
}
