// Bulk actions on Contas a Receber / a Pagar (issue 35 §3, DECISIONS §14): the body of
// POST /api/installments/bulk and /api/payables/bulk and its answer. Client-safe: the selection
// bar (islands/ledger/BulkBar.tsx) builds its requests and reads the answers with these.
import { z } from "zod/mini";
import { isAcceptedDate } from "../../lib/dates";

/** The most rows one action touches (one transaction: DECISIONS §14). */
export const MAX_BULK_ROWS = 5_000;
/** "+N dias": at most about ten years. */
export const MAX_BULK_DAYS = 3_650;

export const BULK_ACTIONS = ["baixar", "prorrogar", "excluir"] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

const INVALID_DATE = "Data inválida";
const INVALID_IDS = "Seleção inválida: ids deve ser uma lista de números";
export const tooManyRows = (n: number) =>
  `Seleção grande demais: no máximo ${MAX_BULK_ROWS.toLocaleString("pt-BR")} por ação (${n.toLocaleString("pt-BR")} selecionadas). Filtre a lista e repita.`;

type Ctx = { issues: { push(issue: { code: "custom"; message: string; input: unknown; path?: PropertyKey[] }): unknown } };

/** A YYYY-MM-DD date that may be left out (null). */
const optionalDate = z.pipe(
  z.optional(z.nullable(z.string(INVALID_DATE))),
  z.transform((value: string | null | undefined, ctx: Ctx): string | null => {
    if (value == null || value.trim() === "") return null;
    const date = value.trim();
    if (isAcceptedDate(date)) return date;
    ctx.issues.push({ code: "custom", message: INVALID_DATE, input: value });
    return z.NEVER;
  }),
);

/** Positive integer ids, at most MAX_BULK_ROWS (more: 413, checked by the service with the count). */
const ids = z.optional(
  z.pipe(
    z.array(z.unknown(), INVALID_IDS),
    z.transform((values: unknown[], ctx: Ctx): number[] => {
      if (values.some((v) => typeof v !== "number" || !Number.isSafeInteger(v) || v < 1)) {
        ctx.issues.push({ code: "custom", message: INVALID_IDS, input: values });
        return z.NEVER;
      }
      // The same id twice is one row.
      return [...new Set(values as number[])];
    }),
  ),
);

/** The list's query as its URL says it (status, mes, pagoEm, the party id…): every value a string. */
const filtro = z.optional(z.record(z.string(), z.string("Filtro inválido: cada valor deve ser texto"), "Filtro inválido"));

const days = z.optional(
  z.pipe(
    z.nullable(z.union([z.number(), z.string()], "Dias inválidos")),
    z.transform((value: number | string | null, ctx: Ctx): number | null => {
      if (value === null || value === "") return null;
      const n = typeof value === "string" ? (/^\d{1,5}$/.test(value.trim()) ? Number(value.trim()) : NaN) : value;
      if (Number.isInteger(n) && n >= 1 && n <= MAX_BULK_DAYS) return n;
      ctx.issues.push({ code: "custom", message: `Dias: de 1 a ${MAX_BULK_DAYS}`, input: value });
      return z.NEVER;
    }),
  ),
);

export const bulkSchema = z
  .object(
    {
      acao: z.enum(BULK_ACTIONS, "Ação inválida: use baixar, prorrogar ou excluir"),
      ids,
      filtro,
      /** baixar: the payment date (absent: today). */
      dataPagamento: optionalDate,
      /** baixar (receivables): with multa and juros as of the payment date; face value otherwise. */
      comJuros: z._default(z.boolean("comJuros deve ser verdadeiro ou falso"), false),
      /** prorrogar: a new due date for every row… */
      dataVencimento: optionalDate,
      /** …or each row's own due date plus this many days. */
      dias: days,
    },
    "Dados inválidos",
  )
  .check(
    z.superRefine((body, ctx) => {
      const bySelection = (body.ids ? 1 : 0) + (body.filtro ? 1 : 0);
      if (bySelection !== 1) ctx.issues.push({ code: "custom", message: "Envie ids (as linhas selecionadas) ou filtro (todas as do filtro), um dos dois", input: body, path: ["ids"] });
      if (body.acao === "prorrogar") {
        const ways = (body.dataVencimento ? 1 : 0) + (body.dias ? 1 : 0);
        if (ways !== 1) ctx.issues.push({ code: "custom", message: "Informe a nova data de vencimento ou quantos dias prorrogar", input: body, path: ["dataVencimento"] });
      }
    }),
  );
export type BulkBody = z.output<typeof bulkSchema>;

/** What an action did: how many changed, and the rows left as they were grouped by why. */
export interface BulkAnswer {
  /** "37 parcelas baixadas; 2 já estavam pagas". */
  message: string;
  acao: BulkAction;
  alteradas: number;
  /** The rows changed, by id. */
  ids: number[];
  mantidas: { motivo: string; quantidade: number; ids: number[] }[];
}
