import type { ClientJson } from "../../src/api/clients/model";
import { formatCnpj, formatPhone } from "../../src/lib/brazil";
import { formatBRL, parseMoney, ZERO } from "../../src/lib/money";
import { Badge } from "../../src/ui/Badge";
import { Button } from "../../src/ui/Button";
import { Icon, type IconName } from "../../src/ui/Icon";
import type { TableColumn } from "../../src/ui/Table";
import { Tooltip } from "../../src/ui/Tooltip";
import { clientStatus } from "./view";

export interface ClientActions {
  onEdit(client: ClientJson): void;
  onToggleBlock(client: ClientJson): void;
  onDelete(client: ClientJson): void;
}

export function ClientStatusBadge({ client }: { client: ClientJson }) {
  const status = clientStatus(client);
  return <Badge variant={status.variant}>{status.label}</Badge>;
}

/** A long address may wrap before its "@", never letter by letter. */
function Email({ address }: { address: string }) {
  const at = address.indexOf("@");
  if (at <= 0) return <span className="clients-email">{address}</span>;
  return (
    <span className="clients-email">
      {address.slice(0, at)}
      <wbr />
      {address.slice(at)}
    </span>
  );
}

function ActionButton({ label, icon, danger, onClick }: { label: string; icon: IconName; danger?: boolean; onClick(): void }) {
  return (
    <Tooltip content={label}>
      <Button
        variant="ghost"
        size="icon"
        aria-label={label}
        className={danger ? "clients-action clients-action--danger" : "clients-action"}
        onClick={onClick}
      >
        <Icon name={icon} size={18} />
      </Button>
    </Tooltip>
  );
}

/** The table's columns (SPEC §2); the class names let the phone layout label the cells. */
export function clientColumns(actions: ClientActions): TableColumn<ClientJson>[] {
  return [
    {
      key: "nome",
      header: "Nome",
      sortable: true,
      render: (client) => (
        <div className="clients-name">
          <span className="clients-name__nome">{client.nome}</span>
          <span className="clients-name__contato">{client.contato}</span>
        </div>
      ),
    },
    {
      key: "cnpj",
      header: "CNPJ",
      sortable: true,
      render: (client) => <span className="clients-nowrap">{formatCnpj(client.cnpj)}</span>,
    },
    { key: "email", header: "Email", render: (client) => <Email address={client.email} /> },
    {
      key: "telefone",
      header: "Telefone",
      render: (client) => <span className="clients-nowrap">{formatPhone(client.telefone)}</span>,
    },
    {
      key: "mensalidade",
      header: "Mensalidade",
      sortable: true,
      align: "end",
      render: (client) => <span className="clients-nowrap">{formatBRL(parseMoney(client.valorMensalidade) ?? ZERO)}</span>,
    },
    { key: "status", header: "Status", sortable: true, render: (client) => <ClientStatusBadge client={client} /> },
    {
      key: "acoes",
      header: "Ações",
      align: "end",
      render: (client) => {
        const blocked = client.statusBloqueio === 1;
        return (
          <div className="clients-actions">
            <ActionButton label="Editar" icon="edit" onClick={() => actions.onEdit(client)} />
            <ActionButton
              label={blocked ? "Desbloquear" : "Bloquear"}
              icon={blocked ? "unlock" : "lock"}
              onClick={() => actions.onToggleBlock(client)}
            />
            <ActionButton label="Excluir" icon="trash" danger onClick={() => actions.onDelete(client)} />
          </div>
        );
      },
    },
  ];
}
