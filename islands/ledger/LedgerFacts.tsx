import { formatDateBR } from "../../src/lib/dates";
import { formatMonthBR } from "../../src/lib/months";
import { formatBRL, parseMoney, ZERO } from "../../src/lib/money";
import { cx } from "../../src/ui/cx";
import { LEDGER_KINDS, type LedgerKind, type LedgerRow } from "./kinds";

/** The installment a dialog acts on: party, parcela, due date and face value. */
export function LedgerFacts({ kind, row, className }: { kind: LedgerKind; row: LedgerRow; className?: string }) {
  return (
    <dl className={cx("ledger-facts", className)}>
      <div>
        <dt>{LEDGER_KINDS[kind].partyLabel}</dt>
        <dd className="ui-ellipsis" title={row.partyName}>
          {row.partyName}
        </dd>
      </div>
      {row.competencia ? (
        <div>
          <dt>Competência</dt>
          <dd>{formatMonthBR(row.competencia)}</dd>
        </div>
      ) : (
        <div>
          <dt>Parcela</dt>
          <dd>{row.numerosParcela}</dd>
        </div>
      )}
      <div>
        <dt>Vencimento</dt>
        <dd>{formatDateBR(row.dataVencimento)}</dd>
      </div>
      <div>
        <dt>Valor</dt>
        <dd>{formatBRL(parseMoney(row.valor) ?? ZERO)}</dd>
      </div>
    </dl>
  );
}
