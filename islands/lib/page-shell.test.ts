// The signed-in pages' plain script (issue 38 §7): what the Toaster island did besides the
// toasts, without React.
import { afterEach, expect, test } from "bun:test";
import { dismissToast, toastSignal } from "../../src/ui/toast";
import { startShell } from "./page-shell";

let stop = () => {};
afterEach(() => {
  stop();
  dismissToast();
  document.body.innerHTML = "";
  localStorage.clear();
});

const signedIn = () => {
  const user = { id: 3, email: "financeiro@cofre.test", nome: "Ana Souza", papel: "financeiro", trocarSenha: false };
  document.body.innerHTML = `<div class="shell" data-user='${JSON.stringify(user)}'><span data-testid="user-email">${user.email}</span></div>`;
};

test("on a signed-in page the session's user is mirrored in auth-storage (SPEC §3)", () => {
  signedIn();
  stop = startShell(document);
  const stored = JSON.parse(localStorage.getItem("auth-storage")!);
  // The user whole, as the server answers it (sign-in, GET /api/auth/me).
  expect(stored.state).toEqual({ user: { id: 3, email: "financeiro@cofre.test", nome: "Ana Souza", papel: "financeiro", trocarSenha: false }, isAuthenticated: true });
});

test("without the signed-in frame it leaves auth-storage alone (islands/lib/login.ts clears it)", () => {
  localStorage.setItem("auth-storage", "x");
  stop = startShell(document);
  expect(localStorage.getItem("auth-storage")).toBe("x");
});

/** The toaster's code loads with the first toast: waits (a few turns) for it to draw. */
async function drawn(selector: string): Promise<Element | null> {
  for (let i = 0; i < 100 && !document.querySelector(selector); i++) await Bun.sleep(5);
  return document.querySelector(selector);
}

test("after the login form's post it shows SPEC's success toast, once (the server's cofre_flash cookie), in the page's toaster", async () => {
  document.cookie = "cofre_flash=login; Path=/";
  signedIn();
  stop = startShell(document);
  expect(toastSignal.value).toMatchObject({ title: "Login realizado com sucesso!", description: "Bem-vindo ao Cofre" });
  expect((await drawn("ol.ui-toaster li"))?.textContent).toContain("Login realizado com sucesso!");
  expect(document.cookie).not.toContain("cofre_flash=login");
  stop();
  dismissToast();
  stop = startShell(document);
  expect(toastSignal.value).toBeNull();
});

test("the toaster and the tooltip load when first needed: a toast, a pointer on a trigger (handed to the tooltip)", async () => {
  signedIn();
  document.body.insertAdjacentHTML("beforeend", '<ol class="ui-toaster"></ol><button type="button" data-tip="Baixar parcela">B</button>');
  stop = startShell(document);
  const trigger = document.querySelector<HTMLButtonElement>("[data-tip]")!;
  trigger.dispatchEvent(new FocusEvent("focusin", { bubbles: true }));
  // The focus that loaded it opens the tooltip after its delay, as any later one would.
  for (let i = 0; i < 300 && document.getElementById("ui-tip")?.hidden !== false; i++) await Bun.sleep(5);
  expect(document.getElementById("ui-tip")?.textContent).toBe("Baixar parcela");
  toastSignal.value = { id: 99, title: "Parcela baixada", variant: "default" };
  expect((await drawn("ol.ui-toaster li"))?.textContent).toContain("Parcela baixada");
});

test("a report's Imprimir (data-print-page) opens the browser's print dialog, without an island", () => {
  signedIn();
  document.body.insertAdjacentHTML("beforeend", '<button type="button" data-print-page="">Imprimir</button>');
  let printed = 0;
  const realPrint = window.print;
  window.print = () => void printed++;
  try {
    stop = startShell(document);
    document.querySelector<HTMLButtonElement>("[data-print-page]")!.click();
    expect(printed).toBe(1);
  } finally {
    window.print = realPrint;
  }
});
