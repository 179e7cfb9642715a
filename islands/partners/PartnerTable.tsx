import type { PartnerJson } from "../../src/api/partners/model";
import { formatPhone } from "../../src/lib/brazil";
import { Button } from "../../src/ui/Button";
import { Card } from "../../src/ui/Card";
import { Icon, type IconName } from "../../src/ui/Icon";
import { Table, type TableColumn } from "../../src/ui/Table";
import { Tooltip } from "../../src/ui/Tooltip";

export interface PartnerTableProps {
  partners: readonly PartnerJson[];
  onEdit(partner: PartnerJson): void;
  onDelete(partner: PartnerJson): void;
  onCreate(): void;
  busy?: boolean;
}

const email = (partner: PartnerJson) =>
  partner.email ? <a href={`mailto:${partner.email}`}>{partner.email}</a> : <span className="reg-muted">—</span>;
const phone = (partner: PartnerJson) =>
  partner.telefone ? formatPhone(partner.telefone) : <span className="reg-muted">—</span>;

/** Nome, Empresa, E-mail, Telefone, Ações. On a phone the middle columns fold under the name. */
export function PartnerTable({ partners, onEdit, onDelete, onCreate, busy }: PartnerTableProps) {
  const columns: TableColumn<PartnerJson>[] = [
    {
      key: "nome",
      header: "Nome",
      render: (partner) => (
        <>
          <span className="par-name">{partner.nome}</span>
          {/* Shown only where the Empresa/E-mail/Telefone columns are hidden (narrow screens). */}
          <span className="par-stack">
            <span>{partner.empresa}</span>
            <span>{email(partner)}</span>
            <span>{phone(partner)}</span>
          </span>
        </>
      ),
    },
    { key: "empresa", header: "Empresa", render: (partner) => partner.empresa },
    { key: "email", header: "E-mail", render: email },
    { key: "telefone", header: "Telefone", render: phone },
    {
      key: "acoes",
      header: "Ações",
      align: "end",
      render: (partner) => (
        <span className="par-actions">
          <ActionButton icon="edit" label="Editar" name={partner.nome} onClick={() => onEdit(partner)} />
          <ActionButton icon="trash" label="Excluir" name={partner.nome} danger onClick={() => onDelete(partner)} />
        </span>
      ),
    },
  ];

  return (
    <Card className="par-table" aria-busy={busy || undefined}>
      <Table
        columns={columns}
        rows={partners}
        rowKey={(partner) => partner.id}
        empty={
          <div className="reg-empty reg-empty--flat">
            <Icon name="handshake" size={32} className="reg-empty__icon" />
            <p className="reg-empty__title">Nenhum parceiro cadastrado</p>
            <p className="reg-empty__hint">Cadastre o primeiro parceiro para vê-lo aqui.</p>
            <div className="reg-empty__actions">
              <Button variant="secondary" onClick={onCreate}>
                <Icon name="plus" size={18} />
                Cadastrar parceiro
              </Button>
            </div>
          </div>
        }
      />
    </Card>
  );
}

function ActionButton(props: { icon: IconName; label: string; name: string; danger?: boolean; onClick(): void }) {
  return (
    <Tooltip content={props.label}>
      <Button
        variant="ghost"
        size="icon"
        className={props.danger ? "reg-danger-text" : undefined}
        aria-label={`${props.label} ${props.name}`}
        onClick={props.onClick}
      >
        <Icon name={props.icon} size={18} />
      </Button>
    </Tooltip>
  );
}
