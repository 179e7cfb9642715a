import { useEffect, useLayoutEffect, useRef, useState, type PointerEvent } from "react";
import { cx } from "./cx.ts";
import { Icon } from "./Icon.tsx";
import {
  TOAST_SWIPE_THRESHOLD_PX,
  dismissToast,
  pauseToast,
  resumeToast,
  toastSignal,
  type ToastItem,
} from "./toast.ts";
import { useSignalValue } from "./use-signal.ts";

interface ToasterProps {
  className?: string;
}

/** The toast viewport (SPEC §9): bottom-right, F8 focuses it, one toast at a time. */
export function Toaster({ className }: ToasterProps) {
  const current = useSignalValue(toastSignal);
  const viewportRef = useRef<HTMLOListElement>(null);

  useEffect(() => {
    function handleKeyDown(event: KeyboardEvent) {
      if (event.key !== "F8" || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      event.preventDefault();
      viewportRef.current?.focus();
    }
    document.addEventListener("keydown", handleKeyDown);
    return () => document.removeEventListener("keydown", handleKeyDown);
  }, []);

  // The viewport lives in the top layer (a manual popover), so a toast stays visible above an open
  // modal dialog's backdrop. It stays shown while empty: a live region must exist before its content.
  useLayoutEffect(() => {
    const viewport = viewportRef.current;
    if (viewport && supportsPopover(viewport) && !viewport.matches(":popover-open")) viewport.showPopover();
  }, []);

  const currentId = current?.id;
  useLayoutEffect(() => {
    const viewport = viewportRef.current;
    if (currentId === undefined || !viewport || !supportsPopover(viewport) || !modalDialogOpen()) return;
    // A dialog opened after the viewport sits above it; showing again moves the viewport to the top.
    viewport.hidePopover();
    viewport.showPopover();
  }, [currentId]);

  return (
    <ol
      ref={viewportRef}
      role="region"
      aria-label="Notificações (F8)"
      tabIndex={-1}
      popover="manual"
      className={cx("ui-toaster", className)}
    >
      {current && <Toast key={current.id} item={current} />}
    </ol>
  );
}

function Toast({ item }: { item: ToastItem }) {
  const [offset, setOffset] = useState(0);
  const [swipe, setSwipe] = useState<"idle" | "move" | "cancel">("idle");
  const startX = useRef<number | null>(null);
  const hovered = useRef(false);
  const focused = useRef(false);

  function updatePause() {
    if (hovered.current || focused.current) pauseToast();
    else resumeToast();
  }

  function handlePointerDown(event: PointerEvent<HTMLLIElement>) {
    // A press on the close button stays a click: capturing it here would retarget that click.
    if (event.button !== 0 || (event.target as Element).closest("button")) return;
    startX.current = event.clientX;
    try {
      event.currentTarget.setPointerCapture(event.pointerId);
    } catch {
      // Pointer capture is an enhancement; the swipe works without it inside the toast.
    }
  }

  function handlePointerMove(event: PointerEvent<HTMLLIElement>) {
    if (startX.current === null) return;
    setOffset(Math.max(0, event.clientX - startX.current));
    setSwipe("move");
  }

  function handlePointerUp(event: PointerEvent<HTMLLIElement>) {
    if (startX.current === null) return;
    const distance = event.clientX - startX.current;
    startX.current = null;
    if (distance > TOAST_SWIPE_THRESHOLD_PX) {
      dismissToast(item.id);
      return;
    }
    setOffset(0);
    setSwipe("cancel");
  }

  function handlePointerCancel() {
    startX.current = null;
    setOffset(0);
    setSwipe("cancel");
  }

  const destructive = item.variant === "destructive";
  return (
    <li
      role="status"
      aria-live={destructive ? "assertive" : "polite"}
      aria-atomic="true"
      className={cx("ui-toast", destructive && "ui-toast--destructive")}
      data-swipe={swipe}
      style={offset ? { transform: `translateX(${offset}px)` } : undefined}
      onPointerDown={handlePointerDown}
      onPointerMove={handlePointerMove}
      onPointerUp={handlePointerUp}
      onPointerCancel={handlePointerCancel}
      onPointerEnter={() => {
        hovered.current = true;
        updatePause();
      }}
      onPointerLeave={() => {
        hovered.current = false;
        updatePause();
      }}
      onFocus={() => {
        focused.current = true;
        updatePause();
      }}
      onBlur={(event) => {
        if (event.currentTarget.contains(event.relatedTarget as Node | null)) return;
        focused.current = false;
        updatePause();
      }}
    >
      <ToastContent title={item.title} description={item.description} destructive={destructive} />
      <button type="button" className="ui-toast__close" aria-label="Fechar" onClick={() => dismissToast(item.id)}>
        <Icon name="close" size={16} />
      </button>
    </li>
  );
}

/** A toast's icon and words: the live toasts above, and the one a page renders on the server (the login's refusal). */
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

function supportsPopover(element: HTMLElement): boolean {
  return typeof element.showPopover === "function";
}

function modalDialogOpen(): boolean {
  try {
    return document.querySelector("dialog:modal") !== null;
  } catch {
    return false; // engines without :modal
  }
}
