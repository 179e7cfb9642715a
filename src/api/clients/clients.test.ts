import { describe, expect, test } from "bun:test";
import { backfillSearchColumns } from "../../../db/backfill";
import { PADARIA, useTestApp } from "../../../tests/support";
import { malformedBodies, sweepBodies, sweepIds, type BadInput, type SweepTarget } from "../../../tests/sweep";
import { receivables } from "../../../db/schema";
import { pinClock } from "../../lib/clock";
import type { ClientJson } from "./model";

const t = useTestApp({ tables: ["receivables", "clients"] });

type Init = { method?: string; body?: unknown; rawBody?: string; headers?: Record<string, string> };
const api = (path: string, init: Init = {}) => t.request(path, { cookie: t.cookie, ...init });

// As the dialog sends them: CNPJ and phone typed with their masks, statusBloqueio=0 (SPEC §7).
const padaria = { ...PADARIA, url: "https://paoquente.com.br" };
const floricultura = {
  ...padaria,
  nome: "Floricultura Ipê Amarelo",
  cnpj: "11.444.777/0001-61",
  contato: "João Lima",
  telefone: "(21) 3456-7890",
  email: "flores@ipeamarelo.com.br",
  url: "",
  valorMensalidade: "89.90",
  codigoCliente: "FLO-002",
};
const academia = {
  ...padaria,
  nome: "academia Corpo em Forma",
  cnpj: "33.445.566/0001-86",
  codigoCliente: "ACA-003",
  isTrial: true,
  valorMensalidade: "0.00",
};

async function create(body: object): Promise<ClientJson> {
  const response = await api("/api/clients", { method: "POST", body });
  expect(response.status).toBe(201);
  return (await response.json()) as ClientJson;
}

const clientCount = () => (t.db.$client.query("select count(*) as n from clients").get() as { n: number }).n;
const storedClient = (id: number) => t.db.$client.query("select * from clients where id = ?").get(id) as Record<string, unknown>;
const addInstallment = (clientId: number) =>
  t.db
    .insert(receivables)
    .values({ clientId, numerosParcela: "1/3", descricao: "Mensalidade de abril", dataVencimento: "2026-04-10", valor: 15000 })
    .run();

describe("creating and reading clients", () => {
  test("POST creates the client with 201 and stores CNPJ and phone without punctuation", async () => {
    const created = await create(padaria);
    expect(created).toMatchObject({
      nome: "Padaria Pão Quente",
      cnpj: "11222333000181",
      contato: "Maria Souza",
      telefone: "11987654321",
      email: "contato@paoquente.com.br",
      url: "https://paoquente.com.br",
      valorMensalidade: "150.00",
      codigoCliente: "PAO-001",
      isTrial: false,
      statusBloqueio: 0,
      bloqueioOrigem: null,
    });
    expect(created.id).toBeGreaterThan(0);
    expect(new Date(created.createdAt).toISOString()).toBe(created.createdAt);
    expect(storedClient(created.id)).toMatchObject({ cnpj: "11222333000181", telefone: "11987654321", valor_mensalidade: 15000 });
  });

  test("GET /api/clients lists every client by name, ignoring case", async () => {
    await create(padaria);
    await create(floricultura);
    await create(academia);
    const response = await api("/api/clients");
    expect(response.status).toBe(200);
    const list = (await response.json()) as ClientJson[];
    expect(list.map((c) => c.nome)).toEqual(["academia Corpo em Forma", "Floricultura Ipê Amarelo", "Padaria Pão Quente"]);
    expect(list[1]).toMatchObject({ cnpj: "11444777000161", telefone: "2134567890", url: null, valorMensalidade: "89.90" });
    expect(Object.keys(list[0]!).sort()).toEqual(
      ["bloqueioOrigem", "cnpj", "codigoCliente", "contato", "createdAt", "email", "id", "isTrial", "naoEnviarCobrancas", "nome", "statusBloqueio", "telefone", "updatedAt", "url", "valorMensalidade"],
    );
  });

  test("GET /api/clients/:id returns the one client", async () => {
    const created = await create(padaria);
    const response = await api(`/api/clients/${created.id}`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(created);
  });

  test("an alphanumeric CNPJ (IN RFB 2.229/2024) is accepted and stored upper-case", async () => {
    const created = await create({ ...padaria, cnpj: "12.abc.345/01de-35" });
    expect(created.cnpj).toBe("12ABC34501DE35");
  });

  test("a valid CNPJ with any separators (38,599,503_0001:06) is accepted and stored bare", async () => {
    const created = await create({ ...padaria, cnpj: "38,599,503_0001:06" });
    expect(storedClient(created.id).cnpj).toBe("38599503000106");
  });

  test("a trial client is stored with a monthly fee of 0 whatever was sent", async () => {
    const created = await create({ ...academia, valorMensalidade: "300.00" });
    expect(created.isTrial).toBe(true);
    expect(created.valorMensalidade).toBe("0.00");
    const withoutFee = await create({ ...floricultura, isTrial: true, valorMensalidade: "" });
    expect(withoutFee.valorMensalidade).toBe("0.00");
  });

  test("money round-trips as a two-decimal string, sent as a string or a number", async () => {
    expect((await create({ ...padaria, valorMensalidade: "1234.50" })).valorMensalidade).toBe("1234.50");
    expect((await create({ ...floricultura, valorMensalidade: 1234.5 })).valorMensalidade).toBe("1234.50");
  });

  test("isTrial defaults to false and an empty url is stored as null", async () => {
    const { isTrial: _isTrial, ...withoutTrial } = floricultura;
    const created = await create(withoutTrial);
    expect(created.isTrial).toBe(false);
    expect(created.url).toBeNull();
  });

  test("unknown fields are ignored and statusBloqueio in the body does not block", async () => {
    const created = await create({ ...padaria, statusBloqueio: 1, id: 999, bloqueioOrigem: "manual", hacker: true });
    expect(created.id).not.toBe(999);
    expect(created.statusBloqueio).toBe(0);
    expect(created.bloqueioOrigem).toBeNull();
    expect(created).not.toHaveProperty("hacker");
  });

  test("without a session the clients API answers 401", async () => {
    const response = await t.request("/api/clients");
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: "Não autenticado" });
  });
});

describe("updating clients", () => {
  test("PUT replaces the form's fields and sets updatedAt", async () => {
    const restore = pinClock("2026-03-01T10:00:00Z");
    try {
      const created = await create(padaria);
      pinClock("2026-03-02T10:00:00Z");
      const response = await api(`/api/clients/${created.id}`, {
        method: "PUT",
        body: { ...padaria, contato: "Carlos Souza", telefone: "11 3333-4444", valorMensalidade: "175.5" },
      });
      expect(response.status).toBe(200);
      const updated = (await response.json()) as ClientJson;
      expect(updated).toMatchObject({ id: created.id, contato: "Carlos Souza", telefone: "1133334444", valorMensalidade: "175.50" });
      expect(updated.createdAt).toBe("2026-03-01T10:00:00.000Z");
      expect(updated.updatedAt).toBe("2026-03-02T10:00:00.000Z");
    } finally {
      restore();
    }
  });

  test("a client keeps its own CNPJ and code on update without a conflict", async () => {
    const created = await create(padaria);
    const response = await api(`/api/clients/${created.id}`, { method: "PUT", body: { ...padaria, cnpj: "11222333000181" } });
    expect(response.status).toBe(200);
  });

  test("statusBloqueio in the PUT body is ignored: an edit never unblocks", async () => {
    const created = await create(padaria);
    await api(`/api/clients/${created.id}/toggle-block`, { method: "PATCH" });
    const response = await api(`/api/clients/${created.id}`, { method: "PUT", body: { ...padaria, statusBloqueio: 0 } });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ statusBloqueio: 1, bloqueioOrigem: "manual" });
  });

  test("turning a client into a trial sets its fee to 0", async () => {
    const created = await create(padaria);
    const response = await api(`/api/clients/${created.id}`, { method: "PUT", body: { ...padaria, isTrial: true } });
    expect(await response.json()).toMatchObject({ isTrial: true, valorMensalidade: "0.00" });
  });
});

describe("uniqueness", () => {
  test("a second client with the same CNPJ, typed differently, is a 409 'CNPJ já cadastrado'", async () => {
    await create(padaria);
    const response = await api("/api/clients", { method: "POST", body: { ...floricultura, cnpj: "11222333000181" } });
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ message: "CNPJ já cadastrado" });
    expect(clientCount()).toBe(1);
  });

  test("a second client with the same code is a 409 'Código do cliente já existe'", async () => {
    await create(padaria);
    const response = await api("/api/clients", { method: "POST", body: { ...floricultura, codigoCliente: " PAO-001 " } });
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ message: "Código do cliente já existe" });
    expect(clientCount()).toBe(1);
  });

  test("updating a client to another client's CNPJ or code is a 409 and changes nothing", async () => {
    await create(padaria);
    const flores = await create(floricultura);
    const before = storedClient(flores.id);
    const sameCnpj = await api(`/api/clients/${flores.id}`, { method: "PUT", body: { ...floricultura, cnpj: padaria.cnpj } });
    expect(sameCnpj.status).toBe(409);
    expect(await sameCnpj.json()).toEqual({ message: "CNPJ já cadastrado" });
    const sameCode = await api(`/api/clients/${flores.id}`, { method: "PUT", body: { ...floricultura, codigoCliente: "PAO-001" } });
    expect(sameCode.status).toBe(409);
    expect(await sameCode.json()).toEqual({ message: "Código do cliente já existe" });
    expect(storedClient(flores.id)).toEqual(before);
  });
});

describe("deleting clients", () => {
  test("DELETE removes a client without installments", async () => {
    const created = await create(padaria);
    const response = await api(`/api/clients/${created.id}`, { method: "DELETE" });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: "Cliente excluído" });
    expect(clientCount()).toBe(0);
    expect((await api(`/api/clients/${created.id}`)).status).toBe(404);
  });

  test("a client with installments is not deleted: 409 with the reason", async () => {
    const created = await create(padaria);
    addInstallment(created.id);
    const response = await api(`/api/clients/${created.id}`, { method: "DELETE" });
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({
      message: "Não é possível excluir o cliente: existem parcelas vinculadas a ele.",
    });
    expect(clientCount()).toBe(1);
    expect((t.db.$client.query("select count(*) as n from receivables").get() as { n: number }).n).toBe(1);
  });
});

describe("blocking clients", () => {
  test("toggle-block blocks manually, then unblocks (forgiving nothing: nothing is overdue)", async () => {
    const restore = pinClock("2026-03-15T10:00:00-03:00");
    try {
      const created = await create(padaria);
      const blocked = await api(`/api/clients/${created.id}/toggle-block`, { method: "PATCH" });
      expect(blocked.status).toBe(200);
      const first = await blocked.json();
      expect(first.message).toBe("Cliente bloqueado com sucesso");
      expect(first.client).toMatchObject({ id: created.id, statusBloqueio: 1, bloqueioOrigem: "manual" });

      const unblocked = await api(`/api/clients/${created.id}/toggle-block`, { method: "PATCH" });
      const second = await unblocked.json();
      expect(second.message).toBe("Cliente desbloqueado com sucesso");
      expect(second.client).toMatchObject({ statusBloqueio: 0, bloqueioOrigem: null });
      expect(t.db.$client.query("select count(*) as n from desbloqueio_perdoadas").get()).toEqual({ n: 0 });
    } finally {
      restore();
    }
  });

  test("unblocking an automatically blocked client clears the automatic origin", async () => {
    const created = await create(padaria);
    t.db.$client.run("update clients set status_bloqueio = 1, bloqueio_origem = 'automatico' where id = ?", [created.id]);
    const response = await api(`/api/clients/${created.id}/toggle-block`, { method: "PATCH" });
    expect((await response.json()).client).toMatchObject({ statusBloqueio: 0, bloqueioOrigem: null });
    expect(storedClient(created.id).desbloqueio_manual_em).not.toBeNull();
  });
});

describe("bad input never writes and never answers 500", () => {
  const target: SweepTarget = { send: api, snapshot: () => t.db.$client.query("select * from clients order by id").all() };
  const bodies: BadInput[] = [
    {
      name: "an empty object",
      body: {},
      status: 400,
      errors: {
        nome: "Nome é obrigatório",
        cnpj: "CNPJ é obrigatório",
        contato: "Contato é obrigatório",
        telefone: "Telefone é obrigatório",
        email: "Email inválido",
        codigoCliente: "Código do cliente é obrigatório",
        valorMensalidade: "Valor de mensalidade é obrigatório para clientes não-trial",
      },
    },
    { name: "blank required fields", body: { ...floricultura, nome: "   ", contato: "" }, status: 400, errors: { nome: "Nome é obrigatório", contato: "Contato é obrigatório" } },
    { name: "a number for nome", body: { ...floricultura, nome: 42 }, status: 400, errors: { nome: "Formato inválido" } },
    { name: "a string for isTrial", body: { ...floricultura, isTrial: "true" }, status: 400, errors: { isTrial: "Trial deve ser verdadeiro ou falso" } },
    { name: "a null body", body: null, status: 400 },
    ...malformedBodies(floricultura),
    { name: "a 300-character field", body: { ...floricultura, contato: "x".repeat(300) }, status: 400, errors: { contato: "Máximo de 255 caracteres" } },
    { name: "an invalid CNPJ", body: { ...floricultura, cnpj: "11.222.333/0001-82" }, status: 400, errors: { cnpj: "CNPJ inválido" } },
    { name: "a CNPJ of one repeated digit", body: { ...floricultura, cnpj: "11111111111111" }, status: 400, errors: { cnpj: "CNPJ inválido" } },
    { name: "a malformed phone", body: { ...floricultura, telefone: "(01) 2345-6789" }, status: 400, errors: { telefone: "Telefone inválido" } },
    { name: "an invalid e-mail", body: { ...floricultura, email: "flores@" }, status: 400, errors: { email: "Email inválido" } },
    { name: "a non-http url", body: { ...floricultura, url: "javascript:alert(1)" }, status: 400, errors: { url: "URL inválida" } },
    { name: "money '1e3'", body: { ...floricultura, valorMensalidade: "1e3" }, status: 400, errors: { valorMensalidade: "Valor inválido" } },
    { name: "money '12,50'", body: { ...floricultura, valorMensalidade: "12,50" }, status: 400, errors: { valorMensalidade: "Valor inválido" } },
    { name: "money 'NaN'", body: { ...floricultura, valorMensalidade: "NaN" }, status: 400, errors: { valorMensalidade: "Valor inválido" } },
    { name: "money '1.234' (3 decimals)", body: { ...floricultura, valorMensalidade: "1.234" }, status: 400, errors: { valorMensalidade: "Valor inválido" } },
    { name: "money '-5'", body: { ...floricultura, valorMensalidade: "-5" }, status: 400, errors: { valorMensalidade: "Valor não pode ser negativo" } },
    { name: "money as an object", body: { ...floricultura, valorMensalidade: { valor: 10 } }, status: 400, errors: { valorMensalidade: "Valor inválido" } },
    { name: "a zero fee for a non-trial client", body: { ...floricultura, valorMensalidade: "0.00" }, status: 400, errors: { valorMensalidade: "Valor de mensalidade é obrigatório para clientes não-trial" } },
  ];

  sweepBodies(target, { method: "POST", label: "/api/clients", setup: () => create(padaria), path: () => "/api/clients" }, bodies);
  sweepBodies(target, { method: "PUT", label: "/api/clients/:id", setup: () => create(padaria), path: (c) => `/api/clients/${c.id}` }, bodies);
  sweepIds(
    target,
    () => create(padaria),
    [
      { method: "GET", path: (id) => `/api/clients/${id}` },
      { method: "PUT", path: (id) => `/api/clients/${id}`, body: floricultura },
      { method: "DELETE", path: (id) => `/api/clients/${id}` },
      { method: "PATCH", path: (id) => `/api/clients/${id}/toggle-block` },
    ],
    "Cliente não encontrado",
  );
});

// Speed is measured by `bun run bench`, never asserted here: shared machines are noisy.
describe("a large register", () => {
  test("GET /api/clients lists all 2,000 clients in name order", async () => {
    // Raw rows, as migration 0001 found them: the start-up backfill gives them their sort keys.
    const insert = t.db.$client.prepare(
      "insert into clients (nome, cnpj, contato, telefone, email, valor_mensalidade, codigo_cliente) values (?, ?, ?, ?, ?, ?, ?)",
    );
    t.db.$client.transaction(() => {
      for (let i = 0; i < 2000; i++)
        insert.run(`Cliente ${String(1999 - i).padStart(4, "0")} Ltda`, String(10000000000000 + i), "Contato", "11987654321", `c${i}@cofre.test`, 15000 + i, `C-${i}`);
    })();
    backfillSearchColumns(t.db.$client);
    const response = await api("/api/clients");
    const rows = (await response.json()) as { nome: string; valorMensalidade: string }[];
    const bulk = rows.filter((r) => r.nome.startsWith("Cliente "));
    expect(bulk).toHaveLength(2000);
    expect(bulk[0]!.nome).toBe("Cliente 0000 Ltda");
    expect(bulk[1999]!.nome).toBe("Cliente 1999 Ltda");
    expect(bulk[0]!.valorMensalidade).toBe("169.99"); // i = 1999: 15000 + 1999 cents
  });
});
