// Bank accounts' balances (issue 34 §3, docs/decisions.md "Bank accounts' balances"): the one home
// of "an account's balance on a day", read by the balances API, the statements' LEDGERBAL
// comparison, the cash flow by account and the projected balance.
//
// balance(day) = saldoInicial + credits − debits of the account's payments dated after
// saldoInicialData up to `day`. The opening balance is the balance at the END of its date, so a
// payment dated on the opening day is already in it and does not count again. For a day before
// the opening date the same rule runs backwards: saldoInicial − (credits − debits) after `day`
// up to the opening date (so a statement older than the opening still has a comparison).
// The sums read `account_days` (kept by triggers on payments, migration cash_flow_days): a few
// hundred rows per account-year, whatever the number of payments.
import type { Db } from "../../../db/client";
import { badRequest, notFound } from "../../http/errors";
import { today } from "../../lib/clock";
import { bankLabel } from "../../lib/banks";
import { ACCOUNT_NOT_FOUND } from "./model";
import { accountName } from "./names";
import { isAcceptedDate } from "../../lib/dates";
import { centsToDecimal } from "../../lib/money";
import { sql } from "../prepared";

interface AccountBalance {
  id: number;
  /** The account's name: its apelido, else bank, branch and number. */
  nome: string;
  ativa: boolean;
  padrao: boolean;
  saldoInicialData: string;
  /** Balance at the end of the day asked for, cents (bigint: exact). */
  saldo: bigint;
}

interface AccountRow {
  id: number;
  banco: string;
  agencia: string;
  conta: string;
  apelido: string;
  ativa: bigint;
  padrao: bigint;
  saldoInicialData: string;
  saldo: bigint;
}

// The net movement between the opening date and the day, signed by the direction (see above).
const BALANCE_EXPR = `a.saldo_inicial + coalesce((
    SELECT sum(CASE WHEN d.dia > a.saldo_inicial_data THEN d.creditos - d.debitos ELSE d.debitos - d.creditos END)
      FROM account_days d
     WHERE d.conta_id = a.id AND d.dia > min(a.saldo_inicial_data, $dia) AND d.dia <= max(a.saldo_inicial_data, $dia)), 0)`;

const COLUMNS = `a.id, a.banco, a.agencia, a.conta, a.apelido, a.ativa, a.padrao, a.saldo_inicial_data AS saldoInicialData, ${BALANCE_EXPR} AS saldo`;

const ALL_BALANCES = sql<AccountRow, { dia: string }>(`SELECT ${COLUMNS} FROM bank_accounts a ORDER BY a.padrao DESC, a.id`, { exact: true });
const ONE_BALANCE = sql<AccountRow, { dia: string; id: number }>(`SELECT ${COLUMNS} FROM bank_accounts a WHERE a.id = $id`, { exact: true });

/** An account's name where a person reads it (the selector, the statement's card): names.ts's rule. */
const nameOf = (a: { apelido: string; banco: string; agencia: string; conta: string }) => accountName({ ...a, bancoNome: bankLabel(a.banco) });

function toBalance(row: AccountRow): AccountBalance {
  return {
    id: Number(row.id),
    nome: nameOf(row),
    ativa: row.ativa === 1n,
    padrao: row.padrao === 1n,
    saldoInicialData: row.saldoInicialData,
    saldo: row.saldo,
  };
}

/** Every account's balance at the end of `day` (active ones first by default, then the rest). */
export function accountBalances(db: Db, day: string): AccountBalance[] {
  return ALL_BALANCES.all(db, { dia: day }).map(toBalance);
}

/** One account's balance at the end of `day`; null when there is no such account. */
export function accountBalance(db: Db, id: number, day: string): AccountBalance | null {
  const row = ONE_BALANCE.get(db, { dia: day, id });
  return row ? toBalance(row) : null;
}

/** The consolidated balance: the sum over active accounts (an inactive one is closed, its money gone elsewhere). */
export function consolidatedBalance(balances: AccountBalance[]): bigint {
  return balances.reduce((sum, a) => (a.ativa ? sum + a.saldo : sum), 0n);
}

/** GET /api/accounts/balances's answer. */
interface BalancesJson {
  data: string;
  contas: { id: number; nome: string; ativa: boolean; padrao: boolean; saldo: string }[];
  /** Sum over active accounts. */
  consolidado: string;
}

/** `data` (YYYY-MM-DD, default today) read from the query, or a 400. */
export function parseBalanceDay(raw: string | undefined): string {
  if (raw === undefined || raw === "") return today();
  if (!isAcceptedDate(raw)) throw badRequest("Data inválida: use AAAA-MM-DD, entre 1900 e 2199");
  return raw;
}

export function balancesJson(db: Db, day: string): BalancesJson {
  const balances = accountBalances(db, day);
  return {
    data: day,
    contas: balances.map(({ id, nome, ativa, padrao, saldo }) => ({ id, nome, ativa, padrao, saldo: centsToDecimal(saldo) })),
    consolidado: centsToDecimal(consolidatedBalance(balances)),
  };
}

/** GET /api/accounts/:id/balance: one account, 404 when unknown. */
export function balanceJson(db: Db, id: number, day: string): BalancesJson["contas"][number] & { data: string } {
  const balance = accountBalance(db, id, day);
  if (!balance) throw notFound(ACCOUNT_NOT_FOUND);
  const { nome, ativa, padrao, saldo } = balance;
  return { id, nome, ativa, padrao, saldo: centsToDecimal(saldo), data: day };
}

/**
 * The statement's closing balance (LEDGERBAL) beside Cofre's balance of its account on that day.
 * Null when the file had no LEDGERBAL or the statement has no account yet.
 */
export interface LedgerComparison {
  contaId: number;
  conta: string;
  data: string;
  /** The bank's closing balance, Cofre's, and banco − Cofre (0.00 when they agree). */
  saldoBanco: string;
  saldoCofre: string;
  diferenca: string;
}

const STATEMENT_LEDGER = sql<{ contaId: number | null; saldo: number | null; saldoData: string | null }, { id: number }>(
  "SELECT conta_id AS contaId, saldo, saldo_data AS saldoData FROM statements WHERE id = $id",
);

export function ledgerComparison(db: Db, statementId: number): LedgerComparison | null {
  const s = STATEMENT_LEDGER.get(db, { id: statementId });
  if (!s || s.contaId === null || s.saldo === null || s.saldoData === null) return null;
  const account = accountBalance(db, s.contaId, s.saldoData);
  if (!account) return null;
  const bank = BigInt(s.saldo);
  return {
    contaId: account.id,
    conta: account.nome,
    data: s.saldoData,
    saldoBanco: centsToDecimal(bank),
    saldoCofre: centsToDecimal(account.saldo),
    diferenca: centsToDecimal(bank - account.saldo),
  };
}

/** An account as a report's filter offers it ("Conta: Todas | …"): active ones first, the default first among them, then by name. */
export interface AccountFilterChoice {
  id: number;
  nome: string;
  ativa: boolean;
  padrao: boolean;
}

const CHOICES = sql<{ id: number; banco: string; agencia: string; conta: string; apelido: string; ativa: number; padrao: number }>(
  "SELECT id, banco, agencia, conta, apelido, ativa, padrao FROM bank_accounts",
);

export function accountFilterChoices(db: Db): AccountFilterChoice[] {
  return CHOICES.all(db)
    .map((a) => ({ id: a.id, nome: nameOf(a), ativa: a.ativa === 1, padrao: a.padrao === 1 }))
    .sort((a, b) => Number(b.ativa) - Number(a.ativa) || Number(b.padrao) - Number(a.padrao) || a.nome.localeCompare(b.nome, "pt-BR"));
}
