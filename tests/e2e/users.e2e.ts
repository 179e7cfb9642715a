import { describe, expect, test } from "bun:test";
import type { Locator, Page } from "playwright-core";
import {
  animationsDone,
  axeViolations,
  chooseRowAction,
  dismissToasts,
  expectNoHorizontalOverflow,
  expectToast,
  pageApi,
  pageProblems,
  screenshot,
  signIn,
  useServerAndBrowser,
  waitForIslands,
} from "./support";

const e2e = useServerAndBrowser();

const JOAO = { email: "joao@padariapaoquente.com.br", nome: "João Financeiro", papel: "Financeiro" };
const CONTADOR = { email: "contador@escritoriocontabil.com.br", nome: "Carlos Contador", papel: "Consulta" };
const NEW_PASSWORD = "pao-quente-contas-2026";

async function open(page: Page, path: string) {
  await page.goto(`${e2e.server.url}${path}`);
  await waitForIslands(page);
}

const usersTable = (page: Page) => page.locator(".users-table");
const userRow = (page: Page, email: string) => usersTable(page).locator("tbody tr").filter({ hasText: email });

/** "Novo usuário" without a password: the temporary one, read from the dialog that shows it once. */
async function createUser(page: Page, who: typeof JOAO, shot?: string): Promise<string> {
  await page.getByRole("button", { name: "Novo usuário" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Novo usuário" });
  await dialog.getByLabel("E-mail").fill(who.email);
  await dialog.getByLabel("Nome").fill(who.nome);
  await dialog.getByLabel("Perfil").selectOption({ label: who.papel });
  if (shot) {
    await animationsDone(page);
    await screenshot(page, shot);
    expect(await axeViolations(page)).toEqual([]);
  }
  await dialog.getByRole("button", { name: "Criar usuário" }).click();
  const shown = page.getByRole("dialog", { name: "Senha temporária" });
  await shown.waitFor();
  await page.getByRole("status").filter({ hasText: "Usuário criado: anote a senha temporária" }).waitFor();
  const password = (await shown.getByTestId("senha-temporaria").textContent())!;
  expect(password).toMatch(/^[A-Za-z0-9]{4}(-[A-Za-z0-9]{4}){3}$/);
  expect(await shown.textContent()).toContain("Ela não será mostrada de novo");
  if (shot) {
    await animationsDone(page);
    await screenshot(page, `${shot}-senha`);
    expect(await axeViolations(page)).toEqual([]);
  }
  await shown.getByRole("button", { name: "Já anotei a senha" }).click();
  await shown.waitFor({ state: "hidden" });
  await userRow(page, who.email).waitFor();
  return password;
}

/** Signs in through the login form as `email`; the landing page is the caller's to check. */
async function signInAs(page: Page, email: string, password: string) {
  await open(page, "/login");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Senha").fill(password);
  await page.getByRole("button", { name: "Entrar" }).click();
}

const cellTexts = (row: Locator) => row.locator("td").allInnerTexts();

describe("Usuários and Minha conta", () => {
  test("the admin adds a financeiro and a consulta; the consulta chooses a password, reads only, and is stopped when deactivated", async () => {
    const admin = await e2e.browser.newPage({ viewport: { width: 1280, height: 800 } });
    const adminProblems = pageProblems(admin);
    await signIn(admin, e2e.server.url);
    await open(admin, "/users");
    expect(await admin.title()).toBe("Usuários · Cofre");
    await admin.getByRole("heading", { name: "Usuários", level: 1 }).waitFor();
    const nav = admin.getByRole("navigation", { name: "Menu principal" });
    expect(await nav.getByRole("link", { name: "Usuários", exact: true }).getAttribute("aria-current")).toBe("page");
    await nav.getByRole("link", { name: "Minha conta", exact: true }).waitFor();
    // The admin's own row: marked, its menu shown but not usable.
    const own = userRow(admin, "financeiro@cofre.test");
    expect(await own.getByText("Você", { exact: true }).isVisible()).toBe(true);
    expect(await own.getByRole("button", { name: /^Mais ações para/ }).getAttribute("aria-disabled")).toBe("true");

    const joaoPassword = await createUser(admin, JOAO, "users-new-1280");
    const contadorPassword = await createUser(admin, CONTADOR);
    expect(contadorPassword).not.toBe(joaoPassword);
    expect(await admin.locator("#usuarios-contagem").textContent()).toBe("Usuários 1–3 de 3");
    const contador = userRow(admin, CONTADOR.email);
    expect(await cellTexts(contador)).toEqual(expect.arrayContaining([CONTADOR.nome, CONTADOR.papel, "Nunca"]));
    expect((await cellTexts(contador)).join(" ")).toContain("senha temporária");

    // The filters are the URL: Perfil Consulta shows the one consulta, and a reload keeps it.
    await admin.getByLabel("Perfil").selectOption({ label: "Consulta" });
    await admin.waitForURL(/\?papel=consulta$/);
    await admin.locator("#usuarios-contagem").getByText("Usuários 1–1 de 1").waitFor();
    await admin.reload();
    await waitForIslands(admin);
    expect(await usersTable(admin).locator("tbody tr").count()).toBe(1);
    await open(admin, "/users");
    await dismissToasts(admin);
    await screenshot(admin, "users-1280");
    expect(await axeViolations(admin)).toEqual([]);

    // The consulta signs in with the temporary password: sent to Minha conta until it chooses one (a phone).
    const context = await e2e.browser.newContext({ viewport: { width: 375, height: 740 } });
    const consulta = await context.newPage();
    const consultaProblems = pageProblems(consulta);
    await signInAs(consulta, CONTADOR.email, contadorPassword);
    await consulta.waitForURL(`${e2e.server.url}/account`);
    await waitForIslands(consulta);
    await consulta.getByRole("heading", { name: "Minha conta", level: 1 }).waitFor();
    await consulta.getByText("Sua senha é temporária: escolha uma nova para continuar").waitFor();
    await open(consulta, "/clients");
    expect(new URL(consulta.url()).pathname).toBe("/account");
    await dismissToasts(consulta);
    await expectNoHorizontalOverflow(consulta);
    await screenshot(consulta, "account-temporary-375");
    expect(await axeViolations(consulta)).toEqual([]);

    // The confirmation is checked in the page; the rules are the server's.
    await consulta.getByLabel("Senha atual").fill(contadorPassword);
    await consulta.getByLabel(/^Nova senha/).fill(NEW_PASSWORD);
    await consulta.getByLabel("Confirmar nova senha").fill(`${NEW_PASSWORD}x`);
    await consulta.getByRole("button", { name: "Trocar senha" }).click();
    await consulta.getByText("A confirmação não confere com a nova senha").waitFor();
    await consulta.getByLabel(/^Nova senha/).fill(CONTADOR.email);
    await consulta.getByLabel("Confirmar nova senha").fill(CONTADOR.email);
    await consulta.getByRole("button", { name: "Trocar senha" }).click();
    await consulta.locator(".ui-field__error").getByText("A senha não pode ser o seu e-mail").waitFor();
    // Long enough but easy to guess: the estimator's pt-BR advice under the field (issue 31 §15).
    await consulta.getByLabel(/^Nova senha/).fill("123456789012");
    await consulta.getByLabel("Confirmar nova senha").fill("123456789012");
    await consulta.getByRole("button", { name: "Trocar senha" }).click();
    await consulta.locator(".ui-field__error").getByText("Senha fácil de adivinhar. Esta é uma senha comumente usada. Adicione mais palavras menos comuns.").waitFor();
    await dismissToasts(consulta);
    await expectNoHorizontalOverflow(consulta);
    await screenshot(consulta, "account-weak-password-375");
    expect(await axeViolations(consulta)).toEqual([]);
    await consulta.getByLabel(/^Nova senha/).fill(NEW_PASSWORD);
    await consulta.getByLabel("Confirmar nova senha").fill(NEW_PASSWORD);
    await consulta.getByRole("button", { name: "Trocar senha" }).click();
    await consulta.waitForURL(`${e2e.server.url}/`);
    await waitForIslands(consulta);
    await consulta.getByRole("status").filter({ hasText: "Senha alterada" }).waitFor();

    // A consulta reads: no Usuários in its menu, /users refused, a write refused even through the API.
    const consultaNav = consulta.getByRole("navigation", { name: "Menu principal", includeHidden: true });
    expect(await consultaNav.getByRole("link", { name: "Usuários", exact: true, includeHidden: true }).count()).toBe(0);
    expect(await consultaNav.getByRole("link", { name: "Minha conta", exact: true, includeHidden: true }).count()).toBe(1);
    const write = await pageApi(consulta, "/api/clients", { nome: "Padaria Pão Quente" });
    expect(write).toEqual({ status: 403, json: { message: "Seu perfil permite apenas consulta" } });
    expect((await consulta.goto(`${e2e.server.url}/users`))!.status()).toBe(403);

    // Its own account now: no notice, this session marked.
    await open(consulta, "/account");
    expect(await consulta.getByText("Sua senha é temporária").count()).toBe(0);
    await consulta.getByRole("table", { name: "Suas sessões" }).getByText("Esta sessão").waitFor();
    await dismissToasts(consulta);
    await expectNoHorizontalOverflow(consulta);
    await screenshot(consulta, "account-375");
    expect(await axeViolations(consulta)).toEqual([]);

    // The admin sees the sign-in and deactivates the consulta: its next request goes to /login.
    await open(admin, "/users");
    expect((await cellTexts(userRow(admin, CONTADOR.email))).join(" ")).not.toContain("Nunca");
    await chooseRowAction(admin, "Desativar", CONTADOR.nome);
    const confirm = admin.getByRole("alertdialog", { name: "Desativar usuário" });
    await confirm.waitFor(); // its code may still be on its way (islands/lib/confirm-dialog.tsx)
    expect(await admin.evaluate(() => document.activeElement?.textContent)).toBe("Cancelar");
    await confirm.getByRole("button", { name: "Desativar" }).click();
    await expectToast(admin, "Usuário atualizado");
    await userRow(admin, CONTADOR.email).getByText("Desativado", { exact: true }).waitFor();

    await consulta.reload();
    expect(new URL(consulta.url()).pathname).toBe("/login");
    await waitForIslands(consulta);
    await consulta.getByLabel("E-mail").fill(CONTADOR.email);
    await consulta.getByLabel("Senha").fill(NEW_PASSWORD);
    await consulta.getByRole("button", { name: "Entrar" }).click();
    await consulta.getByText("Usuário desativado: peça a um administrador para reativar seu acesso").waitFor();

    // The admin's own Minha conta at 1280, and the users screen on a phone.
    await open(admin, "/account");
    await admin.getByRole("table", { name: "Suas sessões" }).waitFor();
    await dismissToasts(admin);
    await screenshot(admin, "account-1280");
    expect(await axeViolations(admin)).toEqual([]);
    await admin.setViewportSize({ width: 375, height: 740 });
    await open(admin, "/users");
    await dismissToasts(admin);
    await expectNoHorizontalOverflow(admin);
    await screenshot(admin, "users-375");
    expect(await axeViolations(admin)).toEqual([]);

    expect(adminProblems).toEqual([]);
    // The refused password (400), the consulta's 403s and its refused sign-in are the console's only errors.
    expect(consultaProblems.filter((p) => !/status of (400|401|403)/.test(p))).toEqual([]);
    await context.close();
  });
});
