import { z } from "zod/mini";
import { addDays, addMonthsClamped, addMonthsToMonth, isAcceptedDate, isAcceptedMonth } from "../../lib/dates";
import { monthlyName } from "../../lib/installments";
import type { ListParams } from "../../lib/list-spec";
import { cents, type Cents } from "../../lib/money";
import { moneyField } from "../fields";
import { SUBSCRIPTION_LIST, SUBSCRIPTION_SORTS, type SubscriptionSortKey, type SubscriptionStatus, STATUS_LABELS } from "./list-spec";

// Subscriptions (DECISIONS §8): the form's schema (shared by the client dialog's Assinatura
// section and PUT /api/clients/:id/subscription), the API's shapes, the list's URL contract and
// the readjustment's arithmetic. Client-safe.
/** What a person may set (a subscription never goes back to "não iniciada"). */
const SETTABLE_STATUSES = ["ativa", "pausada", "encerrada"] as const;

export const MONTH_NAMES = ["janeiro", "fevereiro", "março", "abril", "maio", "junho", "julho", "agosto", "setembro", "outubro", "novembro", "dezembro"] as const;

const STATUS_INVALID = "Situação inválida: use ativa, pausada ou encerrada";
const VALOR_REQUIRED = "Valor da assinatura é obrigatório";
const DIA_INVALID = "Dia de vencimento deve ser um número de 1 a 31";
const INICIO_REQUIRED = "Início é obrigatório";
const MONTH_INVALID = "Mês inválido: use AAAA-MM, entre 1900 e 2199";
const DATE_INVALID = "Data inválida";
const FIM_BEFORE_INICIO = "O fim deve ser igual ou posterior ao início";
const FIM_REQUIRED = "Informe o último mês cobrado (fim) para encerrar a assinatura";
const REAJUSTE_MES_INVALID = "Mês do reajuste deve ser de 1 a 12";
export const PERCENTUAL_INVALID = "Percentual inválido: use até duas casas decimais, entre -50 e 100 (ex.: 4,62)";

type Ctx = { issues: { push(issue: { code: "custom"; message: string; input: unknown }): unknown } };
const refuse = (ctx: Ctx, message: string, input: unknown) => {
  ctx.issues.push({ code: "custom", message, input });
  return z.NEVER;
};
const blank = (value: unknown) => value == null || (typeof value === "string" && value.trim() === "");

/**
 * A percentage as typed ("4,62", "4.62", "-0,5", 10) in hundredths of a percent (462), never a
 * float: -50% to 100%. Null when it is not one.
 */
export function parsePercent(input: unknown): number | null {
  const raw = typeof input === "number" ? (Number.isFinite(input) ? String(input) : "") : typeof input === "string" ? input.trim() : "";
  const match = /^(-?)(\d{1,3})(?:[.,](\d{1,2}))?$/.exec(raw);
  if (!match) return null;
  const hundredths = Number(match[2]) * 100 + Number((match[3] ?? "").padEnd(2, "0"));
  const value = match[1] ? -hundredths : hundredths;
  return value < -5000 || value > 10000 ? null : value;
}

/** 462 → "4,62" (pt-BR, as a person reads it). */
export function formatPercent(hundredths: number): string {
  const sign = hundredths < 0 ? "-" : "";
  const abs = Math.abs(hundredths);
  return `${sign}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, "0")}`;
}

/** 462 → "4.62" (the API's form). */
export const percentDecimal = (hundredths: number) => formatPercent(hundredths).replace(",", ".");

/** The fee after a readjustment of `hundredths`/100 %, rounded half up to the cent (DECISIONS §8). */
export function readjustedFee(valor: Cents, hundredths: number): Cents {
  // Integers only: valor × (10000 + p) / 10000, half up (both factors are positive: p ≥ -50%).
  const scaled = valor * (10_000 + hundredths);
  return cents(Math.floor((scaled + 5_000) / 10_000));
}

/** Lei 10.192/2001 art. 2º §1º: a readjustment at most once a year, the year counted from the contract. */
export const READJUST_WINDOW_MONTHS = 12;

/**
 * The first day a readjustment may be applied (DECISIONS §8): 12 months after the first day of
 * `inicio`, and 12 months after the previous readjustment (the same day, or the month's last day
 * when it has none: 29/02 → 28/02), whichever is later.
 */
export function firstReadjustDate(inicio: string, ultimoReajuste: string | null): string {
  const fromStart = `${addMonthsToMonth(inicio, READJUST_WINDOW_MONTHS)}-01`;
  const fromLast = ultimoReajuste ? addMonthsClamped(ultimoReajuste, READJUST_WINDOW_MONTHS) : null;
  return fromLast !== null && fromLast > fromStart ? fromLast : fromStart;
}

const percentField = z.pipe(
  z.union([z.string(), z.number()], PERCENTUAL_INVALID),
  z.transform((value: string | number, ctx): number => parsePercent(value) ?? refuse(ctx, PERCENTUAL_INVALID, value)),
);

function month(required: string | null) {
  return z.pipe(
    z.optional(z.nullable(z.string(MONTH_INVALID))),
    z.transform((value: string | null | undefined, ctx): string | null => {
      if (blank(value)) return required ? refuse(ctx, required, value) : null;
      const ym = value!.trim();
      return isAcceptedMonth(ym) ? ym : refuse(ctx, MONTH_INVALID, value);
    }),
  );
}

const optionalDate = z.pipe(
  z.optional(z.nullable(z.string(DATE_INVALID))),
  z.transform((value: string | null | undefined, ctx): string | null => {
    if (blank(value)) return null;
    const date = value!.trim();
    return isAcceptedDate(date) ? date : refuse(ctx, DATE_INVALID, value);
  }),
);

const dia = z.pipe(
  z.union([z.number(DIA_INVALID), z.string(DIA_INVALID)], DIA_INVALID),
  z.transform((value: number | string, ctx): number => {
    const n = typeof value === "number" ? value : /^\s*\d{1,2}\s*$/.test(value) ? Number(value) : NaN;
    return Number.isInteger(n) && n >= 1 && n <= 31 ? n : refuse(ctx, DIA_INVALID, value);
  }),
);

const reajuste = z.optional(
  z.nullable(
    z.object(
      {
        mes: z.pipe(
          z.union([z.number(REAJUSTE_MES_INVALID), z.string(REAJUSTE_MES_INVALID)], REAJUSTE_MES_INVALID),
          z.transform((value: number | string, ctx): number => {
            const n = typeof value === "number" ? value : /^\s*\d{1,2}\s*$/.test(value) ? Number(value) : NaN;
            return Number.isInteger(n) && n >= 1 && n <= 12 ? n : refuse(ctx, REAJUSTE_MES_INVALID, value);
          }),
        ),
        percentual: z.optional(z.nullable(percentField)),
      },
      "Reajuste inválido: informe o mês (1 a 12) e, se quiser, o percentual",
    ),
  ),
);

const subscriptionFields = z.object(
  {
    status: z.enum(SETTABLE_STATUSES, STATUS_INVALID),
    valor: z.pipe(moneyField(VALOR_REQUIRED, 1), z.transform((c: Cents | null) => c as Cents)),
    diaVencimento: dia,
    inicio: z.pipe(month(INICIO_REQUIRED), z.transform((m: string | null) => m as string)),
    fim: month(null),
    trialAte: optionalDate,
    reajuste,
    /** Starting over months that already have installments made by hand: the person saw them and confirms. */
    confirmarSobreposicao: z._default(z.boolean("confirmarSobreposicao deve ser verdadeiro ou falso"), false),
    /** A new fee also for the open, not-yet-due installments the subscription generated. */
    atualizarParcelasAbertas: z._default(z.boolean("atualizarParcelasAbertas deve ser verdadeiro ou falso"), false),
  },
  "Dados inválidos",
);

type Fields = z.output<typeof subscriptionFields>;
const whenOwnFieldsOk = (fields: string[]) => (payload: { value: unknown; issues: readonly { path?: readonly PropertyKey[] }[] }) =>
  typeof payload.value === "object" && payload.value !== null && !payload.issues.some((issue) => ["", ...fields].includes(String(issue.path?.[0] ?? "")));

/** PUT /api/clients/:id/subscription. */
export const subscriptionSchema = subscriptionFields.check(
  z.refine<Fields>((s) => s.fim === null || s.fim >= s.inicio, { message: FIM_BEFORE_INICIO, path: ["fim"], when: whenOwnFieldsOk(["fim", "inicio"]) }),
  z.refine<Fields>((s) => s.status !== "encerrada" || s.fim !== null, { message: FIM_REQUIRED, path: ["fim"], when: whenOwnFieldsOk(["fim", "status"]) }),
);
export type SubscriptionInput = z.output<typeof subscriptionSchema>;

/** POST /api/clients/:id/subscription/readjust: the percentage a person typed (IPCA, IGP-M…). */
export const readjustSchema = z.object({ percentual: percentField }, "Dados inválidos");

/** GET /api/clients/:id/subscription (a "nao_iniciada" one for every client without one). */
export interface SubscriptionJson {
  clientId: number;
  status: SubscriptionStatus;
  /** The monthly fee: the client's valorMensalidade. */
  valor: string;
  diaVencimento: number | null;
  inicio: string | null;
  fim: string | null;
  trialAte: string | null;
  reajuste: { mes: number; percentual: string | null } | null;
  /** When the last readjustment was applied (the next one waits 12 months). */
  ultimoReajuste: string | null;
  /** The first day a readjustment may be applied (firstReadjustDate); null before the start. */
  reajustePermitidoEm: string | null;
  /** The month (YYYY-MM) a readjustment applied now would bill first: the next one not generated yet. */
  reajusteAPartirDe: string | null;
  /** The due date of the next month it will generate; null when it generates nothing. */
  proximoVencimento: string | null;
}

/** A month the save would bill twice: an installment made by hand in a month the subscription bills. */
export interface OverlapJson {
  id: number;
  numerosParcela: string;
  descricao: string;
  dataVencimento: string;
  valor: string;
  competencia: string;
}

/** PUT answer; 409 `{message, sobreposicao}` when it would overlap and the person has not confirmed. */
export interface SubscriptionAnswer {
  message: string;
  subscription: SubscriptionJson;
  /** Open installments after `fim` the save deleted, and open ones whose fee it updated. */
  excluidas: number;
  atualizadas: number;
  /** Months generated by the save (a start in the past back-fills them). */
  geradas: number;
}

export interface ReadjustAnswer {
  message: string;
  subscription: SubscriptionJson;
  valorAnterior: string;
  valorNovo: string;
}

/** A row of GET /api/subscriptions. */
export interface SubscriptionRowJson extends Omit<SubscriptionJson, "status"> {
  /** "nao_iniciada": a client without a subscription (the "Não iniciada" filter), the client's fee as `valor`. */
  status: SubscriptionStatus;
  clientName: string;
  /** In trial today (trialAte after today): it bills nothing yet. */
  emTrial: boolean;
}

/** GET /api/subscriptions/summary: the MRR module's current month (DECISIONS §8) and a count. */
export interface SubscriptionSummary {
  /** Subscriptions that bill now or ahead: ativa before its fim, encerrada with fim not passed (trials included). */
  ativas: number;
  /** The current month, YYYY-MM. */
  mes: string;
  /** MRR today: the fees of the subscriptions in effect and out of trial. */
  mrr: string;
  /** Subscriptions that entered / left the MRR this month, and their fees (Relatórios › Assinaturas' Novas and Encerradas). */
  novasNoMes: number;
  novas: string;
  encerradasNoMes: number;
  encerradas: string;
  /** In effect but in trial today: counted apart, not in the MRR. */
  emTrial: number;
  trial: string;
}

export interface SubscriptionQuery {
  status: "" | "nao_iniciada" | "ativa" | "pausada" | "encerrada" | "trial";
  q: string;
  sort: { key: SubscriptionSortKey; dir: "asc" | "desc" };
  page: number;
  perPage: number;
  view: ListParams;
}

/** The Assinatura section's values, as its inputs hold them. */
export interface SubscriptionFormValues {
  status: "ativa" | "pausada" | "encerrada";
  valor: string;
  diaVencimento: string;
  inicio: string;
  fim: string;
  trialAte: string;
  reajusteMes: string;
}

/** The last day of next month: how far "Gerar parcelas agora" may bill ahead by due date (issue 35 §2). */
export const endOfNextMonth = (day: string) => addDays(`${addMonthsToMonth(day.slice(0, 7), 2)}-01`, -1);

/** "Mensalidade 03/2026": the description of a generated month (its name everywhere: src/lib/installments.ts). */
export const monthlyDescription = monthlyName;

export { SUBSCRIPTION_LIST, SUBSCRIPTION_SORTS, type SubscriptionSortKey, STATUS_LABELS };
