import { beforeEach, describe, expect, test } from "bun:test";
import { addTestUser, useTestApp } from "../../../tests/support";
import { malformedBodies, sweepBodies, type BadInput, type SweepTarget } from "../../../tests/sweep";
import { DEFAULT_MESSAGE, INVALID_PIX_KEY, type SettingsAnswer } from "./model";

const t = useTestApp({ tables: ["settings"] });

type Init = { method?: string; body?: unknown; rawBody?: string };
const api = (path: string, init: Init = {}) => t.request(path, { cookie: t.cookie, ...init });
const put = (body: unknown) => api("/api/settings", { method: "PUT", body });
const stored = () => t.db.$client.query("select empresa, cidade, chave_pix, modelo_mensagem from settings").all();

const padaria = {
  empresa: "Padaria Pão Quente Ltda",
  cidade: "São Paulo",
  chavePix: "123.456.789-09",
  modeloMensagem: "Olá, {contato}! Parcela {parcela}: {valor}.\n\n{pix}",
};

describe("GET /api/settings", () => {
  test("before anything is saved: empty company and city, no key, the default pt-BR message", async () => {
    const response = await api("/api/settings");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      empresa: "",
      cidade: "",
      cnpjEmpresa: "",
      enderecoEmpresa: "",
      chavePix: null,
      tipoChavePix: null,
      modeloMensagem: DEFAULT_MESSAGE,
      antecedenciaDias: 10,
      vencimentoEmDiaUtil: true,
      // Issue 34 §4: SPEC's rates, and BLOCK_GRACE_DAYS until a value is saved.
      multaPercentual: 2,
      jurosMensalPercentual: 1,
      diasCarencia: t.config.blockGraceDays,
      updatedAt: null,
    });
    for (const placeholder of ["{cliente}", "{contato}", "{parcela}", "{valor}", "{vencimento}", "{pix}", "{empresa}"]) {
      expect(DEFAULT_MESSAGE).toContain(placeholder);
    }
  });

  test("is the administrators' alone (issue 31 §16): financeiro and consulta get 403, not the PIX key or the template; every role reads the two subscription rules, and nothing else", async () => {
    expect((await put({ ...padaria, antecedenciaDias: 7, vencimentoEmDiaUtil: false })).status).toBe(200);
    for (const papel of ["financeiro", "consulta"] as const) {
      const email = `${papel}@settings.test`;
      await addTestUser(t.db, email, "senha-de-teste-longa", { papel });
      const login = await t.request("/api/auth/login", { method: "POST", body: { email, password: "senha-de-teste-longa" } });
      const cookie = login.headers.get("set-cookie")!.split(";")[0]!;
      const refused = await t.request("/api/settings", { cookie });
      expect({ papel, status: refused.status }).toEqual({ papel, status: 403 });
      const text = await refused.text();
      expect(text).not.toContain("12345678909");
      expect(text).not.toContain("Parcela {parcela}");
      const rules = await t.request("/api/settings/subscription-rules", { cookie });
      expect({ papel, status: rules.status, body: await rules.json() }).toEqual({ papel, status: 200, body: { antecedenciaDias: 7, vencimentoEmDiaUtil: false } });
    }
    expect(await (await api("/api/settings/subscription-rules")).json()).toEqual({ antecedenciaDias: 7, vencimentoEmDiaUtil: false });
    expect((await t.request("/api/settings/subscription-rules")).status).toBe(401);
  });

  test("needs a session", async () => {
    const response = await t.request("/api/settings");
    expect(response.status).toBe(401);
    expect(await t.request("/api/settings", { method: "PUT", body: padaria }).then((r) => r.status)).toBe(401);
  });
});

describe("PUT /api/settings", () => {
  test("stores the settings in the one row; name and city as typed, the key in its DICT form", async () => {
    const response = await put(padaria);
    expect(response.status).toBe(200);
    const answer = (await response.json()) as SettingsAnswer;
    expect(answer.message).toBe("Configurações salvas");
    expect(answer.settings).toMatchObject({ ...padaria, chavePix: "12345678909", tipoChavePix: "CPF" });
    expect(await (await api("/api/settings")).json()).toEqual(answer.settings);
    expect(stored()).toEqual([{ empresa: "Padaria Pão Quente Ltda", cidade: "São Paulo", chave_pix: "12345678909", modelo_mensagem: padaria.modeloMensagem }]);
  });

  const keys: [string, string, string][] = [
    ["11.222.333/0001-81", "11222333000181", "CNPJ"],
    ["Financeiro@PaoQuente.com.BR", "financeiro@paoquente.com.br", "E-mail"],
    ["(11) 98765-4321", "+5511987654321", "Celular"],
    ["71C7D9BE-4B85-4E43-9F1C-1F3B8B4E9A2D", "71c7d9be-4b85-4e43-9f1c-1f3b8b4e9a2d", "Chave aleatória"],
  ];
  for (const [typed, canonical, label] of keys) {
    test(`${label} key "${typed}" is stored as ${canonical}`, async () => {
      const answer = (await (await put({ ...padaria, chavePix: typed })).json()) as SettingsAnswer;
      expect(answer.settings.chavePix).toBe(canonical);
      expect(answer.settings.tipoChavePix).toBe(label);
    });
  }

  test("saving again replaces the row; a blank key removes it; a blank template is the default again", async () => {
    await put(padaria);
    const answer = (await (await put({ empresa: "  Outra Empresa ", cidade: "", chavePix: "  ", modeloMensagem: "" })).json()) as SettingsAnswer;
    expect(answer.settings).toMatchObject({ empresa: "Outra Empresa", cidade: "", chavePix: null, tipoChavePix: null, modeloMensagem: DEFAULT_MESSAGE });
    expect(stored()).toEqual([{ empresa: "Outra Empresa", cidade: "", chave_pix: null, modelo_mensagem: null }]);
  });

  test("a bad key is refused in pt-BR under chavePix and nothing changes", async () => {
    await put(padaria);
    const before = stored();
    for (const bad of ["123.456.789-00", "(11) 3456-7890", "maria@", "qualquer coisa"]) {
      const response = await put({ ...padaria, chavePix: bad });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ message: INVALID_PIX_KEY, errors: { chavePix: INVALID_PIX_KEY } });
    }
    expect(INVALID_PIX_KEY).toBe("Chave PIX inválida: use CPF, CNPJ, e-mail, celular com DDD ou chave aleatória");
    expect(stored()).toEqual(before);
  });

  test("a key needs the company and the city (the BR Code carries them)", async () => {
    const response = await put({ chavePix: "123.456.789-09" });
    expect(response.status).toBe(400);
    expect((await response.json()).errors).toEqual({
      empresa: "Informe o nome da empresa para gerar o PIX",
      cidade: "Informe a cidade para gerar o PIX",
    });
    // An invalid key is still a key: every message shows at once.
    expect((await (await put({ chavePix: "abc" })).json()).errors).toEqual({
      chavePix: INVALID_PIX_KEY,
      empresa: "Informe o nome da empresa para gerar o PIX",
      cidade: "Informe a cidade para gerar o PIX",
    });
    // Without a key they may stay empty: the messages work without PIX.
    expect((await put({ modeloMensagem: "Olá {cliente}" })).status).toBe(200);
  });

  test("the company's CNPJ (alphanumeric too) and address: stored bare, shown punctuated, kept when a form leaves them out", async () => {
    const answer = (await (await put({ ...padaria, cnpjEmpresa: "12.abc.345/01de-35", enderecoEmpresa: "  Rua das Flores, 123 — Centro, São Paulo/SP " })).json()) as SettingsAnswer;
    expect(answer.settings).toMatchObject({ cnpjEmpresa: "12.ABC.345/01DE-35", enderecoEmpresa: "Rua das Flores, 123 — Centro, São Paulo/SP" });
    expect(t.db.$client.query("select cnpj_empresa, endereco_empresa from settings").all()).toEqual([{ cnpj_empresa: "12ABC34501DE35", endereco_empresa: "Rua das Flores, 123 — Centro, São Paulo/SP" }]);
    // An older form without the two fields keeps them.
    expect(((await (await put(padaria)).json()) as SettingsAnswer).settings.cnpjEmpresa).toBe("12.ABC.345/01DE-35");
    // Blank clears them (the régua then cannot start).
    expect(((await (await put({ ...padaria, cnpjEmpresa: "", enderecoEmpresa: "" })).json()) as SettingsAnswer).settings).toMatchObject({ cnpjEmpresa: "", enderecoEmpresa: "" });
  });

  const sweep: SweepTarget = { send: (path, init) => api(path, init), snapshot: stored };
  const bodies: BadInput[] = [
    ...malformedBodies(padaria),
    { name: "an invalid PIX key", body: { ...padaria, chavePix: "abc" }, status: 400, errors: { chavePix: INVALID_PIX_KEY } },
    { name: "an invalid company CNPJ", body: { ...padaria, cnpjEmpresa: "11.222.333/0001-80" }, status: 400, errors: { cnpjEmpresa: "CNPJ inválido" } },
    { name: "a CNPJ of one repeated digit", body: { ...padaria, cnpjEmpresa: "00000000000000" }, status: 400, errors: { cnpjEmpresa: "CNPJ inválido" } },
    { name: "a 300-character address", body: { ...padaria, enderecoEmpresa: "x".repeat(300) }, status: 400, errors: { enderecoEmpresa: "Máximo de 255 caracteres" } },
    { name: "a number for empresa", body: { ...padaria, empresa: 42 }, status: 400, errors: { empresa: "Formato inválido" } },
    { name: "a 300-character cidade", body: { ...padaria, cidade: "x".repeat(300) }, status: 400, errors: { cidade: "Máximo de 255 caracteres" } },
    { name: "a NUL in empresa", body: { ...padaria, empresa: "Pão\0Quente" }, status: 400, errors: { empresa: "Caractere inválido no texto" } },
    { name: "a 1001-character template", body: { ...padaria, modeloMensagem: "x".repeat(1001) }, status: 400, errors: { modeloMensagem: "Máximo de 1000 caracteres" } },
    { name: "an unknown placeholder", body: { ...padaria, modeloMensagem: "Olá {nome}" }, status: 400, errors: { modeloMensagem: "Marcador desconhecido: {nome}" } },
    {
      name: "a company name with no Latin letter",
      body: { ...padaria, empresa: "日本の会社" },
      status: 400,
      errors: { empresa: "Use ao menos uma letra ou número sem símbolos especiais" },
    },
  ];
  sweepBodies(sweep, { method: "PUT", label: "/api/settings", setup: () => put(padaria), path: () => "/api/settings" }, bodies);
});

test("the settings page renders the form with what is saved, and the menu links to it", async () => {
  await put(padaria);
  const response = await api("/settings");
  expect(response.status).toBe(200);
  const html = await response.text();
  expect(html).toContain("<h1>Configurações</h1>");
  expect(html).toContain('data-island="SettingsForm"');
  expect(html).toContain('value="123.456.789-09"'); // the key in its kind's format (issue 37 §15)
  expect(html).toMatch(/href="\/settings"[^>]*>.*Configurações/);
  expect(html).toContain('value="Padaria Pão Quente Ltda"');
});

test("printed pages carry the company's name from the settings (issue 37 §17)", async () => {
  await put(padaria);
  for (const path of ["/reports", "/history", "/"]) {
    const html = await (await api(path)).text();
    expect(html).toMatch(/<div class="print-header" aria-hidden="true"><span class="print-header__company">Padaria Pão Quente Ltda<\/span><strong>Cofre · /);
  }
});

describe("settings in the history (the PIX key is where the money goes)", () => {
  const events = () =>
    t.db.$client.query("select user_email, action, entity, details from history_events where entity = 'settings' order by id").all() as { user_email: string; action: string; entity: string; details: string }[];
  beforeEach(() => t.db.$client.exec("delete from history_events where entity = 'settings'"));

  test("a save records who, the old and new key, company and city, and that the template changed — once, in the save's transaction", async () => {
    expect((await put(padaria)).status).toBe(200);
    expect((await put({ ...padaria, chavePix: "fraude@golpe.com", modeloMensagem: "Pague {valor}: {pix}" })).status).toBe(200);
    const [first, second] = events();
    expect(first!.user_email).toBe("financeiro@cofre.test");
    expect(JSON.parse(second!.details)).toEqual({ alteracoes: { chavePix: ["12345678909", "fraude@golpe.com"] }, modeloAlterado: true });
    const history = await (await api("/api/history?entidade=settings")).json();
    expect((history as { texto: string }[])[0]!.texto).toBe("financeiro@cofre.test alterou as configurações de cobrança: Chave PIX: 12345678909 → fraude@golpe.com; modelo da mensagem alterado");
  });

  test("a save that changes nothing records nothing; a refused one neither", async () => {
    await put(padaria);
    const before = events().length;
    await put(padaria);
    expect((await put({ ...padaria, chavePix: "não é chave" })).status).toBe(400);
    expect(events().length).toBe(before);
  });
});

describe("subscription settings (DECISIONS §8)", () => {
  test("lead time and business-day due dates are saved, kept when a request leaves them out, and refused out of range", async () => {
    const put = (body: unknown) => api("/api/settings", { method: "PUT", body });
    const base = { empresa: "", cidade: "", chavePix: "", modeloMensagem: "" };
    expect((await put({ ...base, antecedenciaDias: "5", vencimentoEmDiaUtil: false })).status).toBe(200);
    expect(await (await api("/api/settings")).json()).toMatchObject({ antecedenciaDias: 5, vencimentoEmDiaUtil: false });
    expect((await put(base)).status).toBe(200);
    expect(await (await api("/api/settings")).json()).toMatchObject({ antecedenciaDias: 5, vencimentoEmDiaUtil: false });
    for (const bad of [-1, 61, 2.5, "dez", ""]) {
      const refused = await put({ ...base, antecedenciaDias: bad });
      expect(refused.status).toBe(400);
      expect((await refused.json()).errors.antecedenciaDias).toBe("Antecedência deve ser um número inteiro de dias entre 0 e 60");
    }
    expect((await put({ ...base, vencimentoEmDiaUtil: "sim" })).status).toBe(400);
    expect(await (await api("/api/settings")).json()).toMatchObject({ antecedenciaDias: 5, vencimentoEmDiaUtil: false });
  });
});
