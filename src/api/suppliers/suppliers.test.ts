import { describe, expect, test } from "bun:test";
import { useTestApp } from "../../../tests/support";
import { malformedBodies, sweepBodies, sweepIds, type BadInput, type SweepTarget } from "../../../tests/sweep";
import { payables } from "../../../db/schema";
import type { SupplierJson } from "./model";

const t = useTestApp({ tables: ["payables", "suppliers"] });

type Init = { method?: string; body?: unknown; rawBody?: string };
const api = (path: string, init: Init = {}) => t.request(path, { cookie: t.cookie, ...init });

const moinho = {
  nome: "  Moinho Santa Clara  ",
  cnpj: "60.574.610/0001-20",
  email: "vendas@moinhosantaclara.com.br",
  telefone: "(19) 3456-7890",
  cidade: "Campinas",
  estado: "SP",
};
const laticinios = { nome: "Laticínios Serra Azul" };

async function create(body: object): Promise<SupplierJson> {
  const response = await api("/api/suppliers", { method: "POST", body });
  expect(response.status).toBe(201);
  return (await response.json()) as SupplierJson;
}

const supplierCount = () => (t.db.$client.query("select count(*) as n from suppliers").get() as { n: number }).n;

describe("suppliers", () => {
  test("POST creates a supplier with 201: nome trimmed, CNPJ and phone without punctuation", async () => {
    const created = await create(moinho);
    expect(created).toMatchObject({
      nome: "Moinho Santa Clara",
      cnpj: "60574610000120",
      email: "vendas@moinhosantaclara.com.br",
      telefone: "1934567890",
      cidade: "Campinas",
      estado: "SP",
      statusBloqueio: 0,
    });
    expect(new Date(created.updatedAt).toISOString()).toBe(created.updatedAt);
  });

  test("only nome is required: empty optional fields are stored as null", async () => {
    const created = await create({ nome: "Laticínios Serra Azul", cnpj: "  ", email: "", telefone: null, cidade: "" });
    expect(created).toMatchObject({ cnpj: null, email: null, telefone: null, cidade: null, estado: null });
  });

  test("the CNPJ is not checked for validity (SPEC §5), only stripped of punctuation", async () => {
    expect((await create({ nome: "Distribuidora Boa Vista", cnpj: "12.345.678/0001-00" })).cnpj).toBe("12345678000100");
    // Any separator goes (only letters and digits count), alphanumeric CNPJs upper-cased.
    expect((await create({ nome: "Atacado Sul", cnpj: "38,599,503_0001:06" })).cnpj).toBe("38599503000106");
    expect((await create({ nome: "Atacado Norte", cnpj: "12 abc 345_01de:35" })).cnpj).toBe("12ABC34501DE35");
  });

  test("the state is taken in any case and stored as the UF", async () => {
    expect((await create({ nome: "Hortifruti Recife", estado: "pe" })).estado).toBe("PE");
  });

  test("GET /api/suppliers lists suppliers by name, ignoring case and accents", async () => {
    await create(moinho);
    await create(laticinios);
    await create({ nome: "açougue Boi Gordo" });
    const response = await api("/api/suppliers");
    expect(response.status).toBe(200);
    const list = (await response.json()) as SupplierJson[];
    expect(list.map((s) => s.nome)).toEqual(["açougue Boi Gordo", "Laticínios Serra Azul", "Moinho Santa Clara"]);
  });

  test("PUT updates every field of the dialog", async () => {
    const created = await create(moinho);
    const response = await api(`/api/suppliers/${created.id}`, {
      method: "PUT",
      body: { ...moinho, cidade: "Jundiaí", telefone: "", statusBloqueio: 1 },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ id: created.id, cidade: "Jundiaí", telefone: null, statusBloqueio: 0 });
  });

  test("PATCH block sets the status and answers 'Status atualizado'", async () => {
    const created = await create(moinho);
    const blocked = await api(`/api/suppliers/${created.id}/block`, { method: "PATCH", body: { statusBloqueio: 1 } });
    expect(blocked.status).toBe(200);
    const body = await blocked.json();
    expect(body.message).toBe("Status atualizado");
    expect(body.supplier).toMatchObject({ id: created.id, statusBloqueio: 1 });
    const active = await api(`/api/suppliers/${created.id}/block`, { method: "PATCH", body: { statusBloqueio: 0 } });
    expect((await active.json()).supplier.statusBloqueio).toBe(0);
  });

  test("DELETE removes a supplier without payables", async () => {
    const created = await create(moinho);
    const response = await api(`/api/suppliers/${created.id}`, { method: "DELETE" });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: "Fornecedor excluído" });
    expect(supplierCount()).toBe(0);
  });

  test("a supplier with payables is not deleted: 409 with the reason", async () => {
    const created = await create(moinho);
    t.db
      .insert(payables)
      .values({ supplierId: created.id, numerosParcela: "1/2", descricao: "Farinha de trigo", dataVencimento: "2026-05-05", valor: 98000 })
      .run();
    const response = await api(`/api/suppliers/${created.id}`, { method: "DELETE" });
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({
      message: "Não é possível excluir o fornecedor: existem contas a pagar vinculadas a ele.",
    });
    expect(supplierCount()).toBe(1);
  });

  test("without a session the suppliers API answers 401", async () => {
    expect((await t.request("/api/suppliers")).status).toBe(401);
  });
});

describe("bad input never writes and never answers 500", () => {
  const target: SweepTarget = { send: api, snapshot: () => t.db.$client.query("select * from suppliers order by id").all() };
  const bodies: BadInput[] = [
    { name: "an empty object", body: {}, status: 400, errors: { nome: "Nome é obrigatório." } },
    { name: "a blank nome", body: { ...moinho, nome: "   " }, status: 400, errors: { nome: "Nome é obrigatório." } },
    { name: "a number for nome", body: { ...moinho, nome: 42 }, status: 400, errors: { nome: "Formato inválido" } },
    { name: "a number for cnpj", body: { ...moinho, cnpj: 60574610000120 }, status: 400, errors: { cnpj: "Formato inválido" } },
    { name: "a null body", body: null, status: 400, errors: { nome: "Nome é obrigatório." } },
    ...malformedBodies(moinho),
    { name: "a 300-character field", body: { ...moinho, cidade: "x".repeat(300) }, status: 400, errors: { cidade: "Máximo de 255 caracteres" } },
    { name: "an invalid e-mail", body: { ...moinho, email: "vendas.moinho" }, status: 400, errors: { email: "Email inválido" } },
    { name: "a malformed phone", body: { ...moinho, telefone: "3456-7890" }, status: 400, errors: { telefone: "Telefone inválido" } },
    { name: "an unknown state", body: { ...moinho, estado: "XX" }, status: 400, errors: { estado: "Estado inválido" } },
  ];
  sweepBodies(target, { method: "POST", label: "/api/suppliers", setup: () => create(moinho), path: () => "/api/suppliers" }, bodies);
  sweepBodies(target, { method: "PUT", label: "/api/suppliers/:id", setup: () => create(moinho), path: (s) => `/api/suppliers/${s.id}` }, bodies);

  const statuses: BadInput[] = [
    { name: "the string '1'", body: { statusBloqueio: "1" } },
    { name: "the number 2", body: { statusBloqueio: 2 } },
    { name: "true", body: { statusBloqueio: true } },
    { name: "no status", body: {} },
    { name: "no body" },
    { name: "a null body", body: null },
    { name: "an array body", body: [1] },
  ].map((c) => ({ ...c, status: 400, message: "Status inválido" }));
  sweepBodies(target, { method: "PATCH", label: "/api/suppliers/:id/block", setup: () => create(moinho), path: (s) => `/api/suppliers/${s.id}/block` }, statuses);

  sweepIds(
    target,
    () => create(moinho),
    [
      { method: "PUT", path: (id) => `/api/suppliers/${id}`, body: laticinios },
      { method: "PATCH", path: (id) => `/api/suppliers/${id}/block`, body: { statusBloqueio: 1 } },
      { method: "DELETE", path: (id) => `/api/suppliers/${id}` },
    ],
    "Fornecedor não encontrado",
  );
});
