// The rows' checkboxes and "Selecionar todas desta página": with the list, for they render with
// its rows. The bar and its dialogs (./BulkBar.tsx) load with the first selection.
import type { TableColumn } from "../../src/ui/Table";

/** Rows ticked on the page, or the whole filter ("todas as N deste filtro"). */
export type BulkSelection = { all: false; ids: number[] } | { all: true };

/** Ids selected on this page (all of them while the whole filter is selected). */
const selectedOnPage = (selection: BulkSelection, rows: readonly { id: number }[]) =>
  selection.all ? rows.map((r) => r.id) : rows.filter((r) => selection.ids.includes(r.id)).map((r) => r.id);

/**
 * The party column with a checkbox before the name, named by the row ("Selecionar Padaria
 * parcela 3/12"): in the same cell, so the name keeps its column's width at 1280 px and a phone's
 * card has it on its title line. Unticking a row while the whole filter is selected leaves the
 * rest of this page.
 */
export function withSelection<Row extends { id: number }>(
  column: TableColumn<Row>,
  selection: BulkSelection,
  rows: readonly Row[],
  select: (next: BulkSelection) => void,
  rowName: (row: Row) => string,
): TableColumn<Row> {
  const ticked = new Set(selectedOnPage(selection, rows));
  return {
    ...column,
    render: (row) => (
      <div className="bulk-cell">
        <input
          type="checkbox"
          aria-label={`Selecionar ${rowName(row)}`}
          checked={ticked.has(row.id)}
          onChange={(event) => {
            const next = new Set(ticked);
            if (event.currentTarget.checked) next.add(row.id);
            else next.delete(row.id);
            select({ all: false, ids: rows.filter((r) => next.has(r.id)).map((r) => r.id) });
          }}
        />
        {column.render(row)}
      </div>
    ),
  };
}

/** "Selecionar todas desta página": above the table, ticked when every row of the page is. */
export function PageSelect({ selection, rows, select }: { selection: BulkSelection; rows: readonly { id: number }[]; select(next: BulkSelection): void }) {
  const ticked = selectedOnPage(selection, rows).length;
  const all = rows.length > 0 && ticked === rows.length;
  return (
    <label className="bulk-page">
      <input
        type="checkbox"
        checked={all}
        ref={(input) => {
          if (input) input.indeterminate = ticked > 0 && !all;
        }}
        onChange={(event) => select(event.currentTarget.checked ? { all: false, ids: rows.map((r) => r.id) } : { all: false, ids: [] })}
      />
      Selecionar todas desta página
    </label>
  );
}
