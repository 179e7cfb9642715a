import type { ReactNode } from "react";
import { Icon, type IconName } from "./Icon.tsx";

interface EmptyStateProps {
  icon: IconName;
  /** What is missing, e.g. 'Nenhum cliente encontrado' (SPEC's words). */
  title: string;
  /** What to do about it. */
  hint?: ReactNode;
  /** The action that fills the list, e.g. a "Novo Cliente" button. */
  action?: ReactNode;
}

export function EmptyState({ icon, title, hint, action }: EmptyStateProps) {
  return (
    <div className="ui-empty">
      <Icon name={icon} size={32} className="ui-empty__icon" />
      <p className="ui-empty__title">{title}</p>
      {hint && <p className="ui-empty__hint">{hint}</p>}
      {action && <div className="ui-empty__action">{action}</div>}
    </div>
  );
}
