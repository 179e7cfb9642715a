import { Button } from "./Button.tsx";
import { cx } from "./cx.ts";
import { Icon, type IconName } from "./Icon.tsx";
import { Tooltip } from "./Tooltip.tsx";

interface IconActionProps {
  /** The verb shown in the tooltip: "Editar". */
  label: string;
  /** The row it acts on: the accessible name becomes "Editar Padaria Pão Quente". */
  rowName: string;
  icon: IconName;
  danger?: boolean;
  onClick: () => void;
}

/** A row's icon button: 44 px touch target, tooltip with the verb, a name that says which row. */
export function IconAction({ label, rowName, icon, danger, onClick }: IconActionProps) {
  return (
    <Tooltip content={label}>
      <Button
        variant="ghost"
        size="icon"
        aria-label={`${label} ${rowName}`}
        className={cx("ui-icon-action", danger && "ui-icon-action--danger")}
        onClick={onClick}
      >
        <Icon name={icon} size={18} />
      </Button>
    </Tooltip>
  );
}
