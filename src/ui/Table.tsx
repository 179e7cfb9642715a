import type { Key, ReactNode } from "react";
import { cx } from "./cx.ts";
import { Icon } from "./Icon.tsx";

type SortDirection = "asc" | "desc";

export interface TableSort {
  key: string;
  dir: SortDirection;
}

/** A column's header: its name, sorts, alignment and phone card role. */
export interface TableHeader {
  /** Identifies the column; it is also the sort key handed to onSortChange. */
  key: string;
  header: string;
  sortable?: boolean;
  align?: "start" | "end";
  /**
   * Where the cell goes when the table becomes cards on a phone: the card's title, its badge
   * (top right), a labelled line (the default), or the actions row at the bottom.
   */
  phone?: "title" | "badge" | "field" | "actions";
  /**
   * More orders the cell shows (a second line: Descrição's category and cost centre), each its
   * own sort button in the header after the column's own; the column is sorted by any of them.
   */
  moreSorts?: readonly { key: string; header: string }[];
}

export interface TableColumn<Row> extends TableHeader {
  render: (row: Row) => ReactNode;
}

/** The rows as React elements, a cell per column's `render`. */
interface ElementRows<Row> {
  columns: readonly TableColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => Key;
  bodyHtml?: undefined;
}

/**
 * The rows as one HTML string its caller draws (a long list's page: issue 38 §1, the ledger's
 * islands/ledger/rows.ts), "" for none; React then neither renders nor hydrates them.
 */
interface HtmlRows {
  columns: readonly TableHeader[];
  bodyHtml: string;
  rows?: undefined;
}

type TableProps<Row> = (ElementRows<Row> | HtmlRows) & {
  /** The order the caller applied to rows; the table only shows it. */
  sort?: TableSort;
  onSortChange?: (sort: TableSort) => void;
  /** Shown in one full-width cell when there are no rows. */
  empty?: ReactNode;
  caption?: ReactNode;
  /** The table's accessible name when there is no visible caption ("Lista de clientes"). */
  label?: string;
  /** While a refetch runs the old rows stay, dimmed. */
  busy?: boolean;
  /**
   * Fixed layout: each column is a `<col data-col="key">` whose width the screen's stylesheet
   * sets (no style attributes: the CSP allows none); columns without one share what is left.
   */
  fixed?: boolean;
  /**
   * Where a phone card's labels come from: each cell's `data-label` (the default), or the table's
   * stylesheet by column position (a long list's rows then carry none: issue 38 §1).
   */
  phoneLabels?: "cells" | "stylesheet";
  className?: string;
};

export function Table<Row>(props: TableProps<Row>) {
  const { columns, sort, onSortChange, empty = "Nenhum registro encontrado.", caption, label, busy, fixed, phoneLabels = "cells", className } = props;
  function toggle(key: string) {
    const dir: SortDirection = sort?.key === key && sort.dir === "asc" ? "desc" : "asc";
    onSortChange?.({ key, dir });
  }

  return (
    <div className={cx("ui-table-wrap", className)} aria-busy={busy || undefined}>
      <table className={cx("ui-table", fixed && "ui-table--fixed")} aria-label={caption ? undefined : label}>
        {caption && <caption className="ui-table__caption">{caption}</caption>}
        {fixed && (
          <colgroup>
            {columns.map((column) => (
              <col key={column.key} data-col={column.key} />
            ))}
          </colgroup>
        )}
        <thead>
          <tr>
            {columns.map((column) => {
              const sorts = column.sortable ? [{ key: column.key, header: column.header }, ...(column.moreSorts ?? [])] : [];
              const active = sorts.some((s) => s.key === sort?.key);
              const ariaSort = active ? (sort!.dir === "asc" ? "ascending" : "descending") : undefined;
              const button = ({ key, header }: { key: string; header: string }) => (
                <button key={key} type="button" className="ui-table__sort" onClick={() => toggle(key)}>
                  {header}
                  <Icon
                    name={sort?.key === key ? (sort.dir === "asc" ? "chevron-up" : "chevron-down") : "chevrons-up-down"}
                    size={14}
                    className={cx("ui-table__sort-icon", sort?.key === key && "ui-table__sort-icon--active")}
                  />
                </button>
              );
              return (
                <th key={column.key} scope="col" aria-sort={column.sortable ? ariaSort : undefined} className={cx("ui-table__th", column.align === "end" && "ui-table--end")} data-phone={column.phone}>
                  {sorts.length > 1 ? <span className="ui-table__sorts">{sorts.map(button)}</span> : column.sortable ? button(sorts[0]!) : column.header}
                </th>
              );
            })}
          </tr>
        </thead>
        {props.bodyHtml ? (
          <tbody dangerouslySetInnerHTML={{ __html: props.bodyHtml }} />
        ) : (
          <tbody>
            {!props.rows || props.rows.length === 0 ? (
              <tr>
                <td className="ui-table__empty" colSpan={columns.length}>
                  {empty}
                </td>
              </tr>
            ) : (
              props.rows.map((row) => (
                <tr key={props.rowKey(row)}>
                  {props.columns.map((column) => (
                    <td
                      key={column.key}
                      // No class of its own (table.css styles `.ui-table td`), and the phone card's label
                      // only where the card shows one: a labelled line is the default, a cell says so only
                      // when it is something else (a row's bytes, issue 38 §1).
                      className={column.align === "end" ? "ui-table--end" : undefined}
                      data-label={phoneLabels === "cells" && (!column.phone || column.phone === "field") ? column.header : undefined}
                      data-phone={column.phone === "field" ? undefined : column.phone}
                    >
                      {column.render(row)}
                    </td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
        )}
      </table>
    </div>
  );
}
