import { useId, type ReactNode } from "react";
import type { SupplierJson } from "../../src/api/suppliers/model";
import { formatCnpj, formatPhone } from "../../src/lib/brazil";
import { Badge } from "../../src/ui/Badge";
import { Button } from "../../src/ui/Button";
import { Card } from "../../src/ui/Card";
import { Icon, type IconName } from "../../src/ui/Icon";
import { supplierPlace } from "./filter";

export interface SupplierCardProps {
  supplier: SupplierJson;
  /** The block/unblock call for this card is running. */
  toggling: boolean;
  onEdit(supplier: SupplierJson): void;
  onToggleBlock(supplier: SupplierJson): void;
  onDelete(supplier: SupplierJson): void;
}

/** One supplier in the grid: status, CNPJ, contact lines and its three actions. */
export function SupplierCard({ supplier, toggling, onEdit, onToggleBlock, onDelete }: SupplierCardProps) {
  const titleId = useId();
  const blocked = supplier.statusBloqueio === 1;
  const place = supplierPlace(supplier);
  return (
    <Card className="sup-card" role="group" aria-labelledby={titleId} data-blocked={blocked || undefined}>
      <div className="sup-card__head">
        <h2 className="sup-card__name" id={titleId}>
          {supplier.nome}
        </h2>
        <Badge variant={blocked ? "danger" : "success"}>{blocked ? "Bloqueado" : "Ativo"}</Badge>
      </div>
      <p className="sup-card__cnpj">
        {supplier.cnpj ? (
          <>
            <span className="visually-hidden">CNPJ </span>
            {formatCnpj(supplier.cnpj)}
          </>
        ) : (
          <span className="reg-muted">CNPJ não informado</span>
        )}
      </p>
      <ul className="sup-card__info">
        <InfoLine icon="phone" label="Telefone" missing="Telefone não informado">
          {supplier.telefone && <a href={`tel:${supplier.telefone}`}>{formatPhone(supplier.telefone)}</a>}
        </InfoLine>
        <InfoLine icon="mail" label="E-mail" missing="E-mail não informado">
          {supplier.email && <a href={`mailto:${supplier.email}`}>{supplier.email}</a>}
        </InfoLine>
        <InfoLine icon="map-pin" label="Local" missing="Cidade não informada">
          {place}
        </InfoLine>
      </ul>
      {/* Text-only buttons: three labelled actions fit one row even in a 280 px card. */}
      <div className="sup-card__actions">
        <Button variant="secondary" size="sm" onClick={() => onEdit(supplier)} aria-label={`Editar ${supplier.nome}`}>
          Editar
        </Button>
        <Button
          variant="secondary"
          size="sm"
          loading={toggling}
          onClick={() => onToggleBlock(supplier)}
          aria-label={`${blocked ? "Desbloquear" : "Bloquear"} ${supplier.nome}`}
        >
          {blocked ? "Desbloquear" : "Bloquear"}
        </Button>
        <Button
          variant="ghost"
          size="sm"
          className="reg-danger-text sup-card__delete"
          onClick={() => onDelete(supplier)}
          aria-label={`Excluir ${supplier.nome}`}
        >
          Excluir
        </Button>
      </div>
    </Card>
  );
}

function InfoLine({ icon, label, missing, children }: { icon: IconName; label: string; missing: string; children: ReactNode }) {
  return (
    <li>
      <Icon name={icon} size={16} className="sup-card__icon" />
      {children ? (
        <span className="sup-card__value">
          <span className="visually-hidden">{label}: </span>
          {children}
        </span>
      ) : (
        <span className="reg-muted">{missing}</span>
      )}
    </li>
  );
}
