import { useMemo, useState } from "react";
import { STATUS_LABELS, statusLabel, SUBSCRIPTION_LIST } from "../src/api/subscriptions/list-spec";
import type { SubscriptionRowJson, SubscriptionSummary } from "../src/api/subscriptions/model";
import { formatDateBR } from "../src/lib/dates";
import { IN_TRIAL_LABEL } from "../src/lib/status";
import { formatCount } from "../src/lib/numbers";
import { formatBRL, parseMoney, ZERO } from "../src/lib/money";
import { Badge, type BadgeVariant } from "../src/ui/Badge";
import { Button } from "../src/ui/Button";
import { EmptyState } from "../src/ui/EmptyState";
import { Field } from "../src/ui/Field";
import { FilterBar } from "../src/ui/FilterBar";
import { Icon } from "../src/ui/Icon";
import { IconAction } from "../src/ui/IconAction";
import { Input } from "../src/ui/Input";
import { Select } from "../src/ui/Select";
import type { TableColumn } from "../src/ui/Table";
import { api } from "./lib/api";
import { useCanWrite } from "./lib/can-write";
import { useUrlList, type ListIslandProps } from "./lib/list";
import { ListCount, ListPager, ListTable, runRowAction } from "./lib/list-kit";
import { Loading, onDemand, preloadOnIntent } from "./lib/on-demand";

// Loaded with its first opening (or as a button is pointed at): the schedule, the holidays and the form stay out of the page's script.
const SubscriptionDialog = onDemand(() => import("./subscriptions/SubscriptionDialog").then((m) => m.SubscriptionDialog));

export interface SubscriptionsListProps extends ListIslandProps<SubscriptionRowJson> {
  summary: SubscriptionSummary;
  /** Today in APP_TZ, for the dialog's preview. */
  today: string;
  /** BLOCK_GRACE_DAYS, for the dialog's warning about months already overdue. */
  graceDays: number;
}

const STATUS_FILTER = [
  { value: "", label: "Todas" },
  { value: "ativa", label: "Ativas" },
  { value: "trial", label: IN_TRIAL_LABEL },
  { value: "pausada", label: "Pausadas" },
  { value: "encerrada", label: "Encerradas" },
];

const BADGE: Record<SubscriptionRowJson["status"], BadgeVariant> = { ativa: "success", pausada: "warning", encerrada: "neutral" };

const monthText = (ym: string | null) => (ym ? `${ym.slice(5, 7)}/${ym.slice(0, 4)}` : "");

/**
 * Assinaturas (issue 18): the cards, the filters in the URL, the page of subscriptions, "Gerar parcelas agora" and each one's dialog.
 * A consulta (DECISIONS §10) gets no "Gerar parcelas agora", and "Ver assinatura" instead of "Editar assinatura":
 * the dialog read-only (trial and readjustment month are in no column).
 */
export default function SubscriptionsList({ summary: initialSummary, today, graceDays, ...props }: SubscriptionsListProps) {
  const canWrite = useCanWrite();
  const list = useUrlList<SubscriptionRowJson>({ ...props, spec: SUBSCRIPTION_LIST });
  const { params, update } = list;
  const [summary, setSummary] = useState(initialSummary);
  const [editing, setEditing] = useState<SubscriptionRowJson | null>(null);
  const [running, setRunning] = useState(false);
  const filtering = Boolean(params.status || params.q);

  /** After a change: the same view and the cards (SPEC §7). */
  const reload = () => {
    void list.reload();
    api<SubscriptionSummary>("/api/subscriptions/summary").then(setSummary, () => {});
  };

  async function runNow() {
    setRunning(true);
    await runRowAction(() => api("/api/subscriptions/run", { method: "POST", body: {} }), { failed: "Não foi possível gerar as parcelas.", reload });
    setRunning(false);
  }

  const columns = useMemo(() => subscriptionColumns((row) => setEditing(row), canWrite, today), [canWrite, today]);

  return (
    <div className="list-screen" {...preloadOnIntent(SubscriptionDialog)}>
      <ul className="par-summary sub-summary" aria-label="Resumo das assinaturas">
        {/* The trials are among the active ones and out of the MRR (DECISIONS §8): both cards say so. */}
        <Figure
          icon="repeat"
          label="Assinaturas ativas"
          value={formatCount(summary.ativas)}
          note={summary.emTrial > 0 ? `${formatCount(summary.emTrial)} em teste` : undefined}
        />
        <Figure
          icon="wallet"
          label="MRR (receita mensal recorrente)"
          value={formatBRL(parseMoney(summary.mrr) ?? ZERO)}
          note={summary.emTrial > 0 ? `Sem as em teste (${formatBRL(parseMoney(summary.trial) ?? ZERO)})` : "Fora do teste, hoje"}
        />
        <Figure icon="plus" label="Novas no mês" value={formatCount(summary.novasNoMes)} />
        <Figure icon="close" label="Encerradas no mês" value={formatCount(summary.encerradasNoMes)} />
      </ul>

      <FilterBar label="Filtrar assinaturas" active={filtering} onClear={() => update({ status: "", q: "" })}>
        <Field label="Situação">
          <Select name="status" options={STATUS_FILTER} value={params.status ?? ""} onValueChange={(status) => update({ status })} />
        </Field>
        <Field label="Buscar cliente">
          <Input
            type="search"
            name="q"
            autoComplete="off"
            placeholder="Nome, contato, código ou e-mail"
            value={params.q ?? ""}
            onValueChange={(q) => update({ q }, { typing: true })}
          />
        </Field>
      </FilterBar>

      <section className="list-card" aria-labelledby="assinaturas-contagem">
        <div className="list-export list-export--actions no-print">
          {canWrite && (
            <Button variant="secondary" onClick={runNow} loading={running}>
              <Icon name="calendar-plus" size={18} />
              Gerar parcelas agora
            </Button>
          )}
          {/* The view as a spreadsheet, with each row's MRR (issue 35 §4). */}
          <a className="ui-button ui-button--secondary ui-button--md" href={list.hrefWith("/subscriptions/export", { pagina: "", porPagina: "" })} download>
            <Icon name="download" size={18} />
            Exportar CSV
          </a>
        </div>
        <ListCount id="assinaturas-contagem" list={list} noun="Assinaturas" none="Nenhuma assinatura" />
        <ListTable
          list={list}
          rows={list.rows.map((row) => ({ ...row, id: row.clientId }))}
          className="subscriptions-table"
          label="Lista de assinaturas"
          columns={columns}
          empty={
            <EmptyState
              icon="repeat"
              title="Nenhuma assinatura encontrada"
              hint={
                filtering
                  ? "Ajuste os filtros para ver outras assinaturas."
                  : canWrite
                    ? "Inicie a assinatura de um cliente em Clientes, no menu ⋯ da linha, em “Assinatura”."
                    : "Nenhuma assinatura foi iniciada ainda."
              }
              action={
                !filtering &&
                canWrite && (
                  <a className="ui-button ui-button--primary" href="/clients">
                    <Icon name="users" size={18} />
                    Ir para Clientes
                  </a>
                )
              }
            />
          }
        />
        <ListPager list={list} />
      </section>

      {editing && (
        <Loading onFailed={() => setEditing(null)}>
          <SubscriptionDialog
            clientId={editing.clientId}
            clientName={editing.clientName}
            today={today}
            graceDays={graceDays}
            onClose={() => setEditing(null)}
            onChanged={reload}
            onSaved={() => {
              setEditing(null);
              reload();
            }}
          />
        </Loading>
      )}
    </div>
  );
}

function Figure({ icon, label, value, note }: { icon: "repeat" | "wallet" | "plus" | "close"; label: string; value: string; note?: string }) {
  return (
    <li className="ui-card par-summary__card">
      <span className="par-summary__icon">
        <Icon name={icon} size={20} />
      </span>
      <span className="par-summary__text">
        <span className="par-summary__label">{label}</span>
        {/* Long money shrinks with its card on a phone (registers.css), not past it. */}
        <span className="par-summary__value" data-long={value.length > 12 || undefined}>
          {value}
        </span>
        {note && <span className="par-summary__note">{note}</span>}
      </span>
    </li>
  );
}

type Row = SubscriptionRowJson & { id: number };

/** Cliente, Situação, Mensalidade, Dia, Próximo vencimento, Período, Ações (Editar, or Ver for a consulta). */
function subscriptionColumns(open: (row: Row) => void, canWrite: boolean, today: string): TableColumn<Row>[] {
  return [
    {
      key: "cliente",
      header: "Cliente",
      sortable: true,
      phone: "title",
      render: (row) => (
        <a className="ui-ellipsis cell-name__main" href={`/receivables?clientId=${row.clientId}`} title={row.clientName}>
          {row.clientName}
        </a>
      ),
    },
    {
      key: "status",
      header: "Situação",
      sortable: true,
      phone: "badge",
      // A trial says when it ends (trialAte: the client form's "Período de teste: até dd/mm/aaaa").
      render: (row) => (
        <Badge variant={row.emTrial ? "info" : BADGE[row.status]}>{row.emTrial ? (row.trialAte ? `${IN_TRIAL_LABEL} até ${formatDateBR(row.trialAte)}` : IN_TRIAL_LABEL) : statusLabel(row, today)}</Badge>
      ),
    },
    {
      key: "valor",
      header: "Mensalidade",
      sortable: true,
      align: "end",
      render: (row) => <span className="ui-nowrap">{formatBRL(parseMoney(row.valor) ?? ZERO)}</span>,
    },
    { key: "dia", header: "Dia", align: "end", render: (row) => <span className="ui-nowrap">{row.diaVencimento}</span> },
    {
      key: "proximoVencimento",
      header: "Próximo vencimento",
      sortable: true,
      render: (row) => <span className="ui-nowrap">{row.proximoVencimento ? formatDateBR(row.proximoVencimento) : "—"}</span>,
    },
    {
      key: "periodo",
      header: "Período",
      render: (row) => (
        <span className="ui-nowrap">
          {monthText(row.inicio)}
          {row.fim ? ` a ${monthText(row.fim)}` : " em diante"}
        </span>
      ),
    },
    {
      key: "acoes",
      header: "Ações",
      align: "end",
      phone: "actions",
      render: (row) => (
        <div className="row-actions">
          {canWrite ? (
            <IconAction label="Editar assinatura" rowName={row.clientName} icon="edit" onClick={() => open(row)} />
          ) : (
            <IconAction label="Ver assinatura" rowName={row.clientName} icon="info" onClick={() => open(row)} />
          )}
        </div>
      ),
    },
  ];
}
