// GET /subscriptions/export (issue 35 §4): the Assinaturas list's view as a CSV for Excel pt-BR,
// each row with its share of today's MRR (mrrTodayOf, the MRR module's rule: the column adds up
// to the cards' MRR).
import type { Db } from "../../../db/client";
import { today } from "../../lib/clock";
import { csvDate, csvMoney, csvMoneyText, csvMonth, type CsvCell } from "../../lib/csv";
import { parseMoney } from "../../lib/money";
import { everyPage } from "../paged-export";
import { statusLabel } from "./list-spec";
import { mrrTodayOf } from "./mrr";
import { findSubscriptions, parseSubscriptionQuery } from "./service";

const HEADER = ["Cliente", "Situação", "Mensalidade", "MRR", "Dia de vencimento", "Início", "Fim", "Em teste até", "Próximo vencimento", "Último reajuste"];

export function subscriptionsCsv(db: Db, raw: Record<string, string | undefined>): { fileName: string; header: string[]; rows: Iterable<CsvCell[]> } {
  const query = parseSubscriptionQuery(raw);
  return { fileName: `assinaturas-${today()}.csv`, header: HEADER, rows: lines(db, query) };
}

function* lines(db: Db, query: ReturnType<typeof parseSubscriptionQuery>): Generator<CsvCell[]> {
  const day = today();
  for (const s of everyPage((paging) => findSubscriptions(db, { ...query, ...paging }))) {
    const fee = parseMoney(s.valor);
    yield [
      s.clientName,
      s.emTrial ? "Em teste" : statusLabel(s, day),
      csvMoneyText(s.valor),
      fee === null ? null : csvMoney(mrrTodayOf(s, fee, day)),
      s.diaVencimento,
      s.inicio ? csvMonth(s.inicio) : null,
      s.fim ? csvMonth(s.fim) : null,
      csvDate(s.trialAte),
      csvDate(s.proximoVencimento),
      csvDate(s.ultimoReajuste),
    ];
  }
}
