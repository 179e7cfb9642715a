import { afterEach, expect, test } from "bun:test";
import { cleanup, render } from "../tests/ui";
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

test("on the login page it leaves auth-storage alone (LoginForm clears it)", () => {
  localStorage.setItem("auth-storage", "x");
  render(<Toaster />);
  expect(localStorage.getItem("auth-storage")).toBe("x");
});
