// The one client entry: finds the island markers the server rendered and hydrates only those.
import { createElement, type ComponentType } from "react";
import { hydrateRoot } from "react-dom/client";
import { CanWrite, READ_ONLY_ATTRIBUTE } from "./can-write";

// The role's read-only screens: the server rendered each island with the same value.
const canWrite = document.querySelector(`[${READ_ONLY_ATTRIBUTE}]`) === null;
// The file of each island on this page (src/ssr/render.tsx), already preloaded: importing the
// registry instead would put every island's hashed file name in this entry, on every page.
const files = JSON.parse(document.getElementById("island-files")?.textContent ?? "{}") as Record<string, string>;

for (const marker of document.querySelectorAll<HTMLElement>("[data-island]")) {
  const file = files[marker.dataset.island ?? ""];
  if (!file) continue;
  const propsScript = document.getElementById(marker.dataset.propsId ?? "");
  const props = propsScript?.textContent ? JSON.parse(propsScript.textContent) : {};
  // Each island is its own root, prefixed like its server render (src/ssr/Island.tsx).
  (import(file) as Promise<{ default: ComponentType }>).then((module) =>
    hydrateRoot(marker, createElement(CanWrite.Provider, { value: canWrite }, createElement(module.default, props)), {
      identifierPrefix: `${marker.dataset.propsId}-`,
    }),
  );
}
