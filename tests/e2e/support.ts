import { afterAll, beforeAll } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type Browser, type Locator, type Page } from "playwright-core";
import { today } from "../../src/lib/clock";
import { addDays } from "../../src/lib/dates";
import { closedPort } from "../smtp";

export const ADMIN = { email: "financeiro@cofre.test", password: "cofre-senha-forte" };
export const SCREENSHOTS = join(import.meta.dir, "screenshots");
const ROOT = join(import.meta.dir, "..", "..");

interface RunningServer {
  url: string;
  dir: string;
  stop(): Promise<void>;
}

/** The real server from source, on a random loopback port and a fresh database. */
async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const dir = mkdtempSync(join(tmpdir(), "cofre-e2e-"));
  const proc = Bun.spawn(["bun", join(ROOT, "src", "index.ts"), "serve"], {
    cwd: dir,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: "0",
      HOST: "127.0.0.1",
      DATABASE_PATH: join(dir, "app.db"),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      ...env,
    },
    stdout: "pipe",
    stderr: "inherit",
  });
  const reader = proc.stdout.getReader();
  let output = "";
  const deadline = Date.now() + 30_000;
  while (!/http:\/\/127\.0\.0\.1:(\d+)/.test(output)) {
    if (Date.now() > deadline) throw new Error(`server did not start: ${output}`);
    const { value, done } = await reader.read();
    if (done) throw new Error(`server exited: ${output}`);
    output += new TextDecoder().decode(value);
  }
  // Keep reading what the server prints, so a full pipe can never block it.
  void (async () => {
    try {
      while (!(await reader.read()).done);
    } catch {
      // the server exited
    }
  })();
  const port = output.match(/http:\/\/127\.0\.0\.1:(\d+)/)![1];
  return {
    url: `http://127.0.0.1:${port}`,
    dir,
    async stop() {
      proc.kill();
      await proc.exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

/** Signs in through the login form, as a person would. */
export async function signIn(page: Page, url: string): Promise<void> {
  await page.goto(`${url}/login`);
  await waitForIslands(page);
  await page.getByLabel("E-mail").fill(ADMIN.email);
  await page.getByLabel("Senha").fill(ADMIN.password);
  await page.getByRole("button", { name: "Entrar" }).click();
  await page.waitForURL(`${url}/`);
}

/** Waits until every island on the page has hydrated (React attaches its handlers). */
export async function waitForIslands(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    [...document.querySelectorAll("[data-island]")].every((el) =>
      Object.keys(el.firstElementChild ?? el).some((k) => k.startsWith("__react")),
    ),
  );
}

/** One server and one browser for a test file: started before its tests, stopped after. */
export function useServerAndBrowser(): { server: RunningServer; browser: Browser } {
  const e2e = {} as { server: RunningServer; browser: Browser };
  beforeAll(async () => {
    [e2e.server, e2e.browser] = await Promise.all([startServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await e2e.browser?.close();
    await e2e.server?.stop();
  });
  return e2e;
}

/**
 * axe-core in the page: the serious and critical violations, as "rule: selector" lines, so a
 * failing test says what to fix. Empty means the page passes.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  const source = await Bun.file(join(ROOT, "node_modules", "axe-core", "axe.min.js")).text();
  // Evaluated through the DevTools protocol: the page's CSP (no inline script) does not apply to it.
  await page.evaluate(source);
  const results = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> } }).axe;
    return (await axe.run(document, { resultTypes: ["violations"] })).violations;
  });
  return results
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(" ")}`));
}

/** Waits until `read()` equals `expected` (a refetch lands a moment after the action); fails with the last value. */
export async function eventually<T>(read: () => Promise<T>, expected: T, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last: T = await read();
  while (!Bun.deepEquals(last, expected)) {
    if (Date.now() > deadline) throw new Error(`still ${JSON.stringify(last)}, expected ${JSON.stringify(expected)}`);
    await Bun.sleep(50);
    last = await read();
  }
}

/** The toast area, and waiting for a toast with exactly this text. */
export const toasts = (page: Page) => page.locator(".ui-toaster");
export const toast = (page: Page, text: string) => toasts(page).getByText(text, { exact: true }).waitFor();

/** A toast with this title (role status), then closed so the next check sees a fresh one (when no dialog makes the toast inert). */
export async function expectToast(page: Page, title: string): Promise<void> {
  const shown = page.getByRole("status").filter({ hasText: title });
  await shown.waitFor();
  if ((await page.locator("dialog[open]").count()) === 0) {
    await shown.getByRole("button", { name: "Fechar" }).click();
    await shown.waitFor({ state: "detached" });
  }
}

/** Today in APP_TZ (São Paulo, the server's default) moved by `days`, as the server computes it. */
export const isoDaysFromToday = (days: number) => addDays(today(), days);

/** A JSON call from inside the signed-in page (same origin, its cookie): status and body. */
export async function pageApi(page: Page, path: string, body?: unknown, method = "POST") {
  return page.evaluate(
    async ([path, body, method]) => {
      const response = await fetch(path as string, {
        method: method as string,
        headers: { "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, json: await response.json() };
    },
    [path, body, method] as const,
  );
}

/** A row's secondary action, as a person reaches it: its "⋯" menu, then the item. */
export async function chooseRowAction(scope: Page | Locator, verb: string, rowName: string): Promise<void> {
  await scope.getByRole("button", { name: `Mais ações para ${rowName}` }).click();
  // The menu is the row's, named by it, wherever the list puts it (the ledger: one for the page).
  const page = "page" in scope && typeof scope.page === "function" ? scope.page() : (scope as Page);
  await page.getByRole("menu", { name: `Ações para ${rowName}` }).getByRole("menuitem", { name: verb, exact: true }).click();
}

/** Waits for running animations (a dialog's fade-in) to end before a screenshot. */
export async function animationsDone(page: Page): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"));
}

/** Closes any toast still showing (e.g. the sign-in welcome), so screenshots show the page. */
export async function dismissToasts(page: Page): Promise<void> {
  for (const close of await page.getByRole("status").getByRole("button", { name: "Fechar" }).all()) await close.click();
}

/** No horizontal scrolling: the page fits the viewport's width. */
export async function expectNoHorizontalOverflow(page: Page): Promise<void> {
  const [scroll, client] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
  if (scroll! > client!) throw new Error(`the page scrolls sideways: ${scroll} > ${client}`);
}

/** The page's uncaught errors and console errors, gathered as the test runs (expect it empty at the end). */
export function pageProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(message.text());
  });
  return problems;
}

/**
 * How much Chromium shrank the page to fit the paper (1 = not at all): a table or a chart wider
 * than the page makes it scale everything down (the cash flow came out at 81 %, its small text
 * at 6 pt). The print header's "Cofre" (14 pt bold) in the PDF, against the same word laid out
 * for print in the page.
 */
export async function printScale(page: Page, pdf: string): Promise<number> {
  await page.emulateMedia({ media: "print" });
  const px = await page.evaluate(() => {
    const title = document.querySelector(".print-header strong")!.firstChild!;
    const range = document.createRange();
    range.setStart(title, 0);
    range.setEnd(title, "Cofre".length);
    return range.getBoundingClientRect().width;
  });
  await page.emulateMedia({ media: null });
  const bbox = Bun.spawnSync(["pdftotext", "-bbox", "-f", "1", "-l", "1", pdf, "-"]).stdout.toString();
  const word = bbox.match(/<word xMin="([\d.]+)" yMin="[\d.]+" xMax="([\d.]+)"[^>]*>Cofre<\/word>/)!;
  return Math.round(((Number(word[2]) - Number(word[1])) / (px * 0.75)) * 100) / 100;
}

/** An SMTP server that is not ours (Debian's python3-aiosmtpd) on a free loopback port; `output` is what it printed (each message it took). */
interface TestAiosmtpd {
  port: number;
  output(): string;
  stop(): Promise<void>;
}

/** Starts aiosmtpd for the file's tests (beforeAll) and stops it after them (afterAll); read it once beforeAll ran. */
export function useAiosmtpd(): { readonly current: TestAiosmtpd } {
  const holder = {} as { current: TestAiosmtpd };
  beforeAll(async () => {
    const port = await closedPort();
    const proc = Bun.spawn(["/usr/bin/python3", "-u", "-m", "aiosmtpd", "-n", "-l", `127.0.0.1:${port}`], { stdout: "pipe", stderr: "pipe" });
    let output = "";
    void (async () => {
      for await (const chunk of proc.stdout) output += new TextDecoder().decode(chunk);
    })();
    // Ready when it takes a connection.
    const deadline = Date.now() + 15_000;
    while (!(await accepts(port))) {
      if (Date.now() > deadline) throw new Error(`aiosmtpd did not start: ${await new Response(proc.stderr).text()}`);
      await Bun.sleep(100);
    }
    holder.current = { port, output: () => output, stop: async () => (proc.kill(), void (await proc.exited)) };
  });
  afterAll(() => holder.current?.stop());
  return holder;
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => (socket.destroy(), resolve(true)));
    socket.once("error", () => resolve(false));
  });
}
