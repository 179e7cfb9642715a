import { useId, type ReactNode } from "react";
import { formatCnpj, formatPhone } from "../../src/lib/brazil";
import { Badge } from "../../src/ui/Badge";
import { Card } from "../../src/ui/Card";
import { Icon, type IconName } from "../../src/ui/Icon";
import { RowActions } from "../lib/registers";
import type { SupplierJson } from "../../src/api/suppliers/model";
import { supplierPlace } from "./view";

export type SupplierAction = "history" | "edit" | "toggle" | "delete";

interface SupplierCardProps {
  supplier: SupplierJson;
  /** Its block/unblock call is running: the card dims and ignores another press. */
  busy: boolean;
  onAction(action: SupplierAction, supplier: SupplierJson): void;
}

/** One supplier in the grid (SPEC §2): status, CNPJ, phone, e-mail, place and its actions. */
export function SupplierCard({ supplier, busy, onAction }: SupplierCardProps) {
  const titleId = useId();
  const blocked = supplier.statusBloqueio === 1;
  const place = supplierPlace(supplier);
  return (
    <Card className="sup-card" role="group" aria-labelledby={titleId} aria-busy={busy || undefined} data-blocked={blocked || undefined}>
      <div className="sup-card__head">
        <h2 className="sup-card__name ui-ellipsis" id={titleId} title={supplier.nome}>
          {/* The name leads to the supplier's payables (Contas a Pagar filtered to it). */}
          <a href={`/payables?supplierId=${supplier.id}`}>{supplier.nome}</a>
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
          <span className="sup-muted">CNPJ não informado</span>
        )}
      </p>
      <ul className="sup-card__info">
        <InfoLine icon="phone" label="Telefone" missing="Telefone não informado">
          {supplier.telefone && <a href={`tel:${supplier.telefone}`}>{formatPhone(supplier.telefone)}</a>}
        </InfoLine>
        <InfoLine icon="mail" label="E-mail" missing="E-mail não informado" title={supplier.email}>
          {supplier.email && <a href={`mailto:${supplier.email}`}>{supplier.email}</a>}
        </InfoLine>
        <InfoLine icon="map-pin" label="Local" missing="Cidade não informada" title={place}>
          {place}
        </InfoLine>
      </ul>
      <div className="sup-card__actions">
        <RowActions
          name={supplier.nome}
          onHistory={() => onAction("history", supplier)}
          onEdit={() => onAction("edit", supplier)}
          onDelete={() => onAction("delete", supplier)}
          block={{ blocked, onToggle: () => onAction("toggle", supplier) }}
        />
      </div>
    </Card>
  );
}

interface InfoLineProps {
  icon: IconName;
  label: string;
  missing: string;
  /** The whole text, for a value cut short with an ellipsis. */
  title?: string | null;
  children: ReactNode;
}

function InfoLine({ icon, label, missing, title, children }: InfoLineProps) {
  return (
    <li>
      <Icon name={icon} size={16} className="sup-card__icon" />
      {children ? (
        <span className="sup-card__value ui-ellipsis" title={title ?? undefined}>
          <span className="visually-hidden">{label}: </span>
          {children}
        </span>
      ) : (
        <span className="sup-muted">{missing}</span>
      )}
    </li>
  );
}
