// What the registers (Clientes, Fornecedores, Parceiros) add to the list kit: the search box,
// the empty state with its "Novo …", a row's Editar and "⋯" menu, and which create/edit dialog is
// open. Each screen keeps only its own words. For a consulta (DECISIONS §10, useCanWrite) the
// same parts read only: no "Novo …", no Editar/Bloquear/Excluir, a "Ver" that opens the dialog as
// RecordView where the dialog holds fields the row does not show. The dialogs' own kit (the form
// flow, RecordView) is record-dialog.tsx: it loads with them, not with the list.
import { useState } from "react";
import { Button } from "../../src/ui/Button";
import { EmptyState } from "../../src/ui/EmptyState";
import { Field } from "../../src/ui/Field";
import { FilterBar } from "../../src/ui/FilterBar";
import { Icon, type IconName } from "../../src/ui/Icon";
import { IconAction } from "../../src/ui/IconAction";
import { RowMenu, type RowMenuItem } from "../../src/ui/RowMenu";
import { Input } from "../../src/ui/Input";
import { useCanWrite } from "./can-write";
import type { UrlList } from "./list-kit";
import { useNewRecordIntent, useNewRecordRequest } from "./state";

/** A register's list state: useUrlList over its spec. */
type RegisterList<Row = unknown> = UrlList<Row>;

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

interface RegisterEmptyProps {
  list: RegisterList;
  icon: IconName;
  /** SPEC's words: 'Nenhum fornecedor encontrado'. */
  title: string;
  hint: string;
  /** "Novo Fornecedor", and what it does. */
  newLabel: string;
  onNew(): void;
}

/**
 * An empty page: what is missing, "Limpar busca" while searching, and the "Novo …" that fills it
 * (not for a consulta, who cannot fill it).
 */
export function RegisterEmpty({ list, icon, title, hint, newLabel, onNew }: RegisterEmptyProps) {
  const canWrite = useCanWrite();
  const searching = Boolean(list.params.q);
  const action = (searching || canWrite) && (
    <>
      {searching && (
        <Button variant="secondary" onClick={() => list.update({ q: "" })}>
          Limpar busca
        </Button>
      )}
      {canWrite && (
        <Button variant="primary" onClick={onNew}>
          <Icon name="plus" size={18} />
          {newLabel}
        </Button>
      )}
    </>
  );
  return <EmptyState icon={icon} title={title} hint={hint} action={action} />;
}

interface RowActionsProps {
  /** The row's name: "Editar Padaria Pão Quente". */
  name: string;
  onEdit(): void;
  onDelete(): void;
  /** Registers that block (clients, suppliers): the row's status and the toggle. */
  block?: { blocked: boolean; onToggle(): void };
  /** Registers with a timeline (clients, suppliers): opens the Histórico panel. */
  onHistory?(): void;
  /** Clients: opens the client's Assinatura (read-only for a consulta). */
  onSubscription?(): void;
  /** Clients: the client's page link (whether one works; making or revoking one for writers). */
  onLink?(): void;
  /**
   * A consulta's "Ver", in Editar's place: opens the record's dialog read-only. Only for registers
   * whose dialog holds fields the row does not show; without it a consulta gets no visible action.
   */
  onView?(): void;
}

/**
 * A row's Editar (visible) and, in its "⋯" menu, Assinatura / Histórico / Bloquear or Desbloquear / Excluir.
 * For a consulta only what reads: "Ver" (when given) and the menu's Assinatura / Histórico; no menu when nothing is left in it.
 */
export function RowActions({ name, onEdit, onDelete, block, onHistory, onSubscription, onLink, onView }: RowActionsProps) {
  const canWrite = useCanWrite();
  const items: RowMenuItem[] = [];
  if (onSubscription) items.push({ label: "Assinatura", icon: "repeat", onSelect: onSubscription });
  if (onLink) items.push({ label: "Link do cliente", icon: "copy", onSelect: onLink });
  if (onHistory) items.push({ label: "Histórico", icon: "history", onSelect: onHistory });
  if (canWrite && block) items.push({ label: block.blocked ? "Desbloquear" : "Bloquear", icon: block.blocked ? "unlock" : "lock", onSelect: block.onToggle });
  if (canWrite) items.push({ label: "Excluir", icon: "trash", danger: true, onSelect: onDelete });
  return (
    <>
      {canWrite ? (
        <IconAction label="Editar" rowName={name} icon="edit" onClick={onEdit} />
      ) : (
        onView && <IconAction label="Ver" rowName={name} icon="info" onClick={onView} />
      )}
      {items.length > 0 && <RowMenu rowName={name} items={items} />}
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
 * `dialog`: the dialog's code loaded on demand, preloaded when the header's button is pointed at.
 */
export function useRecordDialog<Row>(afterSave: () => void, dialog?: { preload(): unknown }) {
  const canWrite = useCanWrite();
  const [editing, setEditing] = useState<{ record: Row | null } | null>(null);
  // A consulta's page has no "Novo …" to press; were one pressed, there is nothing to create.
  useNewRecordRequest(() => canWrite && setEditing({ record: null }));
  useNewRecordIntent(() => canWrite && dialog?.preload());
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
