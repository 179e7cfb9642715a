import type { ReactNode } from "react";
import type { LedgerComparison } from "../../src/api/accounts/balance";
import type { StatementJson } from "../../src/api/statements/model";
import { formatDateBR } from "../../src/lib/dates";
import { formatCount } from "../../src/lib/numbers";
import { cx } from "../../src/ui/cx";
import { Icon, type IconName } from "../../src/ui/Icon";
import { money, periodText, stampText } from "./words";

/**
 * The statement's facts above its transactions: the account and the period, the file and who
 * imported it, and the bank's balance beside what has been reconciled so far (credits and debits).
 */
export function StatementSummary({ statement: s }: { statement: StatementJson }) {
  const reconciled = s.contagem.conciliada;
  return (
    <ul className="rec-summary" aria-label="Resumo do extrato">
      <Card
        icon="wallet"
        title="Conta"
        text
        value={s.contaNome ?? s.bancoNome}
        note={[s.contaNome ? s.bancoNome : null, s.agencia ? `Agência ${s.agencia}` : null, `Conta ${s.conta}`].filter(Boolean).join(" · ")}
      />
      <Card
        icon="calendar-clock"
        title="Período"
        text
        value={periodText(s)}
        note={
          <>
            <span className="ui-ellipsis" title={s.arquivo}>
              {s.arquivo}
            </span>
            <span className="ui-ellipsis rec-summary__import">Importado em {stampText(s.importadoEm)}</span>
            <span className="ui-ellipsis rec-summary__import" title={s.importadoPor}>
              por {s.importadoPor}
            </span>
          </>
        }
      />
      {s.conferenciaSaldo ? (
        <LedgerCard comparison={s.conferenciaSaldo} />
      ) : (
        <Card
          icon="info"
          title="Saldo do extrato"
          value={s.saldo === null ? "não informado" : money(s.saldo)}
          note={s.saldo === null ? "O arquivo não traz o saldo" : s.saldoData ? `Em ${formatDateBR(s.saldoData)}` : ""}
          muted={s.saldo === null}
        />
      )}
      <Card
        icon="check"
        title="Conciliado"
        value={
          <span className="rec-summary__pair">
            <span>
              créditos <strong>{money(s.conciliadoCreditos)}</strong>
            </span>
            <span>
              débitos <strong>{money(s.conciliadoDebitos)}</strong>
            </span>
          </span>
        }
        note={`${formatCount(reconciled)} de ${formatCount(s.transacoes)} ${s.transacoes === 1 ? "transação" : "transações"}`}
      />
    </ul>
  );
}

/**
 * The bank's closing balance beside Cofre's for the same account and day (issue 34 §3): a
 * difference means a movement one side has and the other has not (a fee not entered, a payment
 * recorded in another account or on another date).
 */
function LedgerCard({ comparison: c }: { comparison: LedgerComparison }) {
  const agrees = c.diferenca === "0.00";
  return (
    <Card
      icon="info"
      title="Saldo no banco"
      value={money(c.saldoBanco)}
      note={
        <>
          <span>Em {formatDateBR(c.data)}</span>
          <span>
            Saldo no Cofre <strong className="ui-nowrap">{money(c.saldoCofre)}</strong>
          </span>
          <span className={agrees ? "rec-summary__diff" : "rec-summary__diff rec-summary__diff--off"}>
            Diferença <strong className="ui-nowrap">{money(c.diferenca)}</strong>
          </span>
        </>
      }
    />
  );
}

function Card(props: { icon: IconName; title: string; value: ReactNode; note: ReactNode; muted?: boolean; text?: boolean }) {
  const { icon, title, value, note, muted, text } = props;
  return (
    <li className="ui-card rec-summary__card">
      <span className="rec-summary__head">
        <span className="rec-summary__title">{title}</span>
        <Icon name={icon} size={18} />
      </span>
      <span className={cx("rec-summary__value", text && "rec-summary__value--text", muted && "rec-summary__value--muted")}>{value}</span>
      {note && <span className="rec-summary__note">{note}</span>}
    </li>
  );
}
