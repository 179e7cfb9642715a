// The page's toast viewport (SPEC §9), without React (issue 38 §7): bottom-right, F8 focuses
// it, one toast at a time, a swipe to the right of 50 px or its close button dismisses it,
// hovering or focusing it holds its countdown. Islands raise toasts through the same store as
// before (src/ui/toast.ts: toast(), dismissToast()); this script, started by every signed-in
// page's shell script (islands/lib/shell.ts), draws them. The viewport is server-rendered empty
// by AppShell (a live region must exist before its content); it is made here when absent.
import { TOAST_SWIPE_THRESHOLD_PX, dismissToast, pauseToast, resumeToast, toastSignal, type ToastItem } from "./toast.ts";

export const TOASTER_CLASS = "ui-toaster";
export const TOASTER_LABEL = "Notificações (F8)";

const SVG = "http://www.w3.org/2000/svg";

/** An icon of the page's sprite (src/ui/Icon.tsx's markup). */
function icon(name: string, size: number, className = ""): SVGSVGElement {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("class", `ui-icon${className ? ` ${className}` : ""}`);
  svg.setAttribute("width", String(size));
  svg.setAttribute("height", String(size));
  const use = document.createElementNS(SVG, "use");
  use.setAttribute("href", `#i-${name}`);
  svg.append(use);
  return svg;
}

function element<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string): HTMLElementTagNameMap[K] {
  const made = document.createElement(tag);
  made.className = className;
  if (text !== undefined) made.textContent = text;
  return made;
}

const supportsPopover = (element: HTMLElement) => typeof element.showPopover === "function";

function modalDialogOpen(): boolean {
  try {
    return document.querySelector("dialog:modal") !== null;
  } catch {
    return false; // engines without :modal
  }
}

/** One toast's element, with its swipe, pause and close. */
function toastElement(item: ToastItem): HTMLLIElement {
  const destructive = item.variant === "destructive";
  const li = element("li", destructive ? "ui-toast ui-toast--destructive" : "ui-toast");
  li.setAttribute("role", "status");
  li.setAttribute("aria-live", destructive ? "assertive" : "polite");
  li.setAttribute("aria-atomic", "true");
  li.dataset.swipe = "idle";
  if (destructive) li.append(icon("alert", 18, "ui-toast__icon"));
  const text = element("div", "ui-toast__text");
  text.append(element("div", "ui-toast__title", item.title));
  if (item.description) text.append(element("div", "ui-toast__description", item.description));
  const close = element("button", "ui-toast__close");
  close.type = "button";
  close.setAttribute("aria-label", "Fechar");
  close.append(icon("close", 16));
  close.addEventListener("click", () => dismissToast(item.id));
  li.append(text, close);

  let startX: number | null = null;
  let hovered = false;
  let focused = false;
  const updatePause = () => (hovered || focused ? pauseToast() : resumeToast());
  const offset = (px: number) => (li.style.transform = px ? `translateX(${px}px)` : "");
  const snapBack = () => {
    startX = null;
    offset(0);
    li.dataset.swipe = "cancel";
  };
  li.addEventListener("pointerdown", (event) => {
    // A press on the close button stays a click: capturing it here would retarget that click.
    if (event.button !== 0 || (event.target as Element).closest("button")) return;
    startX = event.clientX;
    try {
      li.setPointerCapture(event.pointerId);
    } catch {
      // Pointer capture is an enhancement; the swipe works without it inside the toast.
    }
  });
  li.addEventListener("pointermove", (event) => {
    if (startX === null) return;
    offset(Math.max(0, event.clientX - startX));
    li.dataset.swipe = "move";
  });
  li.addEventListener("pointerup", (event) => {
    if (startX === null) return;
    if (event.clientX - startX > TOAST_SWIPE_THRESHOLD_PX) {
      startX = null;
      dismissToast(item.id);
      return;
    }
    snapBack();
  });
  li.addEventListener("pointercancel", snapBack);
  // Hover pauses on a move over the toast, not on its appearing under a still pointer (where the
  // button just clicked was): that toast would otherwise never leave (Radix pauses the same way).
  li.addEventListener("pointermove", () => {
    if (hovered) return;
    hovered = true;
    updatePause();
  });
  li.addEventListener("pointerout", (event) => {
    if (event.relatedTarget instanceof Node && li.contains(event.relatedTarget)) return;
    hovered = false;
    updatePause();
  });
  li.addEventListener("focusin", () => {
    focused = true;
    updatePause();
  });
  li.addEventListener("focusout", (event) => {
    if (event.relatedTarget instanceof Node && li.contains(event.relatedTarget)) return;
    focused = false;
    updatePause();
  });
  return li;
}

/** Starts the page's toaster; returns the way to stop it (tests). */
export function installToaster(doc: Document = document): () => void {
  let viewport = doc.querySelector<HTMLOListElement>(`ol.${TOASTER_CLASS}`);
  if (!viewport) {
    viewport = element("ol", TOASTER_CLASS);
    viewport.setAttribute("role", "region");
    viewport.setAttribute("aria-label", TOASTER_LABEL);
    viewport.tabIndex = -1;
    viewport.setAttribute("popover", "manual");
    doc.body.append(viewport);
  }
  const region = viewport;
  // The viewport lives in the top layer (a manual popover), so a toast stays visible above an open
  // modal dialog's backdrop. It stays shown while empty: a live region must exist before its content.
  if (supportsPopover(region) && !region.matches(":popover-open")) region.showPopover();

  let shownId: number | undefined;
  const stop = toastSignal.subscribe((item) => {
    if (item?.id === shownId) return;
    shownId = item?.id;
    region.replaceChildren(...(item ? [toastElement(item)] : []));
    // A dialog opened after the viewport sits above it; showing again moves the viewport to the top.
    if (item && supportsPopover(region) && modalDialogOpen()) {
      region.hidePopover();
      region.showPopover();
    }
  });

  const keyDown = (event: KeyboardEvent) => {
    if (event.key !== "F8" || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    event.preventDefault();
    region.focus();
  };
  doc.addEventListener("keydown", keyDown);
  return () => {
    stop();
    doc.removeEventListener("keydown", keyDown);
  };
}
