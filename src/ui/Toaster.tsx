import { Icon } from "./Icon.tsx";
import { TOASTER_CLASS, TOASTER_LABEL } from "./page-toaster.ts";

/**
 * The page's toast viewport, rendered empty by the server (a live region must exist before its
 * content); src/ui/page-toaster.ts (no React) puts the toasts in it.
 */
export function ToasterViewport() {
  return <ol role="region" aria-label={TOASTER_LABEL} tabIndex={-1} popover="manual" className={TOASTER_CLASS} />;
}

/** A toast's icon and words, as the toaster draws them: the one a page renders on the server (the login's refusal). */
export function ToastContent({ title, description, destructive }: { title: string; description?: string; destructive?: boolean }) {
  return (
    <>
      {destructive && <Icon name="alert" size={18} className="ui-toast__icon" />}
      <div className="ui-toast__text">
        <div className="ui-toast__title">{title}</div>
        {description && <div className="ui-toast__description">{description}</div>}
      </div>
    </>
  );
}
