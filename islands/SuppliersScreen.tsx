import { useState } from "react";
import type { SupplierBlockAnswer, SupplierJson } from "../src/api/suppliers/model";
import { Button } from "../src/ui/Button";
import { ConfirmDialog } from "../src/ui/ConfirmDialog";
import { Icon } from "../src/ui/Icon";
import { Input } from "../src/ui/Input";
import { toast } from "../src/ui/toast";
import { api, ApiError } from "./api";
import { useServerList } from "./list";
import { filterSuppliers } from "./suppliers/filter";
import { SupplierCard } from "./suppliers/SupplierCard";
import { SupplierDialog } from "./suppliers/SupplierDialog";

export interface SuppliersScreenProps {
  initialSuppliers: SupplierJson[];
}

interface DialogState {
  open: boolean;
  supplier: SupplierJson | null;
  /** A new key per opening, so the form starts fresh. */
  key: number;
}

const plural = (n: number) => `${n} ${n === 1 ? "fornecedor" : "fornecedores"}`;

/** /suppliers (SPEC §2 Fornecedores): search, card grid, dialog, block toggle and delete. */
export default function SuppliersScreen({ initialSuppliers }: SuppliersScreenProps) {
  const list = useServerList<SupplierJson>("/api/suppliers", initialSuppliers, "fornecedores");
  const [query, setQuery] = useState("");
  const [dialog, setDialog] = useState<DialogState>({ open: false, supplier: null, key: 0 });
  const [toggling, setToggling] = useState<ReadonlySet<number>>(new Set());
  const [deleting, setDeleting] = useState<SupplierJson | null>(null);

  const visible = filterSuppliers(list.rows, query);
  const searching = query.trim() !== "";

  const openDialog = (supplier: SupplierJson | null) => setDialog((d) => ({ open: true, supplier, key: d.key + 1 }));
  const closeDialog = () => setDialog((d) => ({ ...d, open: false }));

  async function toggleBlock(supplier: SupplierJson) {
    if (toggling.has(supplier.id)) return;
    setToggling((ids) => new Set(ids).add(supplier.id));
    try {
      // SPEC §4: no confirmation, the opposite value is sent.
      await api<SupplierBlockAnswer>(`/api/suppliers/${supplier.id}/block`, {
        method: "PATCH",
        body: { statusBloqueio: supplier.statusBloqueio === 1 ? 0 : 1 },
      });
      toast({ title: "Status atualizado" });
      await list.reload(); // never throws; the button stays busy until the card shows the new status
    } catch {
      toast({ title: "Erro", description: "Erro ao alterar status do fornecedor.", variant: "destructive" });
    } finally {
      setToggling((ids) => {
        const next = new Set(ids);
        next.delete(supplier.id);
        return next;
      });
    }
  }

  async function confirmDelete() {
    if (!deleting) return;
    try {
      await api(`/api/suppliers/${deleting.id}`, { method: "DELETE" });
      toast({ title: "Fornecedor excluído" });
      void list.reload();
    } catch (error) {
      // e.g. the 409 for a supplier that still has payables: the server says why.
      const description = (error instanceof ApiError && error.serverMessage) || "Erro ao excluir fornecedor.";
      toast({ title: "Erro", description, variant: "destructive" });
    }
    setDeleting(null);
  }

  return (
    <div className="registers">
      <div className="page-header">
        <div>
          <h1>Fornecedores</h1>
          <p className="page-description">Cadastre fornecedores e controle quem está liberado para novas contas.</p>
        </div>
        <div className="page-actions">
          <Button onClick={() => openDialog(null)}>
            <Icon name="plus" size={18} />
            Novo Fornecedor
          </Button>
        </div>
      </div>

      <div className="reg-toolbar" role="search">
        <div className="reg-search">
          <Icon name="search" size={18} className="reg-search__icon" />
          <Input
            type="search"
            aria-label="Buscar fornecedores"
            placeholder="Buscar por nome, CNPJ ou e-mail"
            autoComplete="off"
            value={query}
            onValueChange={setQuery}
          />
        </div>
        <p className="reg-count" aria-live="polite">
          {searching ? `${visible.length} de ${plural(list.rows.length)}` : plural(list.rows.length)}
        </p>
      </div>

      {visible.length === 0 ? (
        <div className="reg-empty">
          <Icon name="truck" size={32} className="reg-empty__icon" />
          <p className="reg-empty__title">Nenhum fornecedor encontrado</p>
          <p className="reg-empty__hint">
            {list.rows.length === 0
              ? "Cadastre o primeiro fornecedor para começar."
              : "Ajuste a busca ou cadastre um novo fornecedor."}
          </p>
          <div className="reg-empty__actions">
            {searching && (
              <Button variant="secondary" onClick={() => setQuery("")}>
                Limpar busca
              </Button>
            )}
            <Button variant={searching ? "ghost" : "primary"} onClick={() => openDialog(null)}>
              <Icon name="plus" size={18} />
              Cadastrar fornecedor
            </Button>
          </div>
        </div>
      ) : (
        <ul className="sup-grid" aria-label="Fornecedores" aria-busy={list.refreshing || undefined}>
          {visible.map((supplier) => (
            <li key={supplier.id}>
              <SupplierCard
                supplier={supplier}
                toggling={toggling.has(supplier.id)}
                onEdit={openDialog}
                onToggleBlock={toggleBlock}
                onDelete={setDeleting}
              />
            </li>
          ))}
        </ul>
      )}

      <SupplierDialog
        key={dialog.key}
        open={dialog.open}
        supplier={dialog.supplier}
        onClose={closeDialog}
        onSaved={() => {
          closeDialog();
          void list.reload();
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        title="Excluir fornecedor"
        message={
          <>
            Tem certeza que deseja excluir este fornecedor?
            <strong className="reg-confirm-name">{deleting?.nome}</strong>
          </>
        }
        confirmLabel="Excluir"
        destructive
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}
