import { beforeAll, expect, test } from "bun:test";
import { PADARIA, useTestApp } from "../../tests/support";

// A page past the end shows the last page, and the URL says so (issue: "Parcelas 499.901–49.100").
const t = useTestApp();
beforeAll(async () => {
  for (const [i, cnpj] of ["11222333000181", "38599503000106", "11444777000161"].entries()) {
    const response = await t.api("/api/clients", { method: "POST", body: { ...PADARIA, nome: `Cliente ${i}`, cnpj, codigoCliente: `C-${i}` } });
    expect(response.status).toBe(201);
  }
});

const go = (path: string) => t.api(path);

test.each([
  ["/clients?porPagina=2&pagina=9", "/clients?porPagina=2&pagina=2"],
  ["/clients?q=cliente&pagina=3", "/clients?q=cliente"],
  ["/receivables?pagina=9999", "/receivables"],
  ["/payables?status=pago&pagina=2", "/payables?status=pago"],
  ["/suppliers?pagina=4", "/suppliers"],
  ["/partners?pagina=2", "/partners"],
  ["/history?entidade=client&porPagina=1&pagina=50", "/history?entidade=client&porPagina=1&pagina=3"],
])("%s shows the last page: %s", async (asked, last) => {
  const response = await go(asked);
  expect(response.status).toBe(302);
  expect(response.headers.get("location")).toBe(last);
  expect((await go(last)).status).toBe(200);
});

test("a page that exists is served as asked", async () => {
  expect((await go("/clients?porPagina=2&pagina=2")).status).toBe(200);
});
