import { useState } from "react";
import type { PartnerJson } from "../src/api/partners/model";
import { Button } from "../src/ui/Button";
import { Card } from "../src/ui/Card";
import { ConfirmDialog } from "../src/ui/ConfirmDialog";
import { Icon, type IconName } from "../src/ui/Icon";
import { toast } from "../src/ui/toast";
import { api, ApiError } from "./api";
import { useServerList } from "./list";
import { PartnerDialog } from "./partners/PartnerDialog";
import { PartnerTable } from "./partners/PartnerTable";

export interface PartnersScreenProps {
  initialPartners: PartnerJson[];
}

interface DialogState {
  open: boolean;
  partner: PartnerJson | null;
  /** A new key per opening, so the form starts fresh. */
  key: number;
}

const filled = (text: string | null | undefined) => !!text && text.trim() !== "";

/** /partners (SPEC §2 Parceiros): summary, table, dialog and delete. */
export default function PartnersScreen({ initialPartners }: PartnersScreenProps) {
  const list = useServerList<PartnerJson>("/api/partners", initialPartners, "parceiros");
  const [dialog, setDialog] = useState<DialogState>({ open: false, partner: null, key: 0 });
  const [deleting, setDeleting] = useState<PartnerJson | null>(null);

  const openDialog = (partner: PartnerJson | null) => setDialog((d) => ({ open: true, partner, key: d.key + 1 }));
  const closeDialog = () => setDialog((d) => ({ ...d, open: false }));

  async function confirmDelete() {
    if (!deleting) return;
    try {
      await api(`/api/partners/${deleting.id}`, { method: "DELETE" });
      toast({ title: "Parceiro excluído com sucesso!" });
      void list.reload();
    } catch (error) {
      const description = (error instanceof ApiError && error.serverMessage) || "Não foi possível excluir o parceiro.";
      toast({ title: "Erro", description, variant: "destructive" });
    }
    setDeleting(null);
  }

  const rows = list.rows;
  return (
    <div className="registers">
      <div className="page-header">
        <div>
          <h1>Parceiros</h1>
          <p className="page-description">Contatos de parceiros comerciais e das empresas que representam.</p>
        </div>
        <div className="page-actions">
          <Button onClick={() => openDialog(null)}>
            <Icon name="plus" size={18} />
            Novo Parceiro
          </Button>
        </div>
      </div>

      <ul className="par-summary" aria-label="Resumo dos parceiros">
        <SummaryCard id="total" icon="handshake" label="Total de parceiros" value={rows.length} />
        <SummaryCard id="email" icon="mail" label="Com e-mail" value={rows.filter((p) => filled(p.email)).length} />
        <SummaryCard id="telefone" icon="phone" label="Com telefone" value={rows.filter((p) => filled(p.telefone)).length} />
      </ul>

      <PartnerTable
        partners={rows}
        busy={list.refreshing}
        onCreate={() => openDialog(null)}
        onEdit={openDialog}
        onDelete={setDeleting}
      />

      <PartnerDialog
        key={dialog.key}
        open={dialog.open}
        partner={dialog.partner}
        onClose={closeDialog}
        onSaved={() => {
          closeDialog();
          void list.reload();
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        title="Excluir parceiro"
        message={`Tem certeza que deseja excluir o parceiro "${deleting?.nome ?? ""}"?`}
        confirmLabel="Excluir"
        destructive
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}

function SummaryCard({ id, icon, label, value }: { id: string; icon: IconName; label: string; value: number }) {
  return (
    <li>
      <Card className="par-summary__card">
        <span className="par-summary__icon">
          <Icon name={icon} size={20} />
        </span>
        <span className="par-summary__text">
          <span className="par-summary__label">{label}</span>
          <span className="par-summary__value" data-testid={`summary-${id}`}>
            {value}
          </span>
        </span>
      </Card>
    </li>
  );
}
