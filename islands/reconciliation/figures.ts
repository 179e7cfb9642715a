import { useCallback, useEffect, useRef, useState } from "react";
import type { StatementJson, TransactionJson } from "../../src/api/statements/model";
import { MAX_PAGE_SIZE, type ListParams } from "../../src/lib/list-spec";
import { api, apiPage } from "../lib/api";

const isHigh = (t: TransactionJson) => t.situacao === "sugerida" && t.sugestao?.confianca === "alta";

/**
 * How many suggestions are of high confidence, when the page's rows hold every suggestion (the
 * view shows all or the suggested ones, on one page); null when they do not.
 */
function highFromPage(statement: StatementJson, page: { rows: TransactionJson[]; total: number }, params: ListParams): number | null {
  if (statement.contagem.sugerida === 0) return 0;
  const situacao = params.situacao ?? "";
  const whole = page.rows.length === page.total && Number(params.pagina || 1) === 1;
  return whole && (situacao === "" || situacao === "sugerida") ? page.rows.filter(isHigh).length : null;
}

/** Every suggested transaction of the statement, read page by page: the high-confidence ones counted. */
async function countHigh(statementId: number): Promise<number> {
  let n = 0;
  let seen = 0;
  for (let page = 1; ; page++) {
    const { rows, total } = await apiPage<TransactionJson>(`/api/statements/${statementId}/transactions?situacao=sugerida&porPagina=${MAX_PAGE_SIZE}&pagina=${page}`);
    n += rows.filter(isHigh).length;
    seen += rows.length;
    if (rows.length === 0 || seen >= total) return n;
  }
}

/**
 * The statement's figures beside its list: its counts per situation, balance and reconciled sums
 * (GET /api/statements/:id), and how many high-confidence suggestions "Confirmar sugestões" would
 * confirm. Read again after every change; the newest reading wins.
 */
export function useStatementFigures(first: StatementJson, initial: { rows: TransactionJson[]; total: number }, params: ListParams) {
  const [statement, setStatement] = useState(first);
  const [high, setHigh] = useState<number | null>(() => highFromPage(first, initial, params));
  const generation = useRef(0);

  const reload = useCallback(() => {
    const mine = ++generation.current;
    api<StatementJson>(`/api/statements/${first.id}`)
      .then(async (fresh) => {
        if (mine !== generation.current) return;
        setStatement(fresh);
        const n = fresh.contagem.sugerida === 0 ? 0 : await countHigh(fresh.id);
        if (mine === generation.current) setHigh(n);
      })
      .catch(() => {
        // The list's own reload says when the server cannot be reached.
      });
  }, [first.id]);

  // The first page did not hold every suggestion: count them once.
  useEffect(() => {
    if (high !== null) return;
    const mine = ++generation.current;
    countHigh(first.id).then(
      (n) => mine === generation.current && setHigh(n),
      () => {},
    );
  }, []);

  return { statement, high, reload };
}
