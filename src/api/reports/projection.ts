// Saldo projetado (issue 34 §3): the balance day by day for the next 30, 60 or 90 days, from
// today's balance (every active account's, or the one chosen) plus the open balances of the
// installments by due date — receivables in, payables out. What fell due before today and is
// still open is not assumed to arrive on any day: it is shown apart ("vencidas"). Which accounts
// the open installments count in: docs/decisions.md "Bank accounts' balances". The open balances
// per due date are kept by the writes (`ledger_days`), so this reads at most ~2 rows per day.
import type { Db } from "../../../db/client";
import { badRequest, notFound } from "../../http/errors";
import { today } from "../../lib/clock";
import { addDays } from "../../lib/dates";
import { centsToDecimal } from "../../lib/money";
import { ACCOUNT_NOT_FOUND } from "../accounts/model";
import { accountBalance, accountBalances, consolidatedBalance } from "../accounts/balance";
import { sql } from "../prepared";

export const PROJECTION_DAYS = [30, 60, 90] as const;
export type ProjectionDays = (typeof PROJECTION_DAYS)[number];

/** Open balances whose due date is before today, per side. */
export interface OverdueBalances {
  receber: string;
  parcelasReceber: number;
  pagar: string;
  parcelasPagar: number;
}

const OVERDUE = sql<{ lado: "r" | "p"; emAberto: bigint; abertas: bigint }, { today: string }>(
  `SELECT 'r' AS lado, coalesce(sum(em_aberto), 0) AS emAberto, coalesce(sum(abertas), 0) AS abertas FROM ledger_days WHERE lado = 'r' AND dia < $today
   UNION ALL
   SELECT 'p', coalesce(sum(em_aberto), 0), coalesce(sum(abertas), 0) FROM ledger_days WHERE lado = 'p' AND dia < $today`,
  { exact: true },
);

export function overdueBalances(db: Db): OverdueBalances {
  const rows = OVERDUE.all(db, { today: today() });
  const r = rows.find((row) => row.lado === "r");
  const p = rows.find((row) => row.lado === "p");
  return {
    receber: centsToDecimal(r?.emAberto ?? 0n),
    parcelasReceber: Number(r?.abertas ?? 0n),
    pagar: centsToDecimal(p?.emAberto ?? 0n),
    parcelasPagar: Number(p?.abertas ?? 0n),
  };
}

const OPEN_BY_DAY = sql<{ dia: string; entradas: bigint; saidas: bigint; nr: bigint; np: bigint }, { from: string; to: string }>(
  `SELECT dia, sum(CASE WHEN lado = 'r' THEN em_aberto ELSE 0 END) AS entradas, sum(CASE WHEN lado = 'p' THEN em_aberto ELSE 0 END) AS saidas,
          sum(CASE WHEN lado = 'r' THEN abertas ELSE 0 END) AS nr, sum(CASE WHEN lado = 'p' THEN abertas ELSE 0 END) AS np
     FROM ledger_days WHERE lado IN ('r', 'p') AND dia >= $from AND dia <= $to AND abertas > 0
    GROUP BY dia ORDER BY dia`,
  { exact: true },
);

interface ProjectionDay {
  data: string;
  /** Open balances due that day: receivables (entradas) and payables (saídas). */
  entradas: string;
  saidas: string;
  parcelasReceber: number;
  parcelasPagar: number;
  /** The balance at the end of that day if they are all settled on their due date. */
  saldo: string;
}

export interface Projection {
  dias: ProjectionDays;
  /** Today (the first row) and the last day (today + dias). */
  de: string;
  ate: string;
  /** The account chosen, or null for every active account. */
  conta: { id: number; nome: string; padrao: boolean } | null;
  /** No bank account registered: the balance starts at zero. */
  semContas: boolean;
  /** Today's balance (the payments made so far today included): the start. */
  saldoAtual: string;
  /** Whether the open installments count (every account together, or the default one). */
  incluiEmAberto: boolean;
  /** Overdue open balances, apart (when incluiEmAberto). */
  vencidas: OverdueBalances | null;
  /** Every day from today to `ate`, in order. */
  serie: ProjectionDay[];
  /** The lowest projected balance and its first day. */
  menorSaldo: { data: string; saldo: string };
  saldoFinal: string;
}

/** `dias` from a query: 30 by default; anything but 30, 60 or 90 is a 400. */
export function parseProjectionDays(raw: string | undefined): ProjectionDays {
  if (raw === undefined || raw === "") return 30;
  const n = Number(raw);
  if (!PROJECTION_DAYS.includes(n as ProjectionDays) || !/^\d+$/.test(raw)) throw badRequest("Período inválido: use 30, 60 ou 90 dias");
  return n as ProjectionDays;
}

export function getProjection(db: Db, dias: ProjectionDays, contaId: number | null = null): Projection {
  const day = today();
  const end = addDays(day, dias);
  let start: bigint;
  let conta: Projection["conta"] = null;
  let incluiEmAberto = true;
  let semContas = false;
  if (contaId === null) {
    const balances = accountBalances(db, day);
    semContas = balances.length === 0;
    start = consolidatedBalance(balances);
  } else {
    const account = accountBalance(db, contaId, day);
    if (!account) throw notFound(ACCOUNT_NOT_FOUND);
    start = account.saldo;
    conta = { id: account.id, nome: account.nome, padrao: account.padrao };
    incluiEmAberto = account.padrao && account.ativa;
  }
  const open = incluiEmAberto ? OPEN_BY_DAY.all(db, { from: day, to: end }) : [];
  const byDay = new Map(open.map((row) => [row.dia, row]));
  const serie: ProjectionDay[] = [];
  let saldo = start;
  let lowest = { data: day, saldo: start };
  for (let d = day, i = 0; i <= dias; i++, d = addDays(d, 1)) {
    const row = byDay.get(d);
    if (row) saldo += row.entradas - row.saidas;
    if (i === 0 || saldo < lowest.saldo) lowest = { data: d, saldo };
    serie.push({
      data: d,
      entradas: centsToDecimal(row?.entradas ?? 0n),
      saidas: centsToDecimal(row?.saidas ?? 0n),
      parcelasReceber: Number(row?.nr ?? 0n),
      parcelasPagar: Number(row?.np ?? 0n),
      saldo: centsToDecimal(saldo),
    });
  }
  return {
    dias,
    de: day,
    ate: end,
    conta,
    semContas,
    saldoAtual: centsToDecimal(start),
    incluiEmAberto,
    vencidas: incluiEmAberto ? overdueBalances(db) : null,
    serie,
    menorSaldo: { data: lowest.data, saldo: centsToDecimal(lowest.saldo) },
    saldoFinal: centsToDecimal(saldo),
  };
}
