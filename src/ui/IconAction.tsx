import { cx } from "./cx.ts";
import { ActionIcon, type IconName } from "./Icon.tsx";

interface IconActionProps {
  /** The verb shown in the tooltip: "Editar". */
  label: string;
  /** The row it acts on: the accessible name becomes "Editar Padaria Pão Quente". */
  rowName: string;
  icon: IconName;
  danger?: boolean;
  onClick: () => void;
}

/**
 * A row's icon button: 44 px touch target, a name that says which row, and the verb in the page's
 * one tooltip (`data-tip`, src/ui/page-tooltip.ts): a few bytes a row, nothing hidden. Its look is the
 * ghost icon button's (button.css styles `.ui-icon-action` alone: one class, not four, per row).
 */
export function IconAction({ label, rowName, icon, danger, onClick }: IconActionProps) {
  return (
    <button type="button" className={cx("ui-icon-action", danger && "ui-icon-action--danger")} data-tip={label} aria-label={`${label} ${rowName}`} onClick={onClick}>
      <ActionIcon name={icon} />
    </button>
  );
}
