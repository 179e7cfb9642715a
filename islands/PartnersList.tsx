import type { ReactNode } from "react";
import type { PartnerSummary } from "../src/api/partners/model";
import { formatPhone } from "../src/lib/brazil";
import type { TableColumn } from "../src/ui/Table";
import { api } from "./lib/api";
import type { ListParams } from "./lib/list";
import { PartnerDialog } from "./partners/PartnerDialog";
import { showPartnerSummary, type PartnerRowView } from "./partners/view";
import { RegisterCount, RegisterEmpty, RegisterPager, RegisterSearch, RegisterTable, RowActions, useDeleteConfirmation, useRecordDialog, useRegisterList, type RegisterListProps } from "./lib/registers";

export interface PartnersListProps extends RegisterListProps<PartnerRowView> {}

const DEFAULTS: ListParams = { q: "", ordem: "nome", pagina: "1", porPagina: "50" };

/** Parceiros (SPEC §2): search, the sortable page of partners, the dialog and the delete. */
export default function PartnersList(props: PartnersListProps) {
  const list = useRegisterList<PartnerRowView>({ ...props, path: "/partners", defaults: DEFAULTS, listName: "parceiros" });

  /** After a change: the same view again, and the page's summary (SPEC §7). */
  const reload = () => {
    void list.reload();
    api<PartnerSummary>("/api/partners/summary").then((summary) => showPartnerSummary(summary), () => {});
  };
  const dialog = useRecordDialog<PartnerRowView>(reload);
  const deletion = useDeleteConfirmation<PartnerRowView>({
    endpoint: "/api/partners",
    title: "Excluir parceiro",
    question: (partner) => `Tem certeza que deseja excluir o parceiro "${partner.nome}"?`,
    failed: "Não foi possível excluir o parceiro.",
    reload,
  });
  const searching = Boolean(list.params.q);
  const columns = partnerColumns((partner) => (
    <RowActions name={partner.nome} onEdit={() => dialog.open(partner)} onDelete={() => deletion.ask(partner)} />
  ));

  return (
    <div className="list-screen">
      <RegisterSearch list={list} label="Buscar parceiros" placeholder="Nome, empresa ou e-mail" />

      <section className="list-card" aria-labelledby="parceiros-contagem">
        <RegisterCount id="parceiros-contagem" list={list} noun="Parceiros" none="Nenhum parceiro" />
        <RegisterTable
          list={list}
          label="Lista de parceiros"
          className="partners-table"
          columns={columns}
          empty={
            <RegisterEmpty
              list={list}
              icon="handshake"
              title={searching ? "Nenhum parceiro encontrado" : "Nenhum parceiro cadastrado"}
              hint={searching ? "Ajuste a busca ou cadastre um novo parceiro." : "Cadastre o primeiro parceiro para vê-lo aqui."}
              newLabel="Novo Parceiro"
              onNew={() => dialog.open(null)}
            />
          }
        />
        <RegisterPager list={list} />
      </section>

      {dialog.props && <PartnerDialog {...dialog.props} />}
      {deletion.dialog}
    </div>
  );
}

const ellipsis = (text: string, className = "ui-ellipsis") => (
  <span className={className} title={text}>
    {text}
  </span>
);

/** Nome, Empresa, E-mail, Telefone, Ações (SPEC §2): the name takes the width; long text ends in "…". */
function partnerColumns(actions: (partner: PartnerRowView) => ReactNode): TableColumn<PartnerRowView>[] {
  return [
    { key: "nome", header: "Nome", sortable: true, phone: "title", render: (partner) => ellipsis(partner.nome, "ui-ellipsis partner-name") },
    { key: "empresa", header: "Empresa", sortable: true, render: (partner) => ellipsis(partner.empresa) },
    { key: "email", header: "E-mail", render: (partner) => ellipsis(partner.email) },
    { key: "telefone", header: "Telefone", render: (partner) => <span className="ui-nowrap">{formatPhone(partner.telefone)}</span> },
    { key: "acoes", header: "Ações", align: "end", phone: "actions", render: (partner) => <div className="row-actions">{actions(partner)}</div> },
  ];
}
