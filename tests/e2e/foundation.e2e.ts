import { describe, expect, test } from "bun:test";
import { ADMIN, pageApi, screenshot, signIn, waitForIslands, useServerAndBrowser } from "./support";

const e2e = useServerAndBrowser();

const MENU = [
  "Dashboard",
  "Clientes",
  "Contas a Receber",
  "Gerar Parcelas CR",
  "Fornecedores",
  "Contas a Pagar",
  "Gerar Parcelas CP",
  "Parceiros",
  "Relatórios",
];

describe("signing in and out", () => {
  test("a visitor is sent to /login, sees SPEC's messages, signs in, sees the shell and leaves", async () => {
    const page = await e2e.browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${e2e.server.url}/`);
    expect(new URL(page.url()).pathname).toBe("/login");
    await expect(page.getByRole("heading", { name: "Cofre" }).isVisible()).resolves.toBe(true);
    await expect(page.getByText("Sistema de Controle de Assinaturas").isVisible()).resolves.toBe(true);
    await waitForIslands(page);
    await screenshot(page, "login-1280");

    await page.getByLabel("E-mail").fill("nao-e-um-email");
    await page.getByRole("button", { name: "Entrar" }).click();
    await page.getByText("Email inválido").waitFor();
    await page.getByText("Senha é obrigatória").waitFor();

    await page.getByLabel("E-mail").fill(ADMIN.email);
    await page.getByLabel("Senha").fill("senha-errada");
    await page.getByRole("button", { name: "Entrar" }).click();
    await page.getByText("Erro no login").waitFor();
    await page.getByText("Credenciais inválidas").waitFor();

    await page.getByLabel("Senha").fill(ADMIN.password);
    await page.getByRole("button", { name: "Entrar" }).click();
    await page.waitForURL(`${e2e.server.url}/`);
    await page.getByText("Login realizado com sucesso!").waitFor();
    await page.getByText("Bem-vindo ao Cofre").waitFor();
    expect(await page.getByTestId("user-email").textContent()).toBe(ADMIN.email);
    const nav = page.getByRole("navigation", { name: "Menu principal" });
    for (const label of MENU) expect(await nav.getByRole("link", { name: label, exact: true }).isVisible()).toBe(true);
    expect(await nav.getByRole("button", { name: "Sair" }).isVisible()).toBe(true);
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("auth-storage") ?? "null"));
    expect(stored.state).toEqual({ user: { id: 1, email: ADMIN.email, nome: "", papel: "administrador", trocarSenha: false }, isAuthenticated: true });
    await waitForIslands(page);
    await screenshot(page, "shell-1280");

    // Signed in, /login goes home.
    await page.goto(`${e2e.server.url}/login`);
    expect(new URL(page.url()).pathname).toBe("/");

    await waitForIslands(page);
    await nav.getByRole("button", { name: "Sair" }).click();
    await page.waitForURL(`${e2e.server.url}/login`);
    // The login page's script (no island) clears it once it runs.
    await page.waitForFunction(() => JSON.parse(localStorage.getItem("auth-storage") ?? "null")?.state?.isAuthenticated === false);
    await page.goto(`${e2e.server.url}/receivables`);
    expect(new URL(page.url()).pathname).toBe("/login");
    await page.close();
  });

  test("on a phone the menu is a drawer opened from the top bar", async () => {
    const page = await e2e.browser.newPage({ viewport: { width: 375, height: 740 } });
    await page.goto(`${e2e.server.url}/login`);
    await waitForIslands(page);
    await screenshot(page, "login-375");
    await signIn(page, e2e.server.url);
    const nav = page.getByRole("navigation", { name: "Menu principal" });
    expect(await nav.isVisible()).toBe(false);
    await screenshot(page, "shell-375");
    await page.getByRole("button", { name: "Abrir menu" }).click();
    await nav.getByRole("link", { name: "Clientes", exact: true }).waitFor();
    await screenshot(page, "shell-375-menu");
    await page.keyboard.press("Escape");
    await nav.waitFor({ state: "hidden" });
    await page.close();
  });

  test("Sair on a session already ended elsewhere still lands on the login page, signed out", async () => {
    const page = await e2e.browser.newPage();
    await signIn(page, e2e.server.url);
    await waitForIslands(page);
    // The session ends behind the page's back (another tab signed out), then the person clicks Sair.
    expect((await pageApi(page, "/api/auth/logout")).status).toBe(200);
    await page.getByRole("button", { name: "Sair" }).click();
    await page.waitForURL(`${e2e.server.url}/login`);
    await page.goto(`${e2e.server.url}/clients`);
    await page.waitForURL(`${e2e.server.url}/login`);
    await page.close();
  });
});
