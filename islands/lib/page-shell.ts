// What every signed-in page's one plain script (islands/lib/shell.ts) starts (issue 38 §7): the toasts, the page's one tooltip, the
// toast a previous page left, and the session mirrored in auth-storage (SPEC §3) — without React,
// so a page whose islands do not act ships none. Islands raise toasts through src/ui/toast.ts,
// whose store this script's toaster draws (the same module: one chunk for both).
import { showFlashedToast } from "../../src/ui/flash";
import { installToaster } from "../../src/ui/page-toaster";
import { installTooltips } from "../../src/ui/page-tooltip";
import { saveAuth } from "./auth-storage";

/** The attribute AppShell writes on the page's frame: who is signed in, as GET /api/auth/me answers it (JSON). */
export const USER_ATTRIBUTE = "data-user";

export function startShell(doc: Document = document): () => void {
  const stopToaster = installToaster(doc);
  const stopTooltips = installTooltips(doc);
  showFlashedToast();
  // "Imprimir" on the reports (data-print-page): the browser's print dialog, no island for it.
  const printClick = (event: MouseEvent) => {
    if (event.target instanceof Element && event.target.closest("[data-print-page]")) print();
  };
  doc.addEventListener("click", printClick);
  // A signed-in page is a successful session check: mirror it in auth-storage (the server's
  // session stays the only gate), so Sair needs no script of its own.
  const user = doc.querySelector<HTMLElement>(`[${USER_ATTRIBUTE}]`)?.getAttribute(USER_ATTRIBUTE);
  if (user) saveAuth(JSON.parse(user));
  return () => {
    stopToaster();
    stopTooltips();
    doc.removeEventListener("click", printClick);
  };
}

