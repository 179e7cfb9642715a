import { describe, expect, test } from "bun:test";
import { ADMIN, addTestUser, useTestApp } from "../../../tests/support";
import { malformedBodies, sweepBodies, type SweepTarget } from "../../../tests/sweep";
import type { CreatedUserAnswer, SessionJson, UserJson } from "./model";
import { passwordProblem } from "./password-rules";
import { browserOf, changeOwnPassword, PASSWORD_CHANGED_MEANWHILE } from "./service";

const t = useTestApp({ now: "2026-03-15T10:00:00-03:00" });
const api = t.api;

const events = (action: string) => t.db.$client.query("select label, details, user_email from history_events where action = ? order by id").all(action) as { label: string; details: string; user_email: string }[];

async function create(body: object): Promise<CreatedUserAnswer> {
  const response = await api("/api/users", { method: "POST", body });
  const answer = await response.json();
  if (response.status !== 201) throw new Error(`${response.status} ${JSON.stringify(answer)}`);
  return answer as CreatedUserAnswer;
}

const login = (email: string, password: string, userAgent?: string) =>
  t.request("/api/auth/login", { method: "POST", body: { email, password }, headers: userAgent ? { "user-agent": userAgent } : {} });
const cookieOf = (response: Response) => response.headers.get("set-cookie")!.split(";")[0]!;

/** A user seeded with a cheap hash (creating one through the API is the subject of its own tests). */
async function seeded(role: "administrador" | "financeiro" | "consulta", nome: string): Promise<{ id: number; email: string }> {
  const address = email(role);
  await addTestUser(t.db, address, "livro-caixa-2026", { papel: role, nome });
  return t.db.$client.query("select id, email from users where email = ?").get(address) as { id: number; email: string };
}

let n = 0;
const email = (role: string) => `${role}.${++n}@equipe.test`;

describe("users (administrators)", () => {
  test("role and active change (deactivating ends the sessions at once); the last active administrator stays (409); listed with filters", async () => {
    const beto = await seeded("consulta", "Beto");
    const address = beto.email;
    const cookie = cookieOf(await login(address, "livro-caixa-2026"));
    expect((await t.request("/api/auth/me", { cookie })).status).toBe(200);
    const off = await api(`/api/users/${beto.id}`, { method: "PATCH", body: { ativo: false } });
    expect(((await off.json()) as { user: UserJson }).user.ativo).toBe(false);
    expect((await t.request("/api/auth/me", { cookie })).status).toBe(401);
    const promoted = await api(`/api/users/${beto.id}`, { method: "PATCH", body: { papel: "financeiro", ativo: true } });
    expect(((await promoted.json()) as { user: UserJson }).user).toMatchObject({ papel: "financeiro", ativo: true });
    // The first user is the only active administrator.
    const me = t.db.$client.query("select id from users where email = ?").get(ADMIN.email) as { id: number };
    const demote = await api(`/api/users/${me.id}`, { method: "PATCH", body: { papel: "consulta" } });
    expect(demote.status).toBe(409);
    expect((await demote.json()).message).toBe("Este é o último administrador ativo: promova ou reative outro antes");
    const list = await api("/api/users?papel=financeiro&ativo=sim&q=beto");
    expect(list.headers.get("x-total-count")).toBe("1");
    expect(((await list.json()) as UserJson[]).map((u) => u.email)).toEqual([address]);
    expect(events("update").some((e) => e.details.includes('"papel":["consulta","financeiro"]'))).toBe(true);
  });

  const target: SweepTarget = { send: api, snapshot: () => t.db.$client.query("select * from users order by id").all() };
  sweepBodies(target, { method: "POST", label: "/api/users", setup: () => undefined, path: () => "/api/users" }, [
    ...malformedBodies({ email: "a@b.c", nome: "A", papel: "consulta" }),
    { name: "a role that does not exist", body: { email: "z@b.c", nome: "Z", papel: "chefe" }, status: 400, errors: { papel: "Perfil inválido: use administrador, financeiro ou consulta" } },
    { name: "no e-mail", body: { nome: "Z", papel: "consulta" }, status: 400 },
  ]);

  // Each has its own user; the passwords they create are hashed cheaply (tests/cheap-password-hashing.ts).
  test("a new user with a temporary password sees it once, must change it first, and is recorded without the password", async () => {
    const address = email("financeiro");
    const created = await create({ email: address, nome: "Ana Souza", papel: "financeiro" });
    expect(created.user).toMatchObject({ email: address, nome: "Ana Souza", papel: "financeiro", ativo: true, trocarSenha: true });
    expect(created.senhaTemporaria).toMatch(/^[A-Za-z2-9]{4}(-[A-Za-z2-9]{4}){3}$/);
    expect(JSON.stringify(events("user_add"))).not.toContain(created.senhaTemporaria!);
    const signedIn = await login(address, created.senhaTemporaria!);
    expect(signedIn.status).toBe(200);
    const cookie = cookieOf(signedIn);
    // Until the password is changed: pages lead to /account, the API refuses.
    const page = await t.request("/clients", { cookie });
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe("/account");
    expect((await t.request("/api/clients", { cookie })).status).toBe(403);
    const changed = await t.request("/api/auth/password", { method: "POST", cookie, body: { senhaAtual: created.senhaTemporaria, novaSenha: "uma senha bem minha" } });
    expect(changed.status).toBe(200);
    expect((await t.request("/clients", { cookie })).status).toBe(200);
  });

  test("a typed password follows the rules (issue 31 §15): 10 characters, not the e-mail, zxcvbn-ts score ≥ 3 with its pt-BR advice; an empty one is a 400, not a 500", async () => {
    for (const [senha, message] of [
      ["", "A senha deve ter pelo menos 10 caracteres"],
      ["curta", "A senha deve ter pelo menos 10 caracteres"],
      ["1234567890", "Senha fácil de adivinhar. Esta é uma senha usada frequentemente. Adicione mais palavras menos comuns."],
      ["123456789012", "Senha fácil de adivinhar. Esta é uma senha comumente usada. Adicione mais palavras menos comuns."],
      ["aaaaaaaaaa", "Senha fácil de adivinhar. Caracteres repetidos, como \"aaa\" são fáceis de adivinhar. Adicione mais palavras menos comuns. Evite repetir sequências de caracteres e palavras."],
    ] as const) {
      const refused = await api("/api/users", { method: "POST", body: { email: email("x"), nome: "X", papel: "consulta", senha } });
      expect({ senha, status: refused.status, errors: (await refused.json()).errors }).toEqual({ senha, status: 400, errors: { senha: message } });
    }
    expect(t.db.$client.query("select count(*) n from users where email like 'x.%'").get()).toEqual({ n: 0 });
    expect(await passwordProblem("Maria@Empresa.com.br", "maria@empresa.com.br")).toBe("A senha não pode ser o seu e-mail");
    // Weak by the Brazilian dictionaries and by the account's own words, each with its advice.
    for (const weak of ["flamengo2024", "senhasenha12", "qwertyuiop12", "mariasilva2026", "brasil123456"]) {
      const problem = await passwordProblem(weak, "maria.silva@empresa.com.br");
      expect({ weak, problem: problem?.startsWith("Senha fácil de adivinhar. ") }).toEqual({ weak, problem: true });
    }
    for (const strong of ["livro-caixa-2026", "Correta-Cavalo-Bateria-9", "uma senha bem minha"]) expect({ strong, problem: await passwordProblem(strong, "maria@empresa.com.br") }).toEqual({ strong, problem: null });
    const typed = await create({ email: email("consulta"), nome: "Contador", papel: "consulta", senha: "livro-caixa-2026" });
    expect(typed.senhaTemporaria).toBeUndefined();
    expect(typed.user.trocarSenha).toBe(false);
    const taken = await api("/api/users", { method: "POST", body: { email: typed.user.email, nome: "Outro", papel: "consulta" } });
    expect(taken.status).toBe(409);
  });

  test("reset password: a new temporary one, shown once, the sessions ended", async () => {
    const caio = await seeded("financeiro", "Caio");
    const address = caio.email;
    const cookie = cookieOf(await login(address, "livro-caixa-2026"));
    const reset = await api(`/api/users/${caio.id}/reset-password`, { method: "POST" });
    const { senhaTemporaria } = (await reset.json()) as { senhaTemporaria: string };
    expect((await t.request("/api/auth/me", { cookie })).status).toBe(401);
    expect((await login(address, senhaTemporaria)).status).toBe(200);
  });
});

describe("Minha conta", () => {
  test("own password: the current one first; the other sessions end, this one stays", async () => {
    const { email: address } = await seeded("consulta", "Dani");
    const here = cookieOf(await login(address, "livro-caixa-2026", "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36"));
    const there = cookieOf(await login(address, "livro-caixa-2026", "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1"));
    const sessions = (await (await t.request("/api/auth/sessions", { cookie: here })).json()) as SessionJson[];
    expect(sessions.map((s) => [s.navegador, s.atual]).sort()).toEqual([
      ["Chrome no Windows", true],
      ["Safari no iOS", false],
    ]);
    const wrong = await t.request("/api/auth/password", { method: "POST", cookie: here, body: { senhaAtual: "errada", novaSenha: "outra senha longa" } });
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).errors).toEqual({ senhaAtual: "Senha atual incorreta" });
    const ok = await t.request("/api/auth/password", { method: "POST", cookie: here, body: { senhaAtual: "livro-caixa-2026", novaSenha: "outra senha longa" } });
    expect(ok.status).toBe(200);
    expect((await t.request("/api/auth/me", { cookie: here })).status).toBe(200);
    expect((await t.request("/api/auth/me", { cookie: there })).status).toBe(401);
  });

  test("two changes of one person's password at once (two tabs, two devices): exactly one succeeds, the other is a 409 and changed nothing", async () => {
    const dora = await seeded("financeiro", "Dora");
    // Straight to the service: both start before either writes, as two requests do when each
    // waits on its argon2 checks (over HTTP the second may also arrive after the first ended its session: a 401).
    const change = (token: string, novaSenha: string) =>
      changeOwnPassword(t.db, dora.id, token, "livro-caixa-2026", novaSenha).then(
        () => 200,
        (error: { status?: number; message: string }) => ({ status: error.status, message: error.message }),
      );
    const answers = await Promise.all([change("aba-1", "primeira-escolha-de-senha"), change("aba-2", "segunda-escolha-de-senha")]);
    expect(answers).toContainEqual({ status: 409, message: PASSWORD_CHANGED_MEANWHILE });
    expect(answers).toContain(200);
    const kept = answers[0] === 200 ? "primeira-escolha-de-senha" : "segunda-escolha-de-senha";
    const lost = kept.startsWith("primeira") ? "segunda-escolha-de-senha" : "primeira-escolha-de-senha";
    expect((await login(dora.email, kept)).status).toBe(200);
    expect((await login(dora.email, lost)).status).toBe(401);
    expect(events("user_passwd").filter((e) => e.label === dora.email)).toHaveLength(1);
  });

  test("end one session, or all the others; another person's session cannot be named", async () => {
    const { email: address } = await seeded("financeiro", "Edu");
    const a = cookieOf(await login(address, "livro-caixa-2026"));
    const b = cookieOf(await login(address, "livro-caixa-2026"));
    const c = cookieOf(await login(address, "livro-caixa-2026"));
    const others = ((await (await t.request("/api/auth/sessions", { cookie: a })).json()) as SessionJson[]).filter((s) => !s.atual);
    expect(others).toHaveLength(2);
    expect((await t.request(`/api/auth/sessions/${others[0]!.id}`, { method: "DELETE", cookie: a })).status).toBe(200);
    expect((await t.request(`/api/auth/sessions/${others[0]!.id}`, { method: "DELETE", cookie: t.cookie })).status).toBe(404);
    const ended = await t.request("/api/auth/sessions/others/end", { method: "POST", cookie: a });
    expect(((await ended.json()) as { encerradas: number }).encerradas).toBe(1);
    expect((await t.request("/api/auth/me", { cookie: b })).status + (await t.request("/api/auth/me", { cookie: c })).status).toBe(802);
    expect((await t.request("/api/auth/me", { cookie: a })).status).toBe(200);
  });

  test("the browser as people name it", () => {
    expect(browserOf(null)).toBe("Navegador desconhecido");
    expect(browserOf("Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0")).toBe("Firefox no Linux");
    expect(browserOf("Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36 Edg/130.0")).toBe("Edge no Windows");
    expect(browserOf("Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36")).toBe("Chrome no Android");
  });
});
