// The bank lines (src/api/statements, DECISIONS §9) a ledger change reaches, inside the change's
// own transaction: a payment that goes away (undo, delete) gives its statement line back to
// `pendente`, and a payment or a deletion drops the suggestions that pointed at the row. Here,
// in the ledger, because the ledger's writes are the one place every such change passes through
// (the statements module calls the ledger, never the other way round).
import type { Db } from "../../../db/client";
import { centsToDecimal, type Cents } from "../../lib/money";
import { sql, sqlVariants } from "../prepared";
import type { LedgerTable } from "./table";

/** The line a removed payment gave back, as its history event keeps it (the text names it). */
interface ReleasedLine {
  /** The statement the line was first imported with (a line may belong to several). */
  extrato: number | null;
  transacao: number;
  fitid: string;
  data: string;
  /** Signed, as the statement shows it: "-480.00" for a debit. */
  valor: string;
}

const sideOf = (t: LedgerTable) => (t.table === "receivables" ? "receivable" : "payable");

const CLEAR_SUGGESTION = "sugestao_tipo = NULL, sugestao_id = NULL, sugestao_confianca = NULL, sugestao_motivo = NULL, sugestao_parcelas = NULL";

// Per side: the line's column is receivable_id or payable_id.
const SETTLING_LINE = sqlVariants<[t: LedgerTable], { id: number; fitid: string; data: string; valor: number; extrato: number | null }, { id: number }>(
  (t) => `SELECT b.id, b.fitid, b.data, b.valor, (SELECT min(l.statement_id) FROM statement_lines l WHERE l.transaction_id = b.id) AS extrato
       FROM bank_transactions b WHERE b.${sideOf(t)}_id = $id`,
);
// The one line that settled a given payment (its bank_transaction_id), while it is still settled.
// A line that paid several installments (issue 34 §2) names the first in its own column.
const PAYMENT_LINE = sql<{ id: number; fitid: string; data: string; valor: number; extrato: number | null }, { line: number }>(
  `SELECT b.id, b.fitid, b.data, b.valor, (SELECT min(l.statement_id) FROM statement_lines l WHERE l.transaction_id = b.id) AS extrato
       FROM bank_transactions b WHERE b.id = $line AND (b.receivable_id IS NOT NULL OR b.payable_id IS NOT NULL)`,
);
// The line's other payments: while one remains, the line stays settled, naming that one's row.
const OTHER_PAYMENT = sql<{ receivableId: number | null; payableId: number | null }, { line: number; payment: number }>(
  "SELECT receivable_id AS receivableId, payable_id AS payableId FROM payments WHERE bank_transaction_id = $line AND id <> $payment ORDER BY id LIMIT 1",
);
const REPOINT_LINE = sql<never, { line: number; receivableId: number | null; payableId: number | null }>(
  "UPDATE bank_transactions SET receivable_id = $receivableId, payable_id = $payableId WHERE id = $line",
);
const RELEASE_LINE = sqlVariants<[t: LedgerTable], never, { line: number }>(
  // A line that created its installment ("Criar lançamento") no longer holds it: the mark goes too.
  (t) => `UPDATE bank_transactions SET ${sideOf(t)}_id = NULL, conciliada_em = NULL, lancamento_criado = 0, ${CLEAR_SUGGESTION} WHERE id = $line`,
);
const OWN_SUGGESTION = sql<{ tipo: string | null; id: number | null }, { line: number }>(
  "SELECT sugestao_tipo AS tipo, sugestao_id AS id FROM bank_transactions WHERE id = $line",
);
const DROP_SUGGESTIONS = sql<never, { id: number; tipo: string }>(
  `UPDATE bank_transactions SET ${CLEAR_SUGGESTION}
      WHERE sugestao_tipo = $tipo AND receivable_id IS NULL AND payable_id IS NULL
        AND (sugestao_id = $id OR sugestao_parcelas IS NOT NULL AND EXISTS (SELECT 1 FROM json_each(sugestao_parcelas) j WHERE j.value = $id))`,
);

/**
 * The line that settled row `id`, back to `pendente`: its link and its old suggestion cleared
 * (a suggestion of the row just reopened would make the line `sugerida` without a person
 * choosing it again). Null when no line settled it (a payment made by hand). `paymentLine`: the
 * line of the one payment being undone (a row may have several payments, each its own line).
 */
export function releaseBankLine(db: Db, t: LedgerTable, id: number, paymentLine?: { line: number; payment: number }): ReleasedLine | null {
  // One payment undone (issue 34): only the line that made that payment. A line that paid other
  // installments too stays settled by those (issue 34 §2), and is freed with its last payment.
  if (paymentLine) {
    const other = OTHER_PAYMENT.get(db, paymentLine);
    if (other) {
      REPOINT_LINE.run(db, { line: paymentLine.line, ...other });
      return null;
    }
  }
  const line = paymentLine === undefined ? SETTLING_LINE(t).get(db, { id }) : PAYMENT_LINE.get(db, { line: paymentLine.line });
  if (!line) return null;
  RELEASE_LINE(t).run(db, { line: line.id });
  const valor = line.valor < 0 ? `-${centsToDecimal(-line.valor as Cents)}` : centsToDecimal(line.valor as Cents);
  return { extrato: line.extrato, transacao: line.id, fitid: line.fitid, data: line.data, valor };
}

/**
 * Lines not yet settled whose suggestion is row `id` lose it (back to `pendente`, no candidate):
 * the row was just paid or deleted, so the suggestion can no longer be confirmed and must not
 * count in the statement's `sugestoesAlta`. The statement's next matching run (an import, a
 * confirmation, an undo) may suggest another open installment for them.
 *
 * `settlingLine`: the statement line paying the row, when a reconciliation pays it. When that
 * line's own suggestion was this row, no other line can hold it (an installment is suggested to
 * one line at most, across statements: src/api/statements/service.ts refreshSuggestions), so the
 * scan is skipped — it reads every line (sugestao_id has no index), ~0.4 ms at 10,000 lines,
 * which a bulk confirmation of 2,000 suggestions would pay 2,000 times.
 */
export function dropSuggestionsOf(db: Db, t: LedgerTable, id: number, settlingLine?: number): void {
  if (settlingLine !== undefined) {
    const own = OWN_SUGGESTION.get(db, { line: settlingLine });
    if (own?.tipo === sideOf(t) && own.id === id) return;
  }
  DROP_SUGGESTIONS.run(db, { id, tipo: sideOf(t) });
}
