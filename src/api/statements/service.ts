// Bank reconciliation (issue 19, DECISIONS §9): importing an OFX statement (each transaction
// stored once), the suggestions, and confirming, ignoring and undoing — a confirmation is a
// payment through the ledger's own write (blocking and history in the same transaction).
import type { Db } from "../../../db/client";
import { badRequest, conflict, HttpError, notFound } from "../../http/errors";
import { nowISO, today } from "../../lib/clock";
import { cents, centsToDecimal, type Cents } from "../../lib/money";
import { feeRates } from "../company-rules";
import { OfxError, ofxSteps, onlyStatement, type OfxStatement } from "../../lib/ofx";
import { inSlices, nextSlice, sliceClock } from "../../http/slices";
import { turn } from "../../http/turns";
import { fold } from "../../lib/text";
import { bankLabel } from "../../lib/banks";
import { accountForNumbers, accountNameOf } from "../accounts/service";
import type { Actor } from "../history/record";
import { receivables } from "../installments/service";
import { limitOffset, parseListView, viewPaging, type ListPage } from "../list";
import { payables } from "../payables/service";
import { sql } from "../prepared";
import { statusCaseSql } from "../status-sql";
import { dueOn, dueWindow, feesOf, openInstallmentsDue, suggestSteps, type Matchable, type OpenInstallment } from "./matching";
import { ledgerComparison } from "../accounts/balance";
import { addDays } from "../../lib/dates";
import {
  SITUACOES,
  TRANSACTION_LIST,
  type BulkConfirmAnswer,
  type ImportAnswer,
  type MatchJson,
  type Situacao,
  type StatementJson,
  type TransactionAnswer,
  type TransactionJson,
  type TransactionQuery,
} from "./model";

const STATEMENT_NOT_FOUND = "Extrato não encontrado";
const TRANSACTION_NOT_FOUND = "Transação não encontrada neste extrato";

/**
 * A statement being imported: its row exists (its lines are written a slice at a time) but it
 * is not imported yet — `importado_em` is empty until the last slice, and every read of the
 * statements leaves it out. An import that fails or is cut by a stop leaves nothing visible.
 */
const UNFINISHED = "";
const FINISHED_SQL = "s.importado_em <> ''";

type Side = "receivable" | "payable";
/** Per side: the installments' table, their party's table and the party's column (a record of statements keyed by side). */
const SIDES = {
  receivable: { table: "receivables", party: "clients", column: "client_id" },
  payable: { table: "payables", party: "suppliers", column: "supplier_id" },
} as const;
const bySide = <T>(make: (side: Side, t: (typeof SIDES)[Side]) => T): Record<Side, T> => ({
  receivable: make("receivable", SIDES.receivable),
  payable: make("payable", SIDES.payable),
});

// The import's statements.
type TransactionKey = { banco: string; conta: string; fitid: string; data: string; valor: number };
const EXISTING = sql<{ id: number }, TransactionKey>(
  "SELECT id FROM bank_transactions WHERE banco = $banco AND conta = $conta AND fitid = $fitid AND data = $data AND valor = $valor",
);
const INSERT_TRANSACTION = sql<{ id: number }, TransactionKey & { descricao: string; busca: string }>(
  `INSERT INTO bank_transactions (banco, conta, fitid, data, valor, descricao, busca) VALUES ($banco, $conta, $fitid, $data, $valor, $descricao, $busca)
     ON CONFLICT (banco, conta, fitid, data, valor) DO NOTHING RETURNING id`,
);
const INSERT_LINE = sql<never, { s: number; t: number; o: number }>(
  "INSERT INTO statement_lines (statement_id, transaction_id, ordem) VALUES ($s, $t, $o) ON CONFLICT DO NOTHING",
);
const INSERT_STATEMENT = sql<
  { id: number },
  {
    banco: string;
    agencia: string | null;
    conta: string;
    de: string | null;
    ate: string | null;
    arquivo: string;
    saldo: number | null;
    saldoData: string | null;
    por: string;
    em: string;
    n: number;
    contaId: number | null;
  }
>(
  `INSERT INTO statements (banco, agencia, conta, de, ate, arquivo, saldo, saldo_data, importado_por, importado_em, transacoes, conta_id)
   VALUES ($banco, $agencia, $conta, $de, $ate, $arquivo, $saldo, $saldoData, $por, $em, $n, $contaId) RETURNING id`,
);
// A re-import of a statement stored before its account was registered: attached now.
const SET_ACCOUNT = sql<never, { id: number; contaId: number }>("UPDATE statements SET conta_id = $contaId WHERE id = $id AND conta_id IS NULL");
const MARK_IMPORTED = sql<never, { em: string; id: number }>("UPDATE statements SET importado_em = $em WHERE id = $id");
const DELETE_LINES_STEP = sql<never, { s: number }>(
  "DELETE FROM statement_lines WHERE rowid IN (SELECT rowid FROM statement_lines WHERE statement_id = $s LIMIT 2000)",
);
const DELETE_TRANSACTIONS = sql<never, { ids: string }>("DELETE FROM bank_transactions WHERE id IN (SELECT value FROM json_each($ids))");
const DELETE_STATEMENT = sql<never, { id: number }>("DELETE FROM statements WHERE id = $id");
const ANY_UNFINISHED = sql<{ found: 1 }>("SELECT 1 AS found FROM statements WHERE importado_em = '' LIMIT 1");
const DELETE_UNFINISHED = sql<never>("DELETE FROM statements WHERE importado_em = ''");
const DELETE_ORPHANS = sql<never>(
  "DELETE FROM bank_transactions WHERE NOT EXISTS (SELECT 1 FROM statement_lines l WHERE l.transaction_id = bank_transactions.id)",
);
const PREVIOUS_STATEMENT = sql<{ id: number }, { banco: string; conta: string; de: string | null; ate: string | null; n: number }>(
  `SELECT id FROM statements s WHERE banco = $banco AND conta = $conta AND de IS $de AND ate IS $ate AND transacoes = $n AND ${FINISHED_SQL} ORDER BY id DESC LIMIT 1`,
);

// One import at a time: the rows of one are never the "already imported" of another before it
// finishes (or is undone), and an undone import deletes only what it added.
let importsQueue: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const run = importsQueue.then(work, work);
  importsQueue = run.catch(() => undefined);
  return run;
}

/**
 * POST /api/statements: the file read whole (or refused whole, nothing stored), new transactions
 * stored, suggestions made — each step a slice of time at a time (src/http/slices.ts), so a 5 MB
 * file never holds the event loop. All or nothing all the same: the statement and its lines
 * appear at once, when the last write marks it imported; if a slice fails, what the earlier ones
 * wrote is deleted (and a stop in between is cleaned at the next start: discardUnfinishedImports).
 */
export async function importStatement(db: Db, actor: Actor, fileName: string, bytes: Uint8Array): Promise<ImportAnswer> {
  let statement: OfxStatement;
  try {
    statement = onlyStatement(await inSlices(ofxSteps(bytes)));
  } catch (error) {
    if (error instanceof OfxError) throw badRequest(`Não foi possível ler o extrato: ${error.message}`, { arquivo: error.message });
    throw error;
  }
  if (statement.transacoes.length === 0) {
    throw badRequest(NO_TRANSACTIONS, { arquivo: NO_TRANSACTIONS });
  }
  return oneAtATime(() => importRead(db, actor, fileName, statement));
}

const NO_TRANSACTIONS = "O arquivo não tem transações: não há lançamentos a importar neste extrato.";

interface Posting {
  key: { banco: string; conta: string; fitid: string; data: string; valor: number };
  descricao: string;
}

async function importRead(db: Db, actor: Actor, fileName: string, statement: OfxStatement): Promise<ImportAnswer> {
  // The file's transactions once each (same FITID, date and amount inside one file is one
  // transaction), in file order, and how many are not stored yet.
  const postings: Posting[] = [];
  const seen = new Set<string>();
  let unknown = 0;
  let clock = sliceClock();
  for (const tx of statement.transacoes) {
    const key = { banco: statement.bancoId, conta: statement.conta, fitid: tx.fitid, data: tx.data, valor: tx.valorCentavos };
    const identity = JSON.stringify([tx.fitid, tx.data, tx.valorCentavos]);
    if (seen.has(identity)) continue;
    seen.add(identity);
    const descricao = [tx.nome, tx.memo].filter((part) => part && part.trim() !== "").join(" — ") || "(sem descrição)";
    postings.push({ key, descricao });
    if (!EXISTING.get(db, key)) unknown++;
    clock = await nextSlice(clock);
  }

  const sameAsBefore = unknown === 0 ? previousStatement(db, statement.bancoId, statement.conta, statement.periodoInicio, statement.periodoFim, postings.length) : null;
  // Its account (issue 34 §3): the registered one with these numbers, or the one a person chose
  // for an earlier statement of them; none: the screen asks once.
  const contaId = accountForNumbers(db, { banco: statement.bancoId, agencia: statement.agencia, conta: statement.conta });
  let id = sameAsBefore;
  let novas = 0;
  if (id === null) {
    const written = await writeStatement(db, actor, fileName, statement, postings, contaId);
    id = written.id;
    novas = written.novas;
  } else if (contaId !== null) {
    db.transaction(() => SET_ACCOUNT.run(db, { id: sameAsBefore!, contaId }), { behavior: "immediate" });
  }
  const sugestoes = await refreshSuggestionsInSlices(db, id);
  return {
    message: novas ? `Extrato importado: ${novas} ${novas === 1 ? "transação nova" : "transações novas"}` : "Nenhuma transação nova: este extrato já tinha sido importado",
    id,
    banco: statement.bancoId,
    conta: statement.conta,
    de: statement.periodoInicio,
    ate: statement.periodoFim,
    transacoes: postings.length,
    novas,
    jaImportadas: postings.length - novas,
    sugestoes,
    contaId: STATEMENT_ACCOUNT.get(db, { id })?.contaId ?? null,
  };
}

/** The statement and its lines, a slice per transaction; the statement appears in the last one. */
async function writeStatement(
  db: Db,
  actor: Actor,
  fileName: string,
  statement: OfxStatement,
  postings: Posting[],
  contaId: number | null,
): Promise<{ id: number; novas: number }> {
  const id = db.transaction(
    () =>
      // INSERT … RETURNING always gives its row.
      INSERT_STATEMENT.get(db, {
          banco: statement.bancoId,
          agencia: statement.agencia,
          conta: statement.conta,
          de: statement.periodoInicio,
          ate: statement.periodoFim,
          arquivo: fileName.slice(0, 255) || "extrato.ofx",
          saldo: statement.saldo?.valorCentavos ?? null,
          saldoData: statement.saldo?.data ?? null,
          por: actor === "sistema" ? "sistema" : actor.email,
          em: UNFINISHED,
          n: postings.length,
          contaId,
        })!.id,
    { behavior: "immediate" },
  );
  const fresh: number[] = [];
  try {
    let next = 0;
    while (next < postings.length) {
      const clock = sliceClock();
      db.transaction(
        () => {
          do {
            const { key, descricao } = postings[next]!;
            const inserted = INSERT_TRANSACTION.get(db, { ...key, descricao, busca: fold(descricao) });
            if (inserted) fresh.push(inserted.id);
            // Not inserted: the same identity is stored already (ON CONFLICT), so it is found.
            INSERT_LINE.run(db, { s: id, t: inserted?.id ?? EXISTING.get(db, key)!.id, o: next });
            next++;
          } while (next < postings.length && !clock.over());
        },
        { behavior: "immediate" },
      );
      if (next < postings.length) await turn();
    }
    MARK_IMPORTED.run(db, { em: nowISO(), id });
  } catch (error) {
    await undoUnfinished(db, id, fresh).catch(() => undefined);
    throw error;
  }
  return { id, novas: fresh.length };
}

/** Deletes an unfinished import a slice at a time: its lines, the transactions it added, its row. */
async function undoUnfinished(db: Db, statementId: number, fresh: number[]): Promise<void> {
  while (DELETE_LINES_STEP.run(db, { s: statementId }).changes > 0) await turn();
  for (let at = 0; at < fresh.length; at += 2000) {
    DELETE_TRANSACTIONS.run(db, { ids: JSON.stringify(fresh.slice(at, at + 2000)) });
    await turn();
  }
  DELETE_STATEMENT.run(db, { id: statementId });
}

/**
 * At start: an import cut by a stop (or whose undo failed) is deleted, with the transactions no
 * statement holds (only an unfinished import ever adds such). No import runs then.
 */
export function discardUnfinishedImports(db: Db): number {
  if (!ANY_UNFINISHED.get(db)) return 0;
  return db.transaction(
    () => {
      const { changes } = DELETE_UNFINISHED.run(db);
      if (changes) DELETE_ORPHANS.run(db);
      return changes;
    },
    { behavior: "immediate" },
  );
}

/** The same file again: the statement that already holds exactly these transactions, if any. */
function previousStatement(db: Db, banco: string, conta: string, de: string | null, ate: string | null, n: number): number | null {
  return PREVIOUS_STATEMENT.get(db, { banco, conta, de, ate, n })?.id ?? null;
}

/** Lines of a statement a slice reads or updates at once (by their order in the file). */
const LINES_PER_STEP = 500;
/** Days of due dates whose open installments are read in one statement. */
const DAYS_PER_READ = 7;

// The suggestions' statements (a statement's lines by their order: a range of `ordem`).
type LineRange = { s: number; from: number; to: number };
const LINE_COUNT = sql<{ n: number }, { s: number }>("SELECT count(*) AS n FROM statement_lines WHERE statement_id = $s");
const DROP_STALE = sql<never, LineRange>(
  `UPDATE bank_transactions SET sugestao_tipo = NULL, sugestao_id = NULL, sugestao_confianca = NULL, sugestao_motivo = NULL, sugestao_parcelas = NULL
      WHERE id IN (SELECT transaction_id FROM statement_lines WHERE statement_id = $s AND ordem >= $from AND ordem < $to) AND sugestao_id IS NOT NULL
        AND (NOT EXISTS (SELECT 1 FROM receivables r WHERE sugestao_tipo = 'receivable' AND r.id = sugestao_id AND r.status = 'em_aberto')
             AND NOT EXISTS (SELECT 1 FROM payables p WHERE sugestao_tipo = 'payable' AND p.id = sugestao_id AND p.status = 'em_aberto')
             -- A sum's installments must all still be open (a paid one: the sum no longer holds).
             OR sugestao_parcelas IS NOT NULL AND EXISTS (SELECT 1 FROM json_each(sugestao_parcelas) j
                  WHERE NOT EXISTS (SELECT 1 FROM receivables r WHERE sugestao_tipo = 'receivable' AND r.id = j.value AND r.status = 'em_aberto' AND r.principal_pago = 0 AND r.desconto = 0)
                    AND NOT EXISTS (SELECT 1 FROM payables p WHERE sugestao_tipo = 'payable' AND p.id = j.value AND p.status = 'em_aberto' AND p.principal_pago = 0 AND p.desconto = 0)))`,
);
const OPEN_LINES = sql<Matchable, LineRange>(
  `SELECT b.id, b.data, b.valor, b.busca FROM bank_transactions b JOIN statement_lines l ON l.transaction_id = b.id
      WHERE l.statement_id = +$s AND l.ordem >= $from AND l.ordem < $to AND b.receivable_id IS NULL AND b.payable_id IS NULL AND NOT b.ignorada AND b.sugestao_id IS NULL`,
);
const SET_SUGGESTION = sql<never, { tipo: Side; id: number; confianca: string; motivo: string; tx: number; parcelas: string | null }>(
  `UPDATE bank_transactions SET sugestao_tipo = $tipo, sugestao_id = $id, sugestao_confianca = $confianca, sugestao_motivo = $motivo, sugestao_parcelas = $parcelas
        WHERE id = $tx AND sugestao_id IS NULL AND receivable_id IS NULL AND payable_id IS NULL AND NOT ignorada
          AND EXISTS (SELECT 1 FROM receivables r WHERE $tipo = 'receivable' AND r.id = $id AND r.status = 'em_aberto'
                      UNION ALL SELECT 1 FROM payables p WHERE $tipo = 'payable' AND p.id = $id AND p.status = 'em_aberto')`,
);
const SUGGESTED = sql<{ id: number; sugestaoId: number; parcelas: string | null }, { after: number; side: Side }>(
  "SELECT id, sugestao_id AS sugestaoId, sugestao_parcelas AS parcelas FROM bank_transactions WHERE id > $after AND sugestao_tipo = $side ORDER BY id LIMIT 5000",
);
const HOLDING = sql<{ n: number }, LineRange>(
  `SELECT count(*) AS n FROM bank_transactions b JOIN statement_lines l ON l.transaction_id = b.id
      WHERE l.statement_id = +$s AND l.ordem >= $from AND l.ordem < $to AND b.sugestao_id IS NOT NULL AND b.receivable_id IS NULL AND b.payable_id IS NULL AND NOT b.ignorada`,
);

/**
 * Suggestions for the statement's transactions that have none that still holds (nothing
 * settled, not ignored): credits against open receivables, debits against open payables, in one
 * read of each side's open installments around the statement's dates. Run after an import, a
 * confirmation, an undo and before a bulk confirmation — a slice at a time: read and computed
 * across turns of the event loop, each suggestion then written only while it still holds (the
 * transaction still open and unsuggested, the installment still open and settled by no one).
 * Returns how many hold now.
 */
export async function refreshSuggestionsInSlices(db: Db, statementId: number): Promise<number> {
  // A count always gives its row.
  const lines = LINE_COUNT.get(db, { s: statementId })!.n;
  const open: Matchable[] = [];
  let clock = sliceClock();
  for (let from = 0; from < lines; from += LINES_PER_STEP) {
    const range = { s: statementId, from, to: from + LINES_PER_STEP };
    db.transaction(() => DROP_STALE.run(db, range), { behavior: "immediate" });
    for (const row of OPEN_LINES.all(db, range)) open.push(row);
    clock = await nextSlice(clock);
  }
  if (open.length) {
    for (const side of ["receivable", "payable"] as const) {
      const postings = open.filter((p) => (side === "receivable" ? p.valor > 0 : p.valor < 0));
      if (postings.length === 0) continue;
      let first = postings[0]!.data;
      let last = first;
      for (const p of postings) {
        if (p.data < first) first = p.data;
        if (p.data > last) last = p.data;
      }
      // The installments already suggested to another line: read by id ranges, a slice at a time.
      const taken = new Set<number>();
      for (let after = 0; ; ) {
        const rows = SUGGESTED.all(db, { after, side });
        for (const row of rows) {
          taken.add(row.sugestaoId);
          const sum: unknown = row.parcelas ? JSON.parse(row.parcelas) : null;
          if (Array.isArray(sum)) for (const id of sum) if (typeof id === "number") taken.add(id);
        }
        if (rows.length < 5000) break;
        after = rows.at(-1)!.id;
        clock = await nextSlice(clock);
      }
      const candidates: OpenInstallment[] = [];
      const window = dueWindow(first, last);
      // A week of due dates at a time: a month's open receivables at --scale 200 (~11,000 rows read
      // in one statement) held the loop 18 ms.
      for (let from = window.from; from <= window.to; from = addDays(from, DAYS_PER_READ)) {
        const weekEnd = addDays(from, DAYS_PER_READ - 1);
        for (const installment of openInstallmentsDue(db, side, from, weekEnd < window.to ? weekEnd : window.to)) {
          if (!taken.has(installment.id)) candidates.push(installment);
        }
        clock = await nextSlice(clock);
      }
      const made = await inSlices(suggestSteps(side, postings, candidates, feeRates(db)));
      for (let at = 0; at < made.length; ) {
        const slice = sliceClock();
        db.transaction(
          () => {
            do {
              const s = made[at++]!;
              SET_SUGGESTION.run(db, { tipo: s.tipo, id: s.id, confianca: s.confianca, motivo: s.motivo, tx: s.transactionId, parcelas: s.parcelas ? JSON.stringify(s.parcelas) : null });
            } while (at < made.length && !slice.over());
          },
          { behavior: "immediate" },
        );
        if (at < made.length) await turn();
      }
    }
  }
  let n = 0;
  for (let from = 0; from < lines; from += LINES_PER_STEP * 4) {
    n += HOLDING.get(db, { s: statementId, from, to: from + LINES_PER_STEP * 4 })!.n;
    clock = await nextSlice(clock);
  }
  return n;
}

// The situation, in SQL (the filter and the counts read it): settled, ignored, suggested, pending.
const SITUACAO_SQL = `CASE WHEN b.receivable_id IS NOT NULL OR b.payable_id IS NOT NULL THEN 'conciliada' WHEN b.ignorada THEN 'ignorada'
  WHEN b.sugestao_id IS NOT NULL THEN 'sugerida' ELSE 'pendente' END`;

interface StoredStatement {
  id: number;
  banco: string;
  agencia: string | null;
  conta: string;
  de: string | null;
  ate: string | null;
  arquivo: string;
  saldo: Cents | null;
  saldoData: string | null;
  importadoPor: string;
  importadoEm: string;
  transacoes: number;
  contaId: number | null;
}

const STATEMENT_COLUMNS = `s.id, s.banco, s.agencia, s.conta, s.de, s.ate, s.arquivo, s.saldo, s.saldo_data AS saldoData,
  s.importado_por AS importadoPor, s.importado_em AS importadoEm, s.transacoes, s.conta_id AS contaId`;
const STATEMENT_ACCOUNT = sql<{ contaId: number | null }, { id: number }>("SELECT conta_id AS contaId FROM statements WHERE id = $id");

// A statement's own rows and counts. The sums are money: read exact (bigints), as every sum of cents.
const STATEMENT_COUNTS = sql<{ situacao: Situacao; n: bigint; alta: bigint; creditos: bigint; debitos: bigint }, { s: number }>(
  `SELECT ${SITUACAO_SQL} AS situacao, count(*) AS n, count(*) FILTER (WHERE b.sugestao_confianca = 'alta') AS alta,
          coalesce(sum(CASE WHEN b.valor > 0 THEN b.valor END), 0) AS creditos, coalesce(sum(CASE WHEN b.valor < 0 THEN -b.valor END), 0) AS debitos
     FROM bank_transactions b JOIN statement_lines l ON l.transaction_id = b.id WHERE l.statement_id = +$s GROUP BY 1`,
  { exact: true },
);
const STATEMENT = sql<StoredStatement, { id: number }>(`SELECT ${STATEMENT_COLUMNS} FROM statements s WHERE s.id = $id AND ${FINISHED_SQL}`);
const STATEMENT_PAGE = sql<StoredStatement, { limit: number; offset: number }>(
  `SELECT ${STATEMENT_COLUMNS} FROM statements s WHERE ${FINISHED_SQL} ORDER BY s.id DESC LIMIT $limit OFFSET $offset`,
);
const STATEMENT_TOTAL = sql<{ n: number }>(`SELECT count(*) AS n FROM statements s WHERE ${FINISHED_SQL}`);
const STATEMENT_EXISTS = sql<{ found: 1 }, { id: number }>(`SELECT 1 AS found FROM statements s WHERE s.id = $id AND ${FINISHED_SQL}`);

function statementJson(db: Db, s: StoredStatement): StatementJson {
  const counts = STATEMENT_COUNTS.all(db, { s: s.id });
  const contagem = Object.fromEntries(SITUACOES.map((situacao) => [situacao, 0])) as Record<Situacao, number>;
  let creditos = 0n;
  let debitos = 0n;
  let sugestoesAlta = 0;
  for (const row of counts) {
    contagem[row.situacao] = Number(row.n);
    if (row.situacao === "sugerida") sugestoesAlta = Number(row.alta);
    if (row.situacao === "conciliada") {
      creditos = row.creditos;
      debitos = row.debitos;
    }
  }
  return {
    ...s,
    bancoNome: bankLabel(s.banco),
    contaNome: accountNameOf(db, s.contaId),
    saldo: s.saldo === null ? null : centsToDecimal(s.saldo),
    contagem,
    sugestoesAlta,
    conciliadoCreditos: centsToDecimal(creditos),
    conciliadoDebitos: centsToDecimal(debitos),
    conferenciaSaldo: ledgerComparison(db, s.id),
  };
}

export function getStatement(db: Db, id: number): StatementJson {
  const s = STATEMENT.get(db, { id });
  if (!s) throw notFound(STATEMENT_NOT_FOUND);
  return statementJson(db, s);
}

/** GET /api/statements: newest first, one page. */
export function listStatements(db: Db, paging: { page: number; perPage: number }): ListPage<StatementJson> {
  const { limit, offset } = limitOffset(paging);
  const rows = STATEMENT_PAGE.all(db, { limit, offset });
  // A count always gives its row.
  return { rows: rows.map((s) => statementJson(db, s)), total: STATEMENT_TOTAL.get(db)!.n };
}

export function parseTransactionQuery(raw: Record<string, string | undefined>): TransactionQuery {
  const view = parseListView(TRANSACTION_LIST, raw);
  const { page, perPage } = viewPaging(view);
  return { extrato: view.extrato ? Number(view.extrato) : null, situacao: view.situacao as TransactionQuery["situacao"], page, perPage, view };
}

export interface StoredTransaction {
  id: number;
  fitid: string;
  data: string;
  valor: number;
  descricao: string;
  situacao: Situacao;
  sugestaoTipo: "receivable" | "payable" | null;
  sugestaoId: number | null;
  sugestaoConfianca: "alta" | "media" | null;
  sugestaoMotivo: string | null;
  receivableId: number | null;
  payableId: number | null;
  /** A sum suggestion's installments, a JSON array of ids (issue 34 §2), else null. */
  sugestaoParcelas: string | null;
  /** "Criar lançamento" made the installment it settles (0/1). */
  lancamentoCriado: number;
}

const TRANSACTION_COLUMNS = `b.id, b.fitid, b.data, b.valor, b.descricao, ${SITUACAO_SQL} AS situacao, b.sugestao_tipo AS sugestaoTipo,
  b.sugestao_id AS sugestaoId, b.sugestao_confianca AS sugestaoConfianca, b.sugestao_motivo AS sugestaoMotivo,
  b.receivable_id AS receivableId, b.payable_id AS payableId, b.sugestao_parcelas AS sugestaoParcelas, b.lancamento_criado AS lancamentoCriado`;

// A statement's transactions, and the installments beside them.
const TRANSACTION_PAGE = {
  all: sql<StoredTransaction, { s: number; limit: number; offset: number }>(
    `SELECT ${TRANSACTION_COLUMNS} FROM bank_transactions b JOIN statement_lines l ON l.transaction_id = b.id
      WHERE l.statement_id = +$s ORDER BY l.ordem LIMIT $limit OFFSET $offset`,
  ),
  bySituacao: sql<StoredTransaction, { s: number; situacao: Situacao; limit: number; offset: number }>(
    `SELECT ${TRANSACTION_COLUMNS} FROM bank_transactions b JOIN statement_lines l ON l.transaction_id = b.id
      WHERE l.statement_id = +$s AND ${SITUACAO_SQL} = $situacao ORDER BY l.ordem LIMIT $limit OFFSET $offset`,
  ),
};
const TRANSACTION_TOTAL = {
  all: sql<{ n: number }, { s: number }>(
    "SELECT count(*) AS n FROM bank_transactions b JOIN statement_lines l ON l.transaction_id = b.id WHERE l.statement_id = +$s",
  ),
  bySituacao: sql<{ n: number }, { s: number; situacao: Situacao }>(
    `SELECT count(*) AS n FROM bank_transactions b JOIN statement_lines l ON l.transaction_id = b.id WHERE l.statement_id = +$s AND ${SITUACAO_SQL} = $situacao`,
  ),
};
const TRANSACTION = sql<StoredTransaction, { s: number; t: number }>(
  `SELECT ${TRANSACTION_COLUMNS} FROM bank_transactions b JOIN statement_lines l ON l.transaction_id = b.id WHERE l.statement_id = +$s AND b.id = +$t`,
);
const MATCH = bySide((side, { table, party, column }) =>
  sql<Omit<MatchJson, "tipo" | "valor"> & { valor: Cents }, { id: number; today: string }>(
    `SELECT r.id, p.nome AS parte, r.numeros_parcela AS numerosParcela, ${side === "receivable" ? "r.competencia" : "NULL"} AS competencia, r.descricao, r.data_vencimento AS dataVencimento, r.valor,
            ${statusCaseSql("r", "$today")} AS status
       FROM ${table} r JOIN ${party} p ON p.id = r.${column} WHERE r.id = +$id`,
  ),
);
// Confirming: the installment, the link.
// The balance as `valor` (issue 34: what a line pays), the face value and the last payment's date for its fees.
const INSTALLMENT = bySide((_side, { table, column }) =>
  sql<{ valor: Cents; face: Cents; ultimoPagamento: string | null; status: string; dataVencimento: string; partyId: number }, { id: number }>(
    `SELECT valor - principal_pago - desconto AS valor, valor AS face, CASE WHEN principal_pago > 0 THEN data_pagamento END AS ultimoPagamento,
            status, data_vencimento AS dataVencimento, ${column} AS partyId FROM ${table} WHERE id = $id`,
  ),
);
const LINK = bySide((side) =>
  sql<never, { id: number; now: string; t: number }>(`UPDATE bank_transactions SET ${side}_id = $id, ignorada = 0, conciliada_em = $now WHERE id = $t`),
);
const SUGGESTED_LINES = sql<{ id: number }, { s: number; wanted: string }>(
  `SELECT b.id FROM bank_transactions b JOIN statement_lines l ON l.transaction_id = b.id
        WHERE l.statement_id = +$s AND ${SITUACAO_SQL} = 'sugerida' AND b.sugestao_confianca IN (SELECT value FROM json_each($wanted)) ORDER BY l.ordem`,
);
const IGNORE = sql<never, { t: number }>("UPDATE bank_transactions SET ignorada = 1 WHERE id = $t");
const UNIGNORE = sql<never, { t: number }>("UPDATE bank_transactions SET ignorada = 0 WHERE id = $t");
const LINE_PAYMENTS = sql<{ id: number; receivableId: number | null; payableId: number | null }, { t: number }>(
  "SELECT id, receivable_id AS receivableId, payable_id AS payableId FROM payments WHERE bank_transaction_id = $t ORDER BY id DESC",
);
const UNLINK = sql<never, { t: number }>("UPDATE bank_transactions SET receivable_id = NULL, payable_id = NULL, conciliada_em = NULL, lancamento_criado = 0 WHERE id = $t");
// A person's choice: open installments of a side no line settled, the closest amount first; by the party's name when typed.
const candidatesSql = (_side: Side, { table, party, column }: (typeof SIDES)[Side], named: boolean) =>
  `SELECT r.id FROM ${table} r JOIN ${party} p ON p.id = r.${column}
      WHERE r.status = 'em_aberto'
        ${named ? "AND p.busca LIKE $q ESCAPE '\\'" : ""}
      ORDER BY abs(r.valor - $amount), r.data_vencimento, r.id LIMIT 20`;
const CANDIDATES = bySide((side, t) => ({
  any: sql<{ id: number }, { amount: number }>(candidatesSql(side, t, false)),
  named: sql<{ id: number }, { amount: number; q: string }>(candidatesSql(side, t, true)),
}));

/** An installment as the screen shows it beside a transaction. */
function matchJson(db: Db, tipo: "receivable" | "payable", id: number): MatchJson | null {
  const row = MATCH[tipo].get(db, { id, today: today() });
  return row ? { ...row, tipo, valor: centsToDecimal(row.valor) } : null;
}

function transactionJson(db: Db, t: StoredTransaction): TransactionJson {
  const settled = t.receivableId ? matchJson(db, "receivable", t.receivableId) : t.payableId ? matchJson(db, "payable", t.payableId) : null;
  const match = t.situacao === "sugerida" && t.sugestaoTipo && t.sugestaoId ? matchJson(db, t.sugestaoTipo, t.sugestaoId) : null;
  const suggested = match ? withDue(db, t.sugestaoTipo!, match, t.data) : null;
  const ids = suggested ? suggestedIds(t) : [];
  const sum =
    ids.length > 1
      ? ids
          .map((id) => matchJson(db, t.sugestaoTipo!, id))
          .filter((m): m is MatchJson => m !== null)
          .map((m) => withDue(db, t.sugestaoTipo!, m, t.data))
      : [];
  return {
    id: t.id,
    fitid: t.fitid,
    data: t.data,
    valor: t.valor < 0 ? `-${centsToDecimal(-t.valor as Cents)}` : centsToDecimal(t.valor as Cents),
    tipo: t.valor < 0 ? "debito" : "credito",
    descricao: t.descricao,
    situacao: t.situacao,
    sugestao:
      t.situacao === "sugerida" && t.sugestaoTipo && t.sugestaoId
        ? { tipo: t.sugestaoTipo, id: t.sugestaoId, confianca: t.sugestaoConfianca!, motivo: t.sugestaoMotivo ?? "", ...(ids.length > 1 ? { parcelas: ids } : {}) }
        : null,
    conciliadaCom: settled,
    sugerida: suggested,
    sugeridas: sum,
    devido: suggested && t.sugestaoTipo ? owedOn(db, t.sugestaoTipo, ids, t.data) : null,
    lancamentoCriado: t.situacao === "conciliada" && t.lancamentoCriado === 1,
  };
}

/** The installment with what settles it on `day` (an unpaid one; a paid one as it is). */
function withDue(db: Db, side: Side, match: MatchJson, day: string): MatchJson {
  const devido = owedOn(db, side, [match.id], day);
  return devido === null ? match : { ...match, devido };
}

/** What settles `ids` on `day` (a receivable's balance plus fees; a payable's balance), as money. */
function owedOn(db: Db, side: Side, ids: number[], day: string): string | null {
  const rates = feeRates(db);
  let total = 0;
  for (const id of ids) {
    const row = INSTALLMENT[side].get(db, { id });
    if (!row || row.status === "pago") return null;
    total += side === "receivable" ? dueOn(row, day, rates).total : row.valor;
  }
  return centsToDecimal(cents(total));
}

/** GET /api/statements/:id/transactions: one page in the file's order, filtered by situation. */
export function listTransactions(db: Db, statementId: number, query: TransactionQuery): ListPage<TransactionJson> {
  getStatementRow(db, statementId);
  const { limit, offset } = limitOffset(query);
  const s = statementId;
  const situacao = query.situacao;
  const rows = situacao ? TRANSACTION_PAGE.bySituacao.all(db, { s, situacao, limit, offset }) : TRANSACTION_PAGE.all.all(db, { s, limit, offset });
  // A count always gives its row.
  const { n } = (situacao ? TRANSACTION_TOTAL.bySituacao.get(db, { s, situacao }) : TRANSACTION_TOTAL.all.get(db, { s }))!;
  return { rows: rows.map((t) => transactionJson(db, t)), total: n };
}

function getStatementRow(db: Db, id: number) {
  if (!STATEMENT_EXISTS.get(db, { id })) throw notFound(STATEMENT_NOT_FOUND);
}

export function transactionOf(db: Db, statementId: number, transactionId: number): StoredTransaction {
  getStatementRow(db, statementId);
  const t = TRANSACTION.get(db, { s: statementId, t: transactionId });
  if (!t) throw notFound(TRANSACTION_NOT_FOUND);
  return t;
}

/** What a person chose when confirming a line (POST …/confirm). */
export interface ConfirmChoice {
  receivableId?: number;
  payableId?: number;
  /** Several installments of one party paid by this one line (issue 34 §2), oldest first. */
  parcelas?: number[];
  /** A line below what is due: a partial payment (the balance stays open) or a discount. */
  tipo?: "parcial" | "desconto";
}

/** A 409 that asks for the choice: what the line pays minus what is due, signed. */
function differenceConflict(diferenca: number): HttpError {
  const text = centsToDecimal(cents(Math.abs(diferenca)));
  const message =
    diferenca < 0
      ? `O valor da transação é R$ ${text.replace(".", ",")} menor que o devido: escolha pagamento parcial ou quitar com desconto`
      : `O valor da transação é R$ ${text.replace(".", ",")} maior que o devido`;
  return conflict(message, { diferenca: diferenca < 0 ? `-${text}` : text });
}

/**
 * Pays `ids` (one party's installments) with transaction `t` through the ledger (blocking and
 * history inside), oldest due date first, each payment linked to the line (issue 34 §2): every
 * installment but the last is paid in full (its balance plus the fees on it as of the line's
 * date); the last takes what is left — more than due is kept as fees, as before; less needs
 * `tipo` (parcial or desconto), else a 409 with the difference. `exactOnly` (the bulk
 * confirmation): anything but exactly what is due is refused, for a person to choose.
 */
function settle(
  db: Db,
  actor: Actor,
  statementId: number,
  t: StoredTransaction,
  side: Side,
  ids: number[],
  graceDays: number,
  tipo?: "parcial" | "desconto",
  exactOnly = false,
) {
  if (t.situacao === "conciliada") throw conflict("Esta transação já está conciliada");
  if (side === "receivable" ? t.valor <= 0 : t.valor >= 0) {
    throw conflict(side === "receivable" ? "Um débito não paga uma parcela a receber" : "Um crédito não paga uma conta a pagar");
  }
  if (new Set(ids).size !== ids.length) throw badRequest("Parcela repetida na escolha", { parcelas: "Parcela repetida" });
  const rates = feeRates(db);
  const rows = ids.map((id) => {
    const row = INSTALLMENT[side].get(db, { id });
    if (!row) throw notFound(side === "receivable" ? "Parcela não encontrada" : "Conta não encontrada");
    if (row.status === "pago") throw conflict(side === "receivable" ? "Esta parcela já está paga" : "Esta conta já está paga");
    return { id, ...row };
  });
  if (rows.some((row) => row.partyId !== rows[0]!.partyId)) {
    throw conflict(side === "receivable" ? "As parcelas escolhidas devem ser do mesmo cliente" : "As contas escolhidas devem ser do mesmo fornecedor");
  }
  if (t.data > today()) throw conflict("A transação tem data futura: não é possível dar baixa");
  rows.sort((a, b) => (a.dataVencimento < b.dataVencimento ? -1 : a.dataVencimento > b.dataVencimento ? 1 : a.id - b.id));
  // What settles each on the line's date: a receivable's balance plus its fees; a payable's balance.
  const dues = rows.map((row) => (side === "receivable" ? dueOn(row, t.data, rates) : { multa: cents(0), juros: cents(0), total: row.valor }));
  const amount = Math.abs(t.valor);
  const owed = dues.reduce((sum, due) => sum + due.total, 0);
  const diferenca = amount - owed;
  if (diferenca !== 0 && exactOnly) throw differenceConflict(diferenca);
  if (diferenca < 0 && !tipo) throw differenceConflict(diferenca);
  const beforeLast = owed - dues.at(-1)!.total;
  if (rows.length > 1 && amount <= beforeLast) {
    throw conflict("O valor da transação não cobre as parcelas escolhidas antes da última: desmarque alguma", { diferenca: `-${centsToDecimal(cents(beforeLast - amount))}` });
  }
  const origem = { conciliacao: { extrato: statementId, fitid: t.fitid, transacao: t.id, ...(rows.length > 1 ? { parcelas: rows.map((row) => row.id) } : {}) } };
  // Linked before the payments: the ledger's payment drops the suggestions of lines not settled
  // (src/api/ledger/bank-lines.ts), and this line keeps its own (undo brings it back to it).
  // The line names the first installment; each payment names the line.
  LINK[side].run(db, { id: rows[0]!.id, now: nowISO(), t: t.id });
  let left = amount;
  rows.forEach((row, at) => {
    const last = at === rows.length - 1;
    const valorPago = cents(last ? left : dues[at]!.total);
    left -= valorPago;
    const ledger = side === "receivable" ? receivables : payables;
    if (side === "receivable") {
      // Paid in full, or the last one: what is over the balance is fees (feesOf: none under it), and
      // with `desconto` what is missing is forgiven (the fees first, then principal as a discount).
      // A partial one pays the fees on the balance first (as Baixar proposes), the rest principal.
      const fees = !last || tipo !== "parcial" ? feesOf(row, valorPago, t.data, rates) : { multa: dues[at]!.multa, juros: dues[at]!.juros };
      ledger.settle(db, actor, row.id, { dataPagamento: t.data, valorPago, ...fees, tipo: last ? tipo : undefined, origem }, graceDays);
    } else {
      ledger.settle(db, actor, row.id, { dataPagamento: t.data, valorPago, tipo: last ? tipo : undefined, origem }, graceDays);
    }
  });
}

function answer(db: Db, statementId: number, transactionId: number, message: string): TransactionAnswer {
  return { message, transaction: transactionJson(db, transactionOf(db, statementId, transactionId)) };
}

/**
 * POST …/confirm: the suggestion, or the installment(s) the person chose ({receivableId} |
 * {payableId} | {parcelas: [...]}, of the line's side), with `tipo` when the line pays less than due.
 */
export async function confirmTransaction(
  db: Db,
  actor: Actor,
  statementId: number,
  transactionId: number,
  choice: ConfirmChoice,
  graceDays: number,
): Promise<TransactionAnswer> {
  db.transaction(
    () => {
      const t = transactionOf(db, statementId, transactionId);
      const chosen: { tipo: Side; ids: number[] } | null = choice.parcelas?.length
        ? { tipo: t.valor < 0 ? "payable" : "receivable", ids: choice.parcelas }
        : choice.receivableId
          ? { tipo: "receivable", ids: [choice.receivableId] }
          : choice.payableId
            ? { tipo: "payable", ids: [choice.payableId] }
            : t.situacao === "sugerida" && t.sugestaoTipo && t.sugestaoId
              ? { tipo: t.sugestaoTipo, ids: suggestedIds(t) }
              : null;
      if (!chosen) throw conflict("Esta transação não tem sugestão: escolha a parcela a conciliar");
      settle(db, actor, statementId, t, chosen.tipo, chosen.ids, graceDays, choice.tipo);
    },
    { behavior: "immediate" },
  );
  // Another transaction's suggestion of this installment no longer holds.
  return afterChange(db, statementId, transactionId, "Transação conciliada");
}

/** The installments a line's suggestion names: one, or a sum of a party's (sugestao_parcelas). */
function suggestedIds(t: StoredTransaction): number[] {
  const ids: unknown = t.sugestaoParcelas ? JSON.parse(t.sugestaoParcelas) : null;
  return Array.isArray(ids) && ids.length > 1 ? ids.filter((id): id is number => Number.isSafeInteger(id)) : [t.sugestaoId!];
}

/**
 * The answer after a confirmation or an undo, committed on its own: the statement's suggestions
 * are refreshed first, a slice at a time (in a statement of 29,000 lines that took 0.2–0.5 s
 * inside the change's transaction, holding the loop). They are suggestions: should the refresh
 * fail (a busy database), the change stands and the next refresh catches up.
 */
export async function afterChange(db: Db, statementId: number, transactionId: number, message: string): Promise<TransactionAnswer> {
  try {
    await refreshSuggestionsInSlices(db, statementId);
  } catch {
    // left for the next refresh
  }
  return answer(db, statementId, transactionId, message);
}

/**
 * POST …/confirm-suggestions {confianca: "alta"}: every suggestion of that confidence, in short
 * transactions a slice of time each (a statement of 2,000 credits held the event loop 0.59 s in
 * one). Each bank line is atomic on its own — its payment, blocking, history and link commit
 * together or not at all (a savepoint per line) — and is re-read when its turn comes: a line
 * whose suggestion stopped holding meanwhile (the installment paid by hand, the line undone) or
 * that the ledger refuses (a 4xx: a posting dated after today) is left as it is, counted apart
 * in the answer, never settled on stale facts; the others are confirmed.
 */
export async function confirmSuggestions(db: Db, actor: Actor, statementId: number, confianca: "alta" | "media", graceDays: number): Promise<BulkConfirmAnswer> {
  getStatementRow(db, statementId);
  await refreshSuggestionsInSlices(db, statementId);
  const wanted = confianca === "alta" ? ["alta"] : ["alta", "media"];
  const ids = SUGGESTED_LINES.all(db, { s: statementId, wanted: JSON.stringify(wanted) }).map((row) => row.id);
  let n = 0;
  let skipped = 0;
  let escolher = 0;
  for (let at = 0; at < ids.length; ) {
    const clock = sliceClock();
    db.transaction(
      () => {
        do {
          const t = transactionOf(db, statementId, ids[at++]!);
          if (t.situacao !== "sugerida" || !t.sugestaoTipo || !t.sugestaoId || !wanted.includes(t.sugestaoConfianca ?? "")) {
            skipped++;
            continue;
          }
          try {
            // Only what is exactly due: a line that differs needs a person's choice (issue 34 §2).
            db.$client.transaction(() => settle(db, actor, statementId, t, t.sugestaoTipo!, suggestedIds(t), graceDays, undefined, true))();
            n++;
          } catch (error) {
            // The line's facts changed since the suggestion (a conflict): left for the person to see.
            if (!(error instanceof HttpError) || error.status >= 500) throw error;
            // Its amount differs from what is due now: a person chooses partial or discount.
            if (error.extra?.diferenca !== undefined) escolher++;
            else skipped++;
          }
        } while (at < ids.length && !clock.over());
      },
      { behavior: "immediate" },
    );
    if (at < ids.length) await turn();
  }
  const done = n ? `${n} ${n === 1 ? "transação conciliada" : "transações conciliadas"}` : "Nenhuma sugestão a confirmar";
  const left = skipped ? `; ${skipped} não ${skipped === 1 ? "pôde ser conciliada (confira a linha)" : "puderam ser conciliadas (confira as linhas)"}` : "";
  const choose = escolher
    ? `; ${escolher} com valor diferente do devido ${escolher === 1 ? "aguarda" : "aguardam"} sua escolha (pagamento parcial ou desconto)`
    : "";
  return { message: done + choose + left, conciliadas: n, escolher };
}

/** POST …/ignore: a transfer between own accounts, a fee — nothing to settle. */
export function ignoreTransaction(db: Db, statementId: number, transactionId: number): TransactionAnswer {
  return db.transaction(
    () => {
      const t = transactionOf(db, statementId, transactionId);
      if (t.situacao === "conciliada") throw conflict("Esta transação está conciliada: desfaça a conciliação antes de ignorá-la");
      IGNORE.run(db, { t: transactionId });
      return answer(db, statementId, transactionId, "Transação ignorada");
    },
    { behavior: "immediate" },
  );
}

/** POST …/undo: a settled one's payment is undone (history and blocking inside); an ignored one is pending again. */
export async function undoTransaction(db: Db, actor: Actor, statementId: number, transactionId: number, graceDays: number): Promise<TransactionAnswer> {
  const situacao = db.transaction(
    () => {
      const t = transactionOf(db, statementId, transactionId);
      if (t.situacao === "conciliada") {
        const origem = { conciliacao: { extrato: statementId, fitid: t.fitid, transacao: t.id } };
        // Every payment the line made (it may have paid several installments, issue 34 §2),
        // newest first. Unlinked before the last: the ledger's undo then finds no line to give
        // back (a ledger-side undo does, and says so in its history), and this line keeps its
        // suggestion; the earlier ones leave the line settled by the rest meanwhile.
        const made = LINE_PAYMENTS.all(db, { t: transactionId });
        made.forEach((payment, at) => {
          if (at === made.length - 1) UNLINK.run(db, { t: transactionId });
          if (payment.receivableId) receivables.undo(db, actor, payment.receivableId, graceDays, origem, payment.id);
          else payables.undo(db, actor, payment.payableId!, graceDays, origem, payment.id);
        });
        if (made.length === 0) UNLINK.run(db, { t: transactionId });
      } else if (t.situacao === "ignorada") {
        UNIGNORE.run(db, { t: transactionId });
      } else {
        throw conflict("Não há conciliação a desfazer nesta transação");
      }
      return t.situacao;
    },
    { behavior: "immediate" },
  );
  return afterChange(db, statementId, transactionId, situacao === "conciliada" ? "Conciliação desfeita" : "Transação de volta às pendentes");
}

/**
 * GET …/candidates?q=: open installments of the transaction's side a person may choose, the
 * closest amount first and, among equal amounts, the oldest due date first (issue 37 §2: a
 * client's months of one fee are paid oldest first, as a person settles debts).
 */
export function candidatesFor(db: Db, statementId: number, transactionId: number, q: string): MatchJson[] {
  const t = transactionOf(db, statementId, transactionId);
  const tipo = t.valor > 0 ? "receivable" : "payable";
  const folded = fold(q.trim());
  const amount = Math.abs(t.valor);
  const rows = folded
    ? CANDIDATES[tipo].named.all(db, { amount, q: `%${folded.replace(/[\\%_]/g, (c) => `\\${c}`)}%` })
    : CANDIDATES[tipo].any.all(db, { amount });
  return rows.map((row) => withDue(db, tipo, matchJson(db, tipo, row.id)!, t.data));
}

