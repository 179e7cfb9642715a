// What every signed-in page's one plain script (islands/lib/shell.ts) starts (issue 38 §7): the toasts, the page's one tooltip, the
// toast a previous page left, and the session mirrored in auth-storage (SPEC §3) — without React,
// so a page whose islands do not act ships none. Islands raise toasts through src/ui/toast.ts,
// whose store this script's toaster draws (the same module: one chunk for both).
// The toaster's and the tooltip's code (~1.5 KB gzipped) load when first needed, not with the
// page: the toaster with the first toast, or ahead when a pointer or the focus reaches a button
// (what raises toasts); the tooltip when a pointer or the focus reaches a trigger, well within its
// 700 ms delay (that first event is handed to it).
import { showFlashedToast } from "../../src/ui/flash";
import { TIP_TRIGGER } from "../../src/ui/tip-targets";
import { toastSignal } from "../../src/ui/toast";
import { saveAuth } from "./auth-storage";

/** The attribute AppShell writes on the page's frame: who is signed in, as GET /api/auth/me answers it (JSON). */
export const USER_ATTRIBUTE = "data-user";

/** The viewport AppShell renders (src/ui/page-toaster.ts's TOASTER_CLASS). */
const TOASTER = "ol.ui-toaster";
/** What may raise a toast: its press loads the toaster ahead. */
const ACTS = "button, [role='menuitem']";

/** Loads a part once; a failed load is forgotten (the next need tries again). */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | null = null;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    }));
}

export function startShell(doc: Document = document): () => void {
  let stopped = false;
  const stops: (() => void)[] = [];
  const toaster = once(() =>
    import("../../src/ui/page-toaster").then(({ installToaster }) => {
      if (!stopped) stops.push(installToaster(doc));
    }),
  );
  // The pointer or focus on a trigger while the tooltip's code loads: handed to it (unless it left).
  let pendingTip: Event | null = null;
  const tooltips = once(() =>
    import("../../src/ui/page-tooltip").then(({ installTooltips }) => {
      if (!stopped) stops.push(installTooltips(doc, pendingTip));
      pendingTip = null;
    }),
  );
  // A live region must be shown before its content is (the toaster keeps it so): shown at once,
  // in the top layer (a manual popover) so a toast stays above a modal dialog's backdrop.
  const region = doc.querySelector<HTMLElement>(TOASTER);
  if (region && typeof region.showPopover === "function" && !region.matches(":popover-open")) region.showPopover();
  stops.push(
    toastSignal.subscribe((item) => {
      if (item) toaster().catch(() => {});
    }),
  );
  const intent = (event: Event) => {
    if (!(event.target instanceof Element)) return;
    if (event.target.closest(ACTS)) toaster().catch(() => {});
    if (event.target.closest(TIP_TRIGGER)) {
      pendingTip = event;
      tooltips().catch(() => {});
    }
  };
  const left = () => {
    pendingTip = null;
  };
  // F8 focuses the toasts' viewport (SPEC §9): the toaster does it once loaded.
  const keyDown = (event: KeyboardEvent) => {
    if (event.key !== "F8" || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    const region = doc.querySelector<HTMLElement>(TOASTER);
    if (!region) return;
    event.preventDefault();
    region.focus();
    toaster().catch(() => {});
  };
  // "Imprimir" on the reports (data-print-page): the browser's print dialog, no island for it.
  const printClick = (event: MouseEvent) => {
    if (event.target instanceof Element && event.target.closest("[data-print-page]")) print();
  };
  const listeners = [
    ["pointerover", intent],
    ["focusin", intent],
    ["pointerout", left],
    ["focusout", left],
    ["pointerdown", left],
    ["keydown", keyDown],
    ["click", printClick],
  ] as const;
  for (const [type, listener] of listeners) doc.addEventListener(type, listener as EventListener, true);
  showFlashedToast();
  // A signed-in page is a successful session check: mirror it in auth-storage (the server's
  // session stays the only gate), so Sair needs no script of its own.
  const user = doc.querySelector<HTMLElement>(`[${USER_ATTRIBUTE}]`)?.getAttribute(USER_ATTRIBUTE);
  if (user) saveAuth(JSON.parse(user));
  return () => {
    stopped = true;
    for (const stop of stops.splice(0)) stop();
    for (const [type, listener] of listeners) doc.removeEventListener(type, listener as EventListener, true);
  };
}
