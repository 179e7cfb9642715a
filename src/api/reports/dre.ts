// The DRE gerencial (issue 36, DECISIONS §13): per month of a period, receitas and despesas by
// group and category, resultado and margem. Two bases:
// - caixa: what changed hands, in the month it was paid (a receivable's fees apart, under the
//   category with papel 'juros', "Juros e multas recebidos");
// - competência: what was billed, in its due month (a subscription's month: its competência);
//   fees exist only once paid, so they stay in their payment month.
// Sums are integers read as bigints (`exact`): the cents add up whatever the period. Each part
// reads its own covering index (migrations 0025 and dre_payment_category, named: with table statistics the planner took the
// status index and fetched 38,000 rows) in its order, summing per day and category first (no sort
// of every row), then per month.
import { withReadDb, type Db } from "../../../db/client";
import { badRequest } from "../../http/errors";
import { inSlices } from "../../http/slices";
import { currentMonth } from "../../lib/clock";
import { addMonthsToMonth, monthRange } from "../../lib/dates";
import { centsToDecimal } from "../../lib/money";
import { sql } from "../prepared";
import { dateBounds, parseMonth, MAX_RANGE_MONTHS, type MonthRange } from "./period";

const DRE_BASES = ["caixa", "competencia"] as const;
export type DreBase = (typeof DRE_BASES)[number];

/**
 * What was paid, each amount in its payment month: (month, category, principal, fees) of every
 * payment (issue 34: several per installment, partial or with a discount) in [$start, $until).
 * The ONE place the DRE reads payments. Each payment carries its installment's category
 * (payments.categoria_id, kept by triggers: migration dre_payment_category), so this reads one
 * covering index in its order — per day and category, then per month — and joins no row: the
 * join to every receivable and payable was ~90% of the DRE's time (docs/decisions.md). `f` is a
 * receivable payment's multa + juros; `v` the rest of what was received or paid (a discount is
 * not money in). A category is of one side, so a (day, category) group holds one side's payments.
 */
const PAID_CTE = `paid(m, c, v, f) AS MATERIALIZED (
  SELECT substr(d, 1, 7), c, sum(v), sum(f) FROM (
    SELECT data_pagamento AS d, categoria_id AS c,
      sum(valor_pago - iif(receivable_id IS NULL, 0, multa + juros)) AS v, sum(iif(receivable_id IS NULL, 0, multa + juros)) AS f
    FROM payments INDEXED BY payments_dre_idx
    WHERE data_pagamento >= $start AND data_pagamento < $until
    GROUP BY data_pagamento, categoria_id
  ) GROUP BY 1, 2
)`;

/** The category fees count under ("Juros e multas recebidos"). */
const FEES_CATEGORY = "(SELECT id FROM categories WHERE papel = 'juros')";

/** `exact`: every integer is a bigint, the category id too. */
type Figure = { m: string; c: bigint | null; v: bigint };
type Bounds = { start: string; until: string; from: string; to: string };

const CAIXA = sql<Figure, Pick<Bounds, "start" | "until">>(
  `WITH ${PAID_CTE},
  figures(m, c, v) AS (
    SELECT m, c, v FROM paid
    UNION ALL SELECT m, ${FEES_CATEGORY}, f FROM paid WHERE f <> 0
  )
  SELECT m, c, sum(v) AS v FROM figures GROUP BY m, c`,
  { exact: true },
);

const COMPETENCIA = sql<Figure, Bounds>(
  `WITH ${PAID_CTE},
  figures(m, c, v) AS (
    SELECT substr(d, 1, 7), c, sum(v) FROM (
      SELECT data_vencimento AS d, categoria_id AS c, sum(valor) AS v FROM receivables INDEXED BY receivables_dre_due_idx
      WHERE subscription_id IS NULL AND data_vencimento >= $start AND data_vencimento < $until GROUP BY data_vencimento, categoria_id
    ) GROUP BY 1, 2
    UNION ALL
    SELECT competencia, categoria_id, sum(valor) FROM receivables INDEXED BY receivables_dre_competencia_idx
      WHERE subscription_id IS NOT NULL AND competencia >= $from AND competencia <= $to GROUP BY competencia, categoria_id
    UNION ALL
    SELECT substr(d, 1, 7), c, sum(v) FROM (
      SELECT data_vencimento AS d, categoria_id AS c, sum(valor) AS v FROM payables INDEXED BY payables_dre_due_idx
      WHERE data_vencimento >= $start AND data_vencimento < $until GROUP BY data_vencimento, categoria_id
    ) GROUP BY 1, 2
    UNION ALL SELECT m, ${FEES_CATEGORY}, f FROM paid WHERE f <> 0
  )
  SELECT m, c, sum(v) AS v FROM figures GROUP BY m, c`,
  { exact: true },
);

interface PlanRow {
  id: number;
  nome: string;
  tipo: "receita" | "despesa";
  grupoId: number | null;
  ativa: number;
  papel: string | null;
}
const PLAN = sql<PlanRow>(
  `SELECT c.id, c.nome, c.tipo, c.grupo_id AS grupoId, c.ativa, c.papel FROM categories c LEFT JOIN categories g ON g.id = c.grupo_id
   ORDER BY coalesce(g.nome_ordem, c.nome_ordem), coalesce(g.id, c.id), c.grupo_id IS NOT NULL, c.nome_ordem, c.id`,
);

export interface DreLine {
  id: number;
  nome: string;
  /** One per month of `meses`, "1234.56". */
  valores: string[];
  total: string;
}
interface DreGroup extends DreLine {
  categorias: DreLine[];
}
interface DreSection {
  grupos: DreGroup[];
  valores: string[];
  total: string;
}
export interface Dre {
  de: string;
  ate: string;
  base: DreBase;
  meses: string[];
  receitas: DreSection;
  despesas: DreSection;
  /** Receitas − despesas. */
  resultado: { valores: string[]; total: string };
  /** The category a receivable's fees count under (papel 'juros'): its figures have no rows of their own. */
  juros: number | null;
  /** Resultado ÷ receitas in %, one decimal ("12.5"); null where there was no receita. */
  margem: { valores: (string | null)[]; total: string | null };
}

/** `?de=&ate=&base=`: both months default to the 12 ending with the current one; at most 36 months. */
export function parseDreQuery(raw: Record<string, string | undefined>): { range: MonthRange; base: DreBase } {
  const base = raw.base || "caixa";
  if (base !== "caixa" && base !== "competencia") throw badRequest("Base inválida: use caixa ou competencia");
  const ate = raw.ate ? parseMonth(raw.ate, "Mês final") : raw.de ? addMonthsToMonth(parseMonth(raw.de, "Mês inicial"), 11) : currentMonth();
  const de = raw.de ? parseMonth(raw.de, "Mês inicial") : addMonthsToMonth(ate, -11);
  if (de > ate) throw badRequest("O mês inicial deve ser anterior ou igual ao mês final");
  if (monthRange(de, ate).length > MAX_RANGE_MONTHS) throw badRequest(`O período pode ter no máximo ${MAX_RANGE_MONTHS} meses`);
  return { range: { from: de, to: ate }, base };
}

/** A period's statement and its parameters, by base. */
function figuresOf(range: MonthRange, base: DreBase) {
  const bounds = { ...dateBounds(range), from: range.from, to: range.to };
  return base === "caixa" ? { statement: CAIXA, params: { start: bounds.start, until: bounds.until } } : { statement: COMPETENCIA, params: bounds };
}

/** The DRE of a short period in one statement (the dashboard's month: ~2 ms at --scale 200). */
export function getDre(db: Db, range: MonthRange, base: DreBase): Dre {
  const { statement, params } = figuresOf(range, base);
  // cast: COMPETENCIA's parameters include CAIXA's; figuresOf pairs each statement with its own.
  return dreOf(range, base, statement.all(db, params as Bounds), PLAN.all(db));
}

/**
 * The DRE of any period without holding the event loop (issue 38 §3): month by month on a reader
 * of its own, in one read transaction (every month of one snapshot), waiting for a turn between
 * slices of ~5 ms like a new request. In one statement, 12 months by competência held the loop
 * 33 ms at --scale 200 (20 by caixa); a month is 1.6–2.5 ms.
 */
export function getDreInTurns(databasePath: string, range: MonthRange, base: DreBase): Promise<Dre> {
  return withReadDb(databasePath, (db) =>
    inSlices(
      (function* () {
        const rows: Figure[] = [];
        for (const month of monthRange(range.from, range.to)) {
          const { statement, params } = figuresOf({ from: month, to: month }, base);
          // cast: as in getDre.
          rows.push(...statement.all(db, params as Bounds));
          yield;
        }
        return dreOf(range, base, rows, PLAN.all(db));
      })(),
    ),
  );
}

/** Every active category (and any inactive one with a figure), months side by side, from the figures (month, category, cents). */
function dreOf(range: MonthRange, base: DreBase, rows: readonly Figure[], plan: readonly PlanRow[]): Dre {
  const meses = monthRange(range.from, range.to);
  const index = new Map(meses.map((m, i) => [m, i]));
  const figures = new Map<number, bigint[]>();
  for (const row of rows) {
    const i = index.get(row.m);
    // Every row has a category (migration 0025's trigger); a month outside the period cannot come back.
    if (i === undefined || row.c === null) continue;
    const c = Number(row.c);
    const line = figures.get(c) ?? meses.map(() => 0n);
    line[i]! += row.v;
    figures.set(c, line);
  }
  const zeros = () => meses.map(() => 0n);
  const section = (tipo: "receita" | "despesa") => {
    const total = zeros();
    const grupos: DreGroup[] = [];
    for (const group of plan.filter((c) => c.tipo === tipo && c.grupoId === null)) {
      const groupTotal = zeros();
      const categorias: DreLine[] = [];
      for (const category of plan.filter((c) => c.grupoId === group.id)) {
        const values = figures.get(category.id);
        if (!values && !category.ativa) continue;
        const line = values ?? zeros();
        line.forEach((v, i) => (groupTotal[i]! += v));
        categorias.push(lineOf(category, line));
      }
      if (!categorias.length && !group.ativa) continue;
      groupTotal.forEach((v, i) => (total[i]! += v));
      grupos.push({ ...lineOf(group, groupTotal), categorias });
    }
    return { grupos, sums: total };
  };
  const receitas = section("receita");
  const despesas = section("despesa");
  const resultado = meses.map((_, i) => receitas.sums[i]! - despesas.sums[i]!);
  const sum = (values: bigint[]) => values.reduce((a, b) => a + b, 0n);
  return {
    de: range.from,
    ate: range.to,
    base,
    meses,
    receitas: { grupos: receitas.grupos, valores: receitas.sums.map(centsToDecimal), total: centsToDecimal(sum(receitas.sums)) },
    despesas: { grupos: despesas.grupos, valores: despesas.sums.map(centsToDecimal), total: centsToDecimal(sum(despesas.sums)) },
    resultado: { valores: resultado.map(centsToDecimal), total: centsToDecimal(sum(resultado)) },
    juros: plan.find((c) => c.papel === "juros")?.id ?? null,
    margem: { valores: meses.map((_, i) => margin(resultado[i]!, receitas.sums[i]!)), total: margin(sum(resultado), sum(receitas.sums)) },
  };
}

function lineOf(category: { id: number; nome: string }, values: bigint[]): DreLine {
  return { id: category.id, nome: category.nome, valores: values.map(centsToDecimal), total: centsToDecimal(values.reduce((a, b) => a + b, 0n)) };
}

/** resultado ÷ receitas × 100, to one decimal, rounded half away from zero, in integers; null without receita. */
export function margin(resultado: bigint, receitas: bigint): string | null {
  if (receitas <= 0n) return null;
  const negative = resultado < 0n;
  const tenths = ((negative ? -resultado : resultado) * 2000n + receitas) / (2n * receitas);
  return `${negative && tenths > 0n ? "-" : ""}${tenths / 10n}.${tenths % 10n}`;
}

/** "Resultado do mês" (the dashboard's card): receitas − despesas paid in the current month, by caixa. */
export function monthResult(db: Db, month = currentMonth()): string {
  return getDre(db, { from: month, to: month }, "caixa").resultado.total;
}
