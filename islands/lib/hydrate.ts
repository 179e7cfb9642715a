// What a page's bundle runs (src/ssr/client-build.ts writes one per set of islands): the shell's
// toasts and tooltip on a signed-in page, then each island of the page this bundle holds, hydrated
// where the server rendered it.
import { createElement, type ComponentType } from "react";
import { hydrateRoot } from "react-dom/client";
import { CanWrite, READ_ONLY_ATTRIBUTE } from "./can-write";
import { startShell, USER_ATTRIBUTE } from "./page-shell";

/** Set on a marker once an island is hydrated there, and on <html> once the shell runs: a page with two bundles does each once. */
const DONE = "data-hydrated";

// The default export: the page bundles (a module the build writes, src/ssr/client-build.ts) import it.
export default function startPage(islands: Record<string, ComponentType<any>>): void {
  const root = document.documentElement;
  // A signed-in page (AppShell's frame): its plain script's work, which this bundle carries.
  if (document.querySelector(`[${USER_ATTRIBUTE}]`) && !root.hasAttribute(DONE)) {
    root.setAttribute(DONE, "");
    startShell();
  }
  // The role's read-only screens: the server rendered each island with the same value.
  const canWrite = document.querySelector(`[${READ_ONLY_ATTRIBUTE}]`) === null;
  for (const marker of document.querySelectorAll<HTMLElement>("[data-island]")) {
    const Island = islands[marker.dataset.island ?? ""];
    if (!Island || marker.hasAttribute(DONE)) continue;
    marker.setAttribute(DONE, "");
    const propsScript = document.getElementById(marker.dataset.propsId ?? "");
    const props = propsScript?.textContent ? JSON.parse(propsScript.textContent) : {};
    // Each island is its own root, prefixed like its server render (src/ssr/Island.tsx).
    hydrateRoot(marker, createElement(CanWrite.Provider, { value: canWrite }, createElement(Island, props)), {
      identifierPrefix: `${marker.dataset.propsId}-`,
    });
  }
}
