// The rows' checkboxes and "Selecionar todas desta página": with the list, for they render with
// its rows. The bar and its dialogs (./BulkBar.tsx) load with the first selection.

/** Rows ticked on the page, or the whole filter ("todas as N deste filtro"). */
export type BulkSelection = { all: false; ids: number[] } | { all: true };

/** Ids selected on this page (all of them while the whole filter is selected). */
export const selectedOnPage = (selection: BulkSelection, rows: readonly { id: number }[]) =>
  selection.all ? rows.map((r) => r.id) : rows.filter((r) => selection.ids.includes(r.id)).map((r) => r.id);

/**
 * A row's checkbox (islands/ledger/rows.ts draws it before the name, in the same cell, named
 * by the row: "Selecionar Padaria parcela 3/12") ticked or unticked: unticking a row while the
 * whole filter is selected leaves the rest of this page.
 */
export function tickRow(selection: BulkSelection, rows: readonly { id: number }[], id: number, ticked: boolean): BulkSelection {
  const next = new Set(selectedOnPage(selection, rows));
  if (ticked) next.add(id);
  else next.delete(id);
  return { all: false, ids: rows.filter((r) => next.has(r.id)).map((r) => r.id) };
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
