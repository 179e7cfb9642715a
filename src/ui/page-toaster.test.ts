// The page's toaster without React (issue 38 §7): what the React Toaster did, drawn by a plain
// script from the same store the islands write (src/ui/toast.ts).
import { afterEach, beforeEach, describe, expect, jest, test } from "bun:test";
import { renderToString } from "react-dom/server";
import { createElement } from "react";
import { ToasterViewport } from "./Toaster.tsx";
import { installToaster } from "./page-toaster.ts";
import { dismissToast, toast } from "./toast.ts";
import { click, get, keyDown, pointer } from "../../tests/ui.tsx";

let stop = () => {};
beforeEach(() => {
  jest.useFakeTimers();
  document.body.innerHTML = '<input aria-label="Busca">';
  stop = installToaster(document);
});
afterEach(() => {
  dismissToast();
  stop();
  document.body.innerHTML = "";
  jest.useRealTimers();
});

const viewport = () => get<HTMLOListElement>('ol[role="region"]');
const items = () => [...viewport().querySelectorAll<HTMLLIElement>("li")];

describe("toaster", () => {
  test("the server renders an empty, focusable notifications region, which the script then uses", () => {
    stop();
    document.body.innerHTML = renderToString(createElement(ToasterViewport));
    const region = viewport();
    expect(region.getAttribute("aria-label")).toBe("Notificações (F8)");
    expect(region.getAttribute("tabindex")).toBe("-1");
    expect(region.children.length).toBe(0);
    stop = installToaster(document);
    toast({ title: "Cliente criado" });
    expect(document.querySelectorAll('ol[role="region"]').length).toBe(1);
    expect(items().length).toBe(1);
  });

  test("shows the toast's title and description in a status item", () => {
    toast({ title: "Login realizado com sucesso!", description: "Bem-vindo ao Cofre" });
    const [item] = items();
    expect(item?.getAttribute("role")).toBe("status");
    expect(item?.getAttribute("aria-live")).toBe("polite");
    expect(item?.querySelector(".ui-toast__title")?.textContent).toBe("Login realizado com sucesso!");
    expect(item?.querySelector(".ui-toast__description")?.textContent).toBe("Bem-vindo ao Cofre");
  });

  test("only one toast at a time: a new one replaces it", () => {
    toast({ title: "Cliente criado" });
    toast({ title: "Erro no login", description: "Credenciais inválidas", variant: "destructive" });
    expect(items().length).toBe(1);
    expect(items()[0]?.textContent).toContain("Erro no login");
    expect(items()[0]?.className).toContain("ui-toast--destructive");
    expect(items()[0]?.getAttribute("aria-live")).toBe("assertive");
    expect(items()[0]?.querySelector("use")?.getAttribute("href")).toBe("#i-alert");
  });

  test("the close button dismisses it", () => {
    toast({ title: "Parcela quitada" });
    click(get('li button[aria-label="Fechar"]'));
    expect(items().length).toBe(0);
  });

  test("it goes away by itself after 5000 ms", () => {
    toast({ title: "Parcela quitada" });
    jest.advanceTimersByTime(4999);
    expect(items().length).toBe(1);
    jest.advanceTimersByTime(1);
    expect(items().length).toBe(0);
  });

  test("hovering holds it on screen; leaving restarts the countdown", () => {
    toast({ title: "Parcela quitada" });
    const item = items()[0]!;
    pointer(item, "pointermove", { pointerType: "mouse" });
    jest.advanceTimersByTime(20_000);
    expect(items().length).toBe(1);
    pointer(item, "pointerout", { pointerType: "mouse" });
    jest.advanceTimersByTime(5000);
    expect(items().length).toBe(0);
  });

  test("a toast that appears under a still pointer (the button just clicked) still leaves: only a move over it holds it", () => {
    toast({ title: "Parcela quitada" });
    const item = items()[0]!;
    pointer(item, "pointerover", { pointerType: "mouse" });
    jest.advanceTimersByTime(5000);
    expect(items().length).toBe(0);
  });

  test("F8 anywhere focuses the viewport; Shift+F8 and other keys leave focus alone", () => {
    const input = get<HTMLInputElement>("input");
    input.focus();
    keyDown(input, "F8", { shiftKey: true });
    keyDown(input, "F7");
    expect(document.activeElement).toBe(input);
    const event = keyDown(input, "F8");
    expect(document.activeElement).toBe(viewport());
    expect(event.defaultPrevented).toBe(true);
  });

  test("a swipe to the right follows the pointer and snaps back under 50 px", () => {
    toast({ title: "Cliente criado" });
    const item = items()[0]!;
    pointer(item, "pointerdown", { clientX: 100, button: 0 });
    pointer(item, "pointermove", { clientX: 130 });
    expect(item.style.transform).toBe("translateX(30px)");
    pointer(item, "pointermove", { clientX: 60 });
    expect(item.style.transform).toBe("");
    pointer(item, "pointermove", { clientX: 148 });
    pointer(item, "pointerup", { clientX: 150 });
    expect(items().length).toBe(1);
    expect(item.style.transform).toBe("");
  });

  test("a swipe to the right of more than 50 px dismisses", () => {
    toast({ title: "Cliente criado" });
    const item = items()[0]!;
    pointer(item, "pointerdown", { clientX: 100, button: 0 });
    pointer(item, "pointermove", { clientX: 160 });
    pointer(item, "pointerup", { clientX: 151 });
    expect(items().length).toBe(0);
  });

  test("a press that starts on the close button is not a swipe", () => {
    toast({ title: "Cliente criado" });
    const close = get('li button[aria-label="Fechar"]');
    pointer(close, "pointerdown", { clientX: 100, button: 0 });
    pointer(close, "pointermove", { clientX: 200 });
    expect(items()[0]?.style.transform).toBe("");
    pointer(close, "pointerup", { clientX: 200 });
    expect(items().length).toBe(1);
  });

  test("the stylesheet caps the viewport at 420 px from medium screens up", async () => {
    const css = await Bun.file(new URL("./toaster.css", import.meta.url)).text();
    expect(css).toMatch(/@media \(min-width: 48rem\) \{\s*\.ui-toaster \{[^}]*max-width: 420px/);
    expect(css).toMatch(/\.ui-toaster \{[^}]*position: fixed;[^}]*inset: auto 0 0 auto;[^}]*width: 100%/);
  });
});
