// Bulk actions on Contas a Receber / a Pagar (issue 35 §3, DECISIONS §14): baixar, prorrogar or
// excluir a selection — the ids of the rows ticked on the page, or every row of a list's filter,
// re-read inside the transaction. One immediate transaction per action (the Idempotency-Key's
// too), each row through the ledger's own transition (write.ts: its checks, its history event,
// its bank lines), and the party's rule (the client's blocking) once per party at the end.
import { Elysia } from "elysia";
import { batchTransaction, type Db } from "../../../db/client";
import type { AppDeps } from "../../context";
import { badRequest, HttpError } from "../../http/errors";
import { parseWith } from "../../http/validate";
import { today } from "../../lib/clock";
import { addDays, isAcceptedDate } from "../../lib/dates";
import { balanceDue } from "../../lib/fees";
import { feeRates, graceDays } from "../company-rules";
import { cents, type Cents } from "../../lib/money";
import { signedIn } from "../auth/plugin";
import { actorOf, type Actor } from "../history/record";
import { checkIdempotencyKey } from "../idempotency";
import { writeOffLoop } from "../../http/writer";
import { wakeSenders } from "../outbox/outbox";
import { sqlVariants } from "../prepared";
import { z } from "zod/mini";
import { ledgerRefId } from "../categories/model";
import { BULK_ACTIONS, BULK_CHARGE_CHANNELS, MAX_BULK_DAYS, MAX_BULK_ROWS, tooManyRows, type BulkAnswer, type BulkChargeChannel } from "./bulk-model";
import type { LedgerCause } from "./events";
import { parseLedgerQuery, whereSql } from "./list";
import type { PartyRule } from "./service";
import type { LedgerTable } from "./table";
import { deleteLedgerRow, payLedgerRow, redateLedgerRow, type OnLedgerChange } from "./write";

// The body: one action, its selection (ids or the list's filter) and its fields.
const INVALID_DATE = "Data inválida";
const INVALID_IDS = "Seleção inválida: ids deve ser uma lista de números";

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
      acao: z.enum(BULK_ACTIONS, "Ação inválida: use baixar, prorrogar, excluir ou cobrar"),
      ids,
      filtro,
      /** baixar: the payment date (absent: today). */
      dataPagamento: optionalDate,
      /** baixar (receivables): with multa and juros as of the payment date; face value otherwise. */
      comJuros: z._default(z.boolean("comJuros deve ser verdadeiro ou falso"), false),
      /** baixar: the bank account (issue 34 §3; absent: the default account). */
      contaId: z.optional(ledgerRefId("Conta bancária inválida")),
      /** prorrogar: a new due date for every row… */
      dataVencimento: optionalDate,
      /** …or each row's own due date plus this many days. */
      dias: days,
      /** cobrar: e-mail now, or the WhatsApp worklist. */
      canal: z.optional(z.enum(BULK_CHARGE_CHANNELS, "Canal deve ser email ou whatsapp")),
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
      if (body.acao === "cobrar" && !body.canal) ctx.issues.push({ code: "custom", message: "Informe o canal da cobrança: email ou whatsapp", input: body, path: ["canal"] });
    }),
  );
type BulkBody = z.output<typeof bulkSchema>;

/**
 * Cobrar over the selected rows, inside the action's transaction (the receivables' side fills it
 * in: src/api/bulk.ts, src/api/dunning/charge-now.ts). Answers as the other actions do.
 */
type BulkCharge = (db: Db, actor: Actor, ids: number[], canal: BulkChargeChannel, kept: BulkAnswer["mantidas"]) => BulkAnswer;
/** One bulk action as the writer thread runs it (src/api/bulk.ts bulkJob). */
export interface LedgerBulkJob {
  kind: "ledger-bulk";
  side: "receivables" | "payables";
  actor: Actor;
  userId: number;
  key: string | null;
  body: BulkBody;
  graceDays: number;
  /** PUBLIC_URL (the client page's links in a Cobrar's messages), null without it. */
  origin: string | null;
}

interface Selected {
  id: number;
  partyId: number;
  status: "em_aberto" | "pago";
  valor: Cents;
  dataVencimento: string;
  /** Face − principal paid − discounts (partial payments, issue 34). */
  saldo: Cents;
  /** The last payment's date, or null. */
  dataPagamento: string | null;
}

const SELECTED = sqlVariants<[t: LedgerTable], Selected, { ids: string }>(
  (t) =>
    `SELECT r.id AS id, r.${t.party.column} AS partyId, r.status AS status, r.valor AS valor, r.data_vencimento AS dataVencimento,
       r.valor - r.principal_pago - r.desconto AS saldo, r.data_pagamento AS dataPagamento
     FROM json_each($ids) k CROSS JOIN ${t.table} r ON r.id = k.value ORDER BY r.id`,
);
/** A filter's rows, one past the cap so that "too many" is known without counting them all. */
const FILTERED = sqlVariants<[t: LedgerTable, where: string], { id: number }, Record<string, string | number>>(
  (t, where) => `SELECT r.id AS id FROM ${t.table} r ${where} ORDER BY r.id LIMIT ${MAX_BULK_ROWS + 1}`,
);

/** The list's own parameters in a filter: paging and order say nothing about which rows. */
const NOT_FILTERS = ["pagina", "porPagina", "ordem"];

/** Words of one side: "parcela(s)" on Contas a Receber, "conta(s)" on Contas a Pagar. */
function words(t: LedgerTable) {
  const receivable = t.table === "receivables";
  const noun = (n: number) => (receivable ? (n === 1 ? "parcela" : "parcelas") : n === 1 ? "conta" : "contas");
  const done: Record<BulkBody["acao"], [string, string]> = {
    baixar: receivable ? ["baixada", "baixadas"] : ["paga", "pagas"],
    cobrar: ["cobrada", "cobradas"],
    prorrogar: ["prorrogada", "prorrogadas"],
    excluir: ["excluída", "excluídas"],
  };
  return { noun, done: (acao: BulkBody["acao"], n: number) => done[acao][n === 1 ? 0 : 1] };
}

const REASONS = {
  pago: ["já estava paga", "já estavam pagas"],
  mesmaData: ["já vencia nessa data", "já venciam nessa data"],
  dataInvalida: ["ficaria com vencimento depois de 2199", "ficariam com vencimento depois de 2199"],
  ausente: ["não foi encontrada (excluída por outra pessoa?)", "não foram encontradas (excluídas por outra pessoa?)"],
} as const;
type Reason = keyof typeof REASONS;
const keptAnswer = (kept: Map<Reason, number[]>): BulkAnswer["mantidas"] =>
  [...kept].map(([reason, list]) => ({ motivo: REASONS[reason][list.length === 1 ? 0 : 1], quantidade: list.length, ids: list }));

/**
 * One action over a selection, in one immediate transaction (inside an outer one, the
 * Idempotency-Key's, that one: batchTransaction): every change or none. `rule` (receivables: the client's
 * automatic blocking) runs once per party whose rows changed, after the rows, with that party's
 * installments as the cause.
 */
export function runLedgerBulk(db: Db, actor: Actor, t: LedgerTable, body: BulkBody, graceDays = 0, rule?: PartyRule, charge?: BulkCharge): BulkAnswer {
  if (body.acao === "cobrar" && !charge) throw badRequest("Cobrar em lote existe só em Contas a Receber");
  return batchTransaction(
    db,
    () => {
      const ids = body.ids ?? filteredIds(db, t, body.filtro!);
      if (ids.length > MAX_BULK_ROWS) throw new HttpError(413, tooManyRows(ids.length));
      if (ids.length === 0) throw badRequest(`Nenhuma ${words(t).noun(1)} selecionada`);
      const rows = SELECTED(t).all(db, { ids: JSON.stringify(ids) });
      const kept = new Map<Reason, number[]>();
      const keep = (reason: Reason, id: number) => kept.set(reason, [...(kept.get(reason) ?? []), id]);
      const found = new Set(rows.map((r) => r.id));
      for (const id of ids) if (!found.has(id)) keep("ausente", id);
      if (body.acao === "cobrar") return charge!(db, actor, rows.map((r) => r.id), body.canal!, keptAnswer(kept));

      // Each changed row's cause, gathered per party: the rule runs once per party afterwards.
      const causes = new Map<number, LedgerCause>();
      const gather: OnLedgerChange = (_db, partyId, cause) => {
        const seen = causes.get(partyId);
        if (seen) seen.parcelas.push(...cause.parcelas);
        else causes.set(partyId, { acao: cause.acao, parcelas: [...cause.parcelas] });
      };
      const changed: number[] = [];
      const now = today();
      const dataPagamento = body.dataPagamento ?? now;
      if (body.acao === "baixar" && dataPagamento > now) throw badRequest("Data de pagamento não pode ser futura", { dataPagamento: "Data de pagamento não pode ser futura" });
      const rates = body.acao === "baixar" && body.comJuros && t.fees ? feeRates(db) : null;

      for (const row of rows) {
        // Unpaid only, whichever the action (a paid payable is deleted one at a time, on purpose).
        if (row.status === "pago") {
          keep("pago", row.id);
          continue;
        }
        if (body.acao === "baixar") {
          // What settles it on that date, as the Baixar dialog proposes: the balance plus the next
          // payment's fees at the company's rates (a partly paid row owes fees on its balance only).
          const fees = rates ? balanceDue({ valor: row.valor, saldo: row.saldo, dataVencimento: row.dataVencimento, ultimoPagamento: row.dataPagamento }, dataPagamento, rates) : null;
          const payment = fees ? { dataPagamento, valorPago: null, multa: fees.multa, juros: fees.juros } : { dataPagamento, valorPago: null, multa: cents(0), juros: cents(0) };
          payLedgerRow(db, actor, t, row.id, { ...payment, contaId: body.contaId, origem: { emLote: true } }, gather);
        } else if (body.acao === "prorrogar") {
          const to = body.dataVencimento ?? addDays(row.dataVencimento, body.dias!);
          if (!isAcceptedDate(to)) {
            keep("dataInvalida", row.id);
            continue;
          }
          if (to === row.dataVencimento) {
            keep("mesmaData", row.id);
            continue;
          }
          redateLedgerRow(db, actor, t, row.id, to, gather);
        } else {
          deleteLedgerRow(db, actor, t, row.id, gather);
        }
        changed.push(row.id);
      }
      if (rule) for (const [partyId, cause] of causes) rule(db, partyId, graceDays, cause);

      const w = words(t);
      const mantidas = keptAnswer(kept);
      const head = changed.length === 0 ? `Nenhuma ${w.noun(1)} ${w.done(body.acao, 1)}` : `${changed.length.toLocaleString("pt-BR")} ${w.noun(changed.length)} ${w.done(body.acao, changed.length)}`;
      const message = [head, ...mantidas.map((m) => `${m.quantidade.toLocaleString("pt-BR")} ${m.motivo}`)].join("; ");
      return { message, acao: body.acao, alteradas: changed.length, ids: changed, mantidas };
    },
  );
}

/** The filter's rows now (inside the action's transaction), up to one past the cap. */
function filteredIds(db: Db, t: LedgerTable, filtro: Record<string, string>): number[] {
  const raw = Object.fromEntries(Object.entries(filtro).filter(([key]) => !NOT_FILTERS.includes(key)));
  const query = parseLedgerQuery(t, raw, { paged: true });
  const { where, params } = whereSql(t, query);
  return FILTERED(t, where)
    .all(db, params)
    .map((r) => r.id);
}

/**
 * POST {t.api}/bulk with its Idempotency-Key: a repeated submit answers the first run, never a
 * second. The body is checked here; the action runs on the writer thread (src/workers/writer.ts:
 * 5,000 rows are seconds of one transaction, which the event loop must not wait through), through
 * `bulkJob` (src/api/bulk.ts). Typed as a plain plugin: the app's route types are already at the
 * checker's limit (TS2590), and nothing calls this route through them.
 */
/** `origin`: PUBLIC_URL as the server has it now (the client page's links in a Cobrar's messages). */
export function ledgerBulkRoutes(deps: AppDeps, t: LedgerTable, side: "receivables" | "payables", origin: () => string | null = () => null): Elysia {
  const { db } = deps;
  const routes = new Elysia({ name: `api.${t.table}.bulk`, prefix: t.api }).use(signedIn).post("/bulk", async ({ body, user, request }) => {
    const input = parseWith(bulkSchema, body);
    const key = request.headers.get("idempotency-key");
    if (key !== null) checkIdempotencyKey(key);
    const job: LedgerBulkJob = { kind: "ledger-bulk", side, actor: actorOf(user), userId: user.id, key, body: input, graceDays: graceDays(db, deps.config.blockGraceDays), origin: origin() };
    const answer = await writeOffLoop<BulkAnswer>(db, job);
    // The thread queued the e-mails; this thread's sender sends them now, not at its next pass.
    if (input.acao === "cobrar" && input.canal === "email") wakeSenders();
    return answer;
  });
  return routes as unknown as Elysia;
}
