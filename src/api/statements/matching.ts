// Matching (issue 19, DECISIONS §9): a credit against open receivables, a debit against open
// payables. A candidate's amount is its face value or the face value plus Cofre's own late fees
// for that payment date; its due date lies between 10 days after and 60 days before the posting.
// Confidence: `alta` when exactly one candidate's party is named in NAME/MEMO (its name's
// distinctive words, or its CNPJ's digits); `media` when amount and date leave one candidate;
// otherwise nothing is suggested. One to one: an installment is suggested to one transaction at
// most (earliest posting first), and never one already settled by another.
import type { Db } from "../../../db/client";
import { addDays } from "../../lib/dates";
import { balanceDue, DEFAULT_RATES, type FeeRates } from "../../lib/fees";
import { cents, type Cents } from "../../lib/money";
import { fold } from "../../lib/text";
import { sql } from "../prepared";
import type { Confianca } from "./model";

const WINDOW_BEFORE_DUE = 10;
const WINDOW_AFTER_DUE = 60;

export interface OpenInstallment {
  id: number;
  /** The balance (face − principal paid − discounts, issue 34): what a line is matched against. */
  valor: Cents;
  /** The face value and the last payment's date, for the fees on the balance (lib/fees.ts balanceDue). */
  face: Cents;
  ultimoPagamento: string | null;
  partyId: number;
  dataVencimento: string;
  partyName: string;
  cnpj: string | null;
}

export interface Matchable {
  id: number;
  data: string;
  /** Signed cents. */
  valor: number;
  busca: string;
}

interface Suggestion {
  transactionId: number;
  tipo: "receivable" | "payable";
  id: number;
  /** A sum of one party's installments (issue 34 §2), oldest first; `id` is the first. */
  parcelas?: number[];
  confianca: Confianca;
  motivo: string;
}

// Words of a company name that name no one in particular.
const COMMON = new Set(
  "ltda me epp eireli sa s/a cia comercio comercial servicos servico industria de da do das dos e em com para the and loja grupo".split(" "),
);

/** The distinctive words of a party's name ("Padaria Pão Quente Ltda" → padaria, pao, quente). */
function nameTokens(name: string): string[] {
  return fold(name)
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length >= 3 && !COMMON.has(word));
}

/** Whether NAME/MEMO names the party: every distinctive word of a short name, or three of a long one; or the CNPJ's digits. */
function namesParty(busca: string, partyName: string, cnpj: string | null): boolean {
  return namesIn(describe(busca), nameTokens(partyName), cnpj);
}

/** NAME/MEMO (folded) as namesParty reads it: its words and its digits. */
interface Described {
  words: Set<string>;
  digits: string;
}
const describe = (busca: string): Described => ({ words: new Set(busca.split(/[^a-z0-9]+/)), digits: busca.replace(/\D/g, "") });

/** namesParty with the posting's words and the party's tokens read once (a posting may have thousands of candidates). */
function namesIn({ words, digits }: Described, tokens: string[], cnpj: string | null): boolean {
  if (cnpj && cnpj.length >= 8 && digits.includes(cnpj.replace(/\D/g, ""))) return true;
  if (tokens.length === 0) return false;
  const found = tokens.filter((token) => words.has(token)).length;
  return found >= Math.min(tokens.length, 3) || (tokens.length > 3 && found >= 2 && words.has(tokens[0]!));
}

/** The due dates postings from `from` to `to` could settle: 60 days before the first to 10 days after the last. */
export function dueWindow(from: string, to: string): { from: string; to: string } {
  return { from: addDays(from, -WINDOW_AFTER_DUE), to: addDays(to, WINDOW_BEFORE_DUE) };
}

/**
 * The open installments due from `from` to `to` (both included) that no transaction settled. The
 * server reads a statement's window a month at a time (a year of them at --scale 50 is one read
 * of thousands of rows).
 */
export function openInstallmentsDue(db: Db, side: "receivable" | "payable", from: string, to: string): OpenInstallment[] {
  return OPEN_DUE[side].all(db, { from, to });
}

// Per side: the installments' table, their party's table and the bank line's column.
const openDueSql = (_side: "receivable" | "payable", table: string, party: string, column: string) =>
  sql<OpenInstallment, { from: string; to: string }>(
    `SELECT r.id, r.valor - r.principal_pago - r.desconto AS valor, r.valor AS face, CASE WHEN r.principal_pago > 0 THEN r.data_pagamento END AS ultimoPagamento,
            r.${column} AS partyId, r.data_vencimento AS dataVencimento, p.nome AS partyName, p.cnpj
       FROM ${table} r JOIN ${party} p ON p.id = r.${column}
      WHERE r.status = 'em_aberto' AND r.data_vencimento BETWEEN $from AND $to`,
  );
const OPEN_DUE = {
  receivable: openDueSql("receivable", "receivables", "clients", "client_id"),
  payable: openDueSql("payable", "payables", "suppliers", "supplier_id"),
};

/** What settles `installment` on `day`: its balance plus Cofre's fees on it (lib/fees.ts balanceDue). */
export function dueOn(installment: Pick<OpenInstallment, "valor" | "face" | "dataVencimento" | "ultimoPagamento">, day: string, rates: FeeRates = DEFAULT_RATES) {
  return balanceDue({ valor: installment.face, saldo: installment.valor, dataVencimento: installment.dataVencimento, ultimoPagamento: installment.ultimoPagamento }, day, rates);
}

/** Whether `amount` pays `installment` on `day`: its balance, or the balance plus Cofre's fees for that day. */
function paysWith(installment: OpenInstallment, amount: number, day: string, side: "receivable" | "payable", rates: FeeRates): "face" | "fees" | null {
  if (day < addDays(installment.dataVencimento, -WINDOW_BEFORE_DUE) || day > addDays(installment.dataVencimento, WINDOW_AFTER_DUE)) return null;
  if (amount === installment.valor) return "face";
  if (side === "receivable" && amount > installment.valor && day > installment.dataVencimento) {
    return dueOn(installment, day, rates).total === amount ? "fees" : null;
  }
  return null;
}

/** Candidates looked at between two yields of suggestSteps (well under a millisecond). */
const CANDIDATES_PER_YIELD = 100;

/**
 * Suggestions for `postings` (all one side) among `open`, earliest posting first; an installment
 * goes to one posting at most. Amounts index the face values; a fee-inclusive amount is checked
 * against the installments within 10% below it (Cofre's fees are 2% + 1% a month). As steps: it
 * yields after every CANDIDATES_PER_YIELD postings or candidates looked at, and the server runs
 * it in slices (src/http/slices.ts).
 */
export function* suggestSteps(
  side: "receivable" | "payable",
  postings: Matchable[],
  open: OpenInstallment[],
  rates: FeeRates = DEFAULT_RATES,
): Generator<void, Suggestion[]> {
  let looked = 0;
  const byValor = new Map<number, OpenInstallment[]>();
  const sorted = yield* sortSteps(open, (a, b) => a.valor - b.valor);
  for (const installment of open) {
    const list = byValor.get(installment.valor);
    if (list) list.push(installment);
    else byValor.set(installment.valor, [installment]);
    if (++looked >= CANDIDATES_PER_YIELD) {
      looked = 0;
      yield;
    }
  }
  // Each party's open installments (the sums of issue 34 §2), and the parties by their distinctive words.
  const byParty = new Map<number, OpenInstallment[]>();
  const partiesByToken = new Map<string, Set<number>>();
  for (const installment of sorted) {
    const list = byParty.get(installment.partyId);
    if (list) list.push(installment);
    else {
      byParty.set(installment.partyId, [installment]);
      for (const token of nameTokens(installment.partyName)) {
        const parties = partiesByToken.get(token);
        if (parties) parties.add(installment.partyId);
        else partiesByToken.set(token, new Set([installment.partyId]));
      }
    }
    if (++looked >= CANDIDATES_PER_YIELD) {
      looked = 0;
      yield;
    }
  }
  const taken = new Set<number>();
  const out: Suggestion[] = [];
  // Each party's distinctive words, folded once.
  const tokensOf = new Map<string, string[]>();
  for (const posting of yield* sortSteps(postings, (a, b) => (a.data < b.data ? -1 : a.data > b.data ? 1 : a.id - b.id))) {
    if (++looked >= CANDIDATES_PER_YIELD) {
      looked = 0;
      yield;
    }
    const amount = Math.abs(posting.valor);
    const candidates: { installment: OpenInstallment; how: "face" | "fees" }[] = [];
    for (const installment of byValor.get(amount) ?? []) {
      if (++looked >= CANDIDATES_PER_YIELD) {
        looked = 0;
        yield;
      }
      if (!taken.has(installment.id) && paysWith(installment, amount, posting.data, side, rates)) candidates.push({ installment, how: "face" });
    }
    if (side === "receivable") {
      for (let i = lowerBound(sorted, Math.floor(amount / 1.1)); i < sorted.length && sorted[i]!.valor < amount; i++) {
        const installment = sorted[i]!;
        if (++looked >= CANDIDATES_PER_YIELD) {
          looked = 0;
          yield;
        }
        if (!taken.has(installment.id) && paysWith(installment, amount, posting.data, side, rates) === "fees") candidates.push({ installment, how: "fees" });
      }
    }
    const described = describe(posting.busca);
    if (candidates.length === 0) {
      const sum = yield* sumOfNamed(posting, described, byParty, partiesByToken, tokensOf, taken, side);
      if (sum) {
        for (const id of sum.ids) taken.add(id);
        const who = side === "receivable" ? "cliente" : "fornecedor";
        out.push({
          transactionId: posting.id,
          tipo: side,
          id: sum.ids[0]!,
          parcelas: sum.ids,
          confianca: "media",
          motivo: `soma de ${sum.ids.length} parcelas em aberto do ${who} citado na descrição`,
        });
      }
      continue;
    }
    const named: typeof candidates = [];
    for (const c of candidates) {
      let tokens = tokensOf.get(c.installment.partyName);
      if (!tokens) tokensOf.set(c.installment.partyName, (tokens = nameTokens(c.installment.partyName)));
      if (namesIn(described, tokens, c.installment.cnpj)) named.push(c);
      if (++looked >= CANDIDATES_PER_YIELD) {
        looked = 0;
        yield;
      }
    }
    const chosen = named.length === 1 ? named[0]! : candidates.length === 1 && named.length === 0 ? candidates[0]! : null;
    if (!chosen) continue;
    const confianca: Confianca = named.length === 1 ? "alta" : "media";
    const amountWhy = chosen.how === "face" ? "valor da parcela" : "valor com multa e juros do Cofre";
    const motivo = confianca === "alta" ? `${amountWhy} e data; ${side === "receivable" ? "cliente" : "fornecedor"} citado na descrição` : `${amountWhy} e data: a única parcela possível`;
    taken.add(chosen.installment.id);
    out.push({ transactionId: posting.id, tipo: side, id: chosen.installment.id, confianca, motivo });
  }
  return out;
}

/** A party's installments a sum looks at, at most (the oldest due first): 40 make ~10,000 triples. */
const SUM_PER_PARTY = 40;

/**
 * An exact sum of 2 or 3 open balances (no fees) of the one party NAME/MEMO names, due in the
 * posting's window and suggested to no other line: the oldest such combination (by its due
 * dates), or null. Cheap: only among that party's installments, yielding as it goes.
 */
function* sumOfNamed(
  posting: Matchable,
  described: Described,
  byParty: Map<number, OpenInstallment[]>,
  partiesByToken: Map<string, Set<number>>,
  tokensOf: Map<string, string[]>,
  taken: Set<number>,
  side: "receivable" | "payable",
): Generator<void, { ids: number[] } | null> {
  let looked = 0;
  const named = new Set<number>();
  for (const word of described.words) {
    for (const party of partiesByToken.get(word) ?? []) {
      named.add(party);
      if (++looked >= CANDIDATES_PER_YIELD) {
        looked = 0;
        yield;
      }
    }
  }
  let found: number | null = null;
  for (const party of named) {
    const first = byParty.get(party)![0]!;
    let tokens = tokensOf.get(first.partyName);
    if (!tokens) tokensOf.set(first.partyName, (tokens = nameTokens(first.partyName)));
    if (++looked >= CANDIDATES_PER_YIELD) {
      looked = 0;
      yield;
    }
    if (!namesIn(described, tokens, first.cnpj)) continue;
    if (found !== null) return null; // two parties named: not for a suggestion
    found = party;
  }
  if (found === null) return null;
  const amount = Math.abs(posting.valor);
  const open = byParty
    .get(found)!
    .filter((i) => !taken.has(i.id) && i.valor < amount && paysWith(i, i.valor, posting.data, side, DEFAULT_RATES) === "face")
    .sort((a, b) => (a.dataVencimento < b.dataVencimento ? -1 : a.dataVencimento > b.dataVencimento ? 1 : a.id - b.id))
    .slice(0, SUM_PER_PARTY)
    // By amount (stable: equal amounts keep the oldest first), so a sum past the line's stops the loop.
    .sort((a, b) => a.valor - b.valor);
  const byDue = (ids: OpenInstallment[]) =>
    ids.sort((a, b) => (a.dataVencimento < b.dataVencimento ? -1 : a.dataVencimento > b.dataVencimento ? 1 : a.id - b.id)).map((i) => i.id);
  // Out of reach at once: less than the two smallest, or more than the three largest.
  const n = open.length;
  if (n < 2 || open[0]!.valor + open[1]!.valor > amount) return null;
  if (open[n - 1]!.valor + open[n - 2]!.valor + (n > 2 ? open[n - 3]!.valor : 0) < amount) return null;
  for (let i = 0; i < open.length; i++) {
    for (let j = i + 1; j < open.length; j++) {
      const two = open[i]!.valor + open[j]!.valor;
      // Even with the largest third, this pair falls short: the next j is larger, so keep going cheaply.
      if (two + open[n - 1]!.valor < amount && j < n - 1 && two + open[j + 1]!.valor > amount) continue;
      if (two > amount) break;
      if (two === amount) return { ids: byDue([open[i]!, open[j]!]) };
      for (let k = j + 1; k < open.length; k++) {
        const three = two + open[k]!.valor;
        if (three > amount) break;
        if (three === amount) return { ids: byDue([open[i]!, open[j]!, open[k]!]) };
        if (++looked >= CANDIDATES_PER_YIELD) {
          looked = 0;
          yield;
        }
      }
    }
  }
  return null;
}

/**
 * A sorted copy of `items`, stable like Array.prototype.sort, as steps: a bottom-up merge sort
 * that yields after every CANDIDATES_PER_YIELD comparisons (sorting 40,000 installments at once
 * held the loop ~30 ms, and more on a busy machine).
 */
export function* sortSteps<T>(items: readonly T[], compare: (a: T, b: T) => number): Generator<void, T[]> {
  let from = [...items];
  let to: T[] = new Array<T>(from.length);
  let work = 0;
  for (let width = 1; width < from.length; width *= 2) {
    for (let lo = 0; lo < from.length; lo += 2 * width) {
      const mid = Math.min(lo + width, from.length);
      const hi = Math.min(lo + 2 * width, from.length);
      let i = lo;
      let j = mid;
      let k = lo;
      while (i < mid && j < hi) to[k++] = compare(from[j]!, from[i]!) < 0 ? from[j++]! : from[i++]!;
      while (i < mid) to[k++] = from[i++]!;
      while (j < hi) to[k++] = from[j++]!;
      work += hi - lo;
      if (work >= CANDIDATES_PER_YIELD * 4) {
        work = 0;
        yield;
      }
    }
    [from, to] = [to, from];
  }
  return from;
}

function lowerBound(sorted: OpenInstallment[], valor: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]!.valor < valor) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The fees a confirmed amount carries over the balance (issue 34 §2: a partly paid installment's
 * fees run on its balance): Cofre's rule when it adds up, else the excess as multa up to the
 * rule's, the rest as juros. Less than the balance carries none.
 */
export function feesOf(
  installment: Pick<OpenInstallment, "valor" | "face" | "dataVencimento" | "ultimoPagamento">,
  amount: Cents,
  day: string,
  rates: FeeRates = DEFAULT_RATES,
): { multa: Cents; juros: Cents } {
  if (amount <= installment.valor) return { multa: cents(0), juros: cents(0) };
  const rule = dueOn(installment, day, rates);
  if (rule.total === amount) return { multa: rule.multa, juros: rule.juros };
  const excess = amount - installment.valor;
  const multa = Math.min(rule.multa, excess);
  return { multa: cents(multa), juros: cents(excess - multa) };
}
