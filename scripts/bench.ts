// `bun run bench`: starts the built binary on a temp database and prints one markdown table.
// Budgets live here, never in tests: machines are shared and noisy.
import { Database } from "bun:sqlite";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { benchDunning } from "./bench-dunning";
import { benchHistory } from "./bench-history";
import { benchLedger } from "./bench-ledger";
import { benchPageCost, benchPageScripts } from "./bench-page-cost";
import { benchLoopHeld } from "./bench-loop";
import { CLIENTS_BLOCKS, CLIENTS_LIST, compareWholeLists, ratioText } from "./bench-lists";
import { benchOfxUploads } from "./bench-ofx";
import { benchImports } from "./bench-imports";
import { benchDre } from "./bench-dre";
import { benchCashFlow } from "./bench-cash-flow";
import { benchClientSearch } from "./bench-client-search";
import { benchScale200 } from "./bench-scale200";
import { benchReconciliation } from "./bench-reconciliation";
import { benchSubscriptionRuns, benchSubscriptionsPage, subscribeEveryClient } from "./bench-subscriptions";
import { BINARY, kb, load, median, ms, requireBinary, printTable, rssMb, seededDatabase, signIn, startBaseline, startBinary, stopBinary } from "./bench-support";

requireBinary();
const ADMIN = { email: "bench@cofre.test", password: "bench-senha" };
const dir = mkdtempSync(join(tmpdir(), "cofre-bench-"));
const dbPath = join(dir, "app.db");
const rows: [string, string, string][] = [];
const row = (what: string, value: string, budget = "") => rows.push([what, value, budget]);
const start = (database = dbPath) => startBinary({ database, cwd: dir, admin: ADMIN });

try {
  row("binary size", `${(statSync(BINARY).size / 1024 / 1024).toFixed(1)} MB`);

  // First start creates the database, runs migrations and hashes the first user's password.
  let server = await start();
  row("first start (creates database) to first 200", ms(server.ms));
  await stopBinary(server);
  const starts: number[] = [];
  for (let i = 0; i < 9; i++) {
    server = await start();
    starts.push(server.ms);
    if (i < 8) await stopBinary(server);
  }
  // From spawn (exec) until GET /login answers 200: what a restart costs a user.
  row("exec → first 200 /login (median of 9)", ms(median(starts)), "< 60 ms");
  const help = performance.now();
  await Bun.spawn([BINARY, "--help"], { stdout: "ignore" }).exited;
  row("exec → `cofre --help` exits", ms(performance.now() - help));
  await Bun.sleep(1000);
  row("idle RSS", `${rssMb(server.proc.pid).toFixed(1)} MB`, "< 80 MB");
  await stopBinary(server);

  // 2,000 clients, 300 suppliers, 300 partners, written straight into the file.
  const db = new Database(dbPath);
  db.transaction(() => {
    const client = db.prepare("insert into clients (nome, cnpj, contato, telefone, email, valor_mensalidade, codigo_cliente, is_trial, status_bloqueio) values (?, ?, ?, ?, ?, ?, ?, ?, ?)");
    for (let i = 0; i < 2000; i++)
      client.run(`Empresa ${i} Comércio Ltda`, String(10_000_000_000_000 + i), `Contato ${i}`, "11987654321", `c${i}@cofre.test`, 9900 + i, `CLI-${i}`, i % 10 === 0 ? 1 : 0, i % 7 === 0 ? 1 : 0);
    const supplier = db.prepare("insert into suppliers (nome, cnpj, email, telefone, cidade, estado) values (?, ?, ?, ?, ?, ?)");
    for (let i = 0; i < 300; i++) supplier.run(`Fornecedor ${i}`, String(20_000_000_000_000 + i), `f${i}@cofre.test`, "1133334444", "São Paulo", "SP");
    const partner = db.prepare("insert into partners (nome, empresa, email, telefone) values (?, ?, ?, ?)");
    for (let i = 0; i < 300; i++) partner.run(`Parceiro ${i}`, `Empresa ${i}`, `p${i}@cofre.test`, "11912345678");
  })();
  db.close();
  // Subscriptions: the daily run in this process on a copy of these 2,000 clients, then one
  // subscription each (billing from next month) for /subscriptions below.
  await benchSubscriptionRuns(dir, dbPath, row);
  await benchDunning(dir, dbPath, row, [BINARY, "serve"]);
  await benchImports(row);
  const nextMonth = new Date(Date.now() + 32 * 86_400_000).toISOString().slice(0, 7);
  subscribeEveryClient(dbPath, nextMonth, 10);

  server = await start();
  const base = server.base;
  const cookie = await signIn(base, ADMIN);
  await benchSubscriptionsPage(base, cookie, "2,000 subscriptions", row);

  // Issue 21 §2: JavaScript only where it acts — /login none of React, every list page ≤ 85 KB.
  const LIST_PAGES = ["/clients", "/subscriptions", "/receivables", "/payables", "/suppliers", "/partners", "/reconciliation", "/history", "/users"];
  for (const page of ["/login", "/", ...LIST_PAGES, "/reports", "/settings"]) {
    const html = await (await fetch(base + page, { headers: { cookie: page === "/login" ? "" : cookie } })).text();
    let js = 0;
    let css = 0;
    // Each file once (a script is both preloaded and loaded), gzipped as the server sends it.
    for (const url of new Set([...html.matchAll(/(?:href|src)="(\/assets\/[^"]+)"/g)].map((m) => m[1]!))) {
      const body = new Uint8Array(await (await fetch(base + url)).arrayBuffer());
      const bytes = Bun.gzipSync(body, { level: 9 }).byteLength;
      if (url.endsWith(".js")) js += bytes;
      else if (url.endsWith(".css")) css += bytes;
    }
    const htmlGz = Bun.gzipSync(new TextEncoder().encode(html)).byteLength;
    const budget = page === "/login" ? "JS ≤ 5 KB" : page === "/" || page === "/settings" || LIST_PAGES.includes(page) ? "JS ≤ 80 KB" : "";
    row(`${page}: JS / CSS gzipped (HTML ${kb(html.length)}, ${kb(htmlGz)} gz)`, `${kb(js)} / ${kb(css)}`, budget);
  }

  const endpoints: [string, string][] = [
    ["GET /login", "/login"],
    ["GET /clients (2,000 clients, server-rendered)", "/clients"],
    ["GET /api/clients (2,000 clients)", "/api/clients"],
    ["GET /suppliers (300)", "/suppliers"],
    ["GET /partners (300)", "/partners"],
  ];
  const budgets: Record<string, string> = { "/clients": "median < 50 ms", "/api/clients": "median < 20 ms" };
  for (const [label, path] of endpoints) {
    const c = path === "/login" ? "" : cookie;
    await load(base + path, c, 30, 1); // warm-up
    const seq = await load(base + path, c, 200, 1);
    const par = await load(base + path, c, 1000, 8);
    row(`${label}: median / p99 (1 at a time)`, `${ms(seq.median)} / ${ms(seq.p99)}`, budgets[path] ?? "");
    row(`${label}: req/s (8 concurrent)${par.failures ? `, ${par.failures} failures` : ""}`, par.rps.toFixed(0));
  }
  row("RSS after load", `${rssMb(server.proc.pid).toFixed(1)} MB`);
  // Issue 21 §3: the server hands a burst's garbage back once it is quiet (src/http/idle-gc.ts).
  await Bun.sleep(8_000);
  row("RSS 8 s after the load (quiet)", `${rssMb(server.proc.pid).toFixed(1)} MB`, "≤ 120 MB");
  await Bun.sleep(52_000);
  row("RSS after a minute idle", `${rssMb(server.proc.pid).toFixed(1)} MB`, "≤ 90 MB");

  // Issue 38 §6: the whole list against a hand-written Bun.serve giving the same JSON text, requests
  // alternating between them (scripts/bench-lists.ts), on this server after its quiet minute.
  const baseline = await startBaseline(dbPath);
  try {
    const [clients] = await compareWholeLists(baseline.base, [{ name: "cofre", base, cookie }], [CLIENTS_LIST], { runs: 3, ...CLIENTS_BLOCKS });
    row("baseline: bare Bun.serve, same clients query and JSON text, both uncompressed: median", ms(clients!.bare, 2));
    row("GET /api/clients uncompressed ÷ baseline (alternating; median of 3 runs)", ratioText(clients!.servers[0]!), "≤ 1.2× (issue 38 §6)");
  } finally {
    baseline.proc.kill();
  }
  await stopBinary(server);

  // The same register at 50,000 clients: a page still carries one page of rows.
  const big = new Database(dbPath);
  big.transaction(() => {
    const client = big.prepare("insert into clients (nome, cnpj, contato, telefone, email, valor_mensalidade, codigo_cliente) values (?, ?, ?, ?, ?, ?, ?)");
    for (let i = 2000; i < 50_000; i++)
      client.run(`Empresa ${i} Comércio Ltda`, String(10_000_000_000_000 + i), `Contato ${i}`, "11987654321", `c${i}@cofre.test`, 9900 + (i % 5000), `CLI-${i}`);
  })();
  big.close();
  server = await start(); // back-fills the sort and search keys of the raw rows
  const base50k = server.base;
  const cookie50k = await signIn(base50k, ADMIN);
  for (const path of ["/clients", "/clients?q=empresa%2049&ordem=-mensalidade&pagina=3"]) {
    const html = await (await fetch(base50k + path, { headers: { cookie: cookie50k } })).text();
    const gz = Bun.gzipSync(new TextEncoder().encode(html)).byteLength;
    row(`${path} at 50,000 clients: HTML raw / gzipped`, `${kb(html.length)} / ${kb(gz)}`, "flat as rows grow");
  }
  await load(`${base50k}/clients`, cookie50k, 30, 1);
  const clients50k = await load(`${base50k}/clients`, cookie50k, 200, 1);
  const clients50kPar = await load(`${base50k}/clients`, cookie50k, 1000, 8);
  row("GET /clients at 50,000 clients: median / p99", `${ms(clients50k.median)} / ${ms(clients50k.p99)}`, "median < 50 ms");
  row("GET /clients at 50,000 clients: req/s (8 concurrent)", clients50kPar.rps.toFixed(0));
  const search50k = await load(`${base50k}/api/clients?q=contato%204999&porPagina=50`, cookie50k, 200, 1);
  row("GET /api/clients?q=… at 50,000 clients (search in SQL): median", ms(search50k.median));
  row("RSS after load at 50,000 clients", `${rssMb(server.proc.pid).toFixed(1)} MB`);
  await stopBinary(server);
  subscribeEveryClient(dbPath, nextMonth, 10);
  server = await start();
  await benchSubscriptionsPage(server.base, await signIn(server.base, ADMIN), "50,000 subscriptions", row);
  await stopBinary(server);

  // Dashboard and reports on `seed-demo --scale 50` data, in their own database.
  const reportsDbPath = join(dir, "reports.db");
  await seededDatabase(reportsDbPath, 50, dir, ADMIN);
  server = await start(reportsDbPath);
  const reportsBase = server.base;
  const reportsCookie = await signIn(reportsBase, ADMIN);
  const counts = new Database(reportsDbPath, { readonly: true }).query("select (select count(*) from receivables) r, (select count(*) from payables) p").get() as { r: number; p: number };
  const reportPaths: [string, string, string][] = [
    ["GET /api/dashboard/stats", "/api/dashboard/stats", "median < 15 ms"],
    ["GET /api/dashboard/monthly-revenue", "/api/dashboard/monthly-revenue", "median < 15 ms"],
    ["GET /api/reports/client/1", "/api/reports/client/1", "median < 15 ms"],
    ["GET /api/reports/supplier/1", "/api/reports/supplier/1", "median < 15 ms"],
    ["GET /api/reports/monthly/{this month}", `/api/reports/monthly/${new Date().toISOString().slice(0, 7)}`, "median < 15 ms"],
    ["GET /api/reports/cash-flow", "/api/reports/cash-flow", "median < 15 ms"],
    ["GET /api/reports/dre (12 months, caixa)", "/api/reports/dre?base=caixa", "median < 30 ms"],
    ["GET /api/reports/dre (12 months, competência)", "/api/reports/dre?base=competencia", "median < 30 ms"],
    ["GET / (dashboard, server-rendered)", "/", "median < 30 ms"],
  ];
  const seededWith = `seed-demo --scale 50: ${counts.r} receivables, ${counts.p} payables`;
  for (const [label, path, budget] of reportPaths) {
    await load(reportsBase + path, reportsCookie, 30, 1);
    const seq = await load(reportsBase + path, reportsCookie, 200, 1);
    row(`${label} (${seededWith}): median / p99`, `${ms(seq.median)} / ${ms(seq.p99)}`, budget);
  }
  // The ledger screens' default views: one page of rows whatever the size.
  const pageWeight = async (base: string, cookie: string, path: string) => {
    const html = await (await fetch(base + path, { headers: { cookie } })).text();
    return `${kb(html.length)} / ${kb(Bun.gzipSync(new TextEncoder().encode(html)).byteLength)}`;
  };
  for (const path of ["/receivables", "/payables", "/receivables?status=vencido&ordem=-valor&pagina=3"]) {
    row(`${path} (${seededWith}): HTML raw / gzipped`, await pageWeight(reportsBase, reportsCookie, path), "< 60 KB gz");
    await load(reportsBase + path, reportsCookie, 30, 1);
    const seq = await load(reportsBase + path, reportsCookie, 200, 1);
    row(`GET ${path} (cards included): median / p99`, `${ms(seq.median)} / ${ms(seq.p99)}`, "median < 25 ms");
  }
  // Issue 38 §5: the export is whole (no 100,000-row cap) and streamed: every row, gzipped, with
  // /healthz polled every 5 ms meanwhile (the loop is never held).
  {
    let exporting = true;
    const probes: number[] = [];
    const probe = (async () => {
      while (exporting) {
        const t0 = performance.now();
        await (await fetch(`${reportsBase}/healthz`)).arrayBuffer();
        probes.push(performance.now() - t0);
        await Bun.sleep(5);
      }
    })();
    const t0 = performance.now();
    const response = await fetch(`${reportsBase}/receivables/export`, { headers: { cookie: reportsCookie, "accept-encoding": "gzip" }, decompress: false });
    const gz = new Uint8Array(await response.arrayBuffer());
    const took = performance.now() - t0;
    exporting = false;
    await probe;
    const lines = new TextDecoder().decode(Bun.gunzipSync(gz)).split("\r\n").length - 2;
    row(
      `GET /receivables/export, gzipped (${seededWith}): rows / time / /healthz longest meanwhile`,
      `${lines} of ${counts.r} / ${ms(took)} (${(gz.byteLength / 1024 / 1024).toFixed(1)} MB gz) / ${ms(Math.max(...probes))}`,
      "every row; ≤ 3 s at --scale 200; /healthz ≤ 25 ms",
    );
  }
  // Issue 38 §1, §7: /receivables against the bare table of its rows; each page's JavaScript.
  await benchPageCost(reportsBase, reportsCookie, reportsDbPath, row);
  await benchPageScripts(reportsBase, reportsCookie, row);
  // Issue 38 §3: /healthz every 5 ms while the heaviest answers, a generation and an import run.
  await benchLoopHeld(reportsBase, reportsCookie, seededWith, row);
  await benchLedger(reportsBase, reportsCookie, reportsDbPath, row);
  await benchHistory(reportsBase, reportsCookie, reportsDbPath, row);
  await benchReconciliation(reportsBase, reportsCookie, reportsDbPath, row);
  // Issue 31 §11: 5 MB uploads of any shape, /healthz timed meanwhile (on the same --scale 50 data).
  await benchOfxUploads(reportsBase, reportsCookie, row);
  benchDre(reportsDbPath, row);
  // Cash flow, balances and projection (issue 34 §3, issue 38 §3).
  benchCashFlow(reportsDbPath, row);
  // Issue 38 §4: the clients' and subscriptions' search at 50,000 clients (clients_fts), in-process.
  await benchClientSearch(row);
  await stopBinary(server);
  // Issue 38's rows at --scale 200 (loop, reports, exports, search, every page; cash flow included)
  // when BENCH_SCALE200_DB names a database seeded once with `seed-demo --scale 200` (minutes to
  // make; scripts/bench-scale200.ts runs on a copy, ~1 minute). Without it the bench is as long as before.
  if (process.env.BENCH_SCALE200_DB) await benchScale200(process.env.BENCH_SCALE200_DB, row);

  // The same default view on a tenth of the data: the page must weigh about the same.
  const smallDbPath = join(dir, "small.db");
  await seededDatabase(smallDbPath, 5, dir, ADMIN);
  server = await start(smallDbPath);
  const smallCookie = await signIn(server.base, ADMIN);
  const small = new Database(smallDbPath, { readonly: true }).query("select count(*) n from receivables").get() as { n: number };
  row(`/receivables (seed-demo --scale 5: ${small.n} receivables): HTML raw / gzipped`, await pageWeight(server.base, smallCookie, "/receivables"), "≈ the --scale 50 figure");
  await stopBinary(server);
} finally {
  rmSync(dir, { recursive: true, force: true });
}

printTable(rows);
