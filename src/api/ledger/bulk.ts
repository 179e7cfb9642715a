// Bulk actions on Contas a Receber / a Pagar (issue 35 §3, DECISIONS §14): baixar, prorrogar or
// excluir a selection — the ids of the rows ticked on the page, or every row of a list's filter,
// re-read inside the transaction. One immediate transaction per action (the Idempotency-Key's
// too), each row through the ledger's own transition (write.ts: its checks, its history event,
// its bank lines), and the party's rule (the client's blocking) once per party at the end.
import { Elysia } from "elysia";
import type { Db } from "../../../db/client";
import type { AppDeps } from "../../context";
import { badRequest, HttpError } from "../../http/errors";
import { parseWith } from "../../http/validate";
import { today } from "../../lib/clock";
import { addDays, isAcceptedDate } from "../../lib/dates";
import { lateFees } from "../../lib/fees";
import { cents, type Cents } from "../../lib/money";
import { signedIn } from "../auth/plugin";
import { actorOf, type Actor } from "../history/record";
import { withIdempotencyKey } from "../idempotency";
import { sqlVariants } from "../prepared";
import { bulkSchema, MAX_BULK_ROWS, tooManyRows, type BulkAnswer, type BulkBody } from "./bulk-model";
import type { LedgerCause } from "./events";
import { parseLedgerQuery, whereSql } from "./list";
import type { PartyRule } from "./service";
import type { LedgerTable } from "./table";
import { deleteLedgerRow, payLedgerRow, redateLedgerRow, type OnLedgerChange } from "./write";

interface Selected {
  id: number;
  partyId: number;
  status: "em_aberto" | "pago";
  valor: Cents;
  dataVencimento: string;
}

const SELECTED = sqlVariants<[t: LedgerTable], Selected, { ids: string }>(
  (t) =>
    `SELECT r.id AS id, r.${t.party.column} AS partyId, r.status AS status, r.valor AS valor, r.data_vencimento AS dataVencimento
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

/**
 * One action over a selection, in one immediate transaction (inside an outer one, the
 * Idempotency-Key's, a savepoint of it): every change or none. `rule` (receivables: the client's
 * automatic blocking) runs once per party whose rows changed, after the rows, with that party's
 * installments as the cause.
 */
export function runLedgerBulk(db: Db, actor: Actor, t: LedgerTable, body: BulkBody, graceDays = 0, rule?: PartyRule): BulkAnswer {
  return db.transaction(
    () => {
      const ids = body.ids ?? filteredIds(db, t, body.filtro!);
      if (ids.length > MAX_BULK_ROWS) throw new HttpError(413, tooManyRows(ids.length));
      if (ids.length === 0) throw badRequest(`Nenhuma ${words(t).noun(1)} selecionada`);
      const rows = SELECTED(t).all(db, { ids: JSON.stringify(ids) });
      const kept = new Map<Reason, number[]>();
      const keep = (reason: Reason, id: number) => kept.set(reason, [...(kept.get(reason) ?? []), id]);
      const found = new Set(rows.map((r) => r.id));
      for (const id of ids) if (!found.has(id)) keep("ausente", id);

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

      for (const row of rows) {
        // Unpaid only, whichever the action (a paid payable is deleted one at a time, on purpose).
        if (row.status === "pago") {
          keep("pago", row.id);
          continue;
        }
        if (body.acao === "baixar") {
          const fees = body.comJuros && t.fees ? lateFees(row.valor, row.dataVencimento, dataPagamento) : null;
          const payment = fees ? { dataPagamento, valorPago: null, multa: fees.multa, juros: fees.juros } : { dataPagamento, valorPago: null, multa: cents(0), juros: cents(0) };
          payLedgerRow(db, actor, t, row.id, { ...payment, origem: { emLote: true } }, gather);
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
      const mantidas = [...kept].map(([reason, list]) => ({ motivo: REASONS[reason][list.length === 1 ? 0 : 1], quantidade: list.length, ids: list }));
      const head = changed.length === 0 ? `Nenhuma ${w.noun(1)} ${w.done(body.acao, 1)}` : `${changed.length.toLocaleString("pt-BR")} ${w.noun(changed.length)} ${w.done(body.acao, changed.length)}`;
      const message = [head, ...mantidas.map((m) => `${m.quantidade.toLocaleString("pt-BR")} ${m.motivo}`)].join("; ");
      return { message, acao: body.acao, alteradas: changed.length, ids: changed, mantidas };
    },
    { behavior: "immediate" },
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
 * second. Typed as a plain plugin: the app's route types are already at the checker's limit
 * (TS2590), and nothing calls this route through them.
 */
export function ledgerBulkRoutes(deps: AppDeps, t: LedgerTable, rule?: PartyRule): Elysia {
  const { db } = deps;
  const grace = deps.config.blockGraceDays;
  const routes = new Elysia({ name: `api.${t.table}.bulk`, prefix: t.api }).use(signedIn).post("/bulk", ({ body, user, request }) => {
    const input = parseWith(bulkSchema, body);
    const key = request.headers.get("idempotency-key");
    return withIdempotencyKey(db, key, user.id, `${t.api}/bulk`, () => runLedgerBulk(db, actorOf(user), t, input, grace, rule));
  });
  return routes as unknown as Elysia;
}
