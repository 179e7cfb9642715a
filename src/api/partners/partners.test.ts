import { afterAll, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { startTestApp, type TestApp } from "../../../tests/support";
import { pinClock } from "../../lib/clock";
import type { PartnerJson } from "./model";

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await startTestApp();
  cookie = await t.login();
});
afterAll(() => t.close());
beforeEach(() => t.db.$client.exec("delete from partners"));

type Init = { method?: string; body?: unknown; rawBody?: string };
const api = (path: string, init: Init = {}) => t.request(path, { cookie, ...init });

const joana = { nome: "Joana Martins", empresa: "Contábil Horizonte", email: "joana@horizonte.com.br", telefone: "(31) 99876-5432" };
const eduardo = { nome: "eduardo Reis", empresa: "Reis Consultoria", email: "eduardo@reis.com.br", telefone: "+55 (41) 3222-1100" };

async function create(body: object): Promise<PartnerJson> {
  const response = await api("/api/partners", { method: "POST", body });
  expect(response.status).toBe(201);
  return (await response.json()) as PartnerJson;
}

const partnerCount = () => (t.db.$client.query("select count(*) as n from partners").get() as { n: number }).n;
const storedPartner = (id: number) => t.db.$client.query("select * from partners where id = ?").get(id) as Record<string, unknown>;

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
  const bodies: { name: string; body?: unknown; rawBody?: string; status: number; errors?: Record<string, string> }[] = [
    {
      name: "an empty object",
      body: {},
      status: 400,
      errors: { nome: "Nome é obrigatório", empresa: "Empresa é obrigatória", email: "E-mail inválido", telefone: "Telefone é obrigatório" },
    },
    { name: "a number for nome", body: { ...joana, nome: 42 }, status: 400, errors: { nome: "Formato inválido" } },
    { name: "a boolean for empresa", body: { ...joana, empresa: true }, status: 400, errors: { empresa: "Formato inválido" } },
    { name: "an array body", body: [joana], status: 400 },
    { name: "a null body", body: null, status: 400 },
    { name: "a string body", body: "Joana", status: 400 },
    { name: "invalid JSON", rawBody: "{bad", status: 400 },
    { name: "a 1 MB field", body: { ...joana, empresa: "x".repeat(1024 * 1024) }, status: 413 },
    { name: "a 300-character field", body: { ...joana, empresa: "x".repeat(300) }, status: 400, errors: { empresa: "Máximo de 255 caracteres" } },
    { name: "an invalid e-mail", body: { ...joana, email: "joana" }, status: 400, errors: { email: "E-mail inválido" } },
    { name: "a malformed phone", body: { ...joana, telefone: "99876-5432" }, status: 400, errors: { telefone: "Telefone inválido" } },
    { name: "letters in the phone", body: { ...joana, telefone: "(31) 9ABC-5432" }, status: 400, errors: { telefone: "Telefone inválido" } },
  ];

  async function expectRefused(response: Response, status: number, errors?: Record<string, string>) {
    expect(response.status).toBe(status);
    expect(response.headers.get("content-type")).toContain("application/json");
    const body = await response.json();
    expect(typeof body.message).toBe("string");
    expect(body.message.length).toBeGreaterThan(0);
    if (errors) expect(body.errors).toEqual(errors);
  }

  for (const c of bodies) {
    test(`POST /api/partners with ${c.name} answers ${c.status} and creates nothing`, async () => {
      await create(joana);
      await expectRefused(await api("/api/partners", { method: "POST", body: c.body, rawBody: c.rawBody }), c.status, c.errors);
      expect(partnerCount()).toBe(1);
    });

    test(`PATCH /api/partners/:id with ${c.name} answers ${c.status} and changes nothing`, async () => {
      const created = await create(joana);
      const before = storedPartner(created.id);
      await expectRefused(await api(`/api/partners/${created.id}`, { method: "PATCH", body: c.body, rawBody: c.rawBody }), c.status, c.errors);
      expect(storedPartner(created.id)).toEqual(before);
    });
  }

  const ids: { id: string; status: number; message: string }[] = [
    { id: "abc", status: 400, message: "Identificador inválido" },
    { id: "12abc", status: 400, message: "Identificador inválido" },
    { id: "12.5", status: 400, message: "Identificador inválido" },
    { id: "-1", status: 400, message: "Identificador inválido" },
    { id: "0", status: 400, message: "Identificador inválido" },
    { id: "99999", status: 404, message: "Parceiro não encontrado" },
  ];
  const routes: { method: string; body?: unknown }[] = [{ method: "PATCH", body: eduardo }, { method: "DELETE" }];
  for (const route of routes) {
    for (const { id, status, message } of ids) {
      test(`${route.method} /api/partners/${id} answers ${status} '${message}' and changes nothing`, async () => {
        const created = await create(joana);
        const before = storedPartner(created.id);
        const response = await api(`/api/partners/${id}`, { method: route.method, body: route.body });
        expect(response.status).toBe(status);
        expect(await response.json()).toEqual({ message });
        expect(partnerCount()).toBe(1);
        expect(storedPartner(created.id)).toEqual(before);
      });
    }
  }
});
