import { expect, test } from "bun:test";
import { PADARIA, useTestApp } from "../../tests/support";

// Dates and months at the edges: years outside 1900–2199 are refused where they are taken
// (API: a pt-BR 400; pages: the default view), never a 500 from date math.
const t = useTestApp({ tables: ["receivables", "clients"] });

test.each([
  "/api/installments?mes=9999-12",
  "/api/payables?mes=0000-01",
  "/api/installments/summary?mes=9999-12",
  "/api/payables/summary?mes=9999-12",
  "/api/reports/monthly/9999-12",
  "/api/reports/cash-flow?from=9999-01&to=9999-12",
  "/api/reports/cash-flow?from=0000-01&to=0000-12",
  "/reports/export?aba=mensal&mes=9999-12",
  "/reports/export?aba=fluxo&de=0000-01&ate=0000-02",
  "/api/history?ate=9999-12-31",
  "/api/history?de=0000-01-01",
  "/history/export?de=0000-01-01",
  "/receivables/export?mes=9999-12",
])("%s is a 400 that says why, in pt-BR", async (path) => {
  const response = await t.api(path);
  expect(response.status).toBe(400);
  // The API answers JSON {message}; the export downloads, being page routes, a small HTML page.
  expect(await response.text()).toContain("entre 1900 e 2199");
});

test.each([
  ["/receivables?mes=9999-12", "/receivables?aviso=1"],
  ["/payables?mes=0000-01", "/payables?aviso=1"],
  ["/history?ate=9999-12-31", "/history?aviso=1"],
])("the page %s shows the default view, saying why", async (path, to) => {
  const response = await t.api(path);
  expect(response.status).toBe(302);
  expect(response.headers.get("location")).toBe(to);
  const page = await (await t.api(to)).text();
  expect(page).toContain('class="shell-notice" role="status"');
  expect(page).toContain("data fora de 1900–2199");
});

test("a report bookmark with year 9999 shows the page with the reason", async () => {
  const response = await t.api("/reports?aba=mensal&mes=9999-12");
  expect(response.status).toBe(200);
  expect(await response.text()).toContain("entre 1900 e 2199");
});

test("due and payment dates in year 0000 or 9999 are refused: 'Data inválida'", async () => {
  const client = (await (await t.api("/api/clients", { method: "POST", body: PADARIA })).json()) as { id: number };
  const plan = { clientId: client.id, numParcelas: 1, valor: "100.00", descricao: "Mensalidade" };
  const old = await t.api("/api/installments/generate", { method: "POST", body: { ...plan, primeiroVencimento: "0000-01-10" } });
  expect(old.status).toBe(400);
  expect(((await old.json()) as { errors: Record<string, string> }).errors.primeiroVencimento).toBe("Data inválida");
  const made = await t.api("/api/installments/generate", { method: "POST", body: { ...plan, primeiroVencimento: "2026-03-10" } });
  const id = ((await made.json()) as { installments: { id: number }[] }).installments[0]!.id;
  const redate = await t.api(`/api/installments/${id}/due-date`, { method: "PATCH", body: { dataVencimento: "9999-12-31" } });
  expect(redate.status).toBe(400);
  const pay = await t.api(`/api/installments/${id}/pay`, { method: "PATCH", body: { dataPagamento: "0000-03-10" } });
  expect(pay.status).toBe(400);
});
