// The list screens' kit (STYLE "Screens"), used by all five lists: the count above the rows, the
// table wrapper sorted by the URL's ordem, the pager (links, fetching in place, scrolling back to
// the top), the CSV link of the view, and a row action's ending (toast and reload) with its
// delete confirmation. Each screen keeps only its own words.
import { useState, type ReactNode } from "react";
import { Icon } from "../../src/ui/Icon";
import { Pager, rangeText } from "../../src/ui/Pager";
import { Table, type TableColumn, type TableHeader } from "../../src/ui/Table";
import { toast } from "../../src/ui/toast";
import { api, ApiError, serverMessage } from "./api";
import { ConfirmDialog } from "./confirm-dialog";
import type { useUrlList } from "./list";
import { runRowAction, type ActionOutcome } from "./row-action";
import { tableSort } from "./sort";

export { runRowAction };

/** A list island's state: useUrlList over its spec. */
export type UrlList<Row = unknown> = ReturnType<typeof useUrlList<Row>>;

/** "Fornecedores 1–48 de 300" at the top of the list, or "Nenhum fornecedor". */
export function ListCount({ id, list, noun, none }: { id: string; list: UrlList; noun: string; none: string }) {
  return (
    <p className="ui-list-count" id={id} aria-live="polite">
      {list.total === 0 ? none : `${noun} ${rangeText(list.page, list.perPage, list.total)}`}
    </p>
  );
}

/** Anterior / Próxima: links carrying the view, fetching in place once hydrated, back to the list's top. */
export function ListPager({ list }: { list: UrlList }) {
  const changePage = (n: number) => {
    list.update({ pagina: String(n) });
    document.getElementById("conteudo")?.scrollIntoView?.({ block: "start" });
  };
  return <Pager page={list.page} perPage={list.perPage} total={list.total} listName={list.listName} hrefFor={(n) => list.hrefWith(list.path, { pagina: String(n) })} onPageChange={changePage} />;
}

/** "Exportar CSV": the same view (every page) from `{path}/export`. */
export function ListExport({ list }: { list: UrlList }) {
  return (
    <div className="list-export no-print">
      <a className="ui-button ui-button--secondary ui-button--md" href={list.hrefWith(`${list.path}/export`, { pagina: "", porPagina: "" })} download>
        <Icon name="download" size={18} />
        Exportar CSV
      </a>
    </div>
  );
}

/** The page of rows as the kit's Table (fixed layout: the screen's stylesheet sets the column widths), sorted by the URL's ordem when the list sorts, dimmed while fetching. */
export function ListTable<Row extends { id: number }>(
  props: {
    list: UrlList;
    /** The table's accessible name: "Lista de parceiros". */
    label: string;
    className: string;
    empty: ReactNode;
    /** Table's: the phone cards' labels from each cell (default) or from the table's stylesheet. */
    phoneLabels?: "cells" | "stylesheet";
  } & (
    | {
        columns: readonly TableColumn<Row>[];
        /** The list's rows (or what the island derives from them). */
        rows: readonly Row[];
      }
    | {
        /** The rows drawn by the island as one HTML string ("" for none): see Table's `bodyHtml`. */
        columns: readonly TableHeader[];
        bodyHtml: string;
      }
  ),
) {
  const { list, label, className, empty, phoneLabels } = props;
  const sorts = list.spec.sorts.length > 0;
  const [sort, changeSort] = tableSort(list.params.ordem || list.spec.defaultSort, list.update);
  const common = {
    className: `ui-table-wrap--cards ui-table-wrap--sticky ${className}`,
    label,
    fixed: true,
    busy: list.loading,
    ...(sorts ? { sort, onSortChange: changeSort } : {}),
    empty,
    phoneLabels,
  };
  return "bodyHtml" in props ? <Table {...common} columns={props.columns} bodyHtml={props.bodyHtml} /> : <Table {...common} columns={props.columns} rows={props.rows} rowKey={(row) => row.id} />;
}

interface DeleteConfirmationOptions<Row> extends ActionOutcome {
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
