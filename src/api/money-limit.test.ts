import { expect, test } from "bun:test";
import { PADARIA, useTestApp } from "../../tests/support";
import { MAX_MONEY_CENTS, parseTypedMoney, type Cents } from "../lib/money";

// One money rule and one limit for every field (MAX_MONEY_CENTS in src/lib/money.ts, read by the
// API's fields and the forms' typed amounts): a monthly fee and an installment take exactly the same amounts.
const t = useTestApp();

const post = (path: string, body: unknown) => t.request(path, { method: "POST", body, cookie: t.cookie });
const AT_LIMIT = "999999999999.99";
const ABOVE = "1000000000000.00";

test("the limit is R$ 999.999.999.999,99", () => {
  expect(MAX_MONEY_CENTS).toBe(99_999_999_999_999);
});

test("what a form takes typed is what the API takes: the limit, not a cent more", () => {
  expect(parseTypedMoney("999.999.999.999,99")).toEqual({ cents: MAX_MONEY_CENTS as Cents, error: null });
  expect(parseTypedMoney("1.000.000.000.000,00")).toEqual({ cents: null, error: "Valor inválido" });
});

test("a monthly fee and an installment both take the limit and both refuse a cent more (R$ 5 trillion too)", async () => {
  const client = await post("/api/clients", { ...PADARIA, valorMensalidade: AT_LIMIT });
  expect(client.status).toBe(201);
  const { id } = (await client.json()) as { id: number };
  for (const fee of [ABOVE, "5000000000000.00"]) {
    const refused = await post("/api/clients", { ...PADARIA, cnpj: "38599503000106", codigoCliente: "OUTRO", valorMensalidade: fee });
    expect({ fee, status: refused.status, body: await refused.json() }).toEqual({ fee, status: 400, body: { message: "Valor inválido", errors: { valorMensalidade: "Valor inválido" } } });
  }
  const plan = { clientId: id, numParcelas: 1, primeiroVencimento: "2026-12-10", descricao: "Mensalidade" };
  expect((await post("/api/installments/generate", { ...plan, valor: AT_LIMIT })).status).toBe(201);
  const refused = await post("/api/installments/generate", { ...plan, valor: ABOVE });
  expect(refused.status).toBe(400);
  expect(((await refused.json()) as { errors: Record<string, string> }).errors.valor).toBe("Valor inválido");
});
