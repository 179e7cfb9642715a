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
import { ListCount, ListPager, ListTable } from "./lib/list-kit";
import { Loading, onDemand, preloadOnIntent } from "./lib/on-demand";

// Loaded with its first opening (or as a button is pointed at): the schedule, the holidays and the form stay out of the page's script.
const SubscriptionDialog = onDemand(() => import("./subscriptions/SubscriptionDialog").then((m) => m.SubscriptionDialog));
const BulkStartDialog = onDemand(() => import("./subscriptions/BulkStartDialog").then((m) => m.BulkStartDialog));
const GenerateNowDialog = onDemand(() => import("./subscriptions/GenerateNowDialog").then((m) => m.GenerateNowDialog));
const NewSubscriptionPicker = onDemand(() => import("./subscriptions/NewSubscriptionPicker").then((m) => m.NewSubscriptionPicker));

export interface SubscriptionsListProps extends ListIslandProps<SubscriptionRowJson> {
  summary: SubscriptionSummary;
  /** Today in APP_TZ, for the dialog's preview. */
  today: string;
  /** BLOCK_GRACE_DAYS, for the dialog's warning about months already overdue. */
  graceDays: number;
}

const STATUS_FILTER = [
  { value: "", label: "Todas" },
  { value: "nao_iniciada", label: "Não iniciadas" },
  { value: "ativa", label: "Ativas" },
  { value: "trial", label: IN_TRIAL_LABEL },
  { value: "pausada", label: "Pausadas" },
  { value: "encerrada", label: "Encerradas" },
];

const BADGE: Record<SubscriptionRowJson["status"], BadgeVariant> = { nao_iniciada: "neutral", ativa: "success", pausada: "warning", encerrada: "neutral" };

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
  const [editing, setEditing] = useState<{ clientId: number; clientName: string } | null>(null);
  const [running, setRunning] = useState(false);
  const [picking, setPicking] = useState(false);
  // The not-started clients ticked on the page (issue 35 §2); none ticked: "Iniciar assinaturas" is every one with a fee.
  const [selected, setSelected] = useState<ReadonlyMap<number, string>>(new Map());
  const [bulk, setBulk] = useState<number[] | "todos" | null>(null);
  const filtering = Boolean(params.status || params.q);
  const notStarted = params.status === "nao_iniciada";

  /** After a change: the same view and the cards (SPEC §7). */
  const reload = () => {
    void list.reload();
    api<SubscriptionSummary>("/api/subscriptions/summary").then(setSummary, () => {});
  };


  const toggle = (row: SubscriptionRowJson, on: boolean) =>
    setSelected((current) => {
      const next = new Map(current);
      if (on) next.set(row.clientId, row.clientName);
      else next.delete(row.clientId);
      return next;
    });
  const selecting = canWrite && notStarted;
  const columns = useMemo(
    () => subscriptionColumns((row) => setEditing(row), canWrite, today, selecting ? { selected, toggle } : null, notStarted),
    [canWrite, today, selecting, selected, notStarted],
  );

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
        <div className="list-export list-export--actions sub-toolbar no-print" {...(canWrite ? preloadOnIntent(BulkStartDialog) : {})}>
          {canWrite && (
            <>
              <Button variant="secondary" onClick={() => setPicking(true)} {...preloadOnIntent(NewSubscriptionPicker)}>
                <Icon name="plus" size={18} />
                Nova assinatura
              </Button>
              <Button variant="secondary" onClick={() => setBulk(selected.size ? [...selected.keys()] : "todos")}>
                <Icon name="repeat" size={18} />
                {selected.size ? `Iniciar assinaturas (${formatCount(selected.size)})` : "Iniciar assinaturas"}
              </Button>
              <Button variant="secondary" onClick={() => setRunning(true)} {...preloadOnIntent(GenerateNowDialog)}>
                <Icon name="calendar-plus" size={18} />
                Gerar parcelas agora
              </Button>
            </>
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
                    ? "Use “Nova assinatura” para um cliente, ou “Iniciar assinaturas” para vários de uma vez."
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

      {running && (
        <Loading onFailed={() => setRunning(false)}>
          <GenerateNowDialog
            today={today}
            onClose={() => setRunning(false)}
            onGenerated={() => {
              setRunning(false);
              reload();
            }}
          />
        </Loading>
      )}

      {picking && (
        <Loading onFailed={() => setPicking(false)}>
          <NewSubscriptionPicker
            onClose={() => setPicking(false)}
            onPicked={(client) => {
              setPicking(false);
              setEditing({ clientId: client.id, clientName: client.nome });
            }}
          />
        </Loading>
      )}

      {bulk && (
        <Loading onFailed={() => setBulk(null)}>
          <BulkStartDialog
            clientes={bulk}
            today={today}
            onClose={() => setBulk(null)}
            onStarted={() => {
              setBulk(null);
              setSelected(new Map());
              reload();
            }}
          />
        </Loading>
      )}

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
function subscriptionColumns(
  open: (row: Row) => void,
  canWrite: boolean,
  today: string,
  selection: { selected: ReadonlyMap<number, string>; toggle: (row: Row, on: boolean) => void } | null,
  notStarted: boolean,
): TableColumn<Row>[] {
  // Not started, a row has no day, due date nor period yet: the name gets their room.
  const columns = allColumns(open, canWrite, today, selection);
  return notStarted ? columns.filter((c) => !["dia", "proximoVencimento", "periodo"].includes(c.key)) : columns;
}

function allColumns(
  open: (row: Row) => void,
  canWrite: boolean,
  today: string,
  selection: { selected: ReadonlyMap<number, string>; toggle: (row: Row, on: boolean) => void } | null,
): TableColumn<Row>[] {
  const pick: TableColumn<Row>[] = selection
    ? [
        {
          key: "selecionar",
          header: "Selecionar",
          phone: "actions",
          render: (row) => (
            <input
              type="checkbox"
              className="sub-pick"
              aria-label={`Selecionar ${row.clientName}`}
              checked={selection.selected.has(row.clientId)}
              onChange={(event) => selection.toggle(row, event.currentTarget.checked)}
            />
          ),
        },
      ]
    : [];
  return [
    ...pick,
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
    { key: "dia", header: "Dia", align: "end", render: (row) => <span className="ui-nowrap">{row.diaVencimento ?? "—"}</span> },
    {
      key: "proximoVencimento",
      header: "Próximo vencimento",
      sortable: true,
      render: (row) => <span className="ui-nowrap">{row.proximoVencimento ? formatDateBR(row.proximoVencimento) : "—"}</span>,
    },
    {
      key: "periodo",
      header: "Período",
      render: (row) =>
        row.inicio ? (
          <span className="ui-nowrap">
            {monthText(row.inicio)}
            {row.fim ? ` a ${monthText(row.fim)}` : " em diante"}
          </span>
        ) : (
          "—"
        ),
    },
    {
      key: "acoes",
      header: "Ações",
      align: "end",
      phone: "actions",
      render: (row) => (
        <div className="row-actions">
          {canWrite && row.status === "nao_iniciada" ? (
            <IconAction label="Iniciar assinatura" rowName={row.clientName} icon="plus" onClick={() => open(row)} />
          ) : canWrite ? (
            <IconAction label="Editar assinatura" rowName={row.clientName} icon="edit" onClick={() => open(row)} />
          ) : (
            <IconAction label="Ver assinatura" rowName={row.clientName} icon="info" onClick={() => open(row)} />
          )}
        </div>
      ),
    },
  ];
}
