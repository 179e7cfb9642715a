import type { ReactNode } from "react";
import { PARTNER_LIST } from "../src/api/partners/list-spec";
import type { PartnerSummary } from "../src/api/partners/model";
import { formatPhone } from "../src/lib/brazil";
import type { TableColumn } from "../src/ui/Table";
import { api } from "./lib/api";
import { useCanWrite } from "./lib/can-write";
import { useUrlList, type ListIslandProps } from "./lib/list";
import { ListCount, ListPager, ListTable, useDeleteConfirmation } from "./lib/list-kit";
import { ConfirmPart } from "./lib/confirm-dialog";
import { Loading, onDemand, preloadOnIntent } from "./lib/on-demand";
import type { PartnerJson } from "../src/api/partners/model";
import { showPartnerSummary } from "./partners/view";
import { RegisterEmpty, RegisterSearch, RowActions, useRecordDialog } from "./lib/registers";

// Loaded with its first opening (or as a button is pointed at): the form and its zod schema.
const PartnerDialog = onDemand(() => import("./partners/PartnerDialog").then((m) => m.PartnerDialog));

export interface PartnersListProps extends ListIslandProps<PartnerJson> {}

/**
 * Parceiros (SPEC §2): search, the sortable page of partners, the dialog and the delete.
 * A consulta's table has no Ações column: the row shows every field of the dialog, and a partner has no history.
 */
export default function PartnersList(props: PartnersListProps) {
  const canWrite = useCanWrite();
  const list = useUrlList<PartnerJson>({ ...props, spec: PARTNER_LIST });

  /** After a change: the same view again, and the page's summary (SPEC §7). */
  const reload = () => {
    void list.reload();
    api<PartnerSummary>("/api/partners/summary").then((summary) => showPartnerSummary(summary), () => {});
  };
  const dialog = useRecordDialog<PartnerJson>(reload, PartnerDialog);
  const deletion = useDeleteConfirmation<PartnerJson>({
    endpoint: "/api/partners",
    title: "Excluir parceiro",
    question: (partner) => `Tem certeza que deseja excluir o parceiro "${partner.nome}"?`,
    failed: "Não foi possível excluir o parceiro.",
    reload,
  });
  const searching = Boolean(list.params.q);
  const columns = partnerColumns(
    canWrite ? (partner) => <RowActions name={partner.nome} onEdit={() => dialog.open(partner)} onDelete={() => deletion.ask(partner)} /> : null,
  );

  return (
    <div className="list-screen" {...preloadOnIntent(PartnerDialog, ConfirmPart)}>
      <RegisterSearch list={list} label="Buscar parceiros" placeholder="Nome, empresa ou e-mail" />

      <section className="list-card" aria-labelledby="parceiros-contagem">
        <ListCount id="parceiros-contagem" list={list} noun="Parceiros" none="Nenhum parceiro" />
        <ListTable
          list={list}
          rows={list.rows}
          label="Lista de parceiros"
          className="partners-table"
          columns={columns}
          empty={
            <RegisterEmpty
              list={list}
              icon="handshake"
              title={searching ? "Nenhum parceiro encontrado" : "Nenhum parceiro cadastrado"}
              hint={
                canWrite
                  ? searching
                    ? "Ajuste a busca ou cadastre um novo parceiro."
                    : "Cadastre o primeiro parceiro para vê-lo aqui."
                  : searching
                    ? "Ajuste a busca para ver outros parceiros."
                    : "Nenhum parceiro foi cadastrado ainda."
              }
              newLabel="Novo Parceiro"
              onNew={() => dialog.open(null)}
            />
          }
        />
        <ListPager list={list} />
      </section>

      {dialog.props && (
        <Loading onFailed={dialog.props.onClose}>
          <PartnerDialog {...dialog.props} />
        </Loading>
      )}
      {deletion.dialog}
    </div>
  );
}

const ellipsis = (text: string, className = "ui-ellipsis") => (
  <span className={className} title={text}>
    {text}
  </span>
);

/**
 * Nome, Empresa, E-mail, Telefone, Ações (SPEC §2): the name takes the width; long text ends in "…".
 * Without actions (a consulta) no Ações column.
 */
function partnerColumns(actions: ((partner: PartnerJson) => ReactNode) | null): TableColumn<PartnerJson>[] {
  const columns: TableColumn<PartnerJson>[] = [
    { key: "nome", header: "Nome", sortable: true, phone: "title", render: (partner) => ellipsis(partner.nome, "ui-ellipsis partner-name") },
    { key: "empresa", header: "Empresa", sortable: true, render: (partner) => ellipsis(partner.empresa) },
    { key: "email", header: "E-mail", render: (partner) => ellipsis(partner.email) },
    { key: "telefone", header: "Telefone", render: (partner) => <span className="ui-nowrap">{formatPhone(partner.telefone)}</span> },
  ];
  if (actions) columns.push({ key: "acoes", header: "Ações", align: "end", phone: "actions", render: (partner) => <div className="row-actions">{actions(partner)}</div> });
  return columns;
}
