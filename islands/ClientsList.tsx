import { useMemo, useState } from "react";
import { CLIENT_LIST } from "../src/api/clients/list-spec";
import type { ClientBlockAnswer } from "../src/api/clients/model";
import { formatCnpj, formatPhone } from "../src/lib/brazil";
import { formatBRL, parseMoney, ZERO } from "../src/lib/money";
import { Badge } from "../src/ui/Badge";
import { Field } from "../src/ui/Field";
import { FilterBar } from "../src/ui/FilterBar";
import { Input } from "../src/ui/Input";
import { Select } from "../src/ui/Select";
import type { TableColumn } from "../src/ui/Table";
import { Tooltip } from "../src/ui/Tooltip";
import { api } from "./lib/api";
import { useCanWrite } from "./lib/can-write";
import type { ClientListRow } from "../src/api/clients/model";
import { clientStatus, STATUS_OPTIONS } from "./clients/view";
import { useUrlList, type ListIslandProps } from "./lib/list";
import { ListCount, ListExport, ListPager, ListTable, runRowAction, useDeleteConfirmation } from "./lib/list-kit";
import { RegisterEmpty, RowActions, useRecordDialog } from "./lib/registers";
import { ConfirmDialog, ConfirmPart } from "./lib/confirm-dialog";
import { Loading, onDemand, preloadOnIntent } from "./lib/on-demand";

// Loaded with their first opening (or as a button is pointed at): the forms, their zod schemas,
// the schedule and the holidays, and the timeline stay out of the page's script.
const ClientFormDialog = onDemand(() => import("./clients/ClientFormDialog").then((m) => m.ClientFormDialog));
const SubscriptionDialog = onDemand(() => import("./subscriptions/SubscriptionDialog").then((m) => m.SubscriptionDialog));
const ClientLinkDialog = onDemand(() => import("./clients/ClientLinkDialog").then((m) => m.ClientLinkDialog));
const HistoryPanel = onDemand(() => import("./history/HistoryPanel").then((m) => m.HistoryPanel));

export interface ClientsListProps extends ListIslandProps<ClientListRow> {
  /** Today in APP_TZ, for the Assinatura dialog's preview. */
  today: string;
  /** BLOCK_GRACE_DAYS, for the Assinatura dialog's warning about months already overdue. */
  graceDays: number;
}

/**
 * Gerenciar Clientes (SPEC §2): filters, the sortable page of clients, the dialog and confirmations.
 * A consulta's rows offer "Ver" (the dialog read-only: the URL is in no column), Assinatura (read-only) and Histórico.
 */
export default function ClientsList(props: ClientsListProps) {
  const canWrite = useCanWrite();
  const list = useUrlList<ClientListRow>({ ...props, spec: CLIENT_LIST });
  const { params, update } = list;
  const reload = () => void list.reload();
  const dialog = useRecordDialog<ClientListRow>(reload, ClientFormDialog);
  const [toggling, setToggling] = useState<ClientListRow | null>(null);
  const [historyOf, setHistoryOf] = useState<ClientListRow | null>(null);
  const [subscriptionOf, setSubscriptionOf] = useState<ClientListRow | null>(null);
  const [linkOf, setLinkOf] = useState<ClientListRow | null>(null);
  const deletion = useDeleteConfirmation<ClientListRow>({
    endpoint: "/api/clients",
    title: "Excluir cliente",
    question: (client) => (
      <>
        Tem certeza que deseja excluir este cliente?
        <strong className="confirm-subject">{client.nome}</strong>
      </>
    ),
    failed: "Não foi possível excluir o cliente.",
    reload,
  });
  const filtering = Boolean(params.q || params.cnpj || params.status);

  const columns = useMemo(
    () => clientColumns({ open: dialog.open, toggle: setToggling, remove: deletion.ask, history: setHistoryOf, subscription: setSubscriptionOf, link: setLinkOf }),
    [dialog.open, deletion.ask],
  );

  async function toggleBlock(client: ClientListRow) {
    await runRowAction(() => api<ClientBlockAnswer>(`/api/clients/${client.id}/toggle-block`, { method: "PATCH" }), {
      failed: "Erro ao alterar status do cliente",
      ownMessage: true,
      reload,
    });
    setToggling(null);
  }

  const blocking = toggling?.statusBloqueio === 0;

  return (
    <div className="list-screen" {...preloadOnIntent(ClientFormDialog, SubscriptionDialog, HistoryPanel, ClientLinkDialog, ConfirmPart)}>
      <FilterBar label="Filtrar clientes" active={filtering} onClear={() => update({ q: "", cnpj: "", status: "" })}>
        <Field label="Buscar">
          <Input
            type="search"
            name="q"
            placeholder="Nome, contato, código ou e-mail"
            autoComplete="off"
            value={params.q ?? ""}
            onValueChange={(q) => update({ q }, { typing: true })}
          />
        </Field>
        <Field label="CNPJ">
          <Input
            type="search"
            name="cnpj"
            placeholder="Parte do CNPJ"
            autoComplete="off"
            spellCheck={false}
            value={params.cnpj ?? ""}
            onValueChange={(cnpj) => update({ cnpj }, { typing: true })}
          />
        </Field>
        <Field label="Status">
          <Select name="status" options={STATUS_OPTIONS} value={params.status ?? ""} onValueChange={(status) => update({ status })} />
        </Field>
      </FilterBar>

      <section className="list-card" aria-labelledby="clientes-contagem">
        {/* The view as a spreadsheet (issue 35 §4): /clients/export with the same parameters. */}
        <ListExport list={list} />
        <ListCount id="clientes-contagem" list={list} noun="Clientes" none="Nenhum cliente" />
        <ListTable
          list={list}
          rows={list.rows}
          label="Lista de clientes"
          className="clients-table"
          columns={columns}
          empty={
            <RegisterEmpty
              list={list}
              icon="users"
              title="Nenhum cliente encontrado"
              hint={
                filtering
                  ? "Ajuste os filtros para ver outros clientes."
                  : canWrite
                    ? "Cadastre o primeiro cliente para começar a cobrar."
                    : "Nenhum cliente foi cadastrado ainda."
              }
              newLabel="Novo Cliente"
              onNew={() => dialog.open(null)}
            />
          }
        />
        <ListPager list={list} />
      </section>

      {dialog.props && (
        <Loading onFailed={dialog.props.onClose}>
          <ClientFormDialog
            client={dialog.props.record}
            today={props.today}
            onClose={dialog.props.onClose}
            onSaved={dialog.props.onSaved}
            onOpenSubscription={() => {
              // The trial of a running subscription is changed there (DECISIONS §8): one dialog for the other.
              const record = dialog.props!.record;
              dialog.props!.onClose();
              if (record) setSubscriptionOf(record);
            }}
          />
        </Loading>
      )}
      {deletion.dialog}
      {subscriptionOf && (
        <Loading onFailed={() => setSubscriptionOf(null)}>
          <SubscriptionDialog
            clientId={subscriptionOf.id}
            clientName={subscriptionOf.nome}
            today={props.today}
            graceDays={props.graceDays}
            onClose={() => setSubscriptionOf(null)}
            onChanged={reload}
            onSaved={() => {
              setSubscriptionOf(null);
              reload();
            }}
          />
        </Loading>
      )}
      {linkOf && (
        <Loading onFailed={() => setLinkOf(null)}>
          <ClientLinkDialog clientId={linkOf.id} clientName={linkOf.nome} onClose={() => setLinkOf(null)} />
        </Loading>
      )}
      {historyOf && (
        <Loading onFailed={() => setHistoryOf(null)}>
          <HistoryPanel subject={{ kind: "client", id: historyOf.id, name: historyOf.nome }} onClose={() => setHistoryOf(null)} />
        </Loading>
      )}
      <ConfirmDialog
        open={toggling !== null}
        title={blocking ? "Bloquear cliente" : "Desbloquear cliente"}
        message={
          <>
            {`Tem certeza que deseja ${blocking ? "bloquear" : "desbloquear"} este cliente?`}
            <strong className="confirm-subject">{toggling?.nome}</strong>
          </>
        }
        confirmLabel={blocking ? "Bloquear" : "Desbloquear"}
        destructive
        onConfirm={() => (toggling ? toggleBlock(toggling) : undefined)}
        onCancel={() => setToggling(null)}
      />
    </div>
  );
}

interface ClientRowActions {
  /** The client's dialog: editable, or read-only for a consulta (ClientFormDialog decides). */
  open(client: ClientListRow): void;
  toggle(client: ClientListRow): void;
  remove(client: ClientListRow): void;
  history(client: ClientListRow): void;
  subscription(client: ClientListRow): void;
  link(client: ClientListRow): void;
}

/** The table's columns (SPEC §2): the name takes the width; numbers never wrap. */
function clientColumns(act: ClientRowActions): TableColumn<ClientListRow>[] {
  return [
    {
      key: "nome",
      header: "Nome",
      sortable: true,
      phone: "title",
      render: (client) => (
        <div className="cell-name">
          {/* The name leads to the client's installments (Contas a Receber filtered to it). */}
          <a className="ui-ellipsis cell-name__main" href={`/receivables?clientId=${client.id}`} title={client.nome}>
            {client.nome}
          </a>
          <span className="ui-ellipsis cell-name__sub" title={`${client.contato} · ${client.codigoCliente}`}>
            {client.contato} · {client.codigoCliente}
          </span>
        </div>
      ),
    },
    { key: "cnpj", header: "CNPJ", sortable: true, render: (client) => <span className="ui-nowrap">{formatCnpj(client.cnpj)}</span> },
    {
      // E-mail over telefone in one column (issue 37): as two columns at 1280 px the e-mail got
      // 68 px ("cont…") once the name kept its 30 characters; together it shows ~20 characters,
      // the whole address in its title.
      key: "email",
      header: "E-mail e telefone",
      render: (client) => (
        <div className="cell-contact">
          <span className="ui-ellipsis" title={client.email}>
            {client.email}
          </span>
          <span className="ui-nowrap cell-contact__phone">{formatPhone(client.telefone)}</span>
        </div>
      ),
    },
    {
      key: "mensalidade",
      header: "Mensalidade",
      sortable: true,
      align: "end",
      render: (client) => <span className="ui-nowrap">{formatBRL(parseMoney(client.valorMensalidade) ?? ZERO)}</span>,
    },
    {
      key: "status",
      header: "Status",
      sortable: true,
      phone: "badge",
      render: (client) => {
        const status = clientStatus(client);
        if (!status.reason) return <Badge variant={status.variant}>{status.label}</Badge>;
        // Blocked automatically: the badge says why (focusable, so the keyboard reaches it too).
        return (
          <Tooltip content={status.reason}>
            <Badge variant={status.variant} tabIndex={0}>
              {status.label}
            </Badge>
          </Tooltip>
        );
      },
    },
    {
      key: "acoes",
      header: "Ações",
      align: "end",
      phone: "actions",
      render: (client) => (
        <div className="row-actions">
          <RowActions
            name={client.nome}
            onSubscription={() => act.subscription(client)}
            onLink={() => act.link(client)}
            onHistory={() => act.history(client)}
            onEdit={() => act.open(client)}
            onView={() => act.open(client)}
            onDelete={() => act.remove(client)}
            block={{ blocked: client.statusBloqueio === 1, onToggle: () => act.toggle(client) }}
          />
        </div>
      ),
    },
  ];
}
