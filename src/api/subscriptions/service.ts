// Subscriptions (DECISIONS §8): reading and saving a client's subscription, the yearly
// readjustment, the list and its cards. Every change and its history commit in one immediate
// transaction, with the client's blocking re-evaluated and the months now due generated there too.
import { withReadDb, type Db } from "../../../db/client";
import { inSlices } from "../../http/slices";
import { stepsToEnd } from "../../lib/steps";
import { conflict, notFound } from "../../http/errors";
import { nowISO, today } from "../../lib/clock";
import { addDays, addMonthsToMonth, formatDateBR, monthOf } from "../../lib/dates";
import { clientText, holdsClientTextSql } from "../clients/text-search";
import { fold, likeContains } from "../../lib/text";
import { centsToDecimal, type Cents } from "../../lib/money";
import { firstMonthNotPast, upcomingMonths } from "../../lib/subscription-schedule";
import { applyAutomaticBlocking } from "../clients/blocking";
import { changedFields, recordEvent, type Actor } from "../history/record";
import { recordLedgerEvent } from "../ledger/events";
import { RECEIVABLES } from "../installments/table";
import { dirSql, pageWindow, parseListView, reversed, viewPaging, type ListPage } from "../list";
import { sql, sqlVariants } from "../prepared";
import { keptWhileUnchanged } from "../kept";
import { getSettings } from "../settings/service";
import { generateDueMonths, STORED_COLUMNS, termsOf, type StoredSubscription } from "./generate";
import { currentMrr, type MrrMonth } from "./mrr";
import { notStartedSteps } from "./not-started";
import {
  firstReadjustDate,
  percentDecimal,
  READJUST_WINDOW_MONTHS,
  readjustedFee,
  SUBSCRIPTION_LIST,
  type OverlapJson,
  type ReadjustAnswer,
  type SubscriptionAnswer,
  type SubscriptionInput,
  type SubscriptionJson,
  type SubscriptionQuery,
  type SubscriptionRowJson,
  type SubscriptionSortKey,
  type SubscriptionSummary,
} from "./model";

const CLIENT_NOT_FOUND = "Cliente não encontrado";

interface ClientFacts {
  id: number;
  nome: string;
  valor: Cents;
  isTrial: number;
}

const CLIENT_FACTS = sql<ClientFacts, { id: number }>("SELECT id, nome, valor_mensalidade AS valor, is_trial AS isTrial FROM clients WHERE id = $id");
const STORED = sql<StoredSubscription, { clientId: number }>(
  `SELECT ${STORED_COLUMNS} FROM subscriptions s JOIN clients c ON c.id = s.client_id WHERE s.client_id = +$clientId`,
);
const OVERLAPPING = sql<Omit<OverlapJson, "valor"> & { valor: Cents }, { clientId: number; subscriptionId: number; from: string; to: string }>(
  `SELECT r.id, r.numeros_parcela AS numerosParcela, r.descricao, r.data_vencimento AS dataVencimento, r.valor, substr(r.data_vencimento, 1, 7) AS competencia
       FROM receivables r
      WHERE r.client_id = $clientId AND r.subscription_id IS NULL
        AND r.data_vencimento >= $from AND r.data_vencimento < $to
        AND NOT EXISTS (SELECT 1 FROM subscription_months m WHERE m.subscription_id = $subscriptionId AND m.competencia = substr(r.data_vencimento, 1, 7))
      ORDER BY r.data_vencimento, r.id`,
);
type SubscriptionValues = {
  clientId: number;
  status: string;
  dia: number;
  inicio: string;
  fim: string | null;
  trialAte: string | null;
  reajusteMes: number | null;
  reajustePercentual: number | null;
  cursor: string;
  day: string;
  now: string;
};
/** Saving keeps the date it was ended on (`keep`) or sets one ($encerradaEm: a day or NULL). */
const updateSubscription = (encerradaEm: string) =>
  sql<never, SubscriptionValues & { id: number; encerradaEm?: string | null }>(
    `UPDATE subscriptions SET status = $status, dia_vencimento = $dia, inicio = $inicio, fim = $fim, trial_ate = $trialAte,
             reajuste_mes = $reajusteMes, reajuste_percentual = $reajustePercentual, proxima_competencia = $cursor,
             encerrada_em = ${encerradaEm}, updated_at = $now
           WHERE id = $id`,
  );
const UPDATE_SUBSCRIPTION = { keep: updateSubscription("encerrada_em"), set: updateSubscription("$encerradaEm") };
const INSERT_SUBSCRIPTION = sql<never, SubscriptionValues & { encerradaEm: string | null }>(
  `INSERT INTO subscriptions (client_id, status, dia_vencimento, inicio, fim, trial_ate, reajuste_mes, reajuste_percentual,
             proxima_competencia, iniciada_em, encerrada_em, created_at, updated_at)
           VALUES ($clientId, $status, $dia, $inicio, $fim, $trialAte, $reajusteMes, $reajustePercentual, $cursor, $day, $encerradaEm, $now, $now)`,
);
const BILLED_BY_HAND = sql<never, { id: number; competencia: string; receivableId: number; now: string }>(
  "INSERT INTO subscription_months (subscription_id, competencia, receivable_id, gerada_em) VALUES ($id, $competencia, $receivableId, $now) ON CONFLICT DO NOTHING",
);
const CLIENT_FEE_AND_TRIAL = sql<never, { valor: Cents; trial: number; now: string; id: number }>(
  "UPDATE clients SET valor_mensalidade = $valor, is_trial = $trial, updated_at = $now WHERE id = $id",
);
const OPEN_FEES = sql<{ id: number; numerosParcela: string; descricao: string }, { id: number; to: Cents; day: string }>(
  `UPDATE receivables SET valor = $to WHERE subscription_id = $id AND status = 'em_aberto' AND data_vencimento >= $day AND valor <> $to
     RETURNING id, numeros_parcela AS numerosParcela, descricao`,
);
const AFTER_END = sql<{ id: number }, { id: number; fim: string }>(
  "SELECT id FROM receivables WHERE subscription_id = $id AND competencia > $fim AND status = 'em_aberto' ORDER BY competencia",
);
const UNBILL_MONTH = sql<never, { id: number }>("DELETE FROM subscription_months WHERE receivable_id = $id");
const DELETE_RECEIVABLE = sql<never, { id: number }>("DELETE FROM receivables WHERE id = $id");
const CLIENT_FEE = sql<never, { valor: Cents; now: string; id: number }>("UPDATE clients SET valor_mensalidade = $valor, updated_at = $now WHERE id = $id");
const READJUSTED = sql<never, { day: string; p: number; now: string; id: number }>(
  "UPDATE subscriptions SET ultimo_reajuste = $day, reajuste_percentual = $p, updated_at = $now WHERE id = $id",
);
// In effect or starting ahead: ativa before its fim, or encerrada with fim not passed ("Encerra após").
const IN_EFFECT = sql<{ ativas: number }, { month: string }>(
  "SELECT count(*) AS ativas FROM subscriptions WHERE (status = 'ativa' AND (fim IS NULL OR fim >= $month)) OR (status = 'encerrada' AND fim >= $month)",
);

function clientFacts(db: Db, clientId: number): ClientFacts {
  const client = CLIENT_FACTS.get(db, { id: clientId });
  if (!client) throw notFound(CLIENT_NOT_FOUND);
  return client;
}

function stored(db: Db, clientId: number): StoredSubscription | null {
  return STORED.get(db, { clientId });
}

/** The due date of the next month a subscription will generate (null when paused or when nothing is left up to `fim`). */
function nextDueDate(s: StoredSubscription, vencimentoEmDiaUtil: boolean): string | null {
  if (s.status === "pausada") return null;
  return upcomingMonths(termsOf(s), vencimentoEmDiaUtil, s.proximaCompetencia, 1)[0]?.vencimento ?? null;
}

/** The first month billed at a fee changed now: the next billed month not generated yet (the cursor when none is left). */
function readjustFrom(s: StoredSubscription, vencimentoEmDiaUtil: boolean): string {
  return upcomingMonths(termsOf(s), vencimentoEmDiaUtil, s.proximaCompetencia, 1)[0]?.competencia ?? s.proximaCompetencia;
}

function toJson(s: StoredSubscription, vencimentoEmDiaUtil: boolean): SubscriptionJson {
  return {
    clientId: s.clientId,
    status: s.status,
    valor: centsToDecimal(s.valor),
    diaVencimento: s.diaVencimento,
    inicio: s.inicio,
    fim: s.fim,
    trialAte: s.trialAte,
    reajuste: s.reajusteMes === null ? null : { mes: s.reajusteMes, percentual: s.reajustePercentual === null ? null : percentDecimal(s.reajustePercentual) },
    ultimoReajuste: s.ultimoReajuste,
    reajustePermitidoEm: firstReadjustDate(s.inicio, s.ultimoReajuste),
    reajusteAPartirDe: readjustFrom(s, vencimentoEmDiaUtil),
    proximoVencimento: nextDueDate(s, vencimentoEmDiaUtil),
  };
}

/** GET /api/clients/:id/subscription: the stored one, or a "nao_iniciada" one with the client's fee. */
export function getSubscription(db: Db, clientId: number): SubscriptionJson {
  const client = clientFacts(db, clientId);
  const s = stored(db, clientId);
  if (s) return toJson(s, getSettings(db).vencimentoEmDiaUtil);
  return {
    clientId,
    status: "nao_iniciada",
    valor: centsToDecimal(client.valor),
    diaVencimento: null,
    inicio: null,
    fim: null,
    trialAte: null,
    reajuste: null,
    ultimoReajuste: null,
    reajustePermitidoEm: null,
    reajusteAPartirDe: null,
    proximoVencimento: null,
  };
}

/**
 * The client's installments made by hand in months the subscription would bill (from `inicio`
 * to `fim`) that it does not already count as billed: starting over them would charge a month twice.
 */
function overlapping(db: Db, clientId: number, subscriptionId: number | null, inicio: string, fim: string | null): OverlapJson[] {
  const rows = OVERLAPPING.all(db, { clientId, subscriptionId: subscriptionId ?? 0, from: `${inicio}-01`, to: fim ? `${addMonthsToMonth(fim, 1)}-01` : "9999-12-31" });
  return rows.map((row) => ({ ...row, valor: centsToDecimal(row.valor) }));
}

const SAVED: Record<string, string> = {
  start: "Assinatura iniciada",
  resume: "Assinatura reativada",
  pause: "Assinatura pausada",
  end: "Assinatura encerrada",
  save: "Assinatura salva",
};

/**
 * PUT /api/clients/:id/subscription. Starting (or moving `inicio`/`fim` over) months that have
 * installments made by hand is a 409 listing them unless the person confirmed: those months then
 * count as billed. The fee is the client's valorMensalidade (one column); a new fee applies to
 * months not generated yet, and to the open not-yet-due installments when asked. Open installments
 * the subscription generated after `fim` are deleted (paid ones stay). Months now due are generated.
 * `blockingAfter`: the client's automatic blocking is left to the caller, which runs
 * applyAutomaticBlocking once for every id collected there inside the same transaction.
 */
export function saveSubscription(db: Db, actor: Actor, clientId: number, input: SubscriptionInput, graceDays: number, options: { blockingAfter?: number[] } = {}): SubscriptionAnswer {
  return db.transaction(
    () => {
      const day = today();
      const settings = getSettings(db);
      const client = clientFacts(db, clientId);
      const before = stored(db, clientId);

      const overlap = overlapping(db, clientId, before?.id ?? null, input.inicio, input.fim);
      if (overlap.length && !input.confirmarSobreposicao) {
        const months = [...new Set(overlap.map((o) => `${o.competencia.slice(5, 7)}/${o.competencia.slice(0, 4)}`))];
        throw conflict(
          `O cliente já tem parcelas lançadas à mão em ${months.length === 1 ? "um mês" : `${months.length} meses`} que a assinatura cobraria (${months.slice(0, 6).join(", ")}${months.length > 6 ? "…" : ""}). Confirme para que a assinatura não cobre esses meses de novo.`,
          { sobreposicao: overlap },
        );
      }

      // Where the daily run picks up: the start for a new one or a moved start (the guard table
      // keeps months already billed from billing twice); past the paused months on a resume.
      let cursor = before ? before.proximaCompetencia : input.inicio;
      if (before && input.inicio !== before.inicio) cursor = input.inicio;
      const resuming = before !== null && before.status !== "ativa" && input.status === "ativa";
      // No back-fill of paused months: a resume picks up at the first month not yet overdue; one
      // ended while paused bills what is left up to `fim` from there too.
      if (resuming || (before?.status === "pausada" && input.status === "encerrada")) {
        const resumeAt = firstMonthNotPast(day, input.diaVencimento, settings.vencimentoEmDiaUtil);
        if (resumeAt > cursor) cursor = resumeAt;
      }
      const encerradaEm = input.status === "encerrada" ? (before?.status === "encerrada" ? undefined : day) : null;

      const values = {
        clientId,
        status: input.status,
        dia: input.diaVencimento,
        inicio: input.inicio,
        fim: input.fim,
        trialAte: input.trialAte,
        reajusteMes: input.reajuste?.mes ?? null,
        reajustePercentual: input.reajuste ? (input.reajuste.percentual ?? before?.reajustePercentual ?? null) : null,
        cursor,
        day,
        now: nowISO(),
      };
      if (before) {
        if (encerradaEm === undefined) UPDATE_SUBSCRIPTION.keep.run(db, { ...values, id: before.id });
        else UPDATE_SUBSCRIPTION.set.run(db, { ...values, id: before.id, encerradaEm });
      } else {
        INSERT_SUBSCRIPTION.run(db, { ...values, encerradaEm: encerradaEm ?? null });
      }
      const after = stored(db, clientId)!;

      // The months the person confirmed are already billed by the installments made by hand.
      for (const o of overlap) BILLED_BY_HAND.run(db, { id: after.id, competencia: o.competencia, receivableId: o.id, now: values.now });

      // The fee and the trial flag live on the client (one source); record them there.
      const trial = input.trialAte !== null && input.trialAte > day;
      const feeChanged = input.valor !== client.valor;
      if (feeChanged || Boolean(client.isTrial) !== trial) {
        CLIENT_FEE_AND_TRIAL.run(db, { valor: input.valor, trial: trial ? 1 : 0, now: values.now, id: clientId });
        const alteracoes = changedFields(
          { valorMensalidade: centsToDecimal(client.valor), isTrial: Boolean(client.isTrial) },
          { valorMensalidade: centsToDecimal(input.valor), isTrial: trial },
          ["valorMensalidade", "isTrial"],
        );
        recordEvent(db, actor, { action: "update", entity: "client", entityId: clientId, label: client.nome, details: { alteracoes, pela: "assinatura" }, clientId });
      }

      const atualizadas = feeChanged && input.atualizarParcelasAbertas ? updateOpenFees(db, actor, after, client.valor, input.valor, day) : 0;
      const excluidas = input.fim ? deleteAfterEnd(db, actor, after.id, input.fim) : 0;

      const beforeFacts = before ? subscriptionFacts(before) : null;
      const afterFacts = subscriptionFacts(after);
      if (!beforeFacts) {
        recordEvent(db, actor, { action: "create", entity: "subscription", entityId: after.id, label: client.nome, details: { registro: afterFacts }, clientId });
      } else {
        const alteracoes = changedFields(beforeFacts, afterFacts, ["status", "diaVencimento", "inicio", "fim", "trialAte", "reajusteMes"]);
        if (Object.keys(alteracoes).length) recordEvent(db, actor, { action: "update", entity: "subscription", entityId: after.id, label: client.nome, details: { alteracoes }, clientId });
      }

      // Read again: the fee just saved is the one the months now due are billed at.
      const current = stored(db, clientId)!;
      // `fim` is the last month billed whatever the status: an `encerrada` one bills up to it too.
      const geradas = current.status !== "pausada" ? generateDueMonths(db, actor, [current], { settings, graceDays }, day) : 0;
      // A batch (an import, Iniciar assinaturas) runs the rule once for all its clients before
      // its transaction ends (~80 µs a client saved per start): `blockingAfter` collects them.
      if (options.blockingAfter) options.blockingAfter.push(clientId);
      else applyAutomaticBlocking(db, { graceDays, clientIds: [clientId] });

      const kind = !before ? "start" : resuming ? "resume" : before.status !== input.status ? (input.status === "pausada" ? "pause" : "end") : "save";
      return { message: SAVED[kind]!, subscription: toJson(stored(db, clientId)!, settings.vencimentoEmDiaUtil), excluidas, atualizadas, geradas };
    },
    { behavior: "immediate" },
  );
}

const subscriptionFacts = (s: StoredSubscription) => ({
  status: s.status,
  diaVencimento: s.diaVencimento,
  inicio: s.inicio,
  fim: s.fim,
  trialAte: s.trialAte,
  reajusteMes: s.reajusteMes,
  valor: centsToDecimal(s.valor),
});

/** A new fee for the open installments of the subscription that are not due yet, each recorded. */
function updateOpenFees(db: Db, actor: Actor, s: StoredSubscription, from: Cents, to: Cents, day: string): number {
  const rows = OPEN_FEES.all(db, { id: s.id, to, day });
  for (const row of rows) {
    recordEvent(db, actor, {
      action: "update",
      entity: "installment",
      entityId: row.id,
      label: `${s.clientName} — ${row.descricao}`,
      details: { alteracoes: { valor: [centsToDecimal(from), centsToDecimal(to)] }, pela: "assinatura" },
      clientId: s.clientId,
    });
  }
  return rows.length;
}

/**
 * Open installments the subscription generated for months after `fim` go, each recorded; paid
 * ones stay. Their months are no longer "billed", so a later `fim` bills them again.
 */
function deleteAfterEnd(db: Db, actor: Actor, subscriptionId: number, fim: string): number {
  const ids = AFTER_END.all(db, { id: subscriptionId, fim });
  for (const { id } of ids) {
    recordLedgerEvent(db, actor, RECEIVABLES, "delete", id, { motivo: "assinatura encerrada" });
    UNBILL_MONTH.run(db, { id });
    DELETE_RECEIVABLE.run(db, { id });
  }
  return ids.length;
}

/**
 * POST /api/clients/:id/subscription/readjust: the fee times (1 + percentual), half up to the
 * cent, from the next month not yet generated. Lei 10.192/2001 art. 2º §1º: the first one 12 months
 * after `inicio`, each next one 12 months after the previous (firstReadjustDate); earlier is a 409
 * naming the first date allowed.
 */
export function readjustSubscription(db: Db, actor: Actor, clientId: number, percentual: number): ReadjustAnswer {
  return db.transaction(
    () => {
      const day = today();
      clientFacts(db, clientId);
      const s = stored(db, clientId);
      if (!s) throw conflict("Inicie a assinatura antes de aplicar um reajuste");
      if (s.status === "encerrada") throw conflict("Esta assinatura está encerrada: não há reajuste a aplicar");
      const allowedFrom = firstReadjustDate(s.inicio, s.ultimoReajuste);
      if (day < allowedFrom) {
        throw conflict(
          s.ultimoReajuste && allowedFrom > `${addMonthsToMonth(s.inicio, READJUST_WINDOW_MONTHS)}-01`
            ? `Já houve um reajuste em ${formatDateBR(s.ultimoReajuste)}: a lei permite um por período de 12 meses, o próximo a partir de ${formatDateBR(allowedFrom)}`
            : `O primeiro reajuste só pode ser aplicado 12 meses após o início da assinatura (${s.inicio.slice(5, 7)}/${s.inicio.slice(0, 4)}): a partir de ${formatDateBR(allowedFrom)}`,
        );
      }
      const novo = readjustedFee(s.valor, percentual);
      if (novo <= 0) throw conflict("O reajuste deixaria a mensalidade sem valor");
      const now = nowISO();
      CLIENT_FEE.run(db, { valor: novo, now, id: clientId });
      READJUSTED.run(db, { day, p: percentual, now, id: s.id });
      recordEvent(db, actor, {
        action: "readjust",
        entity: "subscription",
        entityId: s.id,
        label: s.clientName,
        details: { percentual: percentDecimal(percentual), de: centsToDecimal(s.valor), para: centsToDecimal(novo), aPartirDe: readjustFrom(s, getSettings(db).vencimentoEmDiaUtil) },
        clientId,
      });
      const settings = getSettings(db);
      return {
        message: "Reajuste aplicado",
        subscription: toJson(stored(db, clientId)!, settings.vencimentoEmDiaUtil),
        valorAnterior: centsToDecimal(s.valor),
        valorNovo: centsToDecimal(novo),
      };
    },
    { behavior: "immediate" },
  );
}

/** The list's view from its URL (or the API's query). */
export function parseSubscriptionQuery(raw: Record<string, string | undefined>): SubscriptionQuery {
  const view = parseListView(SUBSCRIPTION_LIST, raw);
  return { status: view.status as SubscriptionQuery["status"], q: view.q!, ...viewPaging<SubscriptionSortKey>(view), view };
}

// Each sort's ORDER BY terms, one per entry (a term may hold commas of its own).
const ORDER: Record<SubscriptionSortKey, string[]> = {
  cliente: ["c.nome_ordem"],
  valor: ["c.valor_mensalidade"],
  // The next due date's month and day (a business-day move never reorders two of them).
  proximoVencimento: ["CASE s.status WHEN 'ativa' THEN 0 ELSE 1 END", "max(s.proxima_competencia, coalesce(substr(s.trial_ate, 1, 7), ''))", "s.dia_vencimento"],
  status: ["CASE s.status WHEN 'ativa' THEN 0 WHEN 'pausada' THEN 1 ELSE 2 END"],
};

// The list's statements, composed from its filters and its sort (whitelisted parts).
type ListParams = Record<string, string | number>;
const LIST_COUNT = sqlVariants<[counted: string, where: string], { n: number }, ListParams>((counted, where) => `SELECT count(*) AS n FROM ${counted} ${where}`);
// A page in two steps (as the ledger's, issue 21 §1): its ids, read along an index with the
// sort's few columns, then those ≤ 50 subscriptions in full. In one statement OFFSET carried
// every skipped row whole through the sort: the middle page by client at 50,000 subscriptions
// 57 → 8 ms.
const LIST_PAGE_IDS = sqlVariants<[where: string, order: string], { id: number }, ListParams>(
  (where, order) => `SELECT s.id AS id FROM subscriptions s JOIN clients c ON c.id = s.client_id ${where} ORDER BY ${order} LIMIT $limit OFFSET $offset`,
);
const LIST_ROWS = sqlVariants<[order: string], StoredSubscription, { ids: string }>(
  (order) => `SELECT ${STORED_COLUMNS} FROM subscriptions s JOIN clients c ON c.id = s.client_id WHERE s.id IN (SELECT value FROM json_each($ids)) ORDER BY ${order}`,
);

/**
 * One page of subscriptions matching the filters (situação, client text), and how many match, in
 * one go (a test's reference, the bench). In one read transaction: the count, the page's ids and
 * their rows see one snapshot.
 */
export function findSubscriptions(db: Db, query: SubscriptionQuery): ListPage<SubscriptionRowJson> {
  return db.$client.transaction(() => stepsToEnd(subscriptionsSteps(db, query)))();
}

/**
 * The same for the list's page and its API, a turn of the event loop between its statements, on a
 * reader (one snapshot across the turns). A text every one of 50,000 clients holds, read at the
 * middle page, is a count of 14.5 ms and a walk of 17: 31 ms held in one go before.
 */
export function findSubscriptionsInTurns(databasePath: string, query: SubscriptionQuery): Promise<ListPage<SubscriptionRowJson>> {
  return withReadDb(databasePath, (db) => inSlices(subscriptionsSteps(db, query)));
}

/** The page's statements as steps (a generator that yields between two): for a reader of the caller's that takes turns between them (the CSV's pages). */
export const subscriptionsSteps = (db: Db, query: SubscriptionQuery) => (query.status === "nao_iniciada" ? notStartedSteps(db, query) : subscriptionsPage(db, query));

/** The page's statements: it yields after the count and after the page's ids. */
function* subscriptionsPage(db: Db, query: SubscriptionQuery): Generator<void, ListPage<SubscriptionRowJson>> {
  const parts: string[] = [];
  const params: Record<string, string | number> = {};
  if (query.status === "trial") {
    parts.push("s.status = 'ativa' AND s.trial_ate > $today");
    params.today = today();
  } else if (query.status) {
    parts.push("s.status = $status");
    params.status = query.status;
  }
  const folded = fold(query.q);
  // The client's text: three characters or more through clients_fts (src/api/clients/text-search.ts),
  // fewer by LIKE. At 50,000 subscriptions LIKE read every client's text for the count and walked
  // until 50 matched: 13–80 ms a page (docs/decisions.md).
  const text = clientText(db, folded);
  if (text) {
    parts.push(holdsClientTextSql("s.client_id", text));
    params.clientText = text.phrase;
  } else if (folded) {
    parts.push("c.busca LIKE $q ESCAPE '\\'");
    params.q = likeContains(folded);
  }
  const where = parts.length ? `WHERE ${parts.join(" AND ")}` : "";
  // Every subscription has its client (a foreign key): the join is needed only to search the
  // client's text by LIKE, and counting through it cost ~10 ms at 50,000 subscriptions.
  const counted = folded && !text ? "subscriptions s JOIN clients c ON c.id = s.client_id" : "subscriptions s";
  const { n } = LIST_COUNT(counted, where).get(db, params)!;
  yield;
  // A page nearer the end is read from it in the reversed order (pageWindow), then turned back.
  const window = pageWindow(query, n);
  if (!window) return { rows: [], total: n };
  const dir = dirSql(window.fromEnd ? reversed(query.sort) : query.sort);
  const order = ORDER[query.sort.key].map((term) => `${term} ${dir}`).join(", ");
  const ids = LIST_PAGE_IDS(where, `${order}, s.id ${dir}`).all(db, { ...params, limit: window.limit, offset: window.offset });
  yield;
  const rows = LIST_ROWS(`${order}, s.id ${dir}`).all(db, { ids: JSON.stringify(ids.map((row) => row.id)) });
  if (window.fromEnd) rows.reverse();
  const { vencimentoEmDiaUtil } = getSettings(db);
  const day = today();
  return {
    rows: rows.map((s) => ({ ...toJson(s, vencimentoEmDiaUtil), status: s.status, clientName: s.clientName, emTrial: s.status === "ativa" && s.trialAte !== null && s.trialAte > day })),
    total: n,
  };
}

/**
 * The cards: subscriptions in effect, today's MRR and its movement this month — the MRR
 * module's current month (src/api/subscriptions/mrr.ts), so the dashboard's card, its chart and
 * Relatórios › Assinaturas show one figure. Kept while subscriptions, clients and receivables stay
 * as they were (src/api/kept.ts).
 */
export function subscriptionSummary(db: Db): SubscriptionSummary {
  return keptWhileUnchanged(db, "subscriptionSummary", () => computeSummary(db));
}

function computeSummary(db: Db): SubscriptionSummary {
  return summaryOf(db, currentMrr(db));
}

/** The cards from the current month's MRR (`now`: mrrMovement's entry for this month — the dashboard reads its 12 months' last). */
export function summaryOf(db: Db, now: MrrMonth): SubscriptionSummary {
  const { ativas } = IN_EFFECT.get(db, { month: now.mes })!;
  return {
    ativas,
    mes: now.mes,
    mrr: now.mrr,
    novasNoMes: now.novasQtd,
    novas: now.novas,
    encerradasNoMes: now.encerradasQtd,
    encerradas: now.encerradas,
    emTrial: now.emTrial ?? 0,
    trial: now.trial ?? "0.00",
  };
}

/** A bound on how far ahead a person may generate (POST /api/subscriptions/run `ate`). */
const MAX_AHEAD_DAYS = 62;
export const latestRunDate = (day = today()) => addDays(day, MAX_AHEAD_DAYS);
