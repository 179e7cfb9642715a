// Cash flow (DECISIONS §3): one row per month of the range, zeros included, in one statement —
// the months come from a recursive CTE, the running balance from a window sum.
import type { Db } from "../../../db/client";
import { badRequest, notFound } from "../../http/errors";
import { currentMonth, today } from "../../lib/clock";
import { addDays } from "../../lib/dates";
import { centsToDecimal } from "../../lib/money";
import { ACCOUNT_NOT_FOUND } from "../accounts/model";
import { accountBalance } from "../accounts/balance";
import { sql } from "../prepared";
import { overdueBalances, type OverdueBalances } from "./projection";
import { dateBounds, type MonthRange } from "./period";

export interface CashFlowRow {
  month: string;
  valorReceber: string;
  valorPagar: string;
  saldo: string;
  parcelasReceber: number;
  parcelasPagar: number;
  saldoAcumulado: string;
  /** What of valorReceber was received, and what fell due and is still open (likewise pagar). */
  recebido: string;
  receberEmAberto: string;
  pago: string;
  pagarEmAberto: string;
  /**
   * Months before the current one are history: "realizado" when all of it was settled,
   * "em_atraso" while something due then is still open; the current and later ones a forecast.
   */
  situacao: "realizado" | "em_atraso" | "previsto";
}

export interface CashFlowTotals {
  valorReceber: string;
  valorPagar: string;
  saldo: string;
  parcelasReceber: number;
  parcelasPagar: number;
  recebido: string;
  receberEmAberto: string;
  pago: string;
  pagarEmAberto: string;
}

// Paid rows count at the amount that changed hands; unpaid ones at their balance, plus what their
// partial payments brought in (issue 34): face value when nothing was paid. These sums are kept
// per due date by the writes (`ledger_days`, triggers of migration cash_flow_days hold the two
// expressions: settled = CASE WHEN status = 'pago' THEN coalesce(valor_pago, valor) ELSE
// coalesce(valor_pago, 0) END, open = CASE WHEN status = 'pago' THEN 0 ELSE valor − principal_pago
// − desconto END), so the report reads ~30 rows a month, not every installment (issue 38 §3).
const MONTHS_CTE = `WITH RECURSIVE months(m) AS (
  SELECT $from
  UNION ALL
  SELECT strftime('%Y-%m', m || '-01', '+1 month') FROM months WHERE m < $to
)`;

const TAIL = `per_month AS (
  SELECT months.m AS month, coalesce(sum(rs), 0) AS rs, coalesce(sum(ro), 0) AS ro, coalesce(sum(ps), 0) AS ps,
         coalesce(sum(po), 0) AS po, coalesce(sum(nr), 0) AS nr, coalesce(sum(np), 0) AS np
  FROM months LEFT JOIN flows ON flows.m = months.m
  GROUP BY months.m
)
SELECT month, rs, ro, ps, po, nr, np,
       sum(rs + ro - ps - po) OVER (ORDER BY month) AS acumulado,
       sum(rs) OVER () AS totalRs, sum(ro) OVER () AS totalRo, sum(ps) OVER () AS totalPs, sum(po) OVER () AS totalPo,
       sum(nr) OVER () AS totalNr, sum(np) OVER () AS totalNp
FROM per_month
ORDER BY month`;

const CASH_FLOW_SQL = `${MONTHS_CTE},
days AS (
  SELECT dia AS d, liquidado AS rs, em_aberto AS ro, 0 AS ps, 0 AS po, parcelas AS nr, 0 AS np
  FROM ledger_days WHERE lado = 'r' AND dia >= $start AND dia < $until
  UNION ALL
  SELECT dia, 0, 0, liquidado, em_aberto, 0, parcelas
  FROM ledger_days WHERE lado = 'p' AND dia >= $start AND dia < $until
),
flows AS (
  SELECT substr(d, 1, 7) AS m, sum(rs) AS rs, sum(ro) AS ro, sum(ps) AS ps, sum(po) AS po, sum(nr) AS nr, sum(np) AS np
  FROM days GROUP BY m
),
${TAIL}`;

// One bank account (docs/decisions.md "Bank accounts' balances"): what went in and out of it by
// payment date (account_days), and — only for the default account, where a payment goes unless
// someone names another — the open balances falling due from today on ($open = 1). Balances
// overdue before today are not expected on a past date: the page shows them apart.
const ACCOUNT_FLOW_SQL = `${MONTHS_CTE},
days AS (
  SELECT dia AS d, creditos AS rs, 0 AS ro, debitos AS ps, 0 AS po, qtd_creditos AS nr, qtd_debitos AS np
  FROM account_days WHERE conta_id = $conta AND dia >= $start AND dia < $until
  UNION ALL
  SELECT dia, 0, em_aberto, 0, 0, abertas, 0
  FROM ledger_days WHERE $open AND lado = 'r' AND dia >= max($start, $today) AND dia < $until
  UNION ALL
  SELECT dia, 0, 0, 0, em_aberto, 0, abertas
  FROM ledger_days WHERE $open AND lado = 'p' AND dia >= max($start, $today) AND dia < $until
),
flows AS (
  SELECT substr(d, 1, 7) AS m, sum(rs) AS rs, sum(ro) AS ro, sum(ps) AS ps, sum(po) AS po, sum(nr) AS nr, sum(np) AS np
  FROM days GROUP BY m
),
${TAIL}`;

// Every integer as a bigint: sums stay exact (`exact` in src/api/prepared.ts).
interface Row {
  month: string;
  rs: bigint;
  ro: bigint;
  ps: bigint;
  po: bigint;
  nr: bigint;
  np: bigint;
  acumulado: bigint;
  totalRs: bigint;
  totalRo: bigint;
  totalPs: bigint;
  totalPo: bigint;
  totalNr: bigint;
  totalNp: bigint;
}

const CASH_FLOW = sql<Row, { from: string; to: string; start: string; until: string }>(CASH_FLOW_SQL, { exact: true });
const ACCOUNT_FLOW = sql<Row, { from: string; to: string; start: string; until: string; conta: number; open: number; today: string }>(ACCOUNT_FLOW_SQL, {
  exact: true,
});

const money = centsToDecimal;

/** The account a cash flow is about (`conta=<id>`), for the page. */
export interface CashFlowAccount {
  id: number;
  nome: string;
  padrao: boolean;
  /** The account's balance at the end of the day before the range: where saldoAcumulado starts. */
  saldoInicial: string;
  /** Whether the open installments due from today on count in it (the default account only). */
  incluiEmAberto: boolean;
  /** Balances overdue before today (the default account only): not expected on a past date, shown apart. */
  vencidas: OverdueBalances | null;
}

interface CashFlow {
  rows: CashFlowRow[];
  totals: CashFlowTotals;
  /** Null: every account and none, by due date (DECISIONS §3); else that account's money by payment date. */
  conta: CashFlowAccount | null;
}

/**
 * `range` is valid (parseRange): at most 36 months. With `contaId`, that account's flow (its
 * payments by date, starting from its balance; docs/decisions.md); an unknown account is a 404.
 */
export function getCashFlow(db: Db, range: MonthRange, contaId: number | null = null): CashFlow {
  const { start, until } = dateBounds(range);
  let conta: CashFlowAccount | null = null;
  let opening = 0n;
  let result: Row[];
  if (contaId === null) result = CASH_FLOW.all(db, { from: range.from, to: range.to, start, until });
  else {
    const account = accountBalance(db, contaId, addDays(start, -1));
    if (!account) throw notFound(ACCOUNT_NOT_FOUND);
    const open = account.padrao && account.ativa;
    opening = account.saldo;
    result = ACCOUNT_FLOW.all(db, { from: range.from, to: range.to, start, until, conta: contaId, open: open ? 1 : 0, today: today() });
    conta = {
      id: account.id,
      nome: account.nome,
      padrao: account.padrao,
      saldoInicial: money(opening),
      incluiEmAberto: open,
      vencidas: open ? overdueBalances(db) : null,
    };
  }
  const current = currentMonth();
  const rows = result.map((row): CashFlowRow => ({
    month: row.month,
    valorReceber: money(row.rs + row.ro),
    valorPagar: money(row.ps + row.po),
    saldo: money(row.rs + row.ro - row.ps - row.po),
    parcelasReceber: Number(row.nr),
    parcelasPagar: Number(row.np),
    saldoAcumulado: money(opening + row.acumulado),
    recebido: money(row.rs),
    receberEmAberto: money(row.ro),
    pago: money(row.ps),
    pagarEmAberto: money(row.po),
    situacao: row.month >= current ? "previsto" : row.ro + row.po > 0n ? "em_atraso" : "realizado",
  }));
  const first = result[0];
  const t = { rs: first?.totalRs ?? 0n, ro: first?.totalRo ?? 0n, ps: first?.totalPs ?? 0n, po: first?.totalPo ?? 0n };
  const totals: CashFlowTotals = {
    valorReceber: money(t.rs + t.ro),
    valorPagar: money(t.ps + t.po),
    saldo: money(t.rs + t.ro - t.ps - t.po),
    parcelasReceber: Number(first?.totalNr ?? 0),
    parcelasPagar: Number(first?.totalNp ?? 0),
    recebido: money(t.rs),
    receberEmAberto: money(t.ro),
    pago: money(t.ps),
    pagarEmAberto: money(t.po),
  };
  return { rows, totals, conta };
}

/** `conta` from a query: absent or "" is every account (null); else a positive id, or a 400. */
export function parseAccountParam(raw: string | undefined): number | null {
  if (raw === undefined || raw === "") return null;
  if (!/^[1-9]\d{0,14}$/.test(raw)) throw badRequest("Conta inválida: informe o número de uma conta bancária");
  return Number(raw);
}
