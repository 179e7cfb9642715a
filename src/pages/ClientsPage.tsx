import type { ClientListRow, ClientQuery } from "../api/clients/model";
import { useCanWrite } from "../../islands/lib/can-write";
import { today } from "../lib/clock";
import { Island } from "../ssr/Island";
import { Icon } from "../ui/Icon";
import { PageHeader } from "../ui/PageHeader";

interface ClientsPageProps {
  query: ClientQuery;
  page: { rows: ClientListRow[]; total: number };
  /** BLOCK_GRACE_DAYS, for the Assinatura dialog's warning about months already overdue. */
  graceDays: number;
}

/** Gerenciar Clientes: the heading is static; the list and its dialogs are one island, "Novo Cliente" another. */
export function ClientsPage({ query, page, graceDays }: ClientsPageProps) {
  const canWrite = useCanWrite();
  return (
    <>
      <PageHeader
        title="Gerenciar Clientes"
        description={canWrite ? "Cadastre clientes, acompanhe mensalidades e bloqueie ou libere o acesso." : "Os clientes, as suas mensalidades e quem está bloqueado."}
        actions={
          canWrite && (
            <>
              <a className="ui-button ui-button--secondary ui-button--md" href="/clients/import">
                <Icon name="download" size={18} />
                {/* On a phone "Importar" beside "Novo Cliente": one row, the first client above the fold. */}
                Importar<span className="on-wide"> planilha</span>
              </a>
              <Island name="NewRecordButton" props={{ label: "Novo Cliente" }} />
            </>
          )
        }
      />
      <Island name="ClientsList" props={{ initial: page, params: query.view, today: today(), graceDays }} />
    </>
  );
}
