// Contas bancárias (issue 34 §3): a few accounts per company, shown whole. Create and edit each in
// one immediate transaction with its history event (as registerWrites does for the registers; an
// account also unsets the previous default in the same transaction, and records that change on
// it); a delete only while nothing names the account (else 409: deactivate it).
import { and, asc, count, desc, eq, isNotNull, ne, sql } from "drizzle-orm";
import { sqliteMessage, type Db, type Tx } from "../../../db/client";
import { bankAccounts, payments, statements, type BankAccountRow } from "../../../db/schema";
import { conflict, HttpError, notFound } from "../../http/errors";
import { bankChoices, bankLabel } from "../../lib/banks";
import { nowISO, today } from "../../lib/clock";
import { accountBalance, accountBalances, accountFilterChoices } from "./balance";
import { centsToDecimal, type Cents } from "../../lib/money";
import { changedFields, recordEvent, type Actor } from "../history/record";
import { sql as prepared } from "../prepared";
import { accountName } from "./names";
import { ACCOUNT_NOT_FOUND, type AccountChoice, type AccountInput, type AccountJson, type BankChoice } from "./model";

const SAME_ACCOUNT = "Esta conta já está cadastrada (mesmo banco, agência e conta)";
const IN_USE = "Conta em uso por pagamentos ou extratos: desative-a em vez de excluir (o histórico e os saldos continuam a mostrá-la)";
const EDITABLE = ["banco", "agencia", "conta", "apelido", "saldoInicial", "saldoInicialData", "padrao", "ativa"] as const;

/** Payments and statements naming each account. */
function accountUses(db: Db | Tx): Map<number, number> {
  const uses = new Map<number, number>();
  for (const table of [payments, statements])
    for (const row of db.select({ id: table.contaId, n: count() }).from(table).where(isNotNull(table.contaId)).groupBy(table.contaId).all())
      if (row.id !== null) uses.set(row.id, (uses.get(row.id) ?? 0) + row.n);
  return uses;
}

function toJson(row: BankAccountRow, emUso: number, saldo: bigint): AccountJson {
  const bancoNome = bankLabel(row.banco);
  return {
    id: row.id,
    banco: row.banco,
    bancoNome,
    agencia: row.agencia,
    conta: row.conta,
    apelido: row.apelido,
    nome: accountName({ ...row, bancoNome }),
    saldoInicial: centsToDecimal(row.saldoInicial as Cents),
    saldoInicialData: row.saldoInicialData,
    padrao: row.padrao,
    ativa: row.ativa,
    emUso,
    saldo: centsToDecimal(saldo),
  };
}

/** GET /api/accounts: the default first, then the active ones, each group by its name. */
export function listAccounts(db: Db): AccountJson[] {
  const uses = accountUses(db);
  const balances = new Map(accountBalances(db, today()).map((b) => [b.id, b.saldo]));
  return db
    .select()
    .from(bankAccounts)
    .orderBy(desc(bankAccounts.padrao), desc(bankAccounts.ativa), asc(bankAccounts.id))
    .all()
    .map((row) => toJson(row, uses.get(row.id) ?? 0, balances.get(row.id) ?? 0n))
    .sort((a, b) => Number(b.padrao) - Number(a.padrao) || Number(b.ativa) - Number(a.ativa) || a.nome.localeCompare(b.nome, "pt-BR"));
}

function getAccount(db: Db | Tx, id: number): AccountJson {
  const row = db.select().from(bankAccounts).where(eq(bankAccounts.id, id)).get();
  if (!row) throw notFound(ACCOUNT_NOT_FOUND);
  return toJson(row, accountUses(db).get(id) ?? 0, accountBalance(db as Db, id, today())?.saldo ?? 0n);
}

// A payment's hot path (issue 34 §3: ≤ 1 ms with blocking): prepared statements, not the builder
// (~55 µs each through it, ~3 µs prepared).
const ACCOUNT_NAME = prepared<{ banco: string; agencia: string; conta: string; apelido: string }, { id: number }>(
  "SELECT banco, agencia, conta, apelido FROM bank_accounts WHERE id = $id",
);
const DEFAULT_ACCOUNT = prepared<{ id: number }>("SELECT id FROM bank_accounts WHERE padrao = 1 AND ativa = 1");
const ACCOUNT_ACTIVE = prepared<{ ativa: 0 | 1 }, { id: number }>("SELECT ativa FROM bank_accounts WHERE id = $id");
const LINE_ACCOUNT = prepared<{ contaId: number }, { t: number }>(
  `SELECT s.conta_id AS contaId FROM statement_lines l JOIN statements s ON s.id = l.statement_id
    WHERE l.transaction_id = $t AND s.conta_id IS NOT NULL ORDER BY s.id DESC LIMIT 1`,
);

/** What names an account in lists and CSVs, by id (null: none). */
export function accountNameOf(db: Db | Tx, id: number | null): string | null {
  if (id === null) return null;
  const row = ACCOUNT_NAME.get(db as Db, { id });
  return row ? accountName({ ...row, bancoNome: bankLabel(row.banco) }) : null;
}


/** The accounts a payment may name: the active ones of the reports' choices (one query), the default first. */
export function accountChoices(db: Db): AccountChoice[] {
  return accountFilterChoices(db)
    .filter((a) => a.ativa)
    .map(({ id, nome, padrao }) => ({ id, nome, padrao }));
}

/** The bank picker's options (server side: the browser gets them as data, never the package). */
export function bankOptions(): BankChoice[] {
  return bankChoices();
}

type WriteInput = AccountInput & { extratoId?: number | null };

/** An immediate transaction; the identity index it may still run into (a race), its 409. */
function write<T>(db: Db, body: () => T): T {
  try {
    return db.transaction(body, { behavior: "immediate" });
  } catch (error) {
    const message = sqliteMessage(error);
    if (message?.includes("bank_accounts.banco")) throw conflict(SAME_ACCOUNT, { errors: { conta: SAME_ACCOUNT } });
    throw error;
  }
}

function checkUnique(tx: Db | Tx, input: AccountInput, ownId: number | null) {
  const clash = tx
    .select({ id: bankAccounts.id })
    .from(bankAccounts)
    .where(and(eq(bankAccounts.banco, input.banco), eq(bankAccounts.agencia, input.agencia), eq(bankAccounts.conta, input.conta), ownId === null ? undefined : ne(bankAccounts.id, ownId)))
    .get();
  if (clash) throw conflict(SAME_ACCOUNT, { errors: { conta: SAME_ACCOUNT } });
}

/** Before an account becomes the default: the previous one stops being it, with its own event. */
function unsetDefault(db: Db, actor: Actor, ownId: number | null) {
  const previous = db
    .select()
    .from(bankAccounts)
    .where(and(eq(bankAccounts.padrao, true), ownId === null ? undefined : ne(bankAccounts.id, ownId)))
    .get();
  if (!previous) return;
  db.update(bankAccounts).set({ padrao: false, updatedAt: nowISO() }).where(eq(bankAccounts.id, previous.id)).run();
  const label = accountName({ ...previous, bancoNome: bankLabel(previous.banco) });
  recordEvent(db, actor, { action: "update", entity: "bank_account", entityId: previous.id, label, details: { alteracoes: { padrao: [true, false] } } });
}

const snapshot = (a: AccountJson) => ({ banco: a.bancoNome, agencia: a.agencia, conta: a.conta, apelido: a.apelido, saldoInicial: a.saldoInicial, saldoInicialData: a.saldoInicialData, padrao: a.padrao, ativa: a.ativa });
const inactiveDefault = () => new HttpError(422, "Uma conta inativa não pode ser a conta padrão", { padrao: "Desmarque “Conta padrão” ou mantenha a conta ativa" });

/** POST /api/accounts; with `extratoId`, the statement it was asked from is attached to it in the same transaction. */
export function createAccount(db: Db, actor: Actor, input: WriteInput): AccountJson {
  return write(db, () => {
    checkUnique(db, input, null);
    if (input.padrao && !input.ativa) throw inactiveDefault();
    if (input.padrao) unsetDefault(db, actor, null);
    const now = nowISO();
    const { extratoId, ...fields } = input;
    const { id } = db.insert(bankAccounts).values({ ...fields, createdAt: now, updatedAt: now }).returning({ id: bankAccounts.id }).get();
    if (extratoId) attach(db, extratoId, id);
    const account = getAccount(db, id);
    recordEvent(db, actor, { action: "create", entity: "bank_account", entityId: id, label: account.nome, details: { registro: snapshot(account) } });
    return account;
  });
}

/** PATCH /api/accounts/:id: the whole form. */
export function updateAccount(db: Db, actor: Actor, id: number, input: AccountInput): AccountJson {
  return write(db, () => {
    const before = getAccount(db, id);
    checkUnique(db, input, id);
    if (input.padrao && !input.ativa) throw inactiveDefault();
    if (input.padrao && !before.padrao) unsetDefault(db, actor, id);
    db.update(bankAccounts)
      .set({ ...input, updatedAt: nowISO() })
      .where(eq(bankAccounts.id, id))
      .run();
    const after = getAccount(db, id);
    const alteracoes = changedFields({ ...before, banco: before.bancoNome }, { ...after, banco: after.bancoNome }, EDITABLE);
    if (Object.keys(alteracoes).length) recordEvent(db, actor, { action: "update", entity: "bank_account", entityId: id, label: after.nome, details: { alteracoes } });
    return after;
  });
}

/** DELETE /api/accounts/:id: only an account nothing names (a mistaken one); else 409, deactivate it. */
export function deleteAccount(db: Db, actor: Actor, id: number): void {
  try {
    db.transaction(
      () => {
        const account = getAccount(db, id);
        if (account.emUso > 0) throw conflict(IN_USE);
        db.delete(bankAccounts).where(eq(bankAccounts.id, id)).run();
        recordEvent(db, actor, { action: "delete", entity: "bank_account", entityId: id, label: account.nome, details: { registro: snapshot(account) } });
      },
      { behavior: "immediate" },
    );
  } catch (error) {
    if (sqliteMessage(error)?.includes("FOREIGN KEY")) throw conflict(IN_USE);
    throw error;
  }
}

/**
 * The account a manual payment names (issue 34 §3): the one chosen, which must be an active
 * account (else 422), or — none chosen — the default account (none: no account).
 */
export function paymentAccount(db: Db | Tx, contaId: number | null | undefined): number | null {
  if (contaId == null) return DEFAULT_ACCOUNT.get(db as Db)?.id ?? null;
  const row = ACCOUNT_ACTIVE.get(db as Db, { id: contaId });
  if (!row) throw new HttpError(422, "Conta bancária não encontrada: escolha uma conta cadastrada", { contaId: "Escolha uma conta cadastrada" });
  if (!row.ativa) throw new HttpError(422, "Esta conta bancária está desativada: escolha uma conta ativa", { contaId: "Escolha uma conta ativa" });
  return contaId;
}

/** How an account number compares: letters and digits only, upper case, without leading zeros ("0001234-5" = "12345"). */
const numberKey = (text: string | null) => (text ?? "").toUpperCase().replace(/[^0-9A-Z]/g, "").replace(/^0+/, "");

/**
 * The account a statement's numbers belong to (issue 34 §3): the account with the same bank,
 * branch and number (compared without punctuation and leading zeros: banks write them
 * differently in the OFX and on paper), else the account an earlier statement with the same
 * numbers was attached to (a person chose it once). null: ask.
 */
export function accountForNumbers(db: Db | Tx, numbers: { banco: string; agencia: string | null; conta: string }): number | null {
  const agencia = numberKey(numbers.agencia);
  const conta = numberKey(numbers.conta);
  const candidates = db.select().from(bankAccounts).where(eq(bankAccounts.banco, numbers.banco)).all();
  // A statement without a branch matches an account by its number alone (and the other way round).
  const found = candidates.find((a) => numberKey(a.conta) === conta && (numberKey(a.agencia) === agencia || agencia === "" || numberKey(a.agencia) === ""));
  if (found) return found.id;
  const earlier = db
    .select({ contaId: statements.contaId })
    .from(statements)
    .where(and(eq(statements.banco, numbers.banco), eq(statements.conta, numbers.conta), sql`coalesce(${statements.agencia}, '') = ${numbers.agencia ?? ""}`, isNotNull(statements.contaId)))
    .orderBy(desc(statements.id))
    .limit(1)
    .get();
  return earlier?.contaId ?? null;
}

/**
 * A statement (and every other one with the same numbers still without an account) attached to
 * `contaId`, and the payments their lines made take it (a reconciled payment is in its
 * statement's account). Inside the caller's transaction.
 */
function attach(db: Db | Tx, statementId: number, contaId: number) {
  const statement = db.select({ banco: statements.banco, agencia: statements.agencia, conta: statements.conta }).from(statements).where(and(eq(statements.id, statementId), ne(statements.importadoEm, ""))).get();
  if (!statement) throw notFound("Extrato não encontrado");
  db.update(statements)
    .set({ contaId })
    .where(
      sql`${statements.id} = ${statementId} OR (${statements.contaId} IS NULL AND ${statements.banco} = ${statement.banco} AND ${statements.conta} = ${statement.conta}
          AND coalesce(${statements.agencia}, '') = ${statement.agencia ?? ""})`,
    )
    .run();
  db.run(sql`UPDATE payments SET conta_id = ${contaId} WHERE conta_id IS NULL AND bank_transaction_id IN
    (SELECT l.transaction_id FROM statement_lines l JOIN statements s ON s.id = l.statement_id WHERE s.conta_id = ${contaId})`);
}

/** POST /api/statements/:id/account {contaId}: the statement's account chosen by a person (an active one). */
export function attachStatement(db: Db, statementId: number, contaId: number): AccountJson {
  return write(db, () => {
    const current = db.select({ contaId: statements.contaId }).from(statements).where(and(eq(statements.id, statementId), ne(statements.importadoEm, ""))).get();
    if (!current) throw notFound("Extrato não encontrado");
    const row = db.select({ ativa: bankAccounts.ativa }).from(bankAccounts).where(eq(bankAccounts.id, contaId)).get();
    if (!row) throw new HttpError(422, "Conta bancária não encontrada: escolha uma conta cadastrada", { contaId: "Escolha uma conta cadastrada" });
    if (!row.ativa) throw new HttpError(422, "Esta conta bancária está desativada: escolha uma conta ativa", { contaId: "Escolha uma conta ativa" });
    if (current.contaId != null && current.contaId !== contaId) throw conflict("Este extrato já está ligado a outra conta");
    attach(db, statementId, contaId);
    return getAccount(db, contaId);
  });
}

/** The account a reconciled payment takes: its bank line's statement's (null while that statement has none). */
export function accountOfLine(db: Db | Tx, transactionId: number): number | null {
  return LINE_ACCOUNT.get(db as Db, { t: transactionId })?.contaId ?? null;
}


