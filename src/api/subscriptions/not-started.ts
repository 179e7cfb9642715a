// The clients whose subscription has not started (DECISIONS §8: nothing bills until a person starts
// one): the Assinaturas list's "Não iniciada" filter and what "Iniciar assinaturas" starts. Apart
// from service.ts so the bulk start and the list read the same set without a circle.
import { and, asc, count, desc, eq, gt, inArray, isNull, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { clients, subscriptions } from "../../../db/schema";
import { centsToDecimal, type Cents } from "../../lib/money";
import { fold, likeContains } from "../../lib/text";
import { clientText, holdsClientText } from "../clients/text-search";
import { pageWindow, type ListPage } from "../list";
import type { SubscriptionQuery, SubscriptionRowJson } from "./model";

/** Not started, and holding the text: three characters or more through clients_fts (src/api/clients/text-search.ts), fewer by LIKE. */
const notStarted = (db: Db, q: string, extra?: SQL): SQL | undefined => {
  const folded = fold(q);
  const text = clientText(db, folded);
  const holding = text ? holdsClientText(clients.id, text) : folded ? sql`${clients.busca} LIKE ${likeContains(folded)} ESCAPE '\\'` : undefined;
  return and(isNull(subscriptions.id), holding, extra);
};

/** One page of not-started clients as the list's rows (status "nao_iniciada", the client's fee); it yields after the count (service.ts subscriptionsSteps). */
export function* notStartedSteps(db: Db, query: SubscriptionQuery): Generator<void, ListPage<SubscriptionRowJson>> {
  const where = notStarted(db, query.q);
  const from = () => db.select({ n: count() }).from(clients).leftJoin(subscriptions, eq(subscriptions.clientId, clients.id));
  const total = from().where(where).get()?.n ?? 0;
  yield;
  const window = pageWindow(query, total);
  if (!window) return { rows: [], total };
  const direction = query.sort.dir === "desc" ? desc : asc;
  // Sorted by name or by fee (a not-started subscription has no due date nor status to sort by).
  const order = query.sort.key === "valor" ? [direction(clients.valorMensalidade), asc(clients.nomeOrdem), asc(clients.id)] : [direction(clients.nomeOrdem), direction(clients.id)];
  const rows = db
    .select({ clientId: clients.id, nome: clients.nome, valor: clients.valorMensalidade })
    .from(clients)
    .leftJoin(subscriptions, eq(subscriptions.clientId, clients.id))
    .where(where)
    .orderBy(...order)
    .limit(query.perPage)
    .offset((query.page - 1) * query.perPage)
    .all();
  return {
    rows: rows.map((r) => ({
      clientId: r.clientId,
      clientName: r.nome,
      status: "nao_iniciada",
      valor: centsToDecimal(r.valor as Cents),
      diaVencimento: null,
      inicio: null,
      fim: null,
      trialAte: null,
      reajuste: null,
      ultimoReajuste: null,
      reajustePermitidoEm: null,
      reajusteAPartirDe: null,
      proximoVencimento: null,
      emTrial: false,
    })),
    total,
  };
}

/** A client a bulk start may start: id, name, fee, and whether its subscription already exists. */
interface StartCandidate {
  id: number;
  nome: string;
  valor: Cents;
  started: boolean;
}

/** The clients named (in the order given, unknown ids left out), or every not-started one with a fee. */
export function startCandidates(db: Db, clientes: number[] | "todos"): StartCandidate[] {
  const columns = { id: clients.id, nome: clients.nome, valor: clients.valorMensalidade, subscription: subscriptions.id };
  const base = () => db.select(columns).from(clients).leftJoin(subscriptions, eq(subscriptions.clientId, clients.id));
  const rows =
    clientes === "todos"
      ? base().where(notStarted(db, "", gt(clients.valorMensalidade, 0))).orderBy(asc(clients.nomeOrdem), asc(clients.id)).all()
      : base().where(inArray(clients.id, clientes)).orderBy(asc(clients.nomeOrdem), asc(clients.id)).all();
  return rows.map((r) => ({ id: r.id, nome: r.nome, valor: r.valor as Cents, started: r.subscription !== null }));
}
