// The one client entry: finds the island markers the server rendered and hydrates only those.
import { createElement } from "react";
import { hydrateRoot } from "react-dom/client";
import { CanWrite, READ_ONLY_ATTRIBUTE } from "./can-write";
import { islands, type IslandName } from "./registry";

// The role's read-only screens: the server rendered each island with the same value.
const canWrite = document.querySelector(`[${READ_ONLY_ATTRIBUTE}]`) === null;

for (const marker of document.querySelectorAll<HTMLElement>("[data-island]")) {
  const name = marker.dataset.island as IslandName;
  const propsScript = document.getElementById(marker.dataset.propsId ?? "");
  const props = propsScript?.textContent ? JSON.parse(propsScript.textContent) : {};
  // Each island is its own root, prefixed like its server render (src/ssr/Island.tsx).
  islands[name]?.().then((module) =>
    hydrateRoot(marker, createElement(CanWrite.Provider, { value: canWrite }, createElement(module.default as React.ComponentType, props)), {
      identifierPrefix: `${marker.dataset.propsId}-`,
    }),
  );
}
