import { createContext, createElement, useContext, useId, type ComponentType } from "react";
// renderToString only: the browser build, because Bun's build also loads node:stream and util
// for the streaming API at start-up, which nothing here uses.
import { renderToString } from "react-dom/server.browser";
import { CanWrite } from "../../islands/lib/can-write";
import { islands, type IslandName, type IslandProps } from "../../islands/registry";

const loaded = new Map<IslandName, ComponentType<any>>();

/** Resolves every island module once at start-up so server rendering stays synchronous. */
export async function preloadIslands(): Promise<void> {
  await Promise.all(
    Object.entries(islands).map(async ([name, load]) => loaded.set(name as IslandName, (await load()).default)),
  );
}

/** Collects the islands a page used, so the document can preload exactly their code. */
export const IslandsUsed = createContext<Set<IslandName> | null>(null);

/** JSON inside <script> must not be able to close the tag. */
const scriptSafeJson = (value: unknown) =>
  JSON.stringify(value).replace(/</g, "\\u003c").replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");

/**
 * Server-renders an island inside a marker; its props travel as JSON in a sibling script
 * (not an attribute: no &quot; bloat on large lists). Props must be JSON-safe data.
 * The island is rendered as its own React root with the marker's id as `identifierPrefix` and
 * the page's CanWrite, exactly as islands/lib/hydrate.ts hydrates it, so the markup matches.
 */
export function Island<N extends IslandName>({ name, props }: { name: N; props: IslandProps<N> }) {
  const id = `island-${useId().replace(/[^a-zA-Z0-9_-]/g, "")}`;
  useContext(IslandsUsed)?.add(name);
  const Component = loaded.get(name);
  if (!Component) throw new Error(`Island ${name} was not preloaded`);
  // Its own root: the page's read-only flag is handed on, as the browser does on hydration.
  const canWrite = useContext(CanWrite);
  return (
    <>
      <div
        data-island={name}
        data-props-id={id}
        dangerouslySetInnerHTML={{ __html: renderToString(createElement(CanWrite.Provider, { value: canWrite }, createElement(Component, props)), { identifierPrefix: `${id}-` }) }}
      />
      <script type="application/json" id={id} dangerouslySetInnerHTML={{ __html: scriptSafeJson(props) }} />
    </>
  );
}
