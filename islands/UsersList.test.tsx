import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { act } from "react";
import { LAST_ADMIN, PASSWORD_TOO_SHORT, type UserJson } from "../src/api/users/model";
import { dismissToast, toastSignal } from "../src/ui/toast";
import { button, control, json, lastDialog, listPage, mockFetch, openDialogs, pause, rowAction, rowActions, settle, settleUntil, type Call } from "../tests/islands";
import { cleanup, click, get, render, serverRenderAndHydrate, typeInto } from "../tests/ui";
import { newRecordRequest } from "./lib/state";
import UsersList, { type UsersListProps } from "./UsersList";
// The dialogs load with their first opening (islands/lib/on-demand.tsx): compiled ahead here, so
// the settle() after an opening click is enough for them to show.
import "./users/NewUserDialog";
import "./users/EditUserDialog";

let nextId = 1;
function user(email: string, nome: string, papel: UserJson["papel"], more: Partial<UserJson> = {}): UserJson {
  return { id: nextId++, email, nome, papel, ativo: true, trocarSenha: false, ultimoAcesso: null, createdAt: "2026-01-05T12:00:00.000Z", ...more };
}

// The signed-in administrator, the finance person and the outside accountant.
const MARTA = user("marta@padariapaoquente.com.br", "Marta Dono", "administrador", { ultimoAcesso: "2026-03-12T17:05:00.000Z" });
const JOAO = user("joao@padariapaoquente.com.br", "João Financeiro", "financeiro", { ultimoAcesso: "2026-03-10T11:30:00.000Z" });
const CONTADOR = user("contador@escritorio.com.br", "", "consulta", { trocarSenha: true });

const PARAMS = { q: "", papel: "", ativo: "", ordem: "email", pagina: "1", porPagina: "50" };
const props = (rows = [CONTADOR, JOAO, MARTA], params = PARAMS): UsersListProps => ({
  initial: { rows, total: rows.length },
  params,
  currentUserId: MARTA.id,
  timeZone: "America/Sao_Paulo",
});

let calls: Call[];
let copied: string[];
beforeEach(() => {
  calls = [];
  copied = [];
  history.replaceState(null, "", "/users");
  Object.defineProperty(navigator, "clipboard", { configurable: true, value: { writeText: async (text: string) => void copied.push(text) } });
});
afterEach(() => {
  act(() => dismissToast());
  cleanup();
});

/** The API: pages of users for every GET, `write` for the change under test. */
function api(write: (call: Call) => Response, rows = [CONTADOR, JOAO, MARTA]) {
  mockFetch(calls, (call) => (call.method === "GET" ? listPage(rows) : write(call)));
}

const rows = () => [...document.querySelectorAll<HTMLTableRowElement>(".users-table tbody tr")];
const cells = (tr: HTMLTableRowElement) => [...tr.querySelectorAll("td")].map((td) => td.textContent?.trim());
const writes = () => calls.filter((c) => c.method !== "GET").map((c) => ({ method: c.method, url: c.url, body: c.body }));
const gets = () => calls.filter((c) => c.method === "GET").map((c) => c.url);

/** The header's "Novo …", then its dialog (its code loads with the first opening). */
async function openNew() {
  act(() => {
    newRecordRequest.value++;
  });
  await settle();
  return lastDialog();
}

describe("UsersList: the table", () => {
  test("hydrates the server's HTML without a mismatch", () => {
    const { errors } = serverRenderAndHydrate(<UsersList {...props()} />);
    expect(errors).toEqual([]);
  });

  test("E-mail, Nome, Perfil, Situação, Último acesso (dd/mm/aaaa hh:mm in APP_TZ, or Nunca), Ações", () => {
    render(<UsersList {...props()} />);
    expect([...document.querySelectorAll(".users-table th")].map((th) => th.textContent)).toEqual(["E-mail", "Nome", "Perfil", "Situação", "Último acesso", "Ações"]);
    expect(cells(rows()[0]!).slice(0, 5)).toEqual(["contador@escritorio.com.br", "Sem nome", "Consulta", "Ativosenha temporária", "Nunca"]);
    expect(cells(rows()[1]!).slice(0, 5)).toEqual(["joao@padariapaoquente.com.br", "João Financeiro", "Financeiro", "Ativo", "10/03/2026 08:30"]);
    expect(cells(rows()[2]!).slice(0, 5)).toEqual(["marta@padariapaoquente.com.brVocê", "Marta Dono", "Administrador", "Ativo", "12/03/2026 14:05"]);
    expect(get("#usuarios-contagem").textContent).toBe("Usuários 1–3 de 3");
    expect(get(".users-table .ui-table").getAttribute("aria-label")).toBe("Lista de usuários");
  });

  test("each other row: Editar, and Redefinir senha and Desativar in its menu (a name-less user is named by the e-mail)", () => {
    render(<UsersList {...props()} />);
    expect(rowActions("João Financeiro")).toEqual(["Editar", "Redefinir senha", "Desativar"]);
    expect(rowActions("contador@escritorio.com.br")).toEqual(["Editar", "Redefinir senha", "Desativar"]);
  });

  test("a deactivated user offers Reativar", () => {
    render(<UsersList {...props([{ ...JOAO, ativo: false }])} />);
    expect(cells(rows()[0]!)[3]).toBe("Desativado");
    expect(rowActions("João Financeiro")).toEqual(["Editar", "Redefinir senha", "Reativar"]);
  });

  test("the administrator's own row: its menu is shown disabled, with the reason as its description", () => {
    render(<UsersList {...props()} />);
    const own = button("Mais ações para Marta Dono");
    expect(own.getAttribute("aria-disabled")).toBe("true");
    click(own);
    expect(document.querySelector('[role="menu"]')).toBeNull();
    expect(openDialogs()).toHaveLength(0);
    const hint = document.getElementById(own.getAttribute("aria-describedby")!.split(" ").at(-1)!);
    expect(hint?.textContent).toContain("só outro administrador pode desativá-la");
  });

  test("Perfil and Situação filter on the server; the view is in the URL; Limpar filtros clears both", async () => {
    api(() => json({}), [JOAO]);
    render(<UsersList {...props()} />);
    act(() => {
      const select = control<HTMLSelectElement>("Perfil");
      select.value = "financeiro";
      select.dispatchEvent(new Event("change", { bubbles: true }));
    });
    await settle();
    act(() => {
      const select = control<HTMLSelectElement>("Situação");
      select.value = "nao";
      select.dispatchEvent(new Event("change", { bubbles: true }));
    });
    await settle();
    expect(gets()).toEqual(["/api/users?papel=financeiro&ordem=email&porPagina=50", "/api/users?papel=financeiro&ativo=nao&ordem=email&porPagina=50"]);
    expect(location.search).toBe("?papel=financeiro&ativo=nao");
    click(button("Limpar filtros"));
    await settle();
    expect(location.search).toBe("");
  });

  test("typing a search waits for a pause, then fetches; Último acesso sorts on the server", async () => {
    api(() => json({}), [JOAO]);
    render(<UsersList {...props()} />);
    pause(300, () => typeInto(control("Buscar"), "joao"));
    await settle();
    click(button("Último acesso"));
    await settle();
    expect(gets()).toEqual(["/api/users?q=joao&ordem=email&porPagina=50", "/api/users?q=joao&ordem=ultimoAcesso&porPagina=50"]);
  });

  test("no user matches: says so and offers Limpar filtros", () => {
    render(<UsersList {...props([], { ...PARAMS, papel: "consulta" })} />);
    expect(get(".ui-empty__title").textContent).toBe("Nenhum usuário encontrado");
    expect(get("#usuarios-contagem").textContent).toBe("Nenhum usuário");
  });
});

describe("UsersList: Novo usuário", () => {
  test("without a password: POST without senha; the temporary one is shown once, with Copiar and the warning", async () => {
    const created = user("ana@padariapaoquente.com.br", "Ana Caixa", "consulta", { trocarSenha: true });
    api(() => json({ message: "Usuário criado: anote a senha temporária, ela não será mostrada de novo", user: created, senhaTemporaria: "abcd-EFGH-2345-jkmn" }, 201));
    render(<UsersList {...props()} />);
    const dialog = await openNew();
    expect(dialog.querySelector("h2")?.textContent).toBe("Novo usuário");
    expect(document.activeElement).toBe(control("E-mail", dialog));
    typeInto(control("E-mail", dialog), "Ana@PadariaPaoQuente.com.br");
    typeInto(control("Nome", dialog), "Ana Caixa");
    act(() => {
      const select = control<HTMLSelectElement>("Perfil", dialog);
      select.value = "consulta";
      select.dispatchEvent(new Event("change", { bubbles: true }));
    });
    expect(dialog.textContent).toContain("não altera nada");
    click(button("Criar usuário", dialog));
    // The temporary password's dialog loads on demand.
    await settleUntil(() => lastDialog()?.querySelector("h2")?.textContent === "Senha temporária", "the Senha temporária dialog");
    expect(writes()).toEqual([{ method: "POST", url: "/api/users", body: { email: "Ana@PadariaPaoQuente.com.br", nome: "Ana Caixa", papel: "consulta" } }]);
    expect(toastSignal.value?.title).toBe("Usuário criado: anote a senha temporária, ela não será mostrada de novo");
    expect(gets()).toEqual(["/api/users?ordem=email&pagina=1&porPagina=50"]);

    const shown = lastDialog();
    expect(openDialogs()).toHaveLength(1);
    expect(shown.querySelector("h2")?.textContent).toBe("Senha temporária");
    expect(get('[data-testid="senha-temporaria"]', shown).textContent).toBe("abcd-EFGH-2345-jkmn");
    expect(shown.textContent).toContain("Ana Caixa (ana@padariapaoquente.com.br)");
    expect(shown.textContent).toContain("Ela não será mostrada de novo");
    // Not copied yet: Esc and the X keep it, say why and point at the button that closes.
    expect(shown.querySelector('[role="alert"]')).toBeNull();
    act(() => void shown.dispatchEvent(new Event("cancel", { cancelable: true })));
    click(button("Fechar", shown));
    expect(openDialogs()).toHaveLength(1);
    expect(get('[role="alert"]', shown).textContent).toBe("Anote ou copie a senha antes de fechar: feche com “Já anotei a senha”.");
    expect(document.activeElement).toBe(button("Já anotei a senha", shown));
    click(button("Copiar senha", shown));
    await settle();
    expect(copied).toEqual(["abcd-EFGH-2345-jkmn"]);
    expect(toastSignal.value?.title).toBe("Senha copiada");
    click(button("Já anotei a senha", shown));
    expect(openDialogs()).toHaveLength(0);
    expect(document.querySelector('[data-testid="senha-temporaria"]')).toBeNull();
  });

  test("Definir senha agora: empty is refused here; the server's rule lands under Senha; no temporary password after", async () => {
    let answer: Response = json({ message: PASSWORD_TOO_SHORT, errors: { senha: PASSWORD_TOO_SHORT } }, 400);
    api(() => answer);
    render(<UsersList {...props()} />);
    const dialog = await openNew();
    typeInto(control("E-mail", dialog), "ana@padariapaoquente.com.br");
    typeInto(control("Nome", dialog), "Ana Caixa");
    expect(() => control("Senha", dialog)).toThrow();
    click(get<HTMLInputElement>('input[name="definirSenha"]', dialog));
    click(button("Criar usuário", dialog));
    await settle();
    expect(calls).toEqual([]);
    expect(dialog.textContent).toContain("Digite a senha ou desmarque “Definir senha agora”");

    typeInto(control("Senha", dialog), "curta");
    click(button("Criar usuário", dialog));
    await settle();
    expect(writes()[0]!.body).toEqual({ email: "ana@padariapaoquente.com.br", nome: "Ana Caixa", papel: "financeiro", senha: "curta" });
    expect(control("Senha", dialog).getAttribute("aria-invalid")).toBe("true");
    expect(dialog.querySelector(".ui-field__error")?.textContent).toBe(PASSWORD_TOO_SHORT);
    expect(document.activeElement).toBe(control("Senha", dialog));

    answer = json({ message: "Usuário criado", user: user("ana@padariapaoquente.com.br", "Ana Caixa", "financeiro") }, 201);
    typeInto(control("Senha", dialog), "pao-quente-2026-caixa");
    click(button("Criar usuário", dialog));
    await settle();
    expect(toastSignal.value?.title).toBe("Usuário criado");
    expect(openDialogs()).toHaveLength(0);
  });

  test("an e-mail already taken: the server's 409 under E-mail, the typed values kept", async () => {
    api(() => json({ message: "Já existe um usuário com este e-mail" }, 409));
    render(<UsersList {...props()} />);
    const dialog = await openNew();
    typeInto(control("E-mail", dialog), JOAO.email);
    typeInto(control("Nome", dialog), "Outro João");
    click(button("Criar usuário", dialog));
    await settle();
    expect(dialog.querySelector(".ui-field__error")?.textContent).toBe("Já existe um usuário com este e-mail");
    expect(control("Nome", dialog).value).toBe("Outro João");
    expect(toastSignal.value).toMatchObject({ title: "Erro", description: "Já existe um usuário com este e-mail" });
  });
});

describe("UsersList: Editar, Desativar, Redefinir senha", () => {
  test("Editar sends nome and perfil; the server's message is the toast; the list reloads", async () => {
    api(() => json({ message: "Usuário atualizado", user: { ...JOAO, papel: "consulta" } }));
    render(<UsersList {...props()} />);
    click(rowAction("Editar", "João Financeiro"));
    await settle(); // the dialog's code loads with its first opening
    const dialog = lastDialog();
    expect(control("Nome", dialog).value).toBe("João Financeiro");
    act(() => {
      const select = control<HTMLSelectElement>("Perfil", dialog);
      select.value = "consulta";
      select.dispatchEvent(new Event("change", { bubbles: true }));
    });
    click(button("Salvar", dialog));
    await settle();
    expect(writes()).toEqual([{ method: "PATCH", url: `/api/users/${JOAO.id}`, body: { nome: "João Financeiro", papel: "consulta" } }]);
    expect(toastSignal.value?.title).toBe("Usuário atualizado");
    expect(gets()).toHaveLength(1);
  });

  test("the own row's Editar: the role cannot be changed (disabled, with why); only the name is sent", async () => {
    api(() => json({ message: "Usuário atualizado", user: MARTA }));
    render(<UsersList {...props()} />);
    click(rowAction("Editar", "Marta Dono"));
    await settle(); // the dialog's code loads with its first opening
    const dialog = lastDialog();
    expect(control<HTMLSelectElement>("Perfil", dialog).disabled).toBe(true);
    expect(dialog.textContent).toContain("O seu próprio perfil não muda aqui");
    typeInto(control("Nome", dialog), "Marta Souza");
    click(button("Salvar", dialog));
    await settle();
    expect(writes()).toEqual([{ method: "PATCH", url: `/api/users/${MARTA.id}`, body: { nome: "Marta Souza" } }]);
  });

  test("the last administrator's 409 lands under Perfil", async () => {
    const other = user("socia@padariapaoquente.com.br", "Sócia", "administrador");
    api(() => json({ message: LAST_ADMIN }, 409));
    render(<UsersList {...props([other, MARTA])} />);
    click(rowAction("Editar", "Sócia"));
    await settle(); // the dialog's code loads with its first opening
    const dialog = lastDialog();
    act(() => {
      const select = control<HTMLSelectElement>("Perfil", dialog);
      select.value = "financeiro";
      select.dispatchEvent(new Event("change", { bubbles: true }));
    });
    click(button("Salvar", dialog));
    await settle();
    expect(dialog.querySelector(".ui-field__error")?.textContent).toBe(LAST_ADMIN);
  });

  test("Desativar asks first (focus on Cancelar), then PATCH ativo false; the toast is the server's", async () => {
    api(() => json({ message: "Usuário atualizado", user: { ...JOAO, ativo: false } }));
    render(<UsersList {...props()} />);
    click(rowAction("Desativar", "João Financeiro"));
    await settle(); // the confirmation's code loads with its first opening
    const confirm = lastDialog();
    expect(confirm.querySelector("h2")?.textContent).toBe("Desativar usuário");
    expect(confirm.textContent).toContain("João Financeiro (joao@padariapaoquente.com.br)");
    expect(document.activeElement?.textContent).toBe("Cancelar");
    click(button("Desativar", confirm));
    await settle();
    expect(writes()).toEqual([{ method: "PATCH", url: `/api/users/${JOAO.id}`, body: { ativo: false } }]);
    expect(toastSignal.value?.title).toBe("Usuário atualizado");
    expect(openDialogs()).toHaveLength(0);
  });

  test("a refused deactivation shows the server's 409", async () => {
    const other = user("socia@padariapaoquente.com.br", "Sócia", "administrador");
    api(() => json({ message: LAST_ADMIN }, 409));
    render(<UsersList {...props([other, MARTA])} />);
    click(rowAction("Desativar", "Sócia"));
    await settle(); // the confirmation's code loads with its first opening
    click(button("Desativar", lastDialog()));
    await settle();
    expect(toastSignal.value).toMatchObject({ title: "Erro", description: LAST_ADMIN });
  });

  test("Reativar: PATCH ativo true", async () => {
    api(() => json({ message: "Usuário atualizado", user: JOAO }));
    render(<UsersList {...props([{ ...JOAO, ativo: false }, MARTA])} />);
    click(rowAction("Reativar", "João Financeiro"));
    await settle(); // the confirmation's code loads with its first opening
    click(button("Reativar", lastDialog()));
    await settle();
    expect(writes()).toEqual([{ method: "PATCH", url: `/api/users/${JOAO.id}`, body: { ativo: true } }]);
  });

  test("Redefinir senha asks, then shows the new temporary password once", async () => {
    api(() => json({ message: "Senha redefinida: anote a senha temporária, ela não será mostrada de novo", senhaTemporaria: "wxyz-2345-ABCD-efgh" }));
    render(<UsersList {...props()} />);
    click(rowAction("Redefinir senha", "João Financeiro"));
    await settle(); // the confirmation's code loads with its first opening
    const confirm = lastDialog();
    expect(confirm.textContent).toContain("Uma senha temporária será mostrada uma única vez");
    click(button("Redefinir senha", confirm));
    await settle();
    expect(writes()).toEqual([{ method: "POST", url: `/api/users/${JOAO.id}/reset-password`, body: {} }]);
    expect(toastSignal.value?.title).toBe("Senha redefinida: anote a senha temporária, ela não será mostrada de novo");
    expect(openDialogs()).toHaveLength(1);
    expect(get('[data-testid="senha-temporaria"]').textContent).toBe("wxyz-2345-ABCD-efgh");
  });
});
