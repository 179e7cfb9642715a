// Issue 38 §1: what a page costs against its data. `/receivables` page 1 (50 rows, cards included)
// against a hand-written Bun.serve + bun:sqlite server rendering the same 50 rows as a bare HTML
// table (scripts/soak-yardstick.ts), both measured in this run, on the same database file: the
// median one at a time (both uncompressed: the comparison is of the work, not of gzip), the
// markup each row adds to the page, and 50 clients at once (as a browser asks: gzip).
//   bun scripts/bench-page-cost.ts [database]   (a `seed-demo --scale 50` database; without one,
//   it makes one in a temp folder, a few minutes)
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort, load, ms, printRow, requireBinary, ROOT, TABLE_HEAD, signIn, startBinary, stopBinary, type Row } from "./bench-support";

const PAGE = "/receivables";

/** Bytes of a page's HTML as the server sends it, uncompressed. */
async function htmlBytes(url: string, cookie: string): Promise<{ bytes: number; html: string }> {
  const response = await fetch(url, { headers: { cookie, "accept-encoding": "identity" } });
  if (response.status !== 200) throw new Error(`${url}: ${response.status}`);
  const html = await response.text();
  return { bytes: new TextEncoder().encode(html).byteLength, html };
}

/** The yardstick server on `dbPath` (its page 1 is the same 50 rows, the same order). */
async function startYardstick(dbPath: string): Promise<{ proc: Bun.Subprocess; base: string }> {
  const port = freePort();
  const proc = Bun.spawn(["bun", join(ROOT, "scripts", "soak-yardstick.ts"), dbPath, String(port)], { stdout: "ignore", stderr: "inherit" });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 500; i++) {
    try {
      if ((await fetch(`${base}/?pagina=1`)).ok) return { proc, base };
    } catch {
      // not listening yet
    }
    await Bun.sleep(10);
  }
  proc.kill();
  throw new Error("the yardstick server did not start");
}

export async function benchPageCost(base: string, cookie: string, dbPath: string, row: Row): Promise<void> {
  const bare = await startYardstick(dbPath);
  try {
    // What each row adds: 50 rows against 10 of the same view, the island's JSON included.
    const fifty = await htmlBytes(`${base}${PAGE}?porPagina=50`, cookie);
    const ten = await htmlBytes(`${base}${PAGE}?porPagina=10`, cookie);
    const perRow = (fifty.bytes - ten.bytes) / 40;
    const tbody = fifty.html.slice(fifty.html.indexOf("<tbody"), fifty.html.indexOf("</tbody>"));
    const markup = new TextEncoder().encode(tbody).byteLength / (tbody.match(/<tr/g) ?? []).length;
    const tooltips = (fifty.html.match(/role="tooltip"/g) ?? []).length;
    row(`${PAGE} page 1: markup per row (its <tr>); tooltip elements in the page`, `${(markup / 1024).toFixed(2)} KB; ${tooltips}`, "≤ 0.8 KB; none per row");
    row(`${PAGE} page 1: what a row adds to the page, its JSON for the island included ((50 rows − 10) ÷ 40)`, `${(perRow / 1024).toFixed(2)} KB`);

    const url = `${base}${PAGE}`;
    const bareUrl = `${bare.base}/?pagina=1`;
    await load(url, cookie, 30, 1, "identity");
    await load(bareUrl, "", 30, 1, "identity");
    const page = await load(url, cookie, 200, 1, "identity");
    const table = await load(bareUrl, "", 200, 1, "identity");
    row(`GET ${PAGE} page 1 (cards included) ÷ bare HTML table of the same 50 rows, uncompressed (${ms(page.median)} ÷ ${ms(table.median)}, medians)`, `${(page.median / table.median).toFixed(2)}×`, "≤ 2.5×");

    const many = await load(url, cookie, 6000, 50);
    const manyBare = await load(bareUrl, "", 20000, 50);
    row(
      `GET ${PAGE} page 1, 50 clients: req/s, p99 (bare table, same run: ${manyBare.rps.toFixed(0)} req/s, ${ms(manyBare.p99)})${many.failures ? `, ${many.failures} failures` : ""}`,
      `${many.rps.toFixed(0)} req/s, ${ms(many.p99)}`,
      "≥ 600 req/s",
    );
  } finally {
    bare.proc.kill();
  }
}

/** Issue 38 §7: each page's JavaScript, gzipped file by file as the server sends it (each file once). */
export async function benchPageScripts(base: string, cookie: string, row: Row): Promise<void> {
  const pages = ["/", "/receivables", "/payables", "/clients", "/subscriptions", "/suppliers", "/partners", "/reconciliation", "/history", "/users", "/installments", "/account", "/settings", "/reports?aba=dre", "/reports?aba=fluxo"];
  for (const page of pages) {
    const html = await (await fetch(base + page, { headers: { cookie } })).text();
    let js = 0;
    let react = false;
    const urls = new Set([...html.matchAll(/(?:href|src)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!));
    const texts = new Map<string, string>();
    for (const url of urls) {
      const body = new Uint8Array(await (await fetch(base + url)).arrayBuffer());
      js += Bun.gzipSync(body, { level: 9 }).byteLength;
      texts.set(url, new TextDecoder().decode(body));
      react ||= texts.get(url)!.includes("react.transitional.element");
    }
    // The dashboard's charts import() uPlot as they mount, right after hydration: part of what the
    // page downloads, counted. (What loads on a click or a pointer — dialogs, the toaster — is not.)
    if (page === "/") {
      const parts = new Set([...texts.values()].flatMap((text) => [...text.matchAll(/import\("\.\/([^"]+\.js)"\)/g)].map((m) => `/assets/${m[1]!}`)));
      for (const url of parts) {
        if (urls.has(url)) continue;
        const body = new Uint8Array(await (await fetch(base + url)).arrayBuffer());
        if (new TextDecoder().decode(body).includes("uplot")) js += Bun.gzipSync(body, { level: 9 }).byteLength;
      }
    }
    const budget = page === "/" ? "the dashboard's whole download" : page.startsWith("/reports") ? "" : "≤ 80 KB";
    row(`${page}: JavaScript gzipped${react ? "" : ", no React"}`, `${(js / 1024).toFixed(1)} KB`, budget);
  }
}

if (import.meta.main) {
  requireBinary();
  const ADMIN = { email: "bench@cofre.test", password: "bench-senha" };
  const dir = mkdtempSync(join(tmpdir(), "cofre-page-cost-"));
  const dbPath = process.argv[2] ?? join(dir, "app.db");
  try {
    const server = await startBinary({ database: dbPath, cwd: dir, admin: ADMIN, stderr: "ignore" });
    try {
      if (!process.argv[2]) await Bun.$`${join(ROOT, "dist", "cofre")} seed-demo --scale 50`.env({ PATH: process.env.PATH, DATABASE_PATH: dbPath }).quiet();
      const cookie = await signIn(server.base, ADMIN);
      console.log(TABLE_HEAD);
      const print = printRow;
      await benchPageScripts(server.base, cookie, print);
      await benchPageCost(server.base, cookie, dbPath, print);
    } finally {
      await stopBinary(server);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
