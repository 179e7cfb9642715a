import { useCallback, useRef, useState } from "react";
import type { StatementJson } from "../../src/api/statements/model";
import { api } from "../lib/api";

/**
 * The statement's figures beside its list: its counts per situation, balance, reconciled sums and
 * how many high-confidence suggestions "Confirmar sugestões" would confirm (GET /api/statements/:id).
 * Read again after every change; the newest reading wins.
 */
export function useStatementFigures(first: StatementJson) {
  const [statement, setStatement] = useState(first);
  const generation = useRef(0);

  const reload = useCallback(() => {
    const mine = ++generation.current;
    api<StatementJson>(`/api/statements/${first.id}`)
      .then((fresh) => {
        if (mine === generation.current) setStatement(fresh);
      })
      .catch(() => {
        // The list's own reload says when the server cannot be reached.
      });
  }, [first.id]);

  return { statement, high: statement.sugestoesAlta, reload };
}
