import type { ClientQuery } from "../api/clients/model";
import { sortParam } from "../api/list";
import { Island } from "../ssr/Island";
import { PageHeader } from "../ui/PageHeader";
import { clientRowView, type ClientRowView } from "../../islands/clients/view";
import type { ClientListRow } from "../api/clients/model";

export interface ClientsPageProps {
  query: ClientQuery;
  page: { rows: ClientListRow[]; total: number };
}

/** Gerenciar Clientes: the heading is static; the list and its dialogs are one island, "Novo Cliente" another. */
export function ClientsPage({ query, page }: ClientsPageProps) {
  const rows: ClientRowView[] = page.rows.map(clientRowView);
  return (
    <>
      <PageHeader
        title="Gerenciar Clientes"
        description="Cadastre clientes, acompanhe mensalidades e bloqueie ou libere o acesso."
        actions={<Island name="NewRecordButton" props={{ label: "Novo Cliente" }} />}
      />
      <Island
        name="ClientsList"
        props={{
          initial: { rows, total: page.total },
          params: {
            q: query.q,
            cnpj: query.cnpj,
            status: query.status,
            ordem: sortParam(query.sort),
            pagina: String(query.page),
            porPagina: String(query.perPage),
          },
        }}
      />
    </>
  );
}
