import { describe, expect, test } from "bun:test";
import { signIn, waitForIslands, useServerAndBrowser } from "./support";

const e2e = useServerAndBrowser();

describe("Content-Security-Policy", () => {
  test("every page hydrates under the CSP with no console error and no violation", async () => {
    const page = await e2e.browser.newPage({ viewport: { width: 1280, height: 800 } });
    const problems: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error" || message.type() === "warning") problems.push(`${page.url()} ${message.type()}: ${message.text()}`);
    });
    page.on("pageerror", (error) => problems.push(`${page.url()} pageerror: ${error.message}`));

    await page.goto(`${e2e.server.url}/login`);
    await waitForIslands(page);
    await signIn(page, e2e.server.url);
    // Every page the menu reaches, so a new screen is covered without editing this test.
    const paths = await page.$$eval("nav a[href^='/']", (links) => [...new Set(links.map((a) => a.getAttribute("href")!))]);
    expect(paths.length).toBeGreaterThanOrEqual(9);
    for (const path of paths) {
      const response = await page.goto(`${e2e.server.url}${path}`);
      expect({ path, status: response?.status() }).toEqual({ path, status: 200 });
      expect(response?.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
      await waitForIslands(page);
      const hydrated = await page.$$eval("[data-island]", (markers) => markers.length);
      expect({ path, hydrated: hydrated > 0 }).toEqual({ path, hydrated: true });
    }
    await page.goto(`${e2e.server.url}/nada`);
    expect(problems.filter((p) => !p.includes("/nada") || !p.includes("404"))).toEqual([]);

    // Sair is a form POST that lands on /login signed out.
    await page.goto(`${e2e.server.url}/`);
    await waitForIslands(page);
    await page.getByRole("button", { name: "Sair" }).first().click();
    await page.waitForURL(`${e2e.server.url}/login`);
    await page.goto(`${e2e.server.url}/clients`);
    expect(new URL(page.url()).pathname).toBe("/login");
    await page.close();
  });

  test("signing in and Sair work with JavaScript turned off", async () => {
    const context = await e2e.browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${e2e.server.url}/login`);
    // The form posts itself: a wrong password comes back with the reason and the e-mail kept.
    await page.getByLabel("E-mail").fill("financeiro@cofre.test");
    await page.getByLabel("Senha").fill("senha-errada");
    await page.getByRole("button", { name: "Entrar" }).click();
    await page.waitForURL(`${e2e.server.url}/login`);
    // SPEC §8's toast, rendered by the server.
    expect(await page.getByRole("alert").innerText()).toBe("Erro no login\nCredenciais inválidas");
    expect(await page.getByLabel("E-mail").inputValue()).toBe("financeiro@cofre.test");
    await page.getByLabel("Senha").fill("cofre-senha-forte");
    await page.getByRole("button", { name: "Entrar" }).click();
    await page.waitForURL(`${e2e.server.url}/`);
    await page.getByRole("button", { name: "Sair" }).first().click();
    await page.waitForURL(`${e2e.server.url}/login`);
    await page.goto(`${e2e.server.url}/`);
    expect(new URL(page.url()).pathname).toBe("/login");
    await context.close();
  });
});
