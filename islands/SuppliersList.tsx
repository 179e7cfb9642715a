import { useState } from "react";
import { SUPPLIER_LIST } from "../src/api/suppliers/list-spec";
import type { SupplierBlockAnswer } from "../src/api/suppliers/model";
import { api } from "./lib/api";
import { useCanWrite } from "./lib/can-write";
import { useUrlList, type ListIslandProps } from "./lib/list";
import { ListCount, ListPager, runRowAction, useDeleteConfirmation } from "./lib/list-kit";
import { RegisterEmpty, RegisterSearch, useRecordDialog } from "./lib/registers";
import { SupplierCard, type SupplierAction } from "./suppliers/SupplierCard";
import { ConfirmPart } from "./lib/confirm-dialog";
import { Loading, onDemand, preloadOnIntent } from "./lib/on-demand";
import type { SupplierJson } from "../src/api/suppliers/model";

// Loaded with their first opening (or as a button is pointed at): the form with its zod schema, and the timeline.
const SupplierDialog = onDemand(() => import("./suppliers/SupplierDialog").then((m) => m.SupplierDialog));
const HistoryPanel = onDemand(() => import("./history/HistoryPanel").then((m) => m.HistoryPanel));

export interface SuppliersListProps extends ListIslandProps<SupplierJson> {}

/**
 * Fornecedores (SPEC §2): one search box, the page of cards, the dialog, block and delete.
 * A consulta's cards keep only Histórico: a card shows every field of its dialog, so there is nothing to "Ver".
 */
export default function SuppliersList(props: SuppliersListProps) {
  const canWrite = useCanWrite();
  const list = useUrlList<SupplierJson>({ ...props, spec: SUPPLIER_LIST });
  const dialog = useRecordDialog<SupplierJson>(() => void list.reload(), SupplierDialog);
  const [toggling, setToggling] = useState<ReadonlySet<number>>(new Set());
  const [historyOf, setHistoryOf] = useState<SupplierJson | null>(null);
  const deletion = useDeleteConfirmation<SupplierJson>({
    endpoint: "/api/suppliers",
    title: "Excluir fornecedor",
    question: (supplier) => (
      <>
        Tem certeza que deseja excluir este fornecedor?
        <strong className="confirm-subject">{supplier.nome}</strong>
      </>
    ),
    failed: "Erro ao excluir fornecedor.",
    reload: list.reload,
  });
  const searching = Boolean(list.params.q);

  /** SPEC §4: no confirmation; the opposite status is sent. The card stays busy until it shows the new one. */
  async function toggleBlock(supplier: SupplierJson) {
    if (toggling.has(supplier.id)) return;
    setToggling((ids) => new Set(ids).add(supplier.id));
    const body = { statusBloqueio: supplier.statusBloqueio === 1 ? 0 : 1 };
    const changed = await runRowAction(() => api<SupplierBlockAnswer>(`/api/suppliers/${supplier.id}/block`, { method: "PATCH", body }), {
      failed: "Erro ao alterar status do fornecedor.",
      ownMessage: true,
    });
    if (changed) await list.reload();
    setToggling((ids) => new Set([...ids].filter((id) => id !== supplier.id)));
  }

  const act = (action: SupplierAction, supplier: SupplierJson) => {
    if (action === "history") setHistoryOf(supplier);
    else if (action === "edit") dialog.open(supplier);
    else if (action === "toggle") void toggleBlock(supplier);
    else deletion.ask(supplier);
  };

  return (
    <div className="list-screen" {...preloadOnIntent(SupplierDialog, HistoryPanel, ConfirmPart)}>
      <RegisterSearch list={list} label="Buscar fornecedores" placeholder="Nome, CNPJ ou e-mail" />

      <section className="sup-list" aria-labelledby="fornecedores-contagem">
        <ListCount id="fornecedores-contagem" list={list} noun="Fornecedores" none="Nenhum fornecedor" />
        {list.rows.length === 0 ? (
          <div className="sup-empty">
            <RegisterEmpty
              list={list}
              icon="truck"
              title="Nenhum fornecedor encontrado"
              hint={
                canWrite
                  ? searching
                    ? "Ajuste a busca ou cadastre um novo fornecedor."
                    : "Cadastre o primeiro fornecedor para começar."
                  : searching
                    ? "Ajuste a busca para ver outros fornecedores."
                    : "Nenhum fornecedor foi cadastrado ainda."
              }
              newLabel="Novo Fornecedor"
              onNew={() => dialog.open(null)}
            />
          </div>
        ) : (
          <ul className="sup-grid" aria-label="Lista de fornecedores" aria-busy={list.loading || undefined}>
            {list.rows.map((supplier) => (
              <li key={supplier.id}>
                <SupplierCard supplier={supplier} busy={toggling.has(supplier.id)} onAction={act} />
              </li>
            ))}
          </ul>
        )}
        <ListPager list={list} />
      </section>

      {dialog.props && (
        <Loading onFailed={dialog.props.onClose}>
          <SupplierDialog {...dialog.props} />
        </Loading>
      )}
      {deletion.dialog}
      {historyOf && (
        <Loading onFailed={() => setHistoryOf(null)}>
          <HistoryPanel subject={{ kind: "supplier", id: historyOf.id, name: historyOf.nome }} onClose={() => setHistoryOf(null)} />
        </Loading>
      )}
    </div>
  );
}
