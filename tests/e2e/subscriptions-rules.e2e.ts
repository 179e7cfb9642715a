// Issue 31 items 4, 6 and 7 in a real browser, at 1280 and 375 px: a new subscription's first
// month (and the warning for a start already overdue), the client form's trial while a
// subscription runs, and the readjustment's year and confirmation (DECISIONS §8).
import { describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { cnpjCheckDigits, formatCnpj } from "../../src/lib/brazil";
import { addMonthsToMonth, formatDateBR } from "../../src/lib/dates";
import { cents, formatBRL } from "../../src/lib/money";
import { billedOnStart, firstMonthNotPast } from "../../src/lib/subscription-schedule";
import {
  animationsDone,
  axeViolations,
  chooseRowAction,
  dismissToasts,
  eventually,
  expectNoHorizontalOverflow,
  isoDaysFromToday,
  pageApi,
  pageProblems,
  screenshot,
  signIn,
  toast,
  useServerAndBrowser,
  waitForIslands,
} from "./support";

const e2e = useServerAndBrowser();
const WIDTHS = [1280, 375] as const;
const monthBR = (ym: string) => `${ym.slice(5, 7)}/${ym.slice(0, 4)}`;

let serial = 100;
/** A fresh client (its own CNPJ and code) through the API, from the signed-in page. */
async function newClient(page: Page, nome: string): Promise<{ id: number; nome: string }> {
  const base = String(10_000_000 + serial++).padStart(8, "0") + "0001";
  const created = await pageApi(page, "/api/clients", {
    nome,
    cnpj: formatCnpj(base + cnpjCheckDigits(base)),
    contato: "Maria Souza",
    telefone: "(11) 98765-4321",
    email: `contato${serial}@cliente.com.br`,
    valorMensalidade: "150.00",
    codigoCliente: `CLI-${serial}`,
    isTrial: false,
  });
  expect(created.status).toBe(201);
  return { id: created.json.id, nome };
}

async function openPage(width: number): Promise<{ page: Page; problems: string[] }> {
  const page = await e2e.browser.newPage({ viewport: { width, height: width < 600 ? 812 : 900 } });
  const problems = pageProblems(page);
  await signIn(page, e2e.server.url);
  return { page, problems };
}

async function clientsFiltered(page: Page, nome: string): Promise<void> {
  await page.goto(`${e2e.server.url}/clients?q=${encodeURIComponent(nome)}`);
  await waitForIslands(page);
  await dismissToasts(page);
}

describe("Assinaturas: first month, trial and readjustment (issue 31)", () => {
  for (const width of WIDTHS) {
    test(`a new subscription starts at the first month not yet overdue; an earlier start says what it bills overdue before saving, at ${width} px`, async () => {
      const { page, problems } = await openPage(width);
      const client = await newClient(page, `Mercado Início ${width}`);
      await clientsFiltered(page, client.nome);
      await chooseRowAction(page, "Assinatura", client.nome);
      const dialog = page.getByRole("dialog", { name: `Iniciar assinatura — ${client.nome}` });
      await dialog.waitFor();

      const today = isoDaysFromToday(0);
      const first = firstMonthNotPast(today, 10, true);
      const inicio = dialog.getByLabel("Início (primeiro mês cobrado)");
      await eventually(() => inicio.inputValue(), first);
      expect(await dialog.locator(".sub-dialog__late").count()).toBe(0);

      // Three months earlier: the months the save would bill overdue, by the server's own schedule.
      const early = addMonthsToMonth(first, -3);
      await inicio.fill(early);
      const { overdue } = billedOnStart({ diaVencimento: 10, inicio: early, fim: null, trialAte: null }, { vencimentoEmDiaUtil: true, antecedenciaDias: 10 }, today);
      const warning = dialog.locator(".sub-dialog__late");
      await eventually(
        () => warning.textContent(),
        `${overdue.length} parcelas já vencidas (desde ${formatDateBR(overdue[0]!.vencimento)}), total de ${formatBRL(cents(15_000 * overdue.length))}: entram como vencidas ao salvar e ${client.nome} será bloqueado automaticamente.`,
      );
      await warning.scrollIntoViewIfNeeded();
      await animationsDone(page);
      await expectNoHorizontalOverflow(page);
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, `subscription-start-overdue-${width}`);

      // Back to the suggested month: nothing overdue, the client stays unblocked.
      await inicio.fill(first);
      await eventually(() => warning.count(), 0);
      await dialog.getByRole("button", { name: "Iniciar assinatura" }).click();
      await toast(page, "Assinatura iniciada");
      await dialog.waitFor({ state: "detached" });
      const after = await pageApi(page, `/api/clients/${client.id}`, undefined, "GET");
      expect(after.json.statusBloqueio).toBe(0);
      expect(problems).toEqual([]);
      await page.close();
    });

    test(`the client form shows a running subscription's trial as text and leads to the subscription, at ${width} px`, async () => {
      const { page, problems } = await openPage(width);
      const client = await newClient(page, `Ótica Trial ${width}`);
      const trialAte = isoDaysFromToday(20);
      const started = await pageApi(page, `/api/clients/${client.id}/subscription`, { status: "ativa", valor: "150.00", diaVencimento: 10, inicio: firstMonthNotPast(isoDaysFromToday(0), 10, true), trialAte }, "PUT");
      expect(started.status).toBe(200);
      await clientsFiltered(page, client.nome);
      await page.getByRole("button", { name: `Editar ${client.nome}` }).click();
      const form = page.getByRole("dialog", { name: "Editar Cliente" });
      await form.getByText(`Período de teste: até ${formatDateBR(trialAte)}, definido na assinatura do cliente.`).waitFor();
      expect(await form.getByLabel("Cliente em período de teste (trial)").count()).toBe(0);
      await form.getByRole("button", { name: "Alterar na assinatura" }).scrollIntoViewIfNeeded();
      await animationsDone(page);
      await expectNoHorizontalOverflow(page);
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, `client-form-trial-held-${width}`);

      // The API agrees: a form unchecking the trial is refused, not saved as a no-op.
      const put = await pageApi(page, `/api/clients/${client.id}`, { ...(await pageApi(page, `/api/clients/${client.id}`, undefined, "GET")).json, isTrial: false }, "PUT");
      expect(put.status).toBe(409);
      // That refusal is the only console error the page may show (the browser logs a failed fetch).
      problems.splice(0, problems.length, ...problems.filter((p) => !p.includes("status of 409")));

      await form.getByRole("button", { name: "Alterar na assinatura" }).click();
      const subscription = page.getByRole("dialog", { name: `Assinatura — ${client.nome}` });
      await eventually(() => subscription.getByLabel("Trial até").inputValue(), trialAte);
      expect(await form.count()).toBe(0);
      expect(problems).toEqual([]);
      await page.close();
    });

    test(`a readjustment waits 12 months from the start, then asks naming the month it applies from, at ${width} px`, async () => {
      const { page, problems } = await openPage(width);
      const today = isoDaysFromToday(0);
      const fresh = await newClient(page, `Padaria Novata ${width}`);
      const first = firstMonthNotPast(today, 10, true);
      expect((await pageApi(page, `/api/clients/${fresh.id}/subscription`, { status: "ativa", valor: "150.00", diaVencimento: 10, inicio: first }, "PUT")).status).toBe(200);
      await clientsFiltered(page, fresh.nome);
      await chooseRowAction(page, "Assinatura", fresh.nome);
      let dialog = page.getByRole("dialog", { name: `Assinatura — ${fresh.nome}` });
      await dialog.getByText(`O primeiro reajuste pode ser aplicado a partir de 01/${monthBR(addMonthsToMonth(first, 12))}, 12 meses após o início (Lei 10.192/2001).`).waitFor();
      expect(await dialog.getByRole("button", { name: "Aplicar reajuste" }).count()).toBe(0);
      await dialog.getByRole("button", { name: "Cancelar" }).click();
      await dialog.waitFor({ state: "detached" });

      // A contract older than a year (its earlier months billed at once).
      const veteran = await newClient(page, `Padaria Veterana ${width}`);
      const started = await pageApi(page, `/api/clients/${veteran.id}/subscription`, { status: "ativa", valor: "150.00", diaVencimento: 10, inicio: addMonthsToMonth(first, -13) }, "PUT");
      expect(started.status).toBe(200);
      const from = monthBR(started.json.subscription.reajusteAPartirDe);
      await clientsFiltered(page, veteran.nome);
      await chooseRowAction(page, "Assinatura", veteran.nome);
      dialog = page.getByRole("dialog", { name: `Assinatura — ${veteran.nome}` });
      await dialog.getByLabel("Percentual (ex.: IPCA ou IGP-M dos últimos 12 meses)").fill("4,62");
      await dialog.getByText(`a partir de ${from}`).waitFor();
      await dialog.getByRole("button", { name: "Aplicar reajuste" }).click();
      const confirm = page.getByRole("alertdialog", { name: "Aplicar reajuste" });
      await confirm.getByText(`O reajuste vale a partir de ${from}: a mensalidade passa de R$\u00a0150,00 para R$\u00a0156,93 (4,62%).`).waitFor();
      await animationsDone(page);
      await expectNoHorizontalOverflow(page);
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, `subscription-readjust-confirm-${width}`);

      // Its Cancelar cancels: nothing applied.
      await confirm.getByRole("button", { name: "Cancelar" }).click();
      await confirm.waitFor({ state: "detached" });
      expect((await pageApi(page, `/api/clients/${veteran.id}/subscription`, undefined, "GET")).json.valor).toBe("150.00");

      await dialog.getByRole("button", { name: "Aplicar reajuste" }).click();
      await confirm.getByRole("button", { name: "Aplicar reajuste" }).click();
      await toast(page, "Reajuste aplicado");
      await dialog.getByText(`Último reajuste em ${formatDateBR(today)}`).waitFor();
      expect((await pageApi(page, `/api/clients/${veteran.id}/subscription`, undefined, "GET")).json.valor).toBe("156.93");
      expect(problems).toEqual([]);
      await page.close();
    });
  }
});
