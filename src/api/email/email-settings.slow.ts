import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, spyOn, test } from "bun:test";
import { closedPort, selfSignedCert, startSilentServer, startSmtp, type SelfSigned, type TestSmtp } from "../../../tests/smtp";
import { addTestUser, useTestApp } from "../../../tests/support";
import { malformedBodies, sweepBodies, type BadInput } from "../../../tests/sweep";
import type { EmailSettingsAnswer } from "./model";

// A silent server is given up after 2 s here (production: 8): time enough for the requests made meanwhile, even on a busy machine.
const t = useTestApp({ tables: ["email_settings", "settings"], env: { SMTP_TIMEOUT_SECONDS: "2" } });

type Init = { method?: string; body?: unknown; rawBody?: string; cookie?: string };
const api = (path: string, init: Init = {}) => t.request(path, { cookie: t.cookie, ...init });
const put = (body: unknown) => api("/api/settings/email", { method: "PUT", body });
const sendTest = (para: string, cookie?: string) => api("/api/settings/email/test", { method: "POST", body: { para }, ...(cookie ? { cookie } : {}) });
const stored = () => t.db.$client.query("select * from email_settings").all();

const SECRET = "S3nh@-do-SMTP-ç-não-conte";
const padaria = {
  host: "127.0.0.1",
  porta: "2525",
  seguranca: "nenhuma",
  usuario: "cobranca@paoquente.com.br",
  senha: SECRET,
  remetenteNome: "Padaria Pão Quente",
  remetenteEmail: "cobranca@paoquente.com.br",
  responderPara: "financeiro@paoquente.com.br",
  aceitarAutoassinado: false,
};

// Everything the app writes to the console during these tests: the password must never be in it.
const logged: string[] = [];
const spies: ReturnType<typeof spyOn>[] = [];
beforeAll(() => {
  for (const method of ["log", "info", "warn", "error", "debug"] as const) {
    spies.push(spyOn(console, method).mockImplementation((...args: unknown[]) => void logged.push(args.map(String).join(" "))));
  }
});
afterAll(() => {
  for (const spy of spies) spy.mockRestore();
  expect(logged.join("\n")).not.toContain(SECRET);
});

let cert: SelfSigned;
beforeAll(async () => {
  cert = await selfSignedCert();
});

describe("GET/PUT /api/settings/email", () => {
  test("before anything is saved: off, STARTTLS by default, no password", async () => {
    const response = await api("/api/settings/email");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      host: "",
      porta: null,
      seguranca: "starttls",
      usuario: "",
      senhaDefinida: false,
      remetenteNome: "",
      remetenteEmail: "",
      responderPara: "",
      aceitarAutoassinado: false,
      configurado: false,
      updatedAt: null,
    });
  });

  test("saves every field; the password is stored for the server but never answered, only that there is one", async () => {
    const response = await put(padaria);
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).not.toContain(SECRET);
    const answer = JSON.parse(text) as EmailSettingsAnswer;
    expect(answer.message).toBe("Configurações de e-mail salvas");
    const { senha: _typed, ...visible } = padaria;
    expect(answer.settings).toMatchObject({ ...visible, porta: 2525, senhaDefinida: true, configurado: true });
    expect(answer.settings).not.toHaveProperty("senha");
    const read = await (await api("/api/settings/email")).text();
    expect(read).not.toContain(SECRET);
    expect(JSON.parse(read)).toEqual(answer.settings);
    expect(stored()).toMatchObject([{ senha: SECRET, porta: 2525, seguranca: "nenhuma" }]);
    // Nor in the page that renders the form.
    const page = await (await api("/settings")).text();
    expect(page).toContain('data-island="EmailSettings"');
    expect(page).not.toContain(SECRET);
  });

  test("an empty password keeps the stored one; a new one replaces it; 'remover senha' forgets it; both at once is refused", async () => {
    await put(padaria);
    expect(((await (await put({ ...padaria, senha: "" })).json()) as EmailSettingsAnswer).settings.senhaDefinida).toBe(true);
    expect(stored()).toMatchObject([{ senha: SECRET }]);
    await put({ ...padaria, senha: null, remetenteNome: "Outro nome" });
    expect(stored()).toMatchObject([{ senha: SECRET, remetente_nome: "Outro nome" }]);
    await put({ ...padaria, senha: " outra senha " });
    expect(stored()).toMatchObject([{ senha: " outra senha " }]); // as typed: spaces may be part of it
    const both = await put({ ...padaria, removerSenha: true });
    expect(both.status).toBe(400);
    expect((await both.json()).errors).toEqual({ senha: "Digite uma nova senha ou remova a senha, não os dois" });
    const removed = (await (await put({ ...padaria, senha: "", removerSenha: true })).json()) as EmailSettingsAnswer;
    expect(removed.settings.senhaDefinida).toBe(false);
    expect(stored()).toMatchObject([{ senha: null }]);
  });

  test("a blank server turns e-mail off and keeps the rest; a blank port means the usual one of the security", async () => {
    expect(((await (await put({ host: "" })).json()) as EmailSettingsAnswer).settings).toMatchObject({ host: "", configurado: false, porta: null });
    const off = (await (await put({ ...padaria, host: "" })).json()) as EmailSettingsAnswer;
    expect(off.settings).toMatchObject({ host: "", configurado: false, remetenteEmail: padaria.remetenteEmail, senhaDefinida: true });
    expect((await sendTest("maria@paoquente.com.br")).status).toBe(409);
    const usual = (await (await put({ ...padaria, porta: "" })).json()) as EmailSettingsAnswer;
    expect(usual.settings.porta).toBeNull();
  });

  describe("in the history: who changed what, and for the password only that it changed", () => {
    const events = () => t.db.$client.query("select details from history_events where entity = 'settings' order by id").all() as { details: string }[];
    beforeEach(() => t.db.$client.exec("delete from history_events where entity = 'settings'"));

    test("'senha do e-mail alterada' / 'removida'; the password in no event and no history answer", async () => {
      await put(padaria);
      await put({ ...padaria, senha: "", host: "smtp.paoquente.com.br" });
      await put({ ...padaria, senha: "Nova-Senha-Secreta-42", host: "smtp.paoquente.com.br" });
      await put({ ...padaria, senha: "", removerSenha: true, host: "smtp.paoquente.com.br" });
      await put({ ...padaria, senha: "", host: "smtp.paoquente.com.br", removerSenha: true }); // nothing changes: no event
      const rows = events();
      expect(rows).toHaveLength(4);
      for (const row of rows) {
        expect(row.details).not.toContain(SECRET);
        expect(row.details).not.toContain("Nova-Senha-Secreta-42");
      }
      const history = await (await api("/api/history?entidade=settings")).text();
      expect(history).not.toContain(SECRET);
      expect(history).not.toContain("Nova-Senha-Secreta-42");
      const texts = (JSON.parse(history) as { texto: string }[]).map((e) => e.texto);
      expect(texts).toContain("financeiro@cofre.test alterou as configurações de e-mail: senha do e-mail alterada");
      expect(texts).toContain("financeiro@cofre.test alterou as configurações de e-mail: senha do e-mail removida");
      expect(texts).toContain("financeiro@cofre.test alterou as configurações de e-mail: Servidor SMTP: 127.0.0.1 → smtp.paoquente.com.br");
      const csv = await (await api("/history/export")).text();
      expect(csv).not.toContain(SECRET);
    });
  });

  const sweep = { send: (path: string, init: Init) => api(path, init), snapshot: stored };
  const bodies: BadInput[] = [
    ...malformedBodies(padaria),
    { name: "a server with spaces", body: { ...padaria, host: "smtp exemplo.com" }, status: 400, errors: { host: "Servidor inválido: use um nome como smtp.exemplo.com.br ou um endereço IP" } },
    { name: "port 0", body: { ...padaria, porta: 0 }, status: 400, errors: { porta: "Porta deve ser um número inteiro entre 1 e 65535" } },
    { name: "port 70000", body: { ...padaria, porta: "70000" }, status: 400, errors: { porta: "Porta deve ser um número inteiro entre 1 e 65535" } },
    { name: "port 'abc'", body: { ...padaria, porta: "abc" }, status: 400, errors: { porta: "Porta deve ser um número inteiro entre 1 e 65535" } },
    { name: "an unknown security", body: { ...padaria, seguranca: "ssl" }, status: 400, errors: { seguranca: "Segurança deve ser nenhuma, STARTTLS ou TLS" } },
    { name: "an invalid sender", body: { ...padaria, remetenteEmail: "cobranca@" }, status: 400, errors: { remetenteEmail: "E-mail inválido" } },
    { name: "no sender", body: { ...padaria, remetenteEmail: "" }, status: 400, errors: { remetenteEmail: "Informe o e-mail do remetente" } },
    { name: "an invalid reply-to", body: { ...padaria, responderPara: "financeiro" }, status: 400, errors: { responderPara: "E-mail inválido" } },
    { name: "a password with a line break", body: { ...padaria, senha: "abc\r\nQUIT" }, status: 400, errors: { senha: "A senha não pode ter quebras de linha" } },
    { name: "a password without a user", body: { ...padaria, usuario: "" }, status: 400, errors: { usuario: "Informe o usuário da senha" } },
    { name: "a string for aceitarAutoassinado", body: { ...padaria, aceitarAutoassinado: "sim" }, status: 400, errors: { aceitarAutoassinado: "Aceitar certificado autoassinado deve ser verdadeiro ou falso" } },
    { name: "a NUL in the sender's name", body: { ...padaria, remetenteNome: "Pão\0Quente" }, status: 400, errors: { remetenteNome: "Caractere inválido no texto" } },
  ];
  sweepBodies(sweep, { method: "PUT", label: "/api/settings/email", setup: () => put({ ...padaria, host: "smtp.antes.com.br" }), path: () => "/api/settings/email" }, bodies);

  test("a refused password is not echoed back", async () => {
    const response = await put({ ...padaria, senha: `${SECRET}\n` });
    expect(response.status).toBe(400);
    expect(await response.text()).not.toContain(SECRET);
  });
});

describe("POST /api/settings/email/test: a real message, and what the server said", () => {
  let smtp: TestSmtp;
  beforeAll(async () => {
    smtp = await startSmtp({ credentials: { user: padaria.usuario, pass: SECRET } });
  });
  afterAll(() => smtp.close());
  afterEach(() => void smtp.delivered.splice(0));

  test("not configured: 409 saying what to fill in", async () => {
    const response = await sendTest("maria@paoquente.com.br");
    expect(response.status).toBe(409);
    expect((await response.json()).message).toBe("Informe o servidor SMTP e o e-mail do remetente e salve antes de enviar o teste");
  });

  test("accepted: 200 with the server's answer; the message arrives, in UTF-8, from the sender to the address typed", async () => {
    await t.request("/api/settings", { method: "PUT", cookie: t.cookie, body: { empresa: "Padaria Pão Quente Ltda", cidade: "São Paulo", chavePix: "", modeloMensagem: "" } });
    await put({ ...padaria, porta: smtp.port });
    const response = await sendTest("maria@paoquente.com.br");
    expect(response.status).toBe(200);
    const { message } = (await response.json()) as { message: string };
    expect(message).toStartWith("O servidor aceitou o e-mail de teste para maria@paoquente.com.br. Resposta: 250");
    expect(smtp.delivered).toHaveLength(1);
    const mail = smtp.delivered[0]!.parsed;
    expect(smtp.delivered[0]!.envelope).toEqual({ from: "cobranca@paoquente.com.br", to: ["maria@paoquente.com.br"] });
    expect(mail.subject).toBe("Teste de e-mail do Cofre");
    expect(mail.text).toContain("Este é um e-mail de teste enviado pelo Cofre de Padaria Pão Quente Ltda");
    expect(mail.text).toContain(`Servidor: 127.0.0.1:${smtp.port} (Nenhuma)`);
    expect(mail.from?.value).toEqual([{ name: "Padaria Pão Quente", address: "cobranca@paoquente.com.br" }]);
    expect(mail.headers.get("auto-submitted")).toBe("auto-generated");
  });

  test("535: 502 'Autenticação recusada' with the server's words, never the password", async () => {
    await put({ ...padaria, porta: smtp.port, senha: "senha-errada-123" });
    const response = await sendTest("maria@paoquente.com.br");
    expect(response.status).toBe(502);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ message: "Autenticação recusada: usuário ou senha incorretos. O servidor respondeu: 535 5.7.8 Authentication credentials invalid" });
    expect(text).not.toContain("senha-errada-123");
    expect(smtp.delivered).toHaveLength(0);
  });

  test("connection refused: 502 in pt-BR", async () => {
    const port = await closedPort();
    await put({ ...padaria, porta: port });
    const response = await sendTest("maria@paoquente.com.br");
    expect(response.status).toBe(502);
    expect((await response.json()).message).toBe(`Conexão recusada por 127.0.0.1:${port}: confira o servidor e a porta.`);
  });

  test("a server that never greets: 502 after the timeout, and the app answers other requests meanwhile", async () => {
    const silent = await startSilentServer();
    try {
      await put({ ...padaria, porta: silent.port });
      let settled = false;
      const pending = sendTest("maria@paoquente.com.br").then((response) => ((settled = true), response));
      // While the test waits for a greeting that never comes, the event loop is free.
      const health = await t.request("/healthz");
      expect(health.status).toBe(200);
      expect((await api("/api/settings/email")).status).toBe(200);
      expect(settled).toBe(false);
      const response = await pending;
      expect(response.status).toBe(502);
      expect((await response.json()).message).toBe(
        `O servidor 127.0.0.1:${silent.port} aceitou a conexão mas não respondeu à saudação SMTP: confira a porta e a segurança (TLS na 465, STARTTLS na 587).`,
      );
    } finally {
      await silent.close();
    }
  });

  test("a self-signed certificate: 'não é confiável' without the setting, accepted with it", async () => {
    const tls = await startSmtp({ cert, secure: true });
    try {
      await put({ ...padaria, usuario: "", senha: "", removerSenha: true, porta: tls.port, seguranca: "tls" });
      const refused = await sendTest("maria@paoquente.com.br");
      expect(refused.status).toBe(502);
      expect((await refused.json()).message).toContain("não é confiável");
      await put({ ...padaria, usuario: "", senha: "", porta: tls.port, seguranca: "tls", aceitarAutoassinado: true });
      expect((await sendTest("maria@paoquente.com.br")).status).toBe(200);
      expect(tls.delivered).toHaveLength(1);
    } finally {
      await tls.close();
    }
  });

  test("an invalid or missing address: 400 in pt-BR, nothing sent", async () => {
    await put({ ...padaria, porta: smtp.port });
    for (const [body, error] of [
      [{ para: "maria@" }, "E-mail inválido"],
      [{ para: "" }, "Informe o e-mail que recebe o teste"],
      [{}, "Informe o e-mail que recebe o teste"],
    ] as const) {
      const response = await api("/api/settings/email/test", { method: "POST", body });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ message: error, errors: { para: error } });
    }
    expect(smtp.delivered).toHaveLength(0);
  });
});

describe("administrators only", () => {
  for (const papel of ["financeiro", "consulta"] as const) {
    test(`${papel}: 403 on reading, saving and testing, and nothing changes`, async () => {
      await put(padaria);
      const before = stored();
      const email = `${papel}-email@cofre.test`;
      await addTestUser(t.db, email, "senha-de-teste-longa", { papel });
      const login = await t.request("/api/auth/login", { method: "POST", body: { email, password: "senha-de-teste-longa" } });
      const cookie = login.headers.get("set-cookie")!.split(";")[0]!;
      const read = await api("/api/settings/email", { cookie });
      expect(read.status).toBe(403);
      expect(await read.text()).not.toContain(SECRET);
      expect((await api("/api/settings/email", { method: "PUT", body: { ...padaria, host: "smtp.golpe.com" }, cookie })).status).toBe(403);
      expect((await sendTest("x@golpe.com", cookie)).status).toBe(403);
      expect(stored()).toEqual(before);
    });
  }
});

test("the outbox's transport reads the settings in force: off → retryable 'não configurado'; then it sends", async () => {
  const { configuredTransport } = await import("./service");
  const transport = configuredTransport(t.db);
  try {
    expect(await transport.send({ to: "a@b.com.br", subject: "x", text: "y" })).toEqual({
      ok: false,
      error: "E-mail não configurado: informe o servidor SMTP e o remetente em Configurações.",
      retryable: true,
    });
    const smtp = await startSmtp();
    try {
      await put({ ...padaria, usuario: "", senha: "", removerSenha: true, porta: smtp.port });
      expect((await transport.send({ to: "a@b.com.br", subject: "Olá", text: "Açaí" })).ok).toBe(true);
      expect(smtp.delivered[0]!.parsed.text?.trim()).toBe("Açaí");
    } finally {
      transport.close();
      await smtp.close();
    }
  } finally {
    transport.close();
  }
});
