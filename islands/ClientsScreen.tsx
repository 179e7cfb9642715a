import { useMemo, useState } from "react";
import type { ClientBlockAnswer, ClientJson } from "../src/api/clients/model";
import { PageHeader } from "../src/ui/PageHeader";
import { Button } from "../src/ui/Button";
import { Card, CardContent } from "../src/ui/Card";
import { ConfirmDialog } from "../src/ui/ConfirmDialog";
import { Field } from "../src/ui/Field";
import { Icon } from "../src/ui/Icon";
import { Input } from "../src/ui/Input";
import { Select } from "../src/ui/Select";
import { Table, sortRows, type TableSort } from "../src/ui/Table";
import { toast } from "../src/ui/toast";
import { api, ApiError } from "./api";
import { ClientFormDialog } from "./clients/ClientFormDialog";
import { clientColumns } from "./clients/columns";
import { Pager } from "./clients/Pager";
import {
  NO_FILTERS,
  STATUS_OPTIONS,
  filterClients,
  hasFilters,
  pageOf,
  sortValue,
  type ClientFilters,
  type StatusFilter,
} from "./clients/view";
import { useServerList } from "./list";

export interface ClientsScreenProps {
  initialClients: ClientJson[];
}

type Confirmation = { kind: "toggle" | "delete"; client: ClientJson };

const DEFAULT_SORT: TableSort = { key: "nome", dir: "asc" };

/** Gerenciar Clientes (SPEC §2): filters, a sortable paged table, the client dialog and confirmations. */
export default function ClientsScreen({ initialClients }: ClientsScreenProps) {
  const { rows, reload, refreshing } = useServerList<ClientJson>("/api/clients", initialClients, "clientes");
  const [filters, setFilters] = useState<ClientFilters>(NO_FILTERS);
  const [sort, setSort] = useState<TableSort>(DEFAULT_SORT);
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<ClientJson | "new" | null>(null);
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);

  const sorted = useMemo(() => sortRows(rows, sort.key, sort.dir, sortValue), [rows, sort]);
  const filtered = useMemo(() => filterClients(sorted, filters), [sorted, filters]);
  const shown = pageOf(filtered, page);

  const columns = useMemo(
    () =>
      clientColumns({
        onEdit: (client) => setEditing(client),
        onToggleBlock: (client) => setConfirmation({ kind: "toggle", client }),
        onDelete: (client) => setConfirmation({ kind: "delete", client }),
      }),
    [],
  );

  function changeFilter<K extends keyof ClientFilters>(key: K, value: ClientFilters[K]) {
    setFilters((current) => ({ ...current, [key]: value }));
    setPage(1);
  }

  function changePage(next: number) {
    setPage(next);
    // The pager sits under the table: bring the new page's first rows into view.
    const list = document.getElementById("clientes-lista");
    if (list && list.getBoundingClientRect().top < 0) list.scrollIntoView?.({ block: "start" });
  }

  async function toggleBlock(client: ClientJson) {
    let answer: ClientBlockAnswer;
    try {
      answer = await api<ClientBlockAnswer>(`/api/clients/${client.id}/toggle-block`, { method: "PATCH" });
    } catch {
      setConfirmation(null);
      toast({ title: "Erro", description: "Erro ao alterar status do cliente", variant: "destructive" });
      return;
    }
    setConfirmation(null);
    toast({ title: answer.message });
    void reload();
  }

  async function remove(client: ClientJson) {
    try {
      await api(`/api/clients/${client.id}`, { method: "DELETE" });
    } catch (error) {
      setConfirmation(null);
      const description = (error instanceof ApiError && error.serverMessage) || "Não foi possível excluir o cliente.";
      toast({ title: "Erro", description, variant: "destructive" });
      return;
    }
    setConfirmation(null);
    toast({ title: "Cliente excluído" });
    void reload();
  }

  const blocking = confirmation?.kind === "toggle" && confirmation.client.statusBloqueio === 0;
  const filtering = hasFilters(filters);

  return (
    <div className="clients">
      <PageHeader
        title="Gerenciar Clientes"
        description="Cadastre clientes, acompanhe mensalidades e bloqueie ou libere o acesso."
        actions={
          <Button variant="primary" onClick={() => setEditing("new")}>
            <Icon name="plus" size={18} />
            Novo Cliente
          </Button>
        }
      />

      <Card className="clients-filters">
        <CardContent>
          <div role="search" className="clients-filters__grid" aria-label="Filtrar clientes">
            <Field label="Nome">
              <Input
                type="search"
                name="filtro-nome"
                placeholder="Buscar por nome"
                autoComplete="off"
                value={filters.nome}
                onValueChange={(nome) => changeFilter("nome", nome)}
              />
            </Field>
            <Field label="CNPJ">
              <Input
                type="search"
                name="filtro-cnpj"
                placeholder="Buscar CNPJ"
                autoComplete="off"
                spellCheck={false}
                value={filters.cnpj}
                onValueChange={(cnpj) => changeFilter("cnpj", cnpj)}
              />
            </Field>
            <Field label="Status">
              <Select
                name="filtro-status"
                options={STATUS_OPTIONS}
                value={filters.status}
                onValueChange={(status) => changeFilter("status", status as StatusFilter)}
              />
            </Field>
            <Button
              variant="ghost"
              className="clients-filters__clear"
              disabled={!filtering}
              onClick={() => {
                setFilters(NO_FILTERS);
                setPage(1);
              }}
            >
              Limpar filtros
            </Button>
          </div>
        </CardContent>
      </Card>

      <Card id="clientes-lista" className="clients-list" aria-busy={refreshing || undefined}>
        <Table
          className="clients-table"
          columns={columns}
          rows={shown.rows}
          rowKey={(client) => client.id}
          sort={sort}
          onSortChange={(next) => {
            setSort(next);
            setPage(1);
          }}
          empty={
            <div className="clients-empty">
              <Icon name="users" size={32} />
              <p className="clients-empty__title">Nenhum cliente encontrado</p>
              <p className="clients-empty__hint">
                {filtering ? "Ajuste os filtros para ver outros clientes." : "Cadastre o primeiro cliente em “Novo Cliente”."}
              </p>
            </div>
          }
        />
        {shown.total > 0 && <Pager {...shown} onPageChange={changePage} />}
      </Card>

      {editing !== null && (
        <ClientFormDialog
          client={editing === "new" ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void reload();
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
            <strong className="clients-confirm__name">{confirmation?.client.nome}</strong>
          </>
        }
        confirmLabel={confirmation?.kind === "delete" ? "Excluir" : blocking ? "Bloquear" : "Desbloquear"}
        destructive={confirmation?.kind === "delete"}
        onConfirm={() => {
          if (!confirmation) return;
          return confirmation.kind === "delete" ? remove(confirmation.client) : toggleBlock(confirmation.client);
        }}
        onCancel={() => setConfirmation(null)}
      />
    </div>
  );
}
