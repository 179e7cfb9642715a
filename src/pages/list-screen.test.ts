import { expect, test } from "bun:test";
import { useTestApp } from "../../tests/support";

// A list screen's URL (src/pages/index.tsx listScreen): a filter that cannot be read shows the
// default view with the notice; a record the URL names that does not exist is a 404, as the API
// says for it — never the notice that the filters could not be read.
const t = useTestApp({ tables: ["receivables", "payables", "clients", "suppliers"] });

test.each([
  ["/reconciliation?extrato=999", "Extrato não encontrado"],
  ["/receivables?clientId=999", "Cliente não encontrado"],
  ["/payables?supplierId=999", "Fornecedor não encontrado"],
])("%s is a 404 page that says what is missing", async (path, message) => {
  const response = await t.api(path);
  expect(response.status).toBe(404);
  expect(response.headers.get("content-type")).toContain("text/html");
  const page = await response.text();
  expect(page).toContain(message);
  expect(page).not.toContain("filtros que não puderam ser lidos");
});

test("the API says the same of the missing statement", async () => {
  const response = await t.api("/api/statements/999");
  expect({ status: response.status, body: await response.json() }).toEqual({ status: 404, body: { message: "Extrato não encontrado" } });
});

test.each([
  ["/reconciliation?extrato=abc", "/reconciliation?aviso=1"],
  ["/receivables?clientId=-1", "/receivables?aviso=1"],
])("a filter that cannot be read (%s) shows the default view with the notice", async (path, to) => {
  const response = await t.api(path);
  expect(response.status).toBe(302);
  expect(response.headers.get("location")).toBe(to);
  expect(await (await t.api(to)).text()).toContain("filtros que não puderam ser lidos");
});
