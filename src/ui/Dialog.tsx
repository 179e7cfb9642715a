import { useEffect, useId, useRef, type KeyboardEvent, type MouseEvent, type ReactNode, type RefObject } from "react";
import { cx } from "./cx.ts";
import { Icon } from "./Icon.tsx";

export interface DialogProps {
  open: boolean;
  /** Called on Esc, on the close button and on a click on the backdrop; the caller sets open=false. */
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  /** Content width; md by default. Always fits a 360 px screen. */
  size?: "sm" | "md" | "lg";
  /** Element to focus once open (defaults to the browser's choice: the first focusable one). */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** "alertdialog" for confirmations that interrupt the user. */
  role?: "dialog" | "alertdialog";
  "aria-describedby"?: string;
  className?: string;
}

export function Dialog({
  open,
  onClose,
  title,
  children,
  footer,
  size = "md",
  initialFocusRef,
  role,
  "aria-describedby": describedBy,
  className,
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  const openRef = useRef(open);
  openRef.current = open;
  const pressStartedOnBackdrop = useRef(false);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !open) return;
    const returnFocusTo = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) showModal(dialog);
    initialFocusRef?.current?.focus();
    return () => {
      openRef.current = false; // closing from here is not a native close to report back
      if (dialog.open) closeDialog(dialog);
      if (returnFocusTo?.isConnected) returnFocusTo.focus();
    };
    // initialFocusRef is a stable ref object, read when the dialog opens.
  }, [open]);

  // The dialog may also be closed natively (form method="dialog"); keep the caller's state in step.
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const handleClose = () => {
      if (openRef.current) onCloseRef.current();
    };
    dialog.addEventListener("close", handleClose);
    return () => dialog.removeEventListener("close", handleClose);
  }, []);

  function handleCancel(event: { preventDefault(): void }) {
    // Esc: let the caller decide (it may refuse while busy) instead of the browser closing on its own.
    event.preventDefault();
    onClose();
  }

  // A modal <dialog> lets Tab leave for the browser's own UI and land back on <body>: keep it inside.
  function handleKeyDown(event: KeyboardEvent<HTMLDialogElement>) {
    if (event.key !== "Tab") return;
    const focusables = [...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
      (el) => !el.hasAttribute("disabled") && el.getClientRects().length > 0,
    );
    const first = focusables[0];
    const last = focusables[focusables.length - 1];
    if (!first || !last) return;
    const active = document.activeElement;
    if (event.shiftKey && (active === first || !event.currentTarget.contains(active))) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (active === last || !event.currentTarget.contains(active))) {
      event.preventDefault();
      first.focus();
    }
  }

  function handleMouseDown(event: MouseEvent<HTMLDialogElement>) {
    pressStartedOnBackdrop.current = event.target === event.currentTarget;
  }

  function handleClick(event: MouseEvent<HTMLDialogElement>) {
    // Header, body and footer fill the dialog box, so a click aimed at the dialog itself hit the backdrop.
    if (event.target === event.currentTarget && pressStartedOnBackdrop.current) onClose();
    pressStartedOnBackdrop.current = false;
  }

  return (
    <dialog
      ref={ref}
      className={cx("ui-dialog", `ui-dialog--${size}`, className)}
      role={role === "alertdialog" ? role : undefined}
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      onCancel={handleCancel}
      onKeyDown={handleKeyDown}
      onMouseDown={handleMouseDown}
      onClick={handleClick}
    >
      <header className="ui-dialog__header">
        <h2 className="ui-dialog__title" id={titleId}>
          {title}
        </h2>
        <button type="button" className="ui-dialog__close" aria-label="Fechar" onClick={onClose}>
          <Icon name="close" size={18} />
        </button>
      </header>
      {open && <div className="ui-dialog__body">{children}</div>}
      {open && footer && <footer className="ui-dialog__footer">{footer}</footer>}
    </dialog>
  );
}

const FOCUSABLE = 'a[href], button, input:not([type="hidden"]), select, textarea, [tabindex]:not([tabindex="-1"])';

function showModal(dialog: HTMLDialogElement) {
  if (typeof dialog.showModal === "function") dialog.showModal();
  else dialog.setAttribute("open", "");
}

function closeDialog(dialog: HTMLDialogElement) {
  if (typeof dialog.close === "function") dialog.close();
  else dialog.removeAttribute("open");
}
