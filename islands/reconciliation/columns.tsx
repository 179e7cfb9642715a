import { SITUACAO_LABELS, type MatchJson, type TransactionJson } from "../../src/api/statements/model";
import { formatDateBR } from "../../src/lib/dates";
import { installmentLabel } from "../../src/lib/installments";
import { Badge } from "../../src/ui/Badge";
import { Button } from "../../src/ui/Button";
import { RowMenu, type RowMenuItem } from "../../src/ui/RowMenu";
import type { TableColumn } from "../../src/ui/Table";
import { CONFIANCA, money, SITUACAO_BADGE, transactionName } from "./words";

export type RowVerb = "confirm" | "pick" | "ignore" | "undo" | "create" | "undoEntry";

/**
 * Transação (descrição over its date), Valor, Situação, Parcela (the suggestion or the match), Ações.
 * Without `act` (a consulta's screen, where every verb writes) there is no Ações column.
 */
export function transactionColumns(act: ((verb: RowVerb, row: TransactionJson) => void) | null): TableColumn<TransactionJson>[] {
  const columns: TableColumn<TransactionJson>[] = [
    {
      key: "transacao",
      header: "Transação",
      phone: "title",
      render: (t) => (
        <span className="cell-name">
          <span className="ui-ellipsis cell-name__main rec-description" title={t.descricao}>
            {t.descricao}
          </span>
          <span className="cell-name__sub ui-nowrap">{formatDateBR(t.data)}</span>
        </span>
      ),
    },
    {
      key: "valor",
      header: "Valor",
      align: "end",
      render: (t) => (
        <span className={`ui-nowrap rec-amount rec-amount--${t.tipo}`} title={t.tipo === "debito" ? "Débito" : "Crédito"}>
          {money(t.valor)}
        </span>
      ),
    },
    {
      key: "situacao",
      header: "Situação",
      phone: "badge",
      render: (t) => <Badge variant={SITUACAO_BADGE[t.situacao]}>{SITUACAO_LABELS[t.situacao]}</Badge>,
    },
    {
      key: "parcela",
      header: "Parcela",
      render: (t) => <MatchCell t={t} />,
    },
  ];
  if (!act) return columns;
  return [
    ...columns,
    {
      key: "acoes",
      header: "Ações",
      align: "end",
      phone: "actions",
      render: (t) => <RowActions t={t} act={act} />,
    },
  ];
}

/** The suggested installment (with its confidence and why) or the one the transaction settled. */
function MatchCell({ t }: { t: TransactionJson }) {
  if (t.situacao === "sugerida" && t.sugerida && t.sugestao) {
    const confianca = CONFIANCA[t.sugestao.confianca];
    return (
      <div className="rec-match">
        <Installment match={t.sugerida} />
        {t.sugeridas.length > 1 && (
          <span className="rec-match__facts">
            {t.sugeridas.slice(1).map((m) => (
              <span key={m.id} className="ui-nowrap">
                + {installmentLabel(m)} · venc. {formatDateBR(m.dataVencimento)} · {money(m.valor)}
              </span>
            ))}
          </span>
        )}
        {t.devido !== null && t.devido !== t.valor.replace(/^-/, "") && (
          <span className="rec-match__facts rec-match__due">Devido na data: {money(t.devido)} — escolha parcial ou desconto ao confirmar</span>
        )}
        <span className="rec-match__why">
          <Badge variant={confianca.variant}>
            <span className="visually-hidden">Confiança </span>
            {confianca.label}
          </Badge>
          <span className="ui-ellipsis rec-match__reason" title={t.sugestao.motivo}>
            {t.sugestao.motivo}
          </span>
        </span>
      </div>
    );
  }
  if (t.situacao === "conciliada" && t.conciliadaCom) {
    return (
      <div className="rec-match">
        <Installment match={t.conciliadaCom} />
        <span className="rec-match__why rec-match__reason">Baixa em {formatDateBR(t.data)}</span>
      </div>
    );
  }
  return <span className="rec-match__none">{t.situacao === "ignorada" ? "Ignorada: nada a baixar" : "Sem sugestão"}</span>;
}

function Installment({ match }: { match: MatchJson }) {
  return (
    <>
      <span className="ui-ellipsis rec-match__party" title={match.parte}>
        {match.parte}
      </span>
      <span className="rec-match__facts">
        <span className="ui-nowrap">{installmentLabel(match)}</span>
        <span className="ui-nowrap">venc. {formatDateBR(match.dataVencimento)}</span>
        <span className="ui-nowrap">{money(match.valor)}</span>
      </span>
    </>
  );
}

/** The row's main verb stays visible (Confirmar, Escolher parcela…, Desfazer); the rest is in "⋯". */
function RowActions({ t, act }: { t: TransactionJson; act: (verb: RowVerb, row: TransactionJson) => void }) {
  const name = transactionName(t);
  // The visible verb starts the accessible name, which says which row: "Confirmar transação de 05/11/2026 R$ 150,00".
  const main = (verb: RowVerb, label: string, named: string, variant: "primary" | "secondary" = "secondary") => (
    <Button size="sm" variant={variant} className="rec-action" aria-label={`${named} ${name}`} onClick={() => act(verb, t)}>
      {label}
    </Button>
  );
  const ignore: RowMenuItem = { label: "Ignorar", icon: "close", onSelect: () => act("ignore", t) };
  // A line nothing in Cofre explains (a new client's PIX, a bank fee) becomes an entry paid by it.
  const create: RowMenuItem = { label: t.tipo === "credito" ? "Criar lançamento (a receber)…" : "Criar lançamento (a pagar)…", icon: "plus", onSelect: () => act("create", t) };
  switch (t.situacao) {
    case "sugerida":
      return (
        <div className="row-actions">
          {main("confirm", "Confirmar", "Confirmar", "primary")}
          <RowMenu rowName={name} items={[{ label: "Escolher outra parcela…", icon: "search", onSelect: () => act("pick", t) }, create, ignore]} />
        </div>
      );
    case "pendente":
      return (
        <div className="row-actions">
          {main("pick", "Escolher parcela…", "Escolher parcela para")}
          <RowMenu rowName={name} items={[create, ignore]} />
        </div>
      );
    default:
      // The entry this line created can go with it; undoing only the payment keeps it, open.
      if (t.lancamentoCriado) {
        return (
          <div className="row-actions">
            {main("undoEntry", "Desfazer lançamento", "Desfazer lançamento da")}
            <RowMenu rowName={name} items={[{ label: "Desfazer só a conciliação", icon: "undo", onSelect: () => act("undo", t) }]} />
          </div>
        );
      }
      return <div className="row-actions">{main("undo", "Desfazer", "Desfazer")}</div>;
  }
}
