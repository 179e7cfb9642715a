import { describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { formatDateBR } from "../../src/lib/dates";
import { axeViolations, isoDaysFromToday, pageApi, screenshot, signIn, useServerAndBrowser, waitForIslands } from "./support";

// Issue 16 item 9: on /clients a client blocked automatically shows why (the blocking
// installment) in its status badge's tooltip, by mouse and by keyboard; a manual block does not.

const e2e = useServerAndBrowser();

async function client(page: Page, nome: string, cnpj: string, codigoCliente: string): Promise<number> {
  const made = await pageApi(page, "/api/clients", { nome, cnpj, contato: "Maria", telefone: "11987654321", email: "m@cofre.test", valorMensalidade: "300.00", codigoCliente });
  expect(made.status).toBe(201);
  return made.json.id;
}

const statusBadge = (page: Page, nome: string) => page.getByRole("row").filter({ hasText: nome }).locator(".ui-badge");

async function dismissToasts(page: Page) {
  for (const close of await page.getByRole("status").getByRole("button", { name: "Fechar" }).all()) await close.click();
}

describe("Clientes: why a client is blocked", () => {
  test("the automatic block's badge names the blocking installment (hover and keyboard), at 1280 and 375 px, axe clean", async () => {
    const page = await e2e.browser.newPage({ viewport: { width: 1280, height: 800 } });
    const problems: string[] = [];
    page.on("pageerror", (error) => problems.push(error.message));
    await signIn(page, e2e.server.url);
    await dismissToasts(page);
    const auto = await client(page, "Padaria Pão Quente", "38599503000106", "PPQ-01");
    const manual = await client(page, "Ótica Visão Clara", "11444777000161", "OVC-01");
    const due = isoDaysFromToday(-12);
    const plan = await pageApi(page, "/api/installments/generate", { clientId: auto, numParcelas: 3, valor: "900.00", primeiroVencimento: due, descricao: "Mensalidade" });
    expect(plan.status).toBe(201);
    expect((await pageApi(page, `/api/clients/${manual}/toggle-block`, undefined, "PATCH")).status).toBe(200);
    const reason = `Bloqueado automaticamente: parcela 1/3 vencida desde ${formatDateBR(due)}`;

    await page.goto(`${e2e.server.url}/clients`);
    await waitForIslands(page);
    const badge = statusBadge(page, "Padaria Pão Quente");
    await badge.waitFor();
    expect(await badge.textContent()).toBe("Bloqueado");
    // Hover: the kit's tooltip opens with the reason.
    await badge.hover();
    const tooltip = page.getByRole("tooltip").filter({ hasText: reason });
    await tooltip.waitFor({ state: "visible" });
    await screenshot(page, "clients-blocked-reason-1280");
    expect(await axeViolations(page)).toEqual([]);
    await page.mouse.move(0, 0);
    await tooltip.waitFor({ state: "hidden" });

    // Keyboard: the badge is a tab stop and its accessible description is the reason.
    await badge.focus();
    await tooltip.waitFor({ state: "visible" });
    expect(await badge.evaluate((el) => el.matches(":focus-visible, :focus"))).toBe(true);
    await page.keyboard.press("Escape");
    await tooltip.waitFor({ state: "hidden" });
    const described = await badge.evaluate((el) => (el.getAttribute("aria-describedby") ?? "").split(" ").map((id) => document.getElementById(id)?.textContent ?? "").join(" "));
    expect(described).toBe(reason);

    // The manual block says nothing more than "Bloqueado".
    const manualBadge = statusBadge(page, "Ótica Visão Clara");
    expect(await manualBadge.textContent()).toBe("Bloqueado");
    expect(await manualBadge.getAttribute("aria-describedby")).toBeNull();

    await page.setViewportSize({ width: 375, height: 800 });
    await statusBadge(page, "Padaria Pão Quente").waitFor({ state: "visible" });
    await screenshot(page, "clients-blocked-reason-375");
    expect(await axeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  });
});
