// The one client entry: finds the island markers the server rendered and hydrates only those.
import { createElement } from "react";
import { hydrateRoot } from "react-dom/client";
import { islands, type IslandName } from "./registry";

for (const marker of document.querySelectorAll<HTMLElement>("[data-island]")) {
  const name = marker.dataset.island as IslandName;
  const propsScript = document.getElementById(marker.dataset.propsId ?? "");
  const props = propsScript?.textContent ? JSON.parse(propsScript.textContent) : {};
  // Each island is its own root, prefixed like its server render (src/ssr/Island.tsx).
  islands[name]?.().then((module) =>
    hydrateRoot(marker, createElement(module.default as React.ComponentType, props), {
      identifierPrefix: `${marker.dataset.propsId}-`,
    }),
  );
}
