import { and, asc, count, desc, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import { readerRows, type Db, type Tx } from "../../../db/client";
import { clients, clientStatusOrder, receivables, subscriptions, type ClientRow } from "../../../db/schema";
import { conflict, notFound } from "../../http/errors";
import { nowISO, today } from "../../lib/clock";
import { formatDateBR } from "../../lib/dates";
import { centsToDecimal, centsToDecimalSql, parseMoney, type Cents } from "../../lib/money";
import { fold } from "../../lib/text";
import { clientText, holdsClientText } from "./text-search";
import { pageWindow, parseListView, reversed, viewPaging, type ListPage } from "../list";
import { registerWrites, searchCondition } from "../registers";
import { sql as statement } from "../prepared";
import { registerSearchColumns } from "../../../db/search-columns";
import { blockingReasonColumn } from "./blocking-sql";
import { CLIENT_LIST, type BlockingReason, type ClientSortKey, type ClientInput, type ClientJson, type ClientListRow, type ClientQuery } from "./model";

const NOT_FOUND = "Cliente não encontrado";
const DUPLICATE_CNPJ = "CNPJ já cadastrado";
const DUPLICATE_CODE = "Código do cliente já existe";
const HAS_INSTALLMENTS = "Não é possível excluir o cliente: existem parcelas vinculadas a ele.";

// The API's columns (what a manual unblock forgave lives in its own table: blocking.ts).
const columns = {
  id: clients.id,
  nome: clients.nome,
  cnpj: clients.cnpj,
  contato: clients.contato,
  telefone: clients.telefone,
  email: clients.email,
  url: clients.url,
  valorMensalidade: clients.valorMensalidade,
  codigoCliente: clients.codigoCliente,
  isTrial: clients.isTrial,
  naoEnviarCobrancas: clients.naoEnviarCobrancas,
  statusBloqueio: clients.statusBloqueio,
  bloqueioOrigem: clients.bloqueioOrigem,
  createdAt: clients.createdAt,
  updatedAt: clients.updatedAt,
};

// The whole register in one statement, each row already the API's object: columns named and
// ordered as ClientJson, the fee as text in SQL (the schema keeps it ≥ 0). Only SQLite's 0/1 of the
// two flags is turned into false/true, on the row itself. Drizzle's builder prepared it anew and
// mapped every row twice (1.9× a hand-written query at 2,000 clients); a second object per row,
// built by toClientJson, cost ~40% of the list's reading and formatting.
const ALL_CLIENTS_SQL = `SELECT id, nome, cnpj, contato, telefone, email, url, ${centsToDecimalSql("valor_mensalidade")} AS valorMensalidade,
  codigo_cliente AS codigoCliente, is_trial AS isTrial, nao_enviar_cobrancas AS naoEnviarCobrancas, status_bloqueio AS statusBloqueio, bloqueio_origem AS bloqueioOrigem,
  created_at AS createdAt, updated_at AS updatedAt FROM clients ORDER BY nome_ordem, id`;
type StoredClient = Omit<ClientJson, "isTrial" | "naoEnviarCobrancas"> & { isTrial: number | boolean; naoEnviarCobrancas: number | boolean };
const ALL_CLIENTS = statement<StoredClient>(ALL_CLIENTS_SQL);

/** SQLite has no boolean: isTrial and naoEnviarCobrancas come as 0/1 and become true/false (statusBloqueio is 0/1 by its CHECK). */
function storedToJson(row: StoredClient): ClientJson {
  row.isTrial = row.isTrial === 1;
  row.naoEnviarCobrancas = row.naoEnviarCobrancas === 1;
  return row as ClientJson;
}

/** Every client in pt-BR name order (SPEC §7: GET /api/clients without parameters), in one array. */
export function listClients(db: Db): ClientJson[] {
  return ALL_CLIENTS.all(db).map(storedToJson);
}

/**
 * The same list read as it goes out (the route's answer, src/http/stream.ts jsonArrayResponse):
 * from a reader of its own, a slice at a time, so 50,000 clients never hold the loop (issue 38 §3:
 * 55–72 ms at --scale 200 in one go).
 */
export function iterateClients(databasePath: string): Generator<ClientJson> {
  // cast: readerRows maps a row to its own type; here the stored row becomes the API's.
  return readerRows<StoredClient>(databasePath, ALL_CLIENTS_SQL, {}, storedToJson as unknown as (row: StoredClient) => StoredClient) as unknown as Generator<ClientJson>;
}

/** The list's URL parameters (DECISIONS §5), for the page route and the API alike. */
export function parseClientQuery(raw: Record<string, string | undefined>): ClientQuery {
  const view = parseListView(CLIENT_LIST, raw);
  return { q: view.q!, cnpj: view.cnpj!, status: view.status as ClientQuery["status"], ...viewPaging<ClientSortKey>(view), view };
}

const clientSortables = {
  nome: clients.nomeOrdem,
  cnpj: clients.cnpj,
  mensalidade: clients.valorMensalidade,
  // SPEC §4 display order: Ativo, TRIAL, Bloqueado (the same expression as its index's).
  status: clientStatusOrder(clients.statusBloqueio, clients.isTrial),
};

/**
 * The list's order: the sort, then the pt-BR name, then the id (`ties` reversed for a page read
 * from the end). By name the name is not repeated: the planner would sort every client for it.
 */
function clientOrder(sort: ClientQuery["sort"], ties = asc) {
  const direction = sort.dir === "desc" ? desc : asc;
  const key = clientSortables[sort.key] ?? clients.nomeOrdem;
  return [direction(key), ...(key === clients.nomeOrdem ? [] : [ties(clients.nomeOrdem)]), ties(clients.id)];
}

/**
 * One page of clients matching the filters: nome/contato/código/e-mail text, CNPJ, status; a
 * client blocked automatically carries the installments blocking it (same statement).
 */
export function findClients(db: Db, query: ClientQuery, graceDays: number): ListPage<ClientListRow> {
  const folded = fold(query.q);
  // Three characters or more: through clients_fts (text-search.ts), the id compared as `+id`
  // when the page should walk its sort's index rather than sort the matches.
  const text = clientText(db, folded);
  const conditions: (SQL | undefined)[] = [text ? holdsClientText(clients.id, text) : searchCondition(clients, folded)];
  const cnpj = query.cnpj.replace(/[^0-9a-z]/gi, "").toUpperCase();
  if (cnpj) conditions.push(sql`${clients.cnpj} LIKE ${`%${cnpj}%`}`);
  if (query.status) conditions.push(eq(clients.statusBloqueio, Number(query.status)));
  // The page's ids first (a sort of ids, not of whole rows), then those ≤ 50 clients in full with
  // their blocking reason, in one statement (issue 21 §1): a one-statement page computed the
  // reason for every client before the sort (2,000 at seed-demo --scale 50: the last page
  // 5.7 → ~1 ms). The order is registerPage's: the sort, then the pt-BR name, then the id.
  // A page nearer the end is counted from it (pageWindow): the same ids, every term reversed.
  const where = and(...conditions);
  const total = (text && conditions.length === 1 ? text.matches : db.select({ n: count() }).from(clients).where(where).get()?.n) ?? 0;
  const window = pageWindow(query, total);
  if (!window) return { rows: [], total };
  const order = clientOrder(query.sort);
  const ids = db
    .select({ id: clients.id })
    .from(clients)
    .where(where)
    .orderBy(...(window.fromEnd ? clientOrder(reversed(query.sort), desc) : order))
    .limit(window.limit)
    .offset(window.offset);
  const rows = db
    .select({ ...columns, bloqueioParcelas: blockingReasonColumn(graceDays) })
    .from(clients)
    .where(inArray(clients.id, ids))
    .orderBy(...order)
    .all()
    .map(({ bloqueioParcelas, ...row }) => ({ ...toClientJson(row), bloqueioParcelas: bloqueioParcelas ? (JSON.parse(bloqueioParcelas as string) as BlockingReason) : null }));
  return { rows, total };
}

export function getClient(db: Db | Tx, id: number): ClientJson {
  const row = db.select(columns).from(clients).where(eq(clients.id, id)).get();
  if (!row) throw notFound(NOT_FOUND);
  return toClientJson(row);
}

/** The client's running subscription (ativa or pausada), whose `trialAte` is then the client's trial; null when none runs. */
const runningSubscription = (db: Db, clientId: number) =>
  db
    .select({ trialAte: subscriptions.trialAte })
    .from(subscriptions)
    .where(and(eq(subscriptions.clientId, clientId), inArray(subscriptions.status, ["ativa", "pausada"])))
    .get() ?? null;

/**
 * While a subscription runs, the trial is its `trialAte` (DECISIONS §8, one source): a form whose
 * trial disagrees is a 409 sending the person to the subscription, never a saved-looking no-op.
 * A form sent as trial (whose fee SPEC §9 reads as 0) keeps the fee the subscription bills after
 * it; otherwise the fee is one column, and a new one typed here is the subscription's.
 */
function subscriptionKeeps(form: ClientInput, before: ClientJson, { trialAte }: { trialAte: string | null }): ClientInput {
  const trial = trialAte !== null && trialAte > today();
  if (form.isTrial !== trial) {
    throw conflict(
      trial
        ? `O período de teste deste cliente vem da assinatura (trial até ${formatDateBR(trialAte)}): para encerrá-lo, altere "Trial até" na assinatura.`
        : 'O período de teste deste cliente vem da assinatura, que não tem trial em curso: para dar um período de teste, preencha "Trial até" na assinatura.',
    );
  }
  const fee = trial ? (parseMoney(before.valorMensalidade) ?? form.valorMensalidade) : form.valorMensalidade;
  return { ...form, isTrial: trial, valorMensalidade: fee };
}

// The form's fields: an edit records each one that changed; a snapshot keeps them all.
const EDITABLE = ["nome", "cnpj", "contato", "telefone", "email", "url", "valorMensalidade", "codigoCliente", "isTrial", "naoEnviarCobrancas"] as const;
const snapshot = (client: ClientJson) => ({ ...Object.fromEntries(EDITABLE.map((key) => [key, client[key]])), statusBloqueio: client.statusBloqueio });

const clientSearchColumns = (input: ClientInput) => registerSearchColumns("clients", input);

type ClientRecord = Pick<ClientRow, keyof typeof columns>;

function toClientJson(row: ClientRecord): ClientJson {
  return {
    id: row.id,
    nome: row.nome,
    cnpj: row.cnpj,
    contato: row.contato,
    telefone: row.telefone,
    email: row.email,
    url: row.url,
    valorMensalidade: centsToDecimal(row.valorMensalidade as Cents),
    codigoCliente: row.codigoCliente,
    isTrial: row.isTrial,
    naoEnviarCobrancas: row.naoEnviarCobrancas,
    statusBloqueio: row.statusBloqueio === 1 ? 1 : 0,
    bloqueioOrigem: row.bloqueioOrigem,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/**
 * CNPJ and codigoCliente belong to one client each, the code whatever its case ("josé-1" is
 * "JOSÉ-1"); the client being edited keeps its own. Checked inside the write's immediate
 * transaction, so no other write can slip in between.
 */
function assertUnique(tx: Tx, input: ClientInput, ownId: number | null): void {
  const code = input.codigoCliente.toLowerCase();
  // SQLite's lower() folds ASCII only: it finds the ASCII twins, and the (few) codes with other
  // characters are fetched too and compared with JavaScript's full lower-casing.
  const taken = tx
    .select({ id: clients.id, cnpj: clients.cnpj, codigoCliente: clients.codigoCliente })
    .from(clients)
    .where(or(eq(clients.cnpj, input.cnpj), sql`lower(${clients.codigoCliente}) = ${code}`, sql`${clients.codigoCliente} glob '*[^ -~]*'`))
    .all()
    .filter((other) => other.id !== ownId);
  if (taken.some((other) => other.cnpj === input.cnpj)) throw conflict(DUPLICATE_CNPJ);
  if (taken.some((other) => other.codigoCliente.toLowerCase() === code)) throw conflict(DUPLICATE_CODE);
}

const writes = registerWrites<ClientJson, ClientInput>({
  editable: EDITABLE,
  snapshot,
  subject: (client) => ({ entity: "client", entityId: client.id, clientId: client.id, label: client.nome }),
  get: getClient,
  insert(tx, input) {
    const now = nowISO();
    return toClientJson(tx.insert(clients).values({ ...input, ...clientSearchColumns(input), createdAt: now, updatedAt: now }).returning(columns).get());
  },
  // The form's fields; blocking (statusBloqueio and its origin) changes only by toggle.
  update: (tx, id, input) =>
    toClientJson(tx.update(clients).set({ ...input, ...clientSearchColumns(input), updatedAt: nowISO() }).where(eq(clients.id, id)).returning(columns).get()!),
  delete(tx, id) {
    tx.delete(clients).where(eq(clients.id, id)).run();
  },
  // Refused while the client has receivables (DECISIONS §2): nothing is deleted implicitly.
  inUse: { exists: (tx, id) => tx.select({ id: receivables.id }).from(receivables).where(eq(receivables.clientId, id)).limit(1).get() !== undefined, message: HAS_INSTALLMENTS },
  check: assertUnique,
  // A UNIQUE violation that slipped past the check is the same 409.
  unique: { "UNIQUE constraint failed: clients.cnpj": DUPLICATE_CNPJ, "UNIQUE constraint failed: clients.codigo_cliente": DUPLICATE_CODE },
  edited(db, id, form, before) {
    const running = runningSubscription(db, id);
    return running ? subscriptionKeeps(form, before, running) : form;
  },
});
export const createClient = writes.create;
export const updateClient = writes.update;
export const deleteClient = writes.delete;
