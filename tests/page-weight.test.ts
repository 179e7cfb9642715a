// Issue 38 §1 and §7, as tests that fail when a page gets heavier in kind (the measured figures
// are the bench's, scripts/bench-page-cost.ts): a ledger row carries no tooltip markup of its own
// (the page has one shared bubble, src/ui/page-tooltip.ts) and stays under 0.8 KB with its JSON, and
// a page without an island that acts loads no React.
import { expect, test } from "bun:test";
import { PADARIA, useTestApp } from "./support";

const t = useTestApp({ now: "2026-03-10T12:00:00Z", tables: ["payments", "receivables", "clients"] });

async function html(path: string): Promise<string> {
  const response = await t.api(path, { headers: { "accept-encoding": "identity" } });
  expect({ path, status: response.status }).toEqual({ path, status: 200 });
  return response.text();
}

const bytes = (text: string) => new TextEncoder().encode(text).byteLength;

test("a row of Contas a Receber costs at most 0.8 KB of the page, JSON included, and carries no tooltip", async () => {
  const client = await (await t.api("/api/clients", { method: "POST", body: PADARIA })).json();
  // 50 installments, mostly open (an open row carries the most actions), one paid and one paid in
  // part: every kind of row the list draws.
  for (const primeiroVencimento of ["2026-01-05", "2028-01-05", "2030-01-05"]) {
    const plan = { clientId: client.id, numParcelas: 24, valor: "7200.00", primeiroVencimento, descricao: "Contrato de manutenção anual" };
    expect((await t.api("/api/installments/generate", { method: "POST", body: plan })).status).toBe(201);
  }
  const rows = (await (await t.api(`/api/installments?clientId=${client.id}`)).json()) as { id: number }[];
  await t.api(`/api/installments/${rows[0]!.id}/pay`, { method: "PATCH" });
  await t.api(`/api/installments/${rows[1]!.id}/pay-with-fees`, { method: "PATCH", body: { valorBaixa: "100.00", multa: "0.00", juros: "0.00", dataPagamento: "2026-03-01", tipo: "parcial" } });

  const fifty = await html("/receivables?porPagina=50");
  const table = fifty.slice(fifty.indexOf("<tbody"), fifty.indexOf("</tbody>"));
  const rowCount = (table.match(/<tr/g) ?? []).length;
  expect(rowCount).toBe(50);
  // The rows carry no tooltip element: one shared bubble, made by the page's script.
  expect(table).not.toContain('role="tooltip"');
  expect(table).not.toContain("ui-tooltip");
  // Each row's markup (its <tr>, not the island's JSON): ~2.1 KB with a hidden tooltip per action,
  // 1.0 KB rendered by React, ~0.75 KB as islands/ledger/rows.ts draws it (issue 38 §1: ≤ 0.8 KB;
  // docs/decisions.md "A page's weight"). A tooltip back in every row (~0.2 KB), a class, a
  // data-phone or a type a row, and the like, fail here.
  expect(bytes(table) / rowCount).toBeLessThanOrEqual(800);
  // The island's JSON names a row's fields once (packRows), not in every row.
  expect(fifty.split('"clientName"').length - 1).toBe(1);
});


test("a signed-in page without an island that acts loads no React: only the shell's plain script (a page with islands has the shell in its bundle)", async () => {
  const { buildClient } = await import("../src/ssr/client-build");
  const { sources } = await buildClient();
  const reactIn = (file: string) => (sources![file] ?? []).some((module) => /node_modules\/(react|react-dom|scheduler)\//.test(module));
  const pages = ["/", "/clients", "/receivables", "/installments", "/reports", "/reports?aba=dre", "/reports?aba=fluxo", "/reports?aba=cliente", "/history", "/categories", "/dunning", "/settings", "/account", "/users", "/subscriptions", "/reconciliation"];
  const seen: Record<string, { islands: number; react: boolean; shell: boolean }> = {};
  for (const path of pages) {
    const page = await html(path);
    const files = [...new Set([...page.matchAll(/(?:src|href)="\/assets\/([^"]+\.js)"/g)].map((m) => m[1]!))];
    const shell = files.filter((f) => f.startsWith("shell-") || (sources![f] ?? []).includes("islands/lib/page-shell.ts"));
    seen[path] = { islands: (page.match(/data-island=/g) ?? []).length, react: files.some(reactIn), shell: shell.length === 1 };
  }
  for (const [path, page] of Object.entries(seen)) expect({ path, shell: page.shell, react: page.react }).toEqual({ path, shell: true, react: page.islands > 0 });
  expect(Object.values(seen).filter((page) => page.islands === 0).length).toBeGreaterThan(0);
});
