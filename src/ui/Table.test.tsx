import { afterEach, describe, expect, mock, test } from "bun:test";
import { Table, type TableColumn, type TableSort } from "./Table.tsx";
import { cleanup, click, get, render, serverRenderAndHydrate } from "../../tests/ui.tsx";

afterEach(cleanup);

interface Parcela {
  id: number;
  cliente: string;
  parcela: string;
  valor: number;
}

const PARCELAS: Parcela[] = [
  { id: 1, cliente: "Padaria Pão Quente", parcela: "10/12", valor: 1234.5 },
  { id: 2, cliente: "Ótica Visão Clara", parcela: "2/12", valor: 89.9 },
  { id: 3, cliente: "açougue Boi Bom", parcela: "1/3", valor: 560 },
];

const COLUMNS: TableColumn<Parcela>[] = [
  { key: "cliente", header: "Cliente", sortable: true, render: (row) => row.cliente },
  { key: "parcela", header: "Parcela", sortable: true, render: (row) => row.parcela },
  { key: "valor", header: "Valor", sortable: true, align: "end", render: (row) => row.valor.toFixed(2) },
  { key: "acoes", header: "Ações", render: (row) => <button type="button">Baixar {row.id}</button> },
];

function headerCell(text: string): HTMLTableCellElement {
  const th = [...document.querySelectorAll<HTMLTableCellElement>("th")].find((cell) => cell.textContent === text);
  if (!th) throw new Error(`No header ${text}`);
  return th;
}

function columnTexts(index: number): string[] {
  return [...document.querySelectorAll("tbody tr")].map((tr) => tr.children[index]?.textContent ?? "");
}

describe("Table", () => {
  test("renders one row per item with each column's cell", () => {
    render(<Table columns={COLUMNS} rows={PARCELAS} rowKey={(row) => row.id} caption="Parcelas" />);
    expect([...document.querySelectorAll("th")].map((th) => th.textContent)).toEqual([
      "Cliente",
      "Parcela",
      "Valor",
      "Ações",
    ]);
    expect(columnTexts(0)).toEqual(["Padaria Pão Quente", "Ótica Visão Clara", "açougue Boi Bom"]);
    expect(columnTexts(3)).toEqual(["Baixar 1", "Baixar 2", "Baixar 3"]);
    expect(get("caption").textContent).toBe("Parcelas");
    expect(get("table").parentElement?.className).toBe("ui-table-wrap");
  });

  test("end-aligned columns align header and cells", () => {
    render(<Table columns={COLUMNS} rows={PARCELAS} rowKey={(row) => row.id} />);
    expect(headerCell("Valor").classList.contains("ui-table--end")).toBe(true);
    expect(get("tbody tr").children[2]?.classList.contains("ui-table--end")).toBe(true);
    expect(get("tbody tr").children[0]?.classList.contains("ui-table--end")).toBe(false);
  });

  test("sortable headers are buttons; only the sorted column carries aria-sort", () => {
    render(<Table columns={COLUMNS} rows={PARCELAS} rowKey={(row) => row.id} sort={{ key: "valor", dir: "desc" }} />);
    expect(headerCell("Cliente").querySelector("button")?.type).toBe("button");
    expect(headerCell("Ações").querySelector("button")).toBeNull();
    expect(headerCell("Valor").getAttribute("aria-sort")).toBe("descending");
    expect(headerCell("Cliente").hasAttribute("aria-sort")).toBe(false);
  });

  test("clicking the sorted column toggles asc/desc; another column starts asc", () => {
    const onSortChange = mock((sort: TableSort) => sort);
    const { rerender } = render(
      <Table columns={COLUMNS} rows={PARCELAS} rowKey={(row) => row.id} sort={{ key: "cliente", dir: "asc" }} onSortChange={onSortChange} />,
    );
    click(headerCell("Cliente").querySelector("button")!);
    expect(onSortChange).toHaveBeenLastCalledWith({ key: "cliente", dir: "desc" });

    rerender(
      <Table columns={COLUMNS} rows={PARCELAS} rowKey={(row) => row.id} sort={{ key: "cliente", dir: "desc" }} onSortChange={onSortChange} />,
    );
    click(headerCell("Cliente").querySelector("button")!);
    expect(onSortChange).toHaveBeenLastCalledWith({ key: "cliente", dir: "asc" });

    click(headerCell("Valor").querySelector("button")!);
    expect(onSortChange).toHaveBeenLastCalledWith({ key: "valor", dir: "asc" });
  });

  test("a column with more orders (moreSorts): one button each, each toggling its own key; the column is sorted by any", () => {
    const onSortChange = mock((sort: TableSort) => sort);
    const columns: TableColumn<Parcela>[] = [COLUMNS[0]!, { ...COLUMNS[1]!, moreSorts: [{ key: "valor", header: "Valor" }] }];
    const { rerender } = render(<Table columns={columns} rows={PARCELAS} rowKey={(row) => row.id} sort={{ key: "cliente", dir: "asc" }} onSortChange={onSortChange} />);
    const th = headerCell("ParcelaValor");
    expect([...th.querySelectorAll("button")].map((b) => b.textContent)).toEqual(["Parcela", "Valor"]);
    expect(th.hasAttribute("aria-sort")).toBe(false);
    click(th.querySelectorAll("button")[1]!);
    expect(onSortChange).toHaveBeenLastCalledWith({ key: "valor", dir: "asc" });
    rerender(<Table columns={columns} rows={PARCELAS} rowKey={(row) => row.id} sort={{ key: "valor", dir: "asc" }} onSortChange={onSortChange} />);
    expect(headerCell("ParcelaValor").getAttribute("aria-sort")).toBe("ascending");
    click(headerCell("ParcelaValor").querySelectorAll("button")[1]!);
    expect(onSortChange).toHaveBeenLastCalledWith({ key: "valor", dir: "desc" });
    click(headerCell("ParcelaValor").querySelectorAll("button")[0]!);
    expect(onSortChange).toHaveBeenLastCalledWith({ key: "parcela", dir: "asc" });
  });

  test("no rows: the empty message fills one full-width cell", () => {
    render(<Table columns={COLUMNS} rows={[]} rowKey={(row) => row.id} empty="Nenhuma parcela encontrada" />);
    const cells = document.querySelectorAll("tbody td");
    expect(cells.length).toBe(1);
    expect(cells[0]?.getAttribute("colspan")).toBe(String(COLUMNS.length));
    expect(cells[0]?.textContent).toBe("Nenhuma parcela encontrada");
  });

  test("hydrates its server markup", () => {
    const { errors } = serverRenderAndHydrate(
      <Table columns={COLUMNS} rows={PARCELAS} rowKey={(row) => row.id} sort={{ key: "valor", dir: "asc" }} />,
    );
    expect(errors).toEqual([]);
  });
});
