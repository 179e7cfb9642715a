import { useId, useState, type ReactNode } from "react";
import { Button } from "./Button.tsx";
import { cx } from "./cx.ts";
import { Icon } from "./Icon.tsx";

interface FilterBarProps {
  /** "Filtrar clientes": the search landmark's name. */
  label: string;
  /** Some filter is set: "Limpar filtros" is offered and the phone toggle says so. */
  active: boolean;
  onClear: () => void;
  /** The fields (Field + Input/Select), laid out in a row on wide screens. */
  children: ReactNode;
  /** The list's main action ("Novo Cliente"), at the end of the row. */
  action?: ReactNode;
  className?: string;
}

/**
 * A list's filters: one row on wide screens; on phones folded behind a "Filtros" toggle so the
 * first result shows above the fold (the fields stay in the page, so the view works unhydrated).
 */
export function FilterBar({ label, active, onClear, children, action, className }: FilterBarProps) {
  const [open, setOpen] = useState(false);
  const bodyId = useId();
  return (
    <div className={cx("ui-filterbar", className)} data-open={open || undefined}>
      <div className="ui-filterbar__top">
        <button
          type="button"
          className="ui-button ui-button--secondary ui-filterbar__toggle"
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={() => setOpen((now) => !now)}
        >
          <Icon name="search" size={18} />
          Filtros
          {active && <span className="ui-filterbar__dot" aria-label="(ativos)" />}
          <Icon name="chevron-down" size={16} className="ui-filterbar__chevron" />
        </button>
        {action && <div className="ui-filterbar__action">{action}</div>}
      </div>
      <div role="search" aria-label={label} id={bodyId} className="ui-filterbar__body">
        {children}
        <Button variant="ghost" className="ui-filterbar__clear" disabled={!active} onClick={onClear}>
          Limpar filtros
        </Button>
      </div>
    </div>
  );
}
