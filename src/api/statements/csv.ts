// GET /reconciliation/export?extrato=ID (issue 35 §4): one statement's lines (the screen's
// situação filter too) as a CSV for Excel pt-BR: each line with its situation and the
// installment it settled (or the one suggested), through the list's own query.
import type { Db } from "../../../db/client";
import { badRequest } from "../../http/errors";
import { csvDate, csvMoneyText, csvMonth, csvParcela, type CsvCell } from "../../lib/csv";
import { everyPage } from "../paged-export";
import { SITUACAO_LABELS, type MatchJson } from "./model";
import { getStatement, listTransactions, parseTransactionQuery } from "./service";

const HEADER = ["Data", "Descrição", "Valor", "Tipo", "Situação", "Parcela de", "Cliente/Fornecedor", "Parcela", "Competência", "Vencimento da parcela", "Valor da parcela"];

export function reconciliationCsv(db: Db, raw: Record<string, string | undefined>): { fileName: string; header: string[]; rows: Iterable<CsvCell[]> } {
  const query = parseTransactionQuery(raw);
  if (query.extrato === null) throw badRequest("Informe o extrato: /reconciliation/export?extrato=ID");
  // An unknown statement is a 404 before any byte.
  const statement = getStatement(db, query.extrato);
  const id = statement.id;
  return { fileName: `conciliacao-extrato-${id}.csv`, header: HEADER, rows: lines(db, id, query) };
}

function* lines(db: Db, id: number, query: ReturnType<typeof parseTransactionQuery>): Generator<CsvCell[]> {
  for (const t of everyPage((paging) => listTransactions(db, id, { ...query, ...paging }))) {
    // The installment it settled; a suggestion's when only suggested (its Situação says which).
    const m: MatchJson | null = t.conciliadaCom ?? t.sugerida;
    yield [
      csvDate(t.data),
      t.descricao,
      csvMoneyText(t.valor),
      t.tipo === "credito" ? "Crédito" : "Débito",
      SITUACAO_LABELS[t.situacao],
      m ? (m.tipo === "receivable" ? "A receber" : "A pagar") : null,
      m?.parte ?? null,
      m ? csvParcela(m.numerosParcela) : null,
      m?.competencia ? csvMonth(m.competencia) : null,
      m ? csvDate(m.dataVencimento) : null,
      m ? csvMoneyText(m.valor) : null,
    ];
  }
}
