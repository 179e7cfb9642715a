import type { Key, ReactNode } from "react";
import { cx } from "./cx.ts";
import { Icon } from "./Icon.tsx";
import { lazily } from "../lib/numbers";

export type SortDirection = "asc" | "desc";

export interface TableSort {
  key: string;
  dir: SortDirection;
}

export interface TableColumn<Row> {
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
  render: (row: Row) => ReactNode;
}

export interface TableProps<Row> {
  columns: readonly TableColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => Key;
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
  className?: string;
}

export function Table<Row>({
  columns,
  rows,
  rowKey,
  sort,
  onSortChange,
  empty = "Nenhum registro encontrado.",
  caption,
  label,
  busy,
  fixed,
  className,
}: TableProps<Row>) {
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
              const active = sort?.key === column.key;
              const ariaSort = active ? (sort.dir === "asc" ? "ascending" : "descending") : undefined;
              return (
                <th
                  key={column.key}
                  scope="col"
                  aria-sort={column.sortable ? ariaSort : undefined}
                  className={cx("ui-table__th", column.align === "end" && "ui-table--end")}
                  data-phone={column.phone}
                >
                  {column.sortable ? (
                    <button type="button" className="ui-table__sort" onClick={() => toggle(column.key)}>
                      {column.header}
                      <Icon
                        name={active ? (sort.dir === "asc" ? "chevron-up" : "chevron-down") : "chevrons-up-down"}
                        size={14}
                        className={cx("ui-table__sort-icon", active && "ui-table__sort-icon--active")}
                      />
                    </button>
                  ) : (
                    column.header
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td className="ui-table__empty" colSpan={columns.length}>
                {empty}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={rowKey(row)}>
                {columns.map((column) => (
                  <td
                    key={column.key}
                    className={cx("ui-table__td", column.align === "end" && "ui-table--end")}
                    data-label={column.header}
                    data-phone={column.phone ?? "field"}
                  >
                    {column.render(row)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}

export type SortValue = string | number | Date | boolean | null | undefined;

const collator = lazily(() => new Intl.Collator("pt-BR", { numeric: true, sensitivity: "base" }));

/**
 * A sorted copy of rows (stable). Numbers and dates compare numerically, text with the pt-BR
 * collator (accents and case ignored, "2/12" before "10/12"); empty values go last either way.
 */
export function sortRows<Row>(
  rows: readonly Row[],
  key: string,
  dir: SortDirection,
  accessor: (row: Row, key: string) => SortValue,
): Row[] {
  const sign = dir === "asc" ? 1 : -1;
  return rows
    .map((row) => ({ row, value: normalize(accessor(row, key)) }))
    .sort((a, b) => {
      if (a.value === null || b.value === null) {
        return a.value === b.value ? 0 : a.value === null ? 1 : -1;
      }
      return sign * compareValues(a.value, b.value);
    })
    .map(({ row }) => row);
}

function normalize(value: SortValue): string | number | null {
  if (value === null || value === undefined || value === "") return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.getTime();
  if (typeof value === "boolean") return value ? 1 : 0;
  if (typeof value === "number") return Number.isNaN(value) ? null : value;
  return value;
}

function compareValues(a: string | number, b: string | number): number {
  if (typeof a === "number" && typeof b === "number") return a < b ? -1 : a > b ? 1 : 0;
  return collator().compare(String(a), String(b));
}
