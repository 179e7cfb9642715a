// What the register pages (Fornecedores, Parceiros) share: the heading with its "Novo …" island,
// and the parsed view handed to the list island.
import type { ListParams } from "../../islands/lib/list";
import { sortParam, type Paging, type Sort } from "../api/list";
import { Island } from "../ssr/Island";
import { PageHeader } from "../ui/PageHeader";

/** A register's parsed view (q, sort, page) as its list island's URL parameters. */
export const registerParams = (query: { q: string; sort: Sort } & Paging): ListParams => ({
  q: query.q,
  ordem: sortParam(query.sort),
  pagina: String(query.page),
  porPagina: String(query.perPage),
});

/** The static heading; its "Novo …" button is an island that opens the list island's dialog. */
export function RegisterHeader({ title, description, newLabel }: { title: string; description: string; newLabel: string }) {
  return <PageHeader title={title} description={description} actions={<Island name="NewRecordButton" props={{ label: newLabel }} />} />;
}
