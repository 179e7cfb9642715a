import { useMemo, useState } from "react";
import type { ClientBlockAnswer } from "../src/api/clients/model";
import { formatCnpj, formatPhone } from "../src/lib/brazil";
import { formatBRL, parseMoney, ZERO } from "../src/lib/money";
import { Badge } from "../src/ui/Badge";
import { Button } from "../src/ui/Button";
import { ConfirmDialog } from "../src/ui/ConfirmDialog";
import { EmptyState } from "../src/ui/EmptyState";
import { Field } from "../src/ui/Field";
import { FilterBar } from "../src/ui/FilterBar";
import { IconAction } from "../src/ui/IconAction";
import { Icon } from "../src/ui/Icon";
import { Input } from "../src/ui/Input";
import { Pager, rangeText } from "../src/ui/Pager";
import { Select } from "../src/ui/Select";
import { Table, type TableColumn } from "../src/ui/Table";
import { toast } from "../src/ui/toast";
import { api, ApiError } from "./api";
import { ClientFormDialog } from "./clients/ClientFormDialog";
import { clientStatus, STATUS_OPTIONS, type ClientRowView } from "./clients/view";
import { searchOf, useUrlList, type ListParams } from "./list";
import { useNewRecordRequest } from "./state";
import { tableSort } from "./sort";

export interface ClientsListProps {
  initial: { rows: ClientRowView[]; total: number };
  /** The view the server rendered: q, cnpj, status, ordem, pagina. */
  params: ListParams;
}

const DEFAULTS: ListParams = { q: "", cnpj: "", status: "", ordem: "nome", pagina: "1", porPagina: "50" };

type Confirmation = { kind: "toggle" | "delete"; client: ClientRowView };

/** Gerenciar Clientes (SPEC §2): filters, the sortable page of clients, the dialog and confirmations. */
export default function ClientsList({ initial, params: initialParams }: ClientsListProps) {
  const list = useUrlList<ClientRowView>({
    endpoint: "/api/clients",
    initial,
    params: initialParams,
    defaults: DEFAULTS,
    listName: "clientes",
  });
  const { params, update } = list;
  const [sort, changeSort] = tableSort(params.ordem || DEFAULTS.ordem!, update);
  const [editing, setEditing] = useState<ClientRowView | "new" | null>(null);
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const page = Number(params.pagina || 1);
  const perPage = Number(params.porPagina || DEFAULTS.porPagina);
  const filtering = Boolean(params.q || params.cnpj || params.status);

  // "Novo Cliente" in the page header is its own island.
  useNewRecordRequest(() => setEditing("new"));

  const columns = useMemo(() => clientColumns((kind, client) => (kind === "edit" ? setEditing(client) : setConfirmation({ kind, client }))), []);

  async function toggleBlock(client: ClientRowView) {
    try {
      const answer = await api<ClientBlockAnswer>(`/api/clients/${client.id}/toggle-block`, { method: "PATCH" });
      toast({ title: answer.message });
      void list.reload();
    } catch {
      toast({ title: "Erro", description: "Erro ao alterar status do cliente", variant: "destructive" });
    }
    setConfirmation(null);
  }

  async function remove(client: ClientRowView) {
    try {
      await api(`/api/clients/${client.id}`, { method: "DELETE" });
      toast({ title: "Cliente excluído" });
      void list.reload();
    } catch (error) {
      const description = (error instanceof ApiError && error.serverMessage) || "Não foi possível excluir o cliente.";
      toast({ title: "Erro", description, variant: "destructive" });
    }
    setConfirmation(null);
  }

  const blocking = confirmation?.kind === "toggle" && confirmation.client.statusBloqueio === 0;

  return (
    <div className="list-screen">
      <FilterBar
        label="Filtrar clientes"
        active={filtering}
        onClear={() => update({ q: "", cnpj: "", status: "" })}
      >
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
        <p className="ui-list-count" id="clientes-contagem" aria-live="polite">
          {list.total === 0 ? "Nenhum cliente" : `Clientes ${rangeText(page, perPage, list.total)}`}
        </p>
        <Table
          className="ui-table-wrap--cards ui-table-wrap--sticky clients-table"
          label="Lista de clientes"
          fixed
          busy={list.loading}
          columns={columns}
          rows={list.rows}
          rowKey={(client) => client.id}
          sort={sort}
          onSortChange={changeSort}
          empty={
            <EmptyState
              icon="users"
              title="Nenhum cliente encontrado"
              hint={filtering ? "Ajuste os filtros para ver outros clientes." : "Cadastre o primeiro cliente para começar a cobrar."}
              action={
                !filtering && (
                  <Button variant="primary" onClick={() => setEditing("new")}>
                    <Icon name="plus" size={18} />
                    Novo Cliente
                  </Button>
                )
              }
            />
          }
        />
        <Pager
          page={page}
          perPage={perPage}
          total={list.total}
          listName="clientes"
          hrefFor={(n) => `/clients${searchOf({ ...params, pagina: String(n) }, DEFAULTS)}`}
          onPageChange={(n) => {
            update({ pagina: String(n) });
            document.getElementById("conteudo")?.scrollIntoView?.({ block: "start" });
          }}
        />
      </section>

      {editing !== null && (
        <ClientFormDialog
          client={editing === "new" ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void list.reload();
          }}
        />
      )}

      <ConfirmDialog
        open={confirmation !== null}
        title={confirmation?.kind === "delete" ? "Excluir cliente" : blocking ? "Bloquear cliente" : "Desbloquear cliente"}
        message={
          <>
            {confirmation?.kind === "delete"
              ? "Tem certeza que deseja excluir este cliente?"
              : `Tem certeza que deseja ${blocking ? "bloquear" : "desbloquear"} este cliente?`}
            <strong className="confirm-subject">{confirmation?.client.nome}</strong>
          </>
        }
        confirmLabel={confirmation?.kind === "delete" ? "Excluir" : blocking ? "Bloquear" : "Desbloquear"}
        destructive
        onConfirm={() => {
          if (!confirmation) return;
          return confirmation.kind === "delete" ? remove(confirmation.client) : toggleBlock(confirmation.client);
        }}
        onCancel={() => setConfirmation(null)}
      />
    </div>
  );
}

type RowAction = "edit" | "toggle" | "delete";

/** The table's columns (SPEC §2): the name takes the width; numbers never wrap. */
function clientColumns(act: (kind: RowAction, client: ClientRowView) => void): TableColumn<ClientRowView>[] {
  return [
    {
      key: "nome",
      header: "Nome",
      sortable: true,
      phone: "title",
      render: (client) => (
        <div className="cell-name">
          <span className="ui-ellipsis cell-name__main" title={client.nome}>
            {client.nome}
          </span>
          <span className="ui-ellipsis cell-name__sub" title={`${client.contato} · ${client.codigoCliente}`}>
            {client.contato} · {client.codigoCliente}
          </span>
        </div>
      ),
    },
    {
      key: "cnpj",
      header: "CNPJ",
      sortable: true,
      render: (client) => <span className="ui-nowrap">{formatCnpj(client.cnpj)}</span>,
    },
    {
      key: "email",
      header: "E-mail",
      render: (client) => (
        <span className="ui-ellipsis" title={client.email}>
          {client.email}
        </span>
      ),
    },
    {
      key: "telefone",
      header: "Telefone",
      render: (client) => <span className="ui-nowrap">{formatPhone(client.telefone)}</span>,
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
        return <Badge variant={status.variant}>{status.label}</Badge>;
      },
    },
    {
      key: "acoes",
      header: "Ações",
      align: "end",
      phone: "actions",
      render: (client) => {
        const blocked = client.statusBloqueio === 1;
        return (
          <div className="row-actions">
            <IconAction label="Editar" rowName={client.nome} icon="edit" onClick={() => act("edit", client)} />
            <IconAction
              label={blocked ? "Desbloquear" : "Bloquear"}
              rowName={client.nome}
              icon={blocked ? "unlock" : "lock"}
              onClick={() => act("toggle", client)}
            />
            <IconAction label="Excluir" rowName={client.nome} icon="trash" danger onClick={() => act("delete", client)} />
          </div>
        );
      },
    },
  ];
}
