import { afterEach, beforeEach, describe, expect, spyOn, test } from "bun:test";
import { act } from "react";
import { PASSWORD_WEAK, type SessionJson } from "../src/api/users/model";
import { dismissToast, toastSignal } from "../src/ui/toast";
import { button, control, json, mockFetch, settle, type Call } from "../tests/islands";
import { cleanup, click, get, render, serverRenderAndHydrate, typeInto } from "../tests/ui";
import { MISMATCH } from "./account/PasswordForm";
import AccountScreen, { TEMPORARY_NOTICE, type AccountScreenProps } from "./AccountScreen";

const PASSWORD_TOO_COMMON = `${PASSWORD_WEAK} Esta é uma senha comumente usada. Adicione mais palavras menos comuns.`;
const JOAO = { id: 7, email: "joao@padariapaoquente.com.br", nome: "João Financeiro", papel: "financeiro" as const, trocarSenha: false };

const THIS: SessionJson = { id: "a1", criadaEm: "2026-03-12T17:05:00.000Z", ultimoUso: "2026-03-12T18:00:00.000Z", navegador: "Chrome no Linux", endereco: "203.0.113.7", atual: true };
const PHONE: SessionJson = { id: "b2", criadaEm: "2026-03-01T12:00:00.000Z", ultimoUso: "2026-03-02T09:15:00.000Z", navegador: "Safari no iOS", endereco: "2001:db8::7", atual: false };
const OLD: SessionJson = { id: "c3", criadaEm: "2026-02-20T12:00:00.000Z", ultimoUso: null, navegador: "Navegador desconhecido", endereco: null, atual: false };

const props = (overrides: Partial<AccountScreenProps> = {}): AccountScreenProps => ({
  user: JOAO,
  sessions: [THIS, PHONE, OLD],
  timeZone: "America/Sao_Paulo",
  ...overrides,
});

let calls: Call[];
beforeEach(() => {
  calls = [];
  sessionStorage.clear();
});
afterEach(() => {
  act(() => dismissToast());
  cleanup();
});

const rows = () => [...document.querySelectorAll<HTMLTableRowElement>(".account-sessions tbody tr")];
const cells = (tr: HTMLTableRowElement) => [...tr.querySelectorAll("td")].map((td) => td.textContent?.trim());
const requests = () => calls.map((c) => `${c.method} ${c.url}`);

function fill(atual: string, nova: string, confirmacao = nova) {
  typeInto(control("Senha atual"), atual);
  typeInto(control("Nova senha"), nova);
  typeInto(control("Confirmar nova senha"), confirmacao);
}

describe("AccountScreen: who I am", () => {
  test("hydrates the server's HTML without a mismatch", () => {
    const { errors } = serverRenderAndHydrate(<AccountScreen {...props()} />);
    expect(errors).toEqual([]);
  });

  test("the e-mail, the name and the role with what it may do; no notice with a chosen password", () => {
    render(<AccountScreen {...props()} />);
    const facts = get(".account-facts").textContent!;
    expect(facts).toContain("joao@padariapaoquente.com.br");
    expect(facts).toContain("João Financeiro");
    expect(facts).toContain("Financeiro");
    expect(facts).toContain("não usuários nem configurações");
    expect(document.body.textContent).not.toContain(TEMPORARY_NOTICE);
  });

  test("a temporary password: the notice says to choose one", () => {
    render(<AccountScreen {...props({ user: { ...JOAO, trocarSenha: true } })} />);
    expect(get('[role="alert"]').textContent).toContain("Sua senha é temporária: escolha uma nova para continuar");
  });
});

describe("AccountScreen: Trocar senha", () => {
  test("the confirmation is checked here: nothing is sent while it differs", async () => {
    mockFetch(calls, () => json({}));
    render(<AccountScreen {...props()} />);
    fill("senha-antiga-123", "pao-quente-2026-caixa", "pao-quente-2026-caxia");
    click(button("Trocar senha"));
    await settle();
    expect(calls).toEqual([]);
    expect(control("Confirmar nova senha").getAttribute("aria-invalid")).toBe("true");
    expect(document.body.textContent).toContain(MISMATCH);
    expect(document.activeElement).toBe(control("Confirmar nova senha"));
  });

  test("the server's rules land under their fields, the typed values stay", async () => {
    mockFetch(calls, () => json({ message: PASSWORD_TOO_COMMON, errors: { novaSenha: PASSWORD_TOO_COMMON } }, 400));
    render(<AccountScreen {...props()} />);
    fill("senha-antiga-123", "1234567890");
    click(button("Trocar senha"));
    await settle();
    expect(calls).toEqual([{ method: "POST", url: "/api/auth/password", body: { senhaAtual: "senha-antiga-123", novaSenha: "1234567890" } }]);
    expect(control("Nova senha").getAttribute("aria-invalid")).toBe("true");
    expect(get(".ui-field__error").textContent).toBe(PASSWORD_TOO_COMMON);
    expect(document.activeElement).toBe(control("Nova senha"));
    expect(control("Senha atual").value).toBe("senha-antiga-123");
    expect(toastSignal.value).toMatchObject({ title: "Erro", description: PASSWORD_TOO_COMMON });
  });

  test("a wrong current password: under Senha atual", async () => {
    mockFetch(calls, () => json({ message: "Senha atual incorreta", errors: { senhaAtual: "Senha atual incorreta" } }, 400));
    render(<AccountScreen {...props()} />);
    fill("errada-errada", "pao-quente-2026-caixa");
    click(button("Trocar senha"));
    await settle();
    expect(control("Senha atual").getAttribute("aria-invalid")).toBe("true");
    expect(get(".ui-field__error").textContent).toBe("Senha atual incorreta");
  });

  test("changed: the server's message, the form empty, and the sessions again (the others ended)", async () => {
    mockFetch(calls, (call) => (call.method === "GET" ? json([THIS]) : json({ message: "Senha alterada; suas outras sessões foram encerradas" })));
    render(<AccountScreen {...props()} />);
    fill("senha-antiga-123", "pao-quente-2026-caixa");
    click(button("Trocar senha"));
    await settle();
    expect(requests()).toEqual(["POST /api/auth/password", "GET /api/auth/sessions"]);
    expect(toastSignal.value?.title).toBe("Senha alterada; suas outras sessões foram encerradas");
    expect(control("Nova senha").value).toBe("");
    expect(rows()).toHaveLength(1);
  });

  test("changed from a temporary password: on to the dashboard, the message waiting there", async () => {
    const assign = spyOn(location, "assign").mockImplementation(() => {});
    try {
      mockFetch(calls, () => json({ message: "Senha alterada; suas outras sessões foram encerradas" }));
      render(<AccountScreen {...props({ user: { ...JOAO, trocarSenha: true } })} />);
      fill("abcd-EFGH-2345-jkmn", "pao-quente-2026-caixa");
      click(button("Trocar senha"));
      await settle();
      expect(assign).toHaveBeenCalledWith("/");
      expect(JSON.parse(sessionStorage.getItem("cofre-flash-toast")!)).toEqual({ title: "Senha alterada; suas outras sessões foram encerradas" });
    } finally {
      assign.mockRestore();
    }
  });
});

describe("AccountScreen: Sessões", () => {
  test("Navegador with 'Esta sessão', Endereço (or desconhecido), Criada em, Último uso (or Nunca); Encerrar on the others only", () => {
    render(<AccountScreen {...props()} />);
    expect([...document.querySelectorAll(".account-sessions th")].map((th) => th.textContent)).toEqual(["Navegador", "Endereço", "Criada em", "Último uso", "Ações"]);
    expect(rows().map(cells)).toEqual([
      ["Chrome no LinuxEsta sessão", "203.0.113.7", "12/03/2026 14:05", "12/03/2026 15:00", ""],
      ["Safari no iOS", "2001:db8::7", "01/03/2026 09:00", "02/03/2026 06:15", "Encerrar"],
      ["Navegador desconhecido", "desconhecido", "20/02/2026 09:00", "Nunca", "Encerrar"],
    ]);
    expect(get(".account-sessions .ui-table").getAttribute("aria-label")).toBe("Suas sessões");
  });

  test("Encerrar ends that session (DELETE), says the server's message and shows the list again", async () => {
    mockFetch(calls, (call) => (call.method === "GET" ? json([THIS, OLD]) : json({ message: "Sessão encerrada" })));
    render(<AccountScreen {...props()} />);
    click(button("Encerrar sessão Safari no iOS criada em 01/03/2026 09:00"));
    await settle();
    expect(requests()).toEqual(["DELETE /api/auth/sessions/b2", "GET /api/auth/sessions"]);
    expect(toastSignal.value?.title).toBe("Sessão encerrada");
    expect(rows()).toHaveLength(2);
  });

  test("Encerrar as outras: one POST; with no other session it is disabled", async () => {
    mockFetch(calls, (call) => (call.method === "GET" ? json([THIS]) : json({ message: "2 sessões encerradas", encerradas: 2 })));
    render(<AccountScreen {...props()} />);
    click(button("Encerrar as outras"));
    await settle();
    expect(requests()).toEqual(["POST /api/auth/sessions/others/end", "GET /api/auth/sessions"]);
    expect(toastSignal.value?.title).toBe("2 sessões encerradas");
    expect(button("Encerrar as outras").disabled).toBe(true);
  });

  test("a refusal says why", async () => {
    mockFetch(calls, () => json({ message: "Sessão não encontrada" }, 404));
    render(<AccountScreen {...props()} />);
    click(button("Encerrar sessão Safari no iOS criada em 01/03/2026 09:00"));
    await settle();
    expect(toastSignal.value).toMatchObject({ title: "Erro", description: "Sessão não encontrada" });
  });
});
