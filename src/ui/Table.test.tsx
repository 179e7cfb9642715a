import { afterEach, describe, expect, mock, test } from "bun:test";
import { useState } from "react";
import { Table, sortRows, type TableColumn, type TableSort } from "./Table.tsx";
import { cleanup, click, get, render, serverRenderAndHydrate } from "./testing.tsx";

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

  test("with the caller sorting, header clicks reorder the rows", () => {
    function Receivables() {
      const [sort, setSort] = useState<TableSort>({ key: "parcela", dir: "asc" });
      const rows = sortRows(PARCELAS, sort.key, sort.dir, (row, key) =>
        key === "parcela" ? Number(row.parcela.split("/")[0]) : row[key as keyof Parcela],
      );
      return <Table columns={COLUMNS} rows={rows} rowKey={(row) => row.id} sort={sort} onSortChange={setSort} />;
    }
    render(<Receivables />);
    expect(columnTexts(1)).toEqual(["1/3", "2/12", "10/12"]);
    click(headerCell("Parcela").querySelector("button")!);
    expect(columnTexts(1)).toEqual(["10/12", "2/12", "1/3"]);
    expect(headerCell("Parcela").getAttribute("aria-sort")).toBe("descending");
    click(headerCell("Cliente").querySelector("button")!);
    expect(columnTexts(0)).toEqual(["açougue Boi Bom", "Ótica Visão Clara", "Padaria Pão Quente"]);
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

describe("sortRows", () => {
  const byKey = (row: Record<string, unknown>, key: string) => row[key] as string | number | null;

  test("text sorts in pt-BR order, ignoring case and accents", () => {
    const rows = ["Padaria", "Ótica", "açougue", "banco", "Oficina"].map((nome) => ({ nome }));
    expect(sortRows(rows, "nome", "asc", byKey).map((r) => r.nome)).toEqual([
      "açougue",
      "banco",
      "Oficina",
      "Ótica",
      "Padaria",
    ]);
  });

  test("numbers inside text compare as numbers", () => {
    const rows = ["10/12", "2/12", "1/12"].map((parcela) => ({ parcela }));
    expect(sortRows(rows, "parcela", "asc", byKey).map((r) => r.parcela)).toEqual(["1/12", "2/12", "10/12"]);
  });

  test("numbers compare numerically, descending reverses", () => {
    const rows = [100, 9, 10.5, -1].map((valor) => ({ valor }));
    expect(sortRows(rows, "valor", "asc", byKey).map((r) => r.valor)).toEqual([-1, 9, 10.5, 100]);
    expect(sortRows(rows, "valor", "desc", byKey).map((r) => r.valor)).toEqual([100, 10.5, 9, -1]);
  });

  test("dates compare by time", () => {
    const rows = [new Date("2026-03-10"), new Date("2025-12-31"), new Date("2026-01-05")].map((d) => ({ d }));
    const sorted = sortRows(rows, "d", "asc", (row) => row.d);
    expect(sorted.map((r) => r.d.toISOString().slice(0, 10))).toEqual(["2025-12-31", "2026-01-05", "2026-03-10"]);
  });

  test("empty values go last in both directions", () => {
    const rows = [{ v: null }, { v: 2 }, { v: undefined }, { v: 1 }] as { v: number | null | undefined }[];
    expect(sortRows(rows, "v", "asc", (r) => r.v).map((r) => r.v)).toEqual([1, 2, null, undefined]);
    expect(sortRows(rows, "v", "desc", (r) => r.v).map((r) => r.v)).toEqual([2, 1, null, undefined]);
  });

  test("is stable and leaves the input untouched", () => {
    const rows = [
      { id: "a", status: "pago" },
      { id: "b", status: "em_aberto" },
      { id: "c", status: "pago" },
      { id: "d", status: "em_aberto" },
    ];
    const copy = [...rows];
    expect(sortRows(rows, "status", "asc", byKey).map((r) => r.id)).toEqual(["b", "d", "a", "c"]);
    expect(rows).toEqual(copy);
  });
});
