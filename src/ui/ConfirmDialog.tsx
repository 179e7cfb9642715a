import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { Button } from "./Button.tsx";
import { Dialog } from "./Dialog.tsx";

export interface ConfirmDialogProps {
  open: boolean;
  message: ReactNode;
  /** "Confirmação" by default. */
  title?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Red confirm button, and the safe Cancelar button gets the initial focus. */
  destructive?: boolean;
  /**
   * Runs the action; the confirm button shows loading until its promise settles.
   * The caller closes the dialog (open=false) on success and reports failures itself (toast).
   */
  onConfirm: () => void | Promise<void>;
  onCancel: () => void;
}

export function ConfirmDialog({
  open,
  message,
  title = "Confirmação",
  confirmLabel = "Confirmar",
  cancelLabel = "Cancelar",
  destructive = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const [pending, setPending] = useState(false);
  const mounted = useRef(true);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const messageId = useId();

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  async function handleConfirm() {
    if (pending) return;
    setPending(true);
    try {
      await onConfirm();
    } catch (error) {
      // The caller owns error reporting; the dialog only stops loading and stays open.
      console.error(error);
    } finally {
      if (mounted.current) setPending(false);
    }
  }

  function handleCancel() {
    if (!pending) onCancel();
  }

  return (
    <Dialog
      open={open}
      onClose={handleCancel}
      title={title}
      size="sm"
      role="alertdialog"
      aria-describedby={messageId}
      initialFocusRef={destructive ? cancelRef : confirmRef}
      footer={
        <>
          <Button ref={cancelRef} variant="secondary" onClick={handleCancel} disabled={pending}>
            {cancelLabel}
          </Button>
          <Button
            ref={confirmRef}
            variant={destructive ? "destructive" : "primary"}
            loading={pending}
            onClick={handleConfirm}
          >
            {confirmLabel}
          </Button>
        </>
      }
    >
      <p className="ui-confirm__message" id={messageId}>{message}</p>
    </Dialog>
  );
}
