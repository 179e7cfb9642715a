import { createContext, useContext, type ReactElement } from "react";
// renderToString only: the browser build, because Bun's build also loads node:stream and util
// for the streaming API at start-up, which nothing here uses.
import { renderToString } from "react-dom/server.browser";
import type { IslandName } from "../../islands/registry";
import { escapeHtml } from "../lib/html";
import { IconSprite } from "../ui/IconSprite";
import { assets } from "./assets";
import { IslandsUsed } from "./Island";

/** A page's script that is not an island (no React): islands/lib/{name}.ts, an entry of the client build. */
type PlainScript = "login" | "copy" | "shell";

/** The plain scripts the body asked for (<PlainScriptUse>), beside those renderPage was given. */
const PlainScriptsUsed = createContext<Set<PlainScript> | null>(null);

/** A part of a page that needs a plain script (AppShell: the shell's toasts and tooltip) names it here. */
export function PlainScriptUse({ name }: { name: PlainScript }) {
  useContext(PlainScriptsUsed)?.add(name);
  return null;
}

/** A page's stylesheet: the app's, or the public pages' own small one (src/styles/public-page.css). */
type Stylesheet = "app" | "public-page";

// The sprite is the same on every page: its markup is rendered once, not by every request's render.
let spriteHtml: string | null = null;
const sprite = () => (spriteHtml ??= renderToString(<IconSprite />));


/**
 * A full HTML document: the body is rendered first so the head can preload exactly the code
 * of the islands it contains. Pages without islands ship no JavaScript, or only their plain scripts.
 */
export function renderPage({
  title,
  body,
  status = 200,
  scripts: plain = [],
  stylesheet = "app",
  headers = {},
}: {
  title: string;
  body: ReactElement;
  status?: number;
  scripts?: PlainScript[];
  /** "public-page": no icon sprite either (those pages draw no icons). */
  stylesheet?: Stylesheet;
  headers?: Record<string, string>;
}): Response {
  const used = new Set<IslandName>();
  const named = new Set<PlainScript>(plain);
  const bodyHtml = renderToString(
    <IslandsUsed.Provider value={used}>
      <PlainScriptsUsed.Provider value={named}>
        {body}
      </PlainScriptsUsed.Provider>
    </IslandsUsed.Provider>,
  );
  const manifest = assets();
  const css = stylesheet === "app" ? manifest.css : manifest.entryScripts(stylesheet)[0]!;
  // A page with islands runs its bundle (src/ssr/page-bundles.ts), which carries the shell's script.
  const islands = used.size ? manifest.scriptsFor(used) : { run: [], preload: [] };
  if (used.size) named.delete("shell");
  const plainScripts = [...named].map((name) => manifest.entryScripts(name));
  const run = [...islands.run, ...plainScripts.map(([src]) => src!)];
  const preloads = [...new Set([...islands.preload, ...plainScripts.flatMap((urls) => urls.slice(1))])]
    .filter((src) => !run.includes(src))
    .map((src) => `<link rel="modulepreload" href="${src}">`)
    .join("");
  const entry = run.map((src) => `<script type="module" src="${src}"></script>`).join("");
  const html =
    `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<title>${escapeHtml(title)}</title><link rel="icon" href="/favicon.ico">` +
    `<link rel="stylesheet" href="${css}">${preloads}${entry}</head>` +
    `<body>${stylesheet === "app" ? sprite() : ""}${bodyHtml}</body></html>`;
  return new Response(html, {
    status,
    headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store", ...headers },
  });
}
