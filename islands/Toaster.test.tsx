import { afterEach, expect, test } from "bun:test";
import { cleanup, render } from "../tests/ui";
import { toastSignal } from "../src/ui/toast";
import Toaster from "./Toaster";

afterEach(() => {
  cleanup();
  localStorage.clear();
});

test("on a signed-in page the session's user is mirrored in auth-storage (SPEC §3)", () => {
  render(<Toaster user={{ id: 3, email: "financeiro@cofre.test" }} />);
  const stored = JSON.parse(localStorage.getItem("auth-storage")!);
  expect(JSON.stringify(stored)).toContain("financeiro@cofre.test");
  expect(JSON.stringify(stored)).toContain('"isAuthenticated":true');
});

test("on the login page it leaves auth-storage alone (islands/lib/login.ts clears it)", () => {
  localStorage.setItem("auth-storage", "x");
  render(<Toaster />);
  expect(localStorage.getItem("auth-storage")).toBe("x");
});

test("after the login form's post it shows SPEC's success toast, once (the server's cofre_flash cookie)", () => {
  document.cookie = "cofre_flash=login; Path=/";
  render(<Toaster user={{ id: 3, email: "financeiro@cofre.test" }} />);
  expect(toastSignal.value).toMatchObject({ title: "Login realizado com sucesso!", description: "Bem-vindo ao Cofre" });
  expect(document.cookie).not.toContain("cofre_flash=login");
  toastSignal.value = null;
  cleanup();
  render(<Toaster user={{ id: 3, email: "financeiro@cofre.test" }} />);
  expect(toastSignal.value).toBeNull();
});
