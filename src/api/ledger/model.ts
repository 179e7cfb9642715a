import { z } from "zod/mini";
import { isAcceptedDate } from "../../lib/dates";
import { MAX_INSTALLMENTS, MIN_INSTALLMENTS } from "../../lib/installments";
import type { Cents } from "../../lib/money";
import type { ListParams } from "../../lib/list-spec";
import type { Status } from "../../lib/status";
import { moneyField, requiredText } from "../fields";
import { ledgerRefId } from "../categories/model";
import { LEDGER_SORTS, type LedgerSortKey } from "./list-spec";

// The forms of receivables and payables (SPEC §5), one rule per field for both sides: the
// islands validate with these schemas and the routes parse with them. Client-safe.

export const MAX_DESCRICAO = 500;
const NOT_POSITIVE = "Valor deve ser maior que zero";
const INVALID_DATE = "Data inválida";
const INVALID_COUNT = "Número de parcelas inválido";
const DATA_PAGAMENTO_REQUIRED = "Data de pagamento é obrigatória";
const DATA_VENCIMENTO_REQUIRED = "Data de vencimento é obrigatória";

type Ctx = { issues: { push(issue: { code: "custom"; message: string; input: unknown }): unknown } };
const refuse = (ctx: Ctx, message: string, input: unknown) => {
  ctx.issues.push({ code: "custom", message, input });
  return z.NEVER;
};

const blank = (value: unknown) => value == null || (typeof value === "string" && value.trim() === "");

const requiredMoney = (missing: string) => z.pipe(moneyField(missing, 1), z.transform((c: Cents | null) => c as Cents));
/** An optional fee: absent is 0. */
const feeMoney = () => z.pipe(moneyField(null, 0), z.transform((c: Cents | null) => (c ?? 0) as Cents));

/** A YYYY-MM-DD date; `required` when absent, blank or null. */
function requiredDate(required: string) {
  return z.pipe(
    z.optional(z.nullable(z.string(INVALID_DATE))),
    z.transform((value: string | null | undefined, ctx): string => {
      if (blank(value)) return refuse(ctx, required, value);
      const date = value!.trim();
      return isAcceptedDate(date) ? date : refuse(ctx, INVALID_DATE, value);
    }),
  );
}

/** A date that may be left out (undefined → null, the default); sent blank or null it is required. */
function omittableDate(required: string) {
  return z.pipe(
    z.optional(z.nullable(z.string(INVALID_DATE))),
    z.transform((value: string | null | undefined, ctx): string | null => {
      if (value === undefined) return null;
      if (blank(value)) return refuse(ctx, required, value);
      const date = value!.trim();
      return isAcceptedDate(date) ? date : refuse(ctx, INVALID_DATE, value);
    }),
  );
}

/** clientId / supplierId: a positive integer, as a number or a string of digits (SPEC sends both). */
export function partyId(required: string, invalid: string) {
  return z.pipe(
    z.optional(z.nullable(z.union([z.number(), z.string()], invalid))),
    z.transform((value: number | string | null | undefined, ctx): number => {
      if (blank(value) || value === 0 || value === "0") return refuse(ctx, required, value);
      const id = typeof value === "string" ? (/^[1-9]\d{0,14}$/.test(value.trim()) ? Number(value.trim()) : NaN) : value!;
      return Number.isSafeInteger(id) && id > 0 ? id : refuse(ctx, invalid, value);
    }),
  );
}

/** 1 to 24 (SPEC §5), as a number or a string of digits (a form's select holds text). */
const numParcelas = z.pipe(
  z.optional(z.nullable(z.union([z.number(), z.string()], INVALID_COUNT))),
  z.transform((value: number | string | null | undefined, ctx): number => {
    if (blank(value)) return refuse(ctx, "Mínimo 1 parcela", value);
    const n = typeof value === "string" ? (/^-?\d{1,9}$/.test(value.trim()) ? Number(value.trim()) : NaN) : value!;
    if (!Number.isInteger(n)) return refuse(ctx, INVALID_COUNT, value);
    if (n < MIN_INSTALLMENTS) return refuse(ctx, "Mínimo 1 parcela", value);
    if (n > MAX_INSTALLMENTS) return refuse(ctx, "Máximo 24 parcelas", value);
    return n;
  }),
);

const generateFields = {
  numParcelas,
  valor: requiredMoney(NOT_POSITIVE),
  primeiroVencimento: requiredDate(DATA_VENCIMENTO_REQUIRED),
  descricao: requiredText("Descrição é obrigatória", MAX_DESCRICAO),
  // Absent: the side's default (the supplier's own, else Serviços avulsos / Fornecedores), issue 36.
  categoriaId: ledgerRefId("Categoria inválida"),
  centroCustoId: ledgerRefId("Centro de custo inválido"),
};

/** Each installment must be worth a cent: the split never writes a R$ 0,00 row. */
const tooSmallForCount = (n: number) => `Valor insuficiente para ${n} parcelas (mínimo R$ 0,01 por parcela)`;

/** POST …/generate for one side: `partyKey` is clientId or supplierId. */
export function generateSchema<K extends "clientId" | "supplierId">(partyKey: K, required: string, invalid: string) {
  const party = { [partyKey]: partyId(required, invalid) } as Record<K, ReturnType<typeof partyId>>;
  return z.object({ ...party, ...generateFields }, "Dados inválidos").check(
    z.superRefine((plan, ctx) => {
      // The generic party key hides the other fields from the checker; they are parsed by now.
      const { valor, numParcelas } = plan as unknown as { valor: Cents; numParcelas: number };
      if (valor < numParcelas) ctx.issues.push({ code: "custom", message: tooSmallForCount(numParcelas), input: valor, path: ["valor"] });
    }),
  );
}

/**
 * What a payment below the balance is (issue 34 §1): `parcial` leaves the rest open, `desconto`
 * settles with the difference as a discount. Absent or null: a discount, recorded as one.
 */
const PAYMENT_KINDS = ["parcial", "desconto"] as const;
const tipo = z.optional(z.nullable(z.enum(PAYMENT_KINDS, "Tipo inválido: use parcial ou desconto")));

/** The bank account a manual payment names (issue 34 §3): absent, null or "" → the default account. */
const contaId = z.optional(ledgerRefId("Conta bancária inválida"));

/** PATCH …/pay: all optional (today, the balance, the default account); a date sent blank is the SPEC message. */
export const payBodySchema = z.object(
  { dataPagamento: omittableDate(DATA_PAGAMENTO_REQUIRED), valorPago: moneyField(null, 1), tipo, contaId },
  "Dados inválidos",
);
export type PayBody = z.output<typeof payBodySchema>;

/** PATCH /api/installments/:id/pay-with-fees: stored as sent; valorBaixa defaults to valor + multa + juros. */
export const payWithFeesSchema = z.object(
  { dataPagamento: requiredDate(DATA_PAGAMENTO_REQUIRED), valorBaixa: moneyField(null, 1), multa: feeMoney(), juros: feeMoney(), tipo, contaId },
  "Dados inválidos",
);

/** POST …/undo-payment: no body cancels the last payment; `pagamentoId` a chosen one. */
export const undoPaymentSchema = z.optional(
  z.nullable(
    z.object(
      {
        pagamentoId: z.optional(
          z.nullable(z.pipe(z.union([z.number(), z.string()], "Pagamento inválido"), z.transform((v: number | string) => Number(v)))).check(
            z.refine((v) => v == null || (Number.isSafeInteger(v) && v > 0), "Pagamento inválido"),
          ),
        ),
      },
      "Dados inválidos",
    ),
  ),
);
type UndoPaymentBody = z.output<typeof undoPaymentSchema>;

/** A payment as GET …/payments lists it (money "1234.50"). */
export interface PaymentJson {
  id: number;
  dataPagamento: string;
  principal: string;
  multa: string;
  juros: string;
  desconto: string;
  valorPago: string;
  origem: "manual" | "conciliacao";
  /** The statement line that paid it (origem conciliacao). */
  transacaoId: number | null;
  /** The bank account it went into or out of (issue 34 §3) and its name; null: none named. */
  contaId: number | null;
  contaNome: string | null;
  /** The rates it was made under (percent, "2.00"); null for a payment made before they were kept. */
  multaPercentual: string | null;
  jurosMensalPercentual: string | null;
  usuario: string | null;
  criadoEm: string;
}
export type PayWithFeesBody = z.output<typeof payWithFeesSchema>;

/** PATCH /api/installments/:id/due-date. */
export const dueDateSchema = z.object({ dataVencimento: requiredDate(DATA_VENCIMENTO_REQUIRED) }, "Dados inválidos");
export type DueDateBody = z.output<typeof dueDateSchema>;

/** A generation's plan, whichever side (the party's id travels beside it). */
export interface GeneratePlan {
  numParcelas: number;
  valor: Cents;
  primeiroVencimento: string;
  descricao: string;
  categoriaId?: number | null;
  centroCustoId?: number | null;
  /** "Criar lançamento" (issue 34 §2): the statement line the installment was made from, kept in its history event. */
  criadaDaLinha?: Record<string, unknown>;
}

/** PATCH …/:id ("Editar lançamento", issue 36): what is not money — description, category, cost centre. */
export const ledgerEditSchema = z.object(
  {
    descricao: requiredText("Descrição é obrigatória", MAX_DESCRICAO),
    categoriaId: ledgerRefId("Categoria inválida"),
    centroCustoId: ledgerRefId("Centro de custo inválido"),
  },
  "Dados inválidos",
);
export type LedgerEditBody = z.output<typeof ledgerEditSchema>;

/** Sort keys of both lists (`ordem=vencimento`, `ordem=-valor`); each side adds its party key. */

/** A list's view, typed (its side's spec read), whichever side: the party filter under a neutral name. */
export interface LedgerQuery {
  status: Status | "";
  /** YYYY-MM by due date, or "". */
  mes: string;
  partyId: number | null;
  /** Paid in this month (YYYY-MM, by payment date: regime de caixa), or "". */
  pagoEm: string;
  /** Paid on or after / on or before these days (YYYY-MM-DD), or "". */
  pagoDe: string;
  pagoAte: string;
  /** The plano de contas' filters (issue 36), or null. */
  categoriaId: number | null;
  centroCustoId: number | null;
  sort: { key: LedgerSortKey; dir: "asc" | "desc" };
  page: number;
  perPage: number;
  /** False: the whole list (SPEC §7, no parameters); true: one page and a total. */
  paged: boolean;
  /** The same view as URL parameters (what the page hands its island). */
  view: ListParams;
}

/** What the summary cards follow: the list's filters. */
export type LedgerFilters = Pick<LedgerQuery, "status" | "mes" | "partyId" | "pagoEm" | "pagoDe" | "pagoAte" | "categoriaId" | "centroCustoId">;

/** A row as the API sends it, whichever side: money "1234.50", status derived, payment fields null when unpaid. */
export interface LedgerRowJson {
  id: number;
  numerosParcela: string;
  descricao: string;
  dataVencimento: string;
  valor: string;
  status: Status;
  dataPagamento: string | null;
  /** Received so far (the sum of the payments, fees included); null before any payment. */
  valorPago: string | null;
  /** Face − principal paid − discounts (issue 34 §1): "0.00" once paid. */
  saldo: string;
  /** Discounts granted ("0.00" when none). */
  desconto: string;
  /** Its category ("Grupo › Categoria" named) and cost centre (issue 36). */
  categoriaId: number | null;
  categoriaNome: string | null;
  centroCustoId: number | null;
  centroCustoNome: string | null;
}


/** A change's answer: the toast's message and the row under the side's name. */
export type LedgerAnswer<K extends string, R> = { message: string } & Record<K, R>;

/** A money figure of a summary card. */
export interface Figure {
  total: string;
  quantidade: number;
}

export { LEDGER_SORTS, type LedgerSortKey };
