// Issue 38 §7: each page's JavaScript, gzipped file by file as the server sends it (each file once),
// stays under its budget. The pages are the server's own (their preloads and scripts), the files
// the in-memory client build it serves: what scripts/bench-page-cost.ts measures on the binary.
// What loads on a click or a pointer (dialogs, forms' schemas, the bulk bar, the toaster) is not
// the page's; the dashboard's uPlot, import()ed as its charts mount after hydration, is.
// A page growing past its budget fails here: move what a click shows out of the page
// (islands/lib/on-demand.tsx, schemaOnDemand in islands/lib/use-form.ts) rather than raise it.
import { expect, test } from "bun:test";
import { useTestApp } from "./support";

const t = useTestApp();

/**
 * KB gzipped (level 9, as the binary serves them): the 80 (77 where a page is well under
 * it). A page with islands loads React DOM's shared chunk (~67.6 KB with React and the shared
 * modules) and its page bundle; see docs/decisions.md "A page's weight". The dashboard with uPlot
 * (~23 KB), which has no budget of its own, is held where it is: it can only come down.
 */
const BUDGETS: Record<string, number> = {
  "/": 96.5,
  "/receivables": 80,
  "/payables": 80,
  "/clients": 80,
  "/subscriptions": 80,
  "/suppliers": 80,
  "/partners": 80,
  "/reconciliation": 80,
  "/history": 80,
  "/users": 80,
  "/installments": 80,
  "/account": 77,
  "/settings": 80,
};

const scriptUrls = (html: string) => [...new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!))];

test("each page's JavaScript, gzipped, stays under its budget (issue 38 §7)", async () => {
  const files = new Map<string, { gz: number; text: string }>();
  const file = async (url: string) => {
    if (!files.has(url)) {
      const response = await t.request(url, { headers: { "accept-encoding": "identity" } });
      expect({ url, status: response.status }).toEqual({ url, status: 200 });
      const bytes = new Uint8Array(await response.arrayBuffer());
      files.set(url, { gz: Bun.gzipSync(bytes, { level: 9 }).byteLength, text: new TextDecoder().decode(bytes) });
    }
    return files.get(url)!;
  };
  const measured: Record<string, number> = {};
  for (const path of Object.keys(BUDGETS)) {
    const page = await t.api(path);
    expect({ path, status: page.status }).toEqual({ path, status: 200 });
    const urls = scriptUrls(await page.text());
    let total = 0;
    for (const url of urls) total += (await file(url)).gz;
    if (path === "/") {
      // The charts' uPlot: a file the page's scripts import(), loaded as they mount.
      const parts = new Set((await Promise.all(urls.map(file))).flatMap(({ text }) => [...text.matchAll(/import\("\.\/([^"]+\.js)"\)/g)].map((m) => `/assets/${m[1]!}`)));
      let uplot = 0;
      for (const url of parts) if (!urls.includes(url) && (await file(url)).text.includes("uplot")) uplot += (await file(url)).gz;
      expect(uplot).toBeGreaterThan(10_000);
      total += uplot;
    }
    measured[path] = Math.round((total / 1024) * 10) / 10;
  }
  if (process.env.PRINT_JS) console.log(measured);
  const over = Object.entries(measured).filter(([path, kb]) => kb > BUDGETS[path]!);
  expect(over).toEqual([]);
}, 60_000);
