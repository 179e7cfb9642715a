// What the register lists (Fornecedores, Parceiros) build on top of useUrlList and the kit: the
// search box, the count, the pager, one row action's ending (SPEC §8 toasts) and the delete
// confirmation, and the create/edit dialog's submit. Each screen keeps only its own words.
import { useState, type ReactNode } from "react";
import { Button } from "../../src/ui/Button";
import { ConfirmDialog } from "../../src/ui/ConfirmDialog";
import { EmptyState } from "../../src/ui/EmptyState";
import { Field } from "../../src/ui/Field";
import { FilterBar } from "../../src/ui/FilterBar";
import { Icon, type IconName } from "../../src/ui/Icon";
import { IconAction } from "../../src/ui/IconAction";
import { RowMenu, type RowMenuItem } from "../../src/ui/RowMenu";
import { Input } from "../../src/ui/Input";
import { Pager, rangeText } from "../../src/ui/Pager";
import { Table, type TableColumn } from "../../src/ui/Table";
import { toast } from "../../src/ui/toast";
import { api, ApiError, serverMessage } from "./api";
import { useDialogForm, type DialogFormOptions } from "./form";
import { searchOf, useUrlList, type ListParams } from "./list";
import { tableSort } from "./sort";
import { useNewRecordRequest } from "./state";

/** What a register's list island gets from its page: one page of rows and the view it shows. */
export interface RegisterListProps<Row> {
  initial: { rows: Row[]; total: number };
  /** The view the server rendered: q, ordem, pagina, porPagina. */
  params: ListParams;
}

export interface RegisterListOptions<Row> extends RegisterListProps<Row> {
  /** The page's path ("/suppliers"); its list API is /api{path}. */
  path: string;
  /** Values left out of the URL (the default sort, page 1, the page size). */
  defaults: ListParams;
  /** "fornecedores": completes the pager's name and the reload error. */
  listName: string;
}

/** A register's list state (useUrlList over /api{path}) and the page it shows. */
export function useRegisterList<Row>(options: RegisterListOptions<Row>) {
  const { path, defaults, listName } = options;
  const list = useUrlList<Row>({ ...options, endpoint: `/api${path}` });
  const page = Number(list.params.pagina || 1);
  const perPage = Number(list.params.porPagina || defaults.porPagina);
  return { ...list, page, perPage, path, defaults, listName };
}

export type RegisterList<Row = unknown> = ReturnType<typeof useRegisterList<Row>>;

/** The one search box (q), with a visible label; folded into "Filtros" on phones. */
export function RegisterSearch({ list, label, placeholder }: { list: RegisterList; label: string; placeholder: string }) {
  const q = list.params.q ?? "";
  return (
    <FilterBar label={label} active={q !== ""} onClear={() => list.update({ q: "" })}>
      <Field label="Buscar">
        <Input
          type="search"
          name="q"
          autoComplete="off"
          spellCheck={false}
          placeholder={placeholder}
          value={q}
          onValueChange={(typed) => list.update({ q: typed }, { typing: true })}
        />
      </Field>
    </FilterBar>
  );
}

/** "Fornecedores 1–48 de 300" at the top of the list, or "Nenhum fornecedor". */
export function RegisterCount({ id, list, noun, none }: { id: string; list: RegisterList; noun: string; none: string }) {
  return (
    <p className="ui-list-count" id={id} aria-live="polite">
      {list.total === 0 ? none : `${noun} ${rangeText(list.page, list.perPage, list.total)}`}
    </p>
  );
}

/** Anterior / Próxima: links carrying the view, fetching in place once hydrated. */
export function RegisterPager({ list }: { list: RegisterList }) {
  const changePage = (n: number) => {
    list.update({ pagina: String(n) });
    document.getElementById("conteudo")?.scrollIntoView?.({ block: "start" });
  };
  return (
    <Pager
      page={list.page}
      perPage={list.perPage}
      total={list.total}
      listName={list.listName}
      hrefFor={(n) => `${list.path}${searchOf({ ...list.params, pagina: String(n) } as ListParams, list.defaults)}`}
      onPageChange={changePage}
    />
  );
}

export interface RegisterEmptyProps {
  list: RegisterList;
  icon: IconName;
  /** SPEC's words: 'Nenhum fornecedor encontrado'. */
  title: string;
  hint: string;
  /** "Novo Fornecedor", and what it does. */
  newLabel: string;
  onNew(): void;
}

/** An empty page: what is missing, "Limpar busca" while searching, and the "Novo …" that fills it. */
export function RegisterEmpty({ list, icon, title, hint, newLabel, onNew }: RegisterEmptyProps) {
  const searching = Boolean(list.params.q);
  const action = (
    <>
      {searching && (
        <Button variant="secondary" onClick={() => list.update({ q: "" })}>
          Limpar busca
        </Button>
      )}
      <Button variant="primary" onClick={onNew}>
        <Icon name="plus" size={18} />
        {newLabel}
      </Button>
    </>
  );
  return <EmptyState icon={icon} title={title} hint={hint} action={action} />;
}

/** The register's page of rows as the kit's Table (fixed layout: the screen's stylesheet sets the column widths), sorted by the URL's ordem, dimmed while fetching. */
export function RegisterTable<Row extends { id: number }>(props: {
  list: RegisterList<Row>;
  /** The table's accessible name: "Lista de parceiros". */
  label: string;
  className: string;
  columns: readonly TableColumn<Row>[];
  empty: ReactNode;
}) {
  const { list, label, className, columns, empty } = props;
  const [sort, changeSort] = tableSort(list.params.ordem || list.defaults.ordem || "nome", list.update);
  return (
    <Table
      className={`ui-table-wrap--cards ui-table-wrap--sticky ${className}`}
      label={label}
      fixed
      busy={list.loading}
      columns={columns}
      rows={list.rows}
      rowKey={(row) => row.id}
      sort={sort}
      onSortChange={changeSort}
      empty={empty}
    />
  );
}

export interface RowActionsProps {
  /** The row's name: "Editar Padaria Pão Quente". */
  name: string;
  onEdit(): void;
  onDelete(): void;
  /** Registers that block (clients, suppliers): the row's status and the toggle. */
  block?: { blocked: boolean; onToggle(): void };
  /** Registers with a timeline (clients, suppliers): opens the Histórico panel. */
  onHistory?(): void;
}

/** A row's Editar (visible) and, in its "⋯" menu, Histórico / Bloquear or Desbloquear / Excluir. */
export function RowActions({ name, onEdit, onDelete, block, onHistory }: RowActionsProps) {
  const items: RowMenuItem[] = [];
  if (onHistory) items.push({ label: "Histórico", icon: "history", onSelect: onHistory });
  if (block) items.push({ label: block.blocked ? "Desbloquear" : "Bloquear", icon: block.blocked ? "unlock" : "lock", onSelect: block.onToggle });
  items.push({ label: "Excluir", icon: "trash", danger: true, onSelect: onDelete });
  return (
    <>
      <IconAction label="Editar" rowName={name} icon="edit" onClick={onEdit} />
      <RowMenu rowName={name} items={items} />
    </>
  );
}

/** What a register's create/edit dialog gets: the row (null for a new one) and its two endings. */
export interface RecordDialogProps<Row> {
  record: Row | null;
  onClose(): void;
  /** After the server accepted the change (the toast is already shown). */
  onSaved(): void;
}

/**
 * Which create/edit dialog is open: `open(row)` or `open(null)` for a new one, and the header's
 * "Novo …" button (its own island) opens the empty one. `props` is null while it is closed.
 */
export function useRecordDialog<Row>(afterSave: () => void) {
  const [editing, setEditing] = useState<{ record: Row | null } | null>(null);
  useNewRecordRequest(() => setEditing({ record: null }));
  const props: RecordDialogProps<Row> | null = editing && {
    record: editing.record,
    onClose: () => setEditing(null),
    onSaved: () => {
      setEditing(null);
      afterSave();
    },
  };
  return { open: (record: Row | null) => setEditing({ record }), props };
}

export interface ActionOutcome {
  /** The success toast when the server's answer has no `message` of its own (which it says otherwise). */
  done?: string;
  /** SPEC §8's message when the server gives no reason (or when `ownMessage`). */
  failed: string;
  /** Show `failed` even when the server sends a reason (SPEC's fixed wording). */
  ownMessage?: boolean;
  /** Refetches what the action changed (the list's same view), right after the toast. */
  reload?(): void;
}

/** Runs one row action and ends it as SPEC §8 says: a toast and a reload, or 'Erro' and why. */
export async function runRowAction(action: () => Promise<unknown>, outcome: ActionOutcome): Promise<boolean> {
  let answer: unknown;
  try {
    answer = await action();
  } catch (error) {
    const reason = error instanceof ApiError && !outcome.ownMessage ? error.serverMessage : null;
    toast({ title: "Erro", description: reason || outcome.failed, variant: "destructive" });
    return false;
  }
  toast({ title: serverMessage(answer) ?? outcome.done ?? "Feito" });
  outcome.reload?.();
  return true;
}

export interface DeleteConfirmationOptions<Row> extends ActionOutcome {
  /** The register's API ("/api/partners"): DELETE {endpoint}/{id}. */
  endpoint: string;
  /** The dialog's title: 'Excluir parceiro'. */
  title: string;
  /** SPEC §5's question about this row. */
  question(row: Row): ReactNode;
}

/** "Excluir" on a row: SPEC's question (focus on Cancelar), then DELETE and its toasts. */
export function useDeleteConfirmation<Row extends { id: number }>(options: DeleteConfirmationOptions<Row>) {
  const [target, setTarget] = useState<Row | null>(null);
  const confirm = async () => {
    if (target) await runRowAction(() => api(`${options.endpoint}/${target.id}`, { method: "DELETE" }), options);
    setTarget(null);
  };
  const dialog = (
    <ConfirmDialog
      open={target !== null}
      title={options.title}
      message={target ? options.question(target) : ""}
      confirmLabel="Excluir"
      destructive
      onConfirm={confirm}
      onCancel={() => setTarget(null)}
    />
  );
  return { ask: setTarget, dialog };
}

/** A register's dialog form: its API, the form's values for a row, SPEC §8's words. */
export interface RecordForm<V, Row> {
  /** POST {endpoint}, or {editMethod} {endpoint}/{id}. */
  endpoint: string;
  editMethod: "PUT" | "PATCH";
  values(record: Row | null): V;
  /** ['Parceiro criado', 'Parceiro atualizado'] */
  savedTitles: [created: string, updated: string];
  failedMessage: DialogFormOptions<V>["failedMessage"];
}

/** A register's create/edit dialog form: the one dialog-form flow, sending the typed values. */
export function useRecordForm<V extends object, Row extends { id: number }>(
  schema: Parameters<typeof useDialogForm<V>>[0],
  { record, onClose, onSaved }: RecordDialogProps<Row>,
  spec: RecordForm<V, Row>,
) {
  const { endpoint, editMethod } = spec;
  return useDialogForm<V>(schema, spec.values(record), {
    send: (body) => (record ? api(`${endpoint}/${record.id}`, { method: editMethod, body }) : api(endpoint, { method: "POST", body })),
    savedTitle: spec.savedTitles[record ? 1 : 0]!,
    failedMessage: spec.failedMessage,
    onSaved,
    onClose,
  });
}
