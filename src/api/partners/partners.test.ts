import { describe, expect, test } from "bun:test";
import { useTestApp } from "../../../tests/support";
import { malformedBodies, sweepBodies, sweepIds, type BadInput, type SweepTarget } from "../../../tests/sweep";
import { pinClock } from "../../lib/clock";
import type { PartnerJson } from "./model";

const t = useTestApp({ tables: ["partners"] });

type Init = { method?: string; body?: unknown; rawBody?: string };
const api = (path: string, init: Init = {}) => t.request(path, { cookie: t.cookie, ...init });

const joana = { nome: "Joana Martins", empresa: "Contábil Horizonte", email: "joana@horizonte.com.br", telefone: "(31) 99876-5432" };
const eduardo = { nome: "eduardo Reis", empresa: "Reis Consultoria", email: "eduardo@reis.com.br", telefone: "+55 (41) 3222-1100" };

async function create(body: object): Promise<PartnerJson> {
  const response = await api("/api/partners", { method: "POST", body });
  expect(response.status).toBe(201);
  return (await response.json()) as PartnerJson;
}

const partnerCount = () => (t.db.$client.query("select count(*) as n from partners").get() as { n: number }).n;

describe("partners", () => {
  test("POST creates a partner with 201 and stores the phone as digits", async () => {
    const created = await create({ ...joana, nome: "  Joana Martins " });
    expect(created).toMatchObject({ nome: "Joana Martins", empresa: "Contábil Horizonte", email: "joana@horizonte.com.br", telefone: "31998765432" });
    expect(new Date(created.createdAt).toISOString()).toBe(created.createdAt);
  });

  test("a +55 prefix is dropped from the phone", async () => {
    expect((await create(eduardo)).telefone).toBe("4132221100");
  });

  test("GET /api/partners lists partners by name, ignoring case", async () => {
    await create(joana);
    await create(eduardo);
    const response = await api("/api/partners");
    expect(response.status).toBe(200);
    expect(((await response.json()) as PartnerJson[]).map((p) => p.nome)).toEqual(["eduardo Reis", "Joana Martins"]);
  });

  test("PATCH replaces the form's fields and sets updatedAt", async () => {
    const restore = pinClock("2026-06-01T09:00:00Z");
    try {
      const created = await create(joana);
      pinClock("2026-06-02T09:00:00Z");
      const response = await api(`/api/partners/${created.id}`, { method: "PATCH", body: { ...joana, empresa: "Horizonte Contabilidade", extra: 1 } });
      expect(response.status).toBe(200);
      const updated = await response.json();
      expect(updated).toMatchObject({ id: created.id, empresa: "Horizonte Contabilidade", updatedAt: "2026-06-02T09:00:00.000Z" });
      expect(updated).not.toHaveProperty("extra");
    } finally {
      restore();
    }
  });

  test("DELETE removes the partner", async () => {
    const created = await create(joana);
    const response = await api(`/api/partners/${created.id}`, { method: "DELETE" });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: "Parceiro excluído com sucesso!" });
    expect(partnerCount()).toBe(0);
  });

  test("without a session the partners API answers 401", async () => {
    expect((await t.request("/api/partners", { method: "POST", body: joana })).status).toBe(401);
    expect(partnerCount()).toBe(0);
  });
});

describe("bad input never writes and never answers 500", () => {
  const target: SweepTarget = { send: api, snapshot: () => t.db.$client.query("select * from partners order by id").all() };
  const bodies: BadInput[] = [
    {
      name: "an empty object",
      body: {},
      status: 400,
      errors: { nome: "Nome é obrigatório", empresa: "Empresa é obrigatória", email: "E-mail inválido", telefone: "Telefone é obrigatório" },
    },
    { name: "a number for nome", body: { ...joana, nome: 42 }, status: 400, errors: { nome: "Formato inválido" } },
    { name: "a boolean for empresa", body: { ...joana, empresa: true }, status: 400, errors: { empresa: "Formato inválido" } },
    { name: "a null body", body: null, status: 400 },
    ...malformedBodies(joana),
    { name: "a 300-character field", body: { ...joana, empresa: "x".repeat(300) }, status: 400, errors: { empresa: "Máximo de 255 caracteres" } },
    { name: "an invalid e-mail", body: { ...joana, email: "joana" }, status: 400, errors: { email: "E-mail inválido" } },
    { name: "a malformed phone", body: { ...joana, telefone: "99876-5432" }, status: 400, errors: { telefone: "Telefone inválido" } },
    { name: "letters in the phone", body: { ...joana, telefone: "(31) 9ABC-5432" }, status: 400, errors: { telefone: "Telefone inválido" } },
  ];
  sweepBodies(target, { method: "POST", label: "/api/partners", setup: () => create(joana), path: () => "/api/partners" }, bodies);
  sweepBodies(target, { method: "PATCH", label: "/api/partners/:id", setup: () => create(joana), path: (p) => `/api/partners/${p.id}` }, bodies);
  sweepIds(
    target,
    () => create(joana),
    [
      { method: "PATCH", path: (id) => `/api/partners/${id}`, body: eduardo },
      { method: "DELETE", path: (id) => `/api/partners/${id}` },
    ],
    "Parceiro não encontrado",
  );
});
