import { afterEach, beforeEach, describe, expect, jest, test } from "bun:test";
import { act } from "react";
import { renderToString } from "react-dom/server";
import { Toaster } from "./Toaster.tsx";
import { dismissToast, toast } from "./toast.ts";
import { cleanup, click, get, keyDown, pointer, render } from "../../tests/ui.tsx";

beforeEach(() => jest.useFakeTimers());
afterEach(() => {
  act(() => dismissToast());
  cleanup();
  jest.useRealTimers();
});

function viewport(): HTMLOListElement {
  return get<HTMLOListElement>('ol[role="region"]');
}

function items(): HTMLLIElement[] {
  return [...viewport().querySelectorAll<HTMLLIElement>("li")];
}

function show(options: Parameters<typeof toast>[0]) {
  act(() => {
    toast(options);
  });
}

describe("Toaster", () => {
  test("server-renders an empty, focusable notifications region", () => {
    const host = document.createElement("div");
    host.innerHTML = renderToString(<Toaster />);
    const region = get<HTMLOListElement>("ol", host);
    expect(region.getAttribute("role")).toBe("region");
    expect(region.getAttribute("aria-label")).toBe("Notificações (F8)");
    expect(region.getAttribute("tabindex")).toBe("-1");
    expect(region.children.length).toBe(0);
  });

  test("shows the toast's title and description in a status item", () => {
    render(<Toaster />);
    show({ title: "Login realizado com sucesso!", description: "Bem-vindo ao Cofre" });
    const [item] = items();
    expect(item?.getAttribute("role")).toBe("status");
    expect(item?.querySelector(".ui-toast__title")?.textContent).toBe("Login realizado com sucesso!");
    expect(item?.querySelector(".ui-toast__description")?.textContent).toBe("Bem-vindo ao Cofre");
  });

  test("only one toast at a time: a new one replaces it", () => {
    render(<Toaster />);
    show({ title: "Cliente criado" });
    show({ title: "Erro no login", description: "Credenciais inválidas", variant: "destructive" });
    expect(items().length).toBe(1);
    expect(items()[0]?.textContent).toContain("Erro no login");
    expect(items()[0]?.className).toContain("ui-toast--destructive");
  });

  test("the close button dismisses it", () => {
    render(<Toaster />);
    show({ title: "Parcela quitada" });
    click(get('li button[aria-label="Fechar"]'));
    expect(items().length).toBe(0);
  });

  test("it goes away by itself after 5000 ms", () => {
    render(<Toaster />);
    show({ title: "Parcela quitada" });
    act(() => jest.advanceTimersByTime(4999));
    expect(items().length).toBe(1);
    act(() => jest.advanceTimersByTime(1));
    expect(items().length).toBe(0);
  });

  test("hovering holds it on screen; leaving restarts the countdown", () => {
    render(<Toaster />);
    show({ title: "Parcela quitada" });
    const item = items()[0]!;
    pointer(item, "pointerover", { pointerType: "mouse" });
    act(() => jest.advanceTimersByTime(20_000));
    expect(items().length).toBe(1);
    pointer(item, "pointerout", { pointerType: "mouse" });
    act(() => jest.advanceTimersByTime(5000));
    expect(items().length).toBe(0);
  });

  test("F8 anywhere focuses the viewport", () => {
    render(
      <>
        <input aria-label="Busca" />
        <Toaster />
      </>,
    );
    get<HTMLInputElement>("input").focus();
    const event = keyDown(get("input"), "F8");
    expect(document.activeElement).toBe(viewport());
    expect(event.defaultPrevented).toBe(true);
  });

  test("Shift+F8 and other keys leave focus alone", () => {
    render(
      <>
        <input aria-label="Busca" />
        <Toaster />
      </>,
    );
    const input = get<HTMLInputElement>("input");
    input.focus();
    keyDown(input, "F8", { shiftKey: true });
    keyDown(input, "F7");
    expect(document.activeElement).toBe(input);
  });

  test("a swipe to the right follows the pointer and snaps back under 50 px", () => {
    render(<Toaster />);
    show({ title: "Cliente criado" });
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
    render(<Toaster />);
    show({ title: "Cliente criado" });
    const item = items()[0]!;
    pointer(item, "pointerdown", { clientX: 100, button: 0 });
    pointer(item, "pointermove", { clientX: 140 });
    pointer(item, "pointermove", { clientX: 160 });
    pointer(item, "pointerup", { clientX: 151 });
    expect(items().length).toBe(0);
  });

  test("a press that starts on the close button is not a swipe", () => {
    render(<Toaster />);
    show({ title: "Cliente criado" });
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
