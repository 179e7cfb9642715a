import type { TableSort } from "../../src/ui/Table";
import type { ListParams } from "./list";

/** `ordem=campo` / `ordem=-campo` as the Table's sort, and back (DECISIONS §5). */
export function tableSort(ordem: string, update: (changes: ListParams) => void): [TableSort, (sort: TableSort) => void] {
  const sort: TableSort = { key: ordem.replace(/^-/, ""), dir: ordem.startsWith("-") ? "desc" : "asc" };
  return [sort, (next) => update({ ordem: next.dir === "desc" ? `-${next.key}` : next.key })];
}
