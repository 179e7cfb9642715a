// GET /subscriptions/export (issue 35 §4): the Assinaturas list's view as a CSV for Excel pt-BR,
// each row with its share of today's MRR (mrrTodayOf, the MRR module's rule: the column adds up
// to the cards' MRR). Read on a reader in one read transaction (every page of one snapshot), a
// turn of the loop possible between each page's statements (the list's own steps).
import { readerDb, readerTransaction } from "../../../db/client";
import { PAUSE } from "../../http/stream";
import { today } from "../../lib/clock";
import { csvDate, csvMoney, csvMoneyText, csvMonth, type CsvCell } from "../../lib/csv";
import { parseMoney } from "../../lib/money";
import { everyPageInSteps } from "../paged-export";
import { statusLabel } from "./list-spec";
import { mrrTodayOf } from "./mrr";
import { parseSubscriptionQuery, subscriptionsSteps } from "./service";

const HEADER = ["Cliente", "Situação", "Mensalidade", "MRR", "Dia de vencimento", "Início", "Fim", "Em teste até", "Próximo vencimento", "Último reajuste"];

export function subscriptionsCsv(databasePath: string, raw: Record<string, string | undefined>): { fileName: string; header: string[]; rows: Iterable<CsvCell[] | typeof PAUSE> } {
  const query = parseSubscriptionQuery(raw);
  return { fileName: `assinaturas-${today()}.csv`, header: HEADER, rows: lines(databasePath, query) };
}

function* lines(databasePath: string, query: ReturnType<typeof parseSubscriptionQuery>): Generator<CsvCell[] | typeof PAUSE> {
  const day = today();
  yield* readerTransaction(databasePath, function* (reader): Generator<CsvCell[] | typeof PAUSE> {
    const db = readerDb(reader);
    for (const s of everyPageInSteps((paging) => subscriptionsSteps(db, { ...query, ...paging }))) {
      if (s === PAUSE) {
        yield PAUSE;
        continue;
      }
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
  });
}
